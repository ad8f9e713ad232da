import type { Session, User as SupabaseUser } from '@supabase/auth-js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { endLocalSession, isApiError } from '@/lib/api';
import { mayHaveSession, watchSession } from '@/lib/supabase';
import { authKeys } from './api/auth-keys';
import { userQueryOptions } from './api/get-user';
import { logOut } from './api/log-out';
import type { User } from '@/lib/api-types';
import { useLanguageSync } from './use-language-sync';
import { useTimeZoneSync } from './use-time-zone-sync';

/** The learner's settings, which a stand-in made from the token (toAuthUser) does not know. */
type Settings = 'notifications' | 'newCardsPerDay' | 'maxReviewsPerDay' | 'reminders' | 'language' | 'reminderOffered';

/** The signed-in person as the app sees them: the /api's User, or a stand-in without its settings. */
export type AuthUser = Omit<User, Settings> & Partial<Pick<User, Settings>>;

/** The spec's auth status: starts loading and logged out. */
export interface AuthState {
  isLoading: boolean;
  isLoggedIn: boolean;
  user: AuthUser | null;
  session: Session | null;
}

export interface AuthContextValue extends AuthState {
  logOut: () => Promise<void>;
}

/**
 * What the session's token says about its user: a stand-in only for when /api cannot be
 * reached. The real profile (name, admin flag, streaks) comes from GET /api/auth/getUser.
 */
export function toAuthUser(user: SupabaseUser): AuthUser {
  const meta = user.user_metadata ?? {};
  const name = typeof meta.name === 'string' && meta.name.trim() ? meta.name.trim() : (user.email?.split('@')[0] ?? '');
  return {
    _id: user.id,
    name,
    email: user.email ?? null,
    isAdmin: false,
    createdAt: user.created_at,
    lastLogin: user.last_sign_in_at ?? null,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    currentStreak: 0,
    longestStreak: 0,
  };
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** A reply that means "this token is not a live session". */
function isSessionRejected(error: unknown) {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

/**
 * Auth state per spec §4. Supabase Auth (auth-js, loaded when a session can exist) owns
 * the session (stored, refreshed, shared between tabs) and announces every change; the
 * user behind it is fetched from /api/auth/getUser.
 * Logged in means: a session, and a user the server returned for it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // undefined: Supabase Auth (auth-js) has not read its storage yet. With no session stored
  // there is none to read: a guest's first render is already a guest's (no loading state
  // drawn over a page the server drew).
  const [session, setSession] = useState<Session | null | undefined>(() => (mayHaveSession() ? undefined : null));
  const lastUserId = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    let active = true;
    const apply = (next: Session | null) => {
      if (!active) return;
      setSession(next);
      const userId = next?.user.id ?? null;
      if (lastUserId.current !== undefined && lastUserId.current !== userId) {
        // Someone else (or nobody) is calling now: what the server shows depends on the caller.
        // Signed out: the account's own data (auth, and queries marked meta.signedIn, such as
        // the inbox) is dropped, not refetched as a guest (which the server refuses).
        if (!userId) queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === authKeys.all[0] || query.meta?.signedIn === true });
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
      }
      lastUserId.current = userId;
    };
    const stop = watchSession(apply);
    return () => {
      active = false;
      stop();
    };
  }, [queryClient]);

  const userId = session?.user.id ?? '';
  const userQuery = useQuery({ ...userQueryOptions(userId), enabled: Boolean(userId) });
  const rejected = Boolean(session) && ((userQuery.isSuccess && !userQuery.data.user) || isSessionRejected(userQuery.error));

  // The server no longer knows this session (revoked elsewhere): forget it here too.
  useEffect(() => {
    if (rejected) void endLocalSession();
  }, [rejected]);

  const state = useMemo<AuthState>(() => {
    if (session === undefined) return { isLoading: true, isLoggedIn: false, user: null, session: null };
    if (!session || rejected) return { isLoading: false, isLoggedIn: false, user: null, session: null };
    if (userQuery.isPending) return { isLoading: true, isLoggedIn: false, user: null, session };
    // The server could not be asked: keep the session and show what its token says.
    const user = userQuery.data?.user ?? toAuthUser(session.user);
    return { isLoading: false, isLoggedIn: true, user, session };
  }, [session, rejected, userQuery.isPending, userQuery.data]);

  useTimeZoneSync(state.isLoggedIn && userQuery.data?.user ? userQuery.data.user : null);
  useLanguageSync(state.isLoggedIn && userQuery.data?.user ? userQuery.data.user : null);

  // What a learner's pages read does not outlive their session in this tab: once those pages
  // are gone (this runs after they unmounted), every cached reply no page still shows is
  // dropped, not kept (react-query's five minutes) for whoever uses the tab next.
  const shownUserId = state.user?._id ?? null;
  const lastShownUserId = useRef<string | null>(null);
  useEffect(() => {
    if (lastShownUserId.current && lastShownUserId.current !== shownUserId) queryClient.removeQueries({ type: 'inactive' });
    lastShownUserId.current = shownUserId;
  }, [shownUserId, queryClient]);

  const value = useMemo<AuthContextValue>(() => ({ ...state, logOut }), [state]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Auth status for any component: { isLoading, isLoggedIn, user, session, logOut }. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** For tests and stories: a fixed auth state without Supabase Auth. */
export function StaticAuthProvider({ value, children }: { value: Partial<AuthContextValue>; children: ReactNode }) {
  const merged: AuthContextValue = {
    isLoading: false,
    isLoggedIn: Boolean(value.user),
    user: null,
    session: null,
    logOut: async () => {},
    ...value,
  };
  return <AuthContext.Provider value={merged}>{children}</AuthContext.Provider>;
}
