// The auth feature's public surface for other features.
export { authKeys } from './api/auth-keys';
export { prefetchSignedInUser } from './api/get-user';
export { useUpdateUser } from './api/update-user';
export { useAuth, type AuthUser } from './auth-context';
export { useGoogleLoginReturn } from './google-login-return';
export { rememberChosenTimeZone } from './use-time-zone-sync';
export { useSessionEndedNotice } from './use-session-ended-notice';
