import { isIP } from 'node:net';

/**
 * An IP address in one canonical spelling, or null when `text` is not exactly an address.
 * Strict on purpose (Node's parser: no `127.1`, hex or octal forms, no ports), and one
 * spelling per address (lower-case, compressed IPv6; IPv4-mapped IPv6 as plain IPv4; no
 * zone), so a client cannot get a second rate-limit bucket by writing its address another
 * way. The gateway uses it too.
 */
export function canonicalAddress(text: string | null | undefined): string | null {
  const value = text?.trim();
  if (!value) return null;
  const kind = isIP(value);
  if (kind === 4) return value;
  if (kind !== 6) return null;
  const bare = value.replace(/%.*$/, '');
  // WHATWG URL parsing compresses and lower-cases IPv6 as RFC 5952 asks.
  const host = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!mapped) return host;
  const high = parseInt(mapped[1], 16);
  const low = parseInt(mapped[2], 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
