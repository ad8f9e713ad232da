// The auth feature's public surface for other features.
export { authKeys } from './api/auth-keys';
export { useAuth, type AuthUser } from './auth-context';
export type { User } from './types';
export { useGoogleLoginReturn } from './google-login-return';
export { useSessionEndedNotice } from './use-session-ended-notice';
