import { AuthClient, type GoTrueClient } from '@supabase/auth-js';

/**
 * Supabase Auth for the browser, set up as supabase-js's createClient() would: its storage
 * key (a session stored by either survives), the implicit flow (the session arrives in the
 * URL after Google), stored and refreshed sessions shared between tabs. Only auth-js: the
 * whole supabase-js would also bring PostgREST, Storage and Functions clients this app
 * never calls (bench/bundle-size.ts prints the difference). Loaded on demand: see supabase.ts.
 */
export function createAuthClient(authUrl: string, anonKey: string, storageKey: string): GoTrueClient {
  return new AuthClient({
    url: authUrl,
    headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey },
    storageKey,
    flowType: 'implicit',
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
  });
}
