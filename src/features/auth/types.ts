/** A person with an account, in the spec's field names (GET /api/auth/getUser and friends). */
export interface User {
  _id: string;
  name: string;
  email: string | null;
  isAdmin: boolean;
  createdAt: string | null;
  lastLogin: string | null;
  currentStreak: number;
  longestStreak: number;
}

/** The tokens /api/user/register and /api/auth/login hand over to supabase-js. */
export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  expires_in?: number;
  expires_at?: number;
  token_type?: string;
}

/** The reply of register and login: `authenticated` says whether a session came with it. */
export interface AuthReply {
  authenticated: boolean;
  user: User | null;
  message: string;
  session: SessionTokens | null;
}
