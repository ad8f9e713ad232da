import { env } from './env.ts';

/**
 * Which origins are the app's own, for the cookie session's cross-site request check and
 * for CORS with credentials. Plain functions of headers and env, so the local gateway
 * (Node) and the api function (Deno) decide the same way.
 *
 * The app's origins are:
 * - SITE_URL (supabase/config.toml `[auth] site_url`; the local stack exports it);
 * - JERGA_APP_ORIGINS, a comma list of URLs (the local stack defaults it to config.toml's
 *   `additional_redirect_urls`); entries with wildcards are never origins;
 * - for the cookie check only: the origin the request itself was sent to, as the trusted
 *   proxy in front of the function saw it (X-Forwarded-Proto and X-Forwarded-Host, which
 *   the local gateway always overwrites; else the request's own URL and Host).
 * Origins are compared whole (scheme, host, port) after URL parsing. A page cannot make a
 * browser send its own X-Forwarded-Host with the cookie: a custom header makes a cross-origin
 * request preflighted, and CORS never allows credentials.
 */

/** The origin of an http(s) URL, as the browser writes it in `Origin`; null for anything else. */
export function originOf(text: string | null | undefined): string | null {
  if (!text || /[*\s]/.test(text)) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The origins in a comma (or whitespace) separated list of URLs; what does not parse is left out. */
export function originsIn(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(/[,\s]+/)
    .map((entry) => originOf(entry.trim()))
    .filter((origin): origin is string => origin !== null);
}

/** SITE_URL's and JERGA_APP_ORIGINS's origins. */
export function configuredAppOrigins(read: (name: string) => string | undefined = env): Set<string> {
  return new Set([...originsIn(read('SITE_URL')), ...originsIn(read('JERGA_APP_ORIGINS'))]);
}

/**
 * The value a header got from the trusted proxy in front of the function: proxies append,
 * so it is the entry API_TRUSTED_PROXY_HOPS (default 1) from the right, as for the client
 * address. Null when absent.
 */
export function forwardedValue(header: string | null | undefined): string | null {
  if (!header) return null;
  const hops = Math.max(1, Number(env('API_TRUSTED_PROXY_HOPS') ?? 1) || 1);
  const entries = header.split(',').map((entry) => entry.trim());
  const value = entries[entries.length - hops] ?? entries[0];
  return value || null;
}

/** The origin the request was sent to, as the browser named it (through trusted proxies). */
export function requestOrigin(url: string, headers: { get(name: string): string | null }): string | null {
  const own = new URL(url);
  const proto = forwardedValue(headers.get('x-forwarded-proto'))?.toLowerCase() ?? own.protocol.slice(0, -1);
  const host = forwardedValue(headers.get('x-forwarded-host')) ?? headers.get('host') ?? own.host;
  if (proto !== 'http' && proto !== 'https') return null;
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return null;
  return originOf(`${proto}://${host}`);
}

/**
 * What the browser says about where a request comes from:
 * - `same`: Sec-Fetch-Site is `same-origin`, or Origin is one of `appOrigins`;
 * - `foreign`: the browser named another origin (Origin, `null` included) or Sec-Fetch-Site
 *   says `same-site`, `cross-site` or `none`;
 * - `unknown`: neither header (not a browser, or a very old one).
 * Browsers set both headers themselves; a page cannot forge them.
 */
export function requestSite(headers: { get(name: string): string | null }, appOrigins: ReadonlySet<string>): 'same' | 'foreign' | 'unknown' {
  const fetchSite = headers.get('sec-fetch-site')?.trim().toLowerCase();
  if (fetchSite === 'same-origin') return 'same';
  const origin = headers.get('origin')?.trim();
  if (origin && origin !== 'null') {
    const parsed = originOf(origin);
    // Browsers send the origin serialised (lower case, no default port, no path): only that counts.
    if (parsed === origin && appOrigins.has(parsed)) return 'same';
  }
  return origin || fetchSite ? 'foreign' : 'unknown';
}
