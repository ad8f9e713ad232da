// The profiles feature's public surface for pages.
export { AddedBy } from './components/added-by';
export { useProfile } from './api/get-profile';
export { profileKeys } from './api/profile-keys';
