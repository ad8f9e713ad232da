// The concepts feature's public surface for pages: one meaning across countries.
export { ConceptGroupTable } from './components/concept-group-table';
export { useConceptSearch } from './api/search-concepts';
export { conceptKeys } from './api/concept-keys';
export { conceptGroupQueryOptions, useConceptGroup } from './api/get-concept-group';
