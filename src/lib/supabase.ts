import { createClient } from '@supabase/supabase-js';
import { env } from './env';

/** The one Supabase client of the app: auth (sessions) now, realtime later. */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
