import { env } from './env.ts';

/**
 * The browser's address, as the proxies in front of the function report it. Each proxy
 * appends the address it saw to X-Forwarded-For, so entries on the left are whatever the
 * client typed; only the right-most `API_TRUSTED_PROXY_HOPS` (default 1: Supabase's edge,
 * or the local gateway, which overwrites the header) were written by someone we trust.
 * Null when the function is reached directly (no header), e.g. under `deno serve` in tests.
 */
export function clientAddress(forwardedFor: string | undefined | null): string | null {
  if (!forwardedFor) return null;
  const hops = Math.max(1, Number(env('API_TRUSTED_PROXY_HOPS') ?? 1) || 1);
  const entries = forwardedFor.split(',').map((entry) => entry.trim());
  const address = entries[entries.length - hops] ?? entries[0];
  // An address, not arbitrary text: IPv4, IPv6 (with an optional zone), nothing else.
  return /^[0-9a-fA-F:.]{2,45}(%[\w.-]{1,20})?$/.test(address) ? address : null;
}
