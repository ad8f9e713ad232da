// The tags feature's public surface for other features: the list of tags (the card browser's filter).
export { useTags } from './api/get-tags';
