// A person with an account (the spec's User), and what register and login reply with:
// `authenticated`, `user`, `message` and the session supabase-js takes over.
export type { AuthReply, SessionTokens, User } from '@/lib/api-types';
