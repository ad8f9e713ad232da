// The entries feature's public surface for other features.
export { entryKeys, type EntryFilters } from './api/entry-keys';
export { patchEntryInLists } from './api/patch-entry-in-lists';
