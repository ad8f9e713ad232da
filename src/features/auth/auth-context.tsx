import type { Session, User as SupabaseUser } from '@supabase/supabase-js';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { supabase } from '@/lib/supabase';

/** The signed-in person as the app sees them (the spec's User fields we know from the session). */
export interface AuthUser {
  _id: string;
  name: string;
  email: string | null;
  isAdmin: boolean;
}

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

const initialState: AuthState = { isLoading: true, isLoggedIn: false, user: null, session: null };

export function toAuthUser(user: SupabaseUser): AuthUser {
  const meta = user.user_metadata ?? {};
  const app = user.app_metadata ?? {};
  const name = typeof meta.name === 'string' && meta.name.trim() ? meta.name.trim() : (user.email?.split('@')[0] ?? '');
  // Admin flags live in profiles.is_admin; until the accounts work reads the profile, trust app_metadata only.
  const isAdmin = app.isAdmin === true || app.is_admin === true;
  return { _id: user.id, name, email: user.email ?? null, isAdmin };
}

function stateFrom(session: Session | null): AuthState {
  return session
    ? { isLoading: false, isLoggedIn: true, user: toAuthUser(session.user), session }
    : { isLoading: false, isLoggedIn: false, user: null, session: null };
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Feeds auth state from supabase-js: the stored session first, then every auth change. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialState);

  useEffect(() => {
    let active = true;
    supabase.auth
      .getSession()
      .then(({ data }) => {
        if (active) setState(stateFrom(data.session));
      })
      .catch(() => {
        if (active) setState(stateFrom(null));
      });
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      if (active) setState(stateFrom(session));
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      logOut: async () => {
        const { error } = await supabase.auth.signOut();
        if (error) throw error;
      },
    }),
    [state],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Auth status for any component: { isLoading, isLoggedIn, user, session, logOut }. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** For tests and stories: a fixed auth state without supabase-js. */
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
