import type { ApiErrorBody } from './api-types';
import { env } from './env';
import { takeFirstRead } from './first-read';
import { currentAccessToken, loadAuth, mayHaveSession } from './supabase';

/**
 * A failed /api call. Thrown so react-query sees it; `code` is stable (the client
 * translates it, see src/i18n/api-errors.ts), `message` is the server's English.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string>;
  /** Per-field codes, the same fields as `fieldErrors`. */
  readonly fieldCodes: Record<string, string>;
  /** Seconds to wait before trying again (429). */
  readonly retryAfter: number | undefined;
  readonly body: unknown;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: { errors?: Record<string, string>; codes?: Record<string, string>; retryAfter?: number } = {},
    body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fields.errors ?? {};
    this.fieldCodes = fields.codes ?? {};
    const retryAfter = (body as { retryAfter?: unknown } | undefined)?.retryAfter;
    this.retryAfter = typeof retryAfter === 'number' ? retryAfter : fields.retryAfter;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Query = Record<string, string | number | readonly string[] | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Send the JSON body as plain text, with no Content-Type header (the spec's user update). */
  untypedBody?: boolean;
  signal?: AbortSignal;
  /** Let the request finish after the page is gone (a delete sent as the tab closes). */
  keepalive?: boolean;
  /**
   * Sent only as this user: with anyone else's token, or none, nothing is sent and it throws
   * ApiError 401 `session_changed` (a queued rating is never sent as whoever signed in since).
   */
  asUser?: string;
}

const sessionEvents = new EventTarget();

/**
 * Tells `listener` whenever the app drops a session the server said has ended (logged out
 * elsewhere, password changed), so the shell can say so. Returns the unsubscribe.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEvents.addEventListener('ended', listener);
  return () => sessionEvents.removeEventListener('ended', listener);
}

/** Drops the local session the server no longer accepts, and says so. */
export async function endLocalSession(): Promise<void> {
  if (mayHaveSession()) await (await loadAuth()).signOut({ scope: 'local' });
  sessionEvents.dispatchEvent(new Event('ended'));
}

/** The server's answer to a token whose session has ended (or that no longer verifies). */
const endedSession = (status: number, body: unknown) =>
  status === 401 && isErrorBody(body) && (body.code === 'session_ended' || body.code === 'invalid_token');

/** auth-js's "the request did not get through" (no network, or a 502–504): by name, so auth-js stays lazily loaded. */
const isAuthRetryableFetchError = (error: unknown) => error instanceof Error && error.name === 'AuthRetryableFetchError';

/**
 * A fresh access token for the session that sent `token`; null when Auth would not renew it;
 * 'unreachable' when Auth could not be asked (offline): then the session is kept.
 */
async function renewedToken(token: string): Promise<string | null | 'unreachable'> {
  try {
    const { data, error } = await (await loadAuth()).refreshSession();
    if (isAuthRetryableFetchError(error)) return 'unreachable';
    const renewed = data.session?.access_token;
    return !error && renewed && renewed !== token ? renewed : null;
  } catch {
    return 'unreachable'; // Auth's code could not be downloaded
  }
}

/** The user id (`sub`) an access token names, or null when it is not a token (the anon key is one too: no `sub`). */
export function subjectOf(token: string): string | null {
  try {
    const claims = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

/** Refuses to send a request meant for `asUser` with a token of someone else (or none). */
function assertCaller(token: string | null, asUser: string | undefined): void {
  if (asUser !== undefined && (!token || subjectOf(token) !== asUser)) {
    throw new ApiError(401, 'session_changed', 'Not signed in as the user this request belongs to.');
  }
}

/** Retry-After in seconds (the /api sends the number form). */
function retryAfterHeader(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')?.trim() ?? '';
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  const search = params.toString();
  return `${env.apiUrl}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && 'message' in body;
}

/**
 * fetch() on the /api: a failed connection becomes ApiError 'network'; an abort stays one.
 * A guest's read that preload-page.ts already sent is answered by that request.
 */
async function fetchApi(url: string, init: RequestInit, guestRead = false): Promise<Response> {
  try {
    return await ((guestRead && takeFirstRead(url)) || fetch(url, init));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'The server could not be reached.');
  }
}

/** A reply's body: its JSON, its text when not JSON, undefined when empty. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** The ApiError for a non-2xx reply: the server's code and words, or none (callers show their own). */
function replyError(response: Response, body: unknown): ApiError {
  const retryAfter = retryAfterHeader(response);
  if (isErrorBody(body)) {
    return new ApiError(response.status, body.code ?? 'error', body.message, { errors: body.errors, codes: body.fieldCodes, retryAfter }, body);
  }
  return new ApiError(response.status, 'http_error', '', { retryAfter }, body);
}

async function send(path: string, options: RequestOptions, token: string): Promise<{ response: Response; body: unknown }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  if (options.body !== undefined && !options.untypedBody) headers['Content-Type'] = 'application/json';
  const method = options.method ?? 'GET';
  const init = {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    keepalive: options.keepalive,
  };
  const response = await fetchApi(buildUrl(path, options.query), init, method === 'GET' && token === env.supabaseAnonKey);
  return { response, body: await bodyOf(response) };
}

/**
 * Calls /api with the user's token (the anon key for a guest) and returns the parsed JSON
 * reply; throws ApiError for any non-2xx reply. When the server says the user's session has
 * ended (signed out elsewhere, password changed), the local session is dropped so the app
 * shows the user as logged out, and a read is asked again as a guest; a write is not.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = await currentAccessToken();
  assertCaller(token, options.asUser);
  let { response, body } = await send(path, options, token ?? env.supabaseAnonKey);
  if (token && isErrorBody(body) && response.status === 401 && body.code === 'invalid_token') {
    // Expired here before supabase-js renewed it (a clock ahead of ours): one renewal, then
    // the same request again. Nothing was done with a refused token, so a write may repeat.
    const renewed = await renewedToken(token);
    // Auth is out of reach: the session is kept (not "ended") and the call fails as offline.
    if (renewed === 'unreachable') throw new ApiError(0, 'network', 'The server could not be reached.');
    if (renewed) {
      assertCaller(renewed, options.asUser);
      ({ response, body } = await send(path, options, renewed));
    }
  }
  if (token && endedSession(response.status, body)) {
    await endLocalSession();
    // A read asked again as a guest, unless it was meant for its user only.
    if ((options.method ?? 'GET') === 'GET' && options.asUser === undefined) ({ response, body } = await send(path, options, env.supabaseAnonKey));
  }
  if (!response.ok) throw replyError(response, body);
  return body as T;
}

/**
 * A file from /api (the CSV exports) as a Blob, sent with the user's token like any call;
 * throws ApiError for a non-2xx reply.
 */
export async function apiDownload(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = (await currentAccessToken()) ?? env.supabaseAnonKey;
  const response = await fetchApi(buildUrl(path), { headers: { Authorization: `Bearer ${token}` }, signal });
  if (!response.ok) throw replyError(response, await bodyOf(response));
  return response.blob();
}

/**
 * A file sent as the request body itself (an Anki package), with the user's token; returns
 * the JSON reply, or throws ApiError for a non-2xx reply.
 */
export async function apiUpload<T>(path: string, file: Blob, contentType: string): Promise<T> {
  const token = (await currentAccessToken()) ?? env.supabaseAnonKey;
  const response = await fetchApi(buildUrl(path), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': contentType },
    body: file,
  });
  const body = await bodyOf(response);
  if (!response.ok) throw replyError(response, body);
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Pick<RequestOptions, 'asUser'>) => apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, options?: Pick<RequestOptions, 'keepalive'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
  download: apiDownload,
  upload: apiUpload,
};

/** Sends a streaming request once; the body is left unread for a 2xx reply. */
function sendForStream(path: string, options: Omit<RequestOptions, 'method' | 'query'>, token: string): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetchApi(buildUrl(path), {
    method: 'POST',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/**
 * POSTs to /api asking for server-sent events (`Accept: text/event-stream`) and returns the
 * 2xx Response with its body unread, for the caller to read as it arrives. Tokens as
 * apiRequest: renewed once when refused as expired; an ended session is dropped (and, being
 * a write, not sent again). A non-2xx reply throws the same ApiError as apiRequest.
 */
export async function apiStream(path: string, options: Omit<RequestOptions, 'method' | 'query' | 'untypedBody'> = {}): Promise<Response> {
  const token = await currentAccessToken();
  let response = await sendForStream(path, options, token ?? env.supabaseAnonKey);
  let body: unknown;
  if (!response.ok) body = await bodyOf(response);
  if (token && isErrorBody(body) && response.status === 401 && body.code === 'invalid_token') {
    const renewed = await renewedToken(token);
    if (renewed === 'unreachable') throw new ApiError(0, 'network', 'The server could not be reached.');
    if (renewed) {
      response = await sendForStream(path, options, renewed);
      body = response.ok ? undefined : await bodyOf(response);
    }
  }
  if (token && endedSession(response.status, body)) await endLocalSession();
  if (!response.ok) throw replyError(response, body);
  return response;
}
