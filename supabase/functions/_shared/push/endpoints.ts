import { env } from '../env.ts';

/** The local stack's own push service speaks http on loopback; anywhere else only https. */
export const pushLoopbackAllowed = () => env('JERGA_PUSH_LOOPBACK_ENDPOINTS') === '1';

/**
 * Whether a push subscription's endpoint may be stored: the server will POST to it, so only
 * https to a public-looking host name — never an IP literal, localhost or an internal name
 * (no requests into the function's own network). With `loopback` (the local stack only),
 * http://127.0.0.1 and http://localhost too, where its test push service listens.
 * The database's check says the same (private.is_push_endpoint), for every other door.
 */
export function allowedPushEndpoint(text: string, loopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password || /\s/.test(text)) return false;
  if (url.protocol === 'http:') return loopback && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  if (!/^([a-z0-9-]+\.)+[a-z][a-z0-9-]*$/.test(host)) return false;
  return !/\.(local|localhost|internal|lan|home|corp|intranet)$/.test(host);
}
