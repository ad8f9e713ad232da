// Build-time configuration with the defaults `supabase start` and the embedded stack use,
// so a local checkout needs no .env at all.
const DEFAULT_SUPABASE_URL = 'http://127.0.0.1:54321';
const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const env = {
  supabaseUrl: import.meta.env.VITE_SUPABASE_URL || DEFAULT_SUPABASE_URL,
  supabaseAnonKey: import.meta.env.VITE_SUPABASE_ANON_KEY || DEFAULT_ANON_KEY,
  apiUrl: (import.meta.env.VITE_API_URL || '/api').replace(/\/+$/, ''),
} as const;
