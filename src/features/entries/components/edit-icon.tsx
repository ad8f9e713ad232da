/** Pencil icon for edit links (decorative: the link has words or a label). */
export function EditIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path
        d="M13.6 3.2a2 2 0 0 1 2.8 0l.4.4a2 2 0 0 1 0 2.8l-9.2 9.2-3.9 1 1-3.9 8.9-9.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <path d="M12 5l3 3" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
