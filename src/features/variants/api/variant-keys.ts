/** The variants feature's own queries (an entry's variants live in its entry detail query). */
export const variantKeys = {
  all: ['variants'] as const,
  /** The "Link a variant" picker's search. */
  search: (q: string) => [...variantKeys.all, 'search', q] as const,
};
