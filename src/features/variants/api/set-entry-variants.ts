import type { QueryClient } from '@tanstack/react-query';
import { entryKeys } from '@/features/entries';
import type { EntryDetail, Variant } from '@/lib/api-types';

/** Puts an entry's new variant list into its cached page (the entry detail query). */
export function setEntryVariants(queryClient: QueryClient, entryId: string, variants: Variant[]): void {
  queryClient.setQueryData<EntryDetail>(entryKeys.detail(entryId), (entry) => entry && { ...entry, variants });
}
