import { apiUrlOf } from './api-url';

// Build-time configuration with the defaults `supabase start` and the embedded stack use,
// so a local checkout needs no .env at all. Locally the web server (npm start, or Vite's dev
// server) proxies /auth/v1, /functions/v1 and /realtime/v1 to the stack, so Supabase is the
// page's own origin and one build serves any port; a hosted build sets VITE_SUPABASE_URL.
const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const env = {
  supabaseUrl: import.meta.env.VITE_SUPABASE_URL || window.location.origin,
  supabaseAnonKey: import.meta.env.VITE_SUPABASE_ANON_KEY || DEFAULT_ANON_KEY,
  apiUrl: apiUrlOf(import.meta.env.VITE_API_URL),
} as const;

/** Whether the build offers Google sign-in (VITE_GOOGLE_SIGN_IN=off when the server has it off). */
export const googleSignInOffered = () => import.meta.env.VITE_GOOGLE_SIGN_IN !== 'off';
