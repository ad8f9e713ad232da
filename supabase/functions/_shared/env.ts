// Edge functions read their settings the same way under Deno (production) and Node (the
// local stack): Deno.env where it exists, process.env otherwise.
declare const Deno: { env: { get(key: string): string | undefined } } | undefined;
declare const process: { env: Record<string, string | undefined> } | undefined;

export function env(key: string): string | undefined {
  if (typeof Deno !== 'undefined') return Deno.env.get(key);
  if (typeof process !== 'undefined') return process.env[key];
  return undefined;
}
