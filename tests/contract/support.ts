import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { getRequestListener } from '@hono/node-server';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import { createAuthApp, type AuthApp, type AuthAppOptions } from '../../stack/auth/index.ts';
import { loadConfig } from '../../stack/config.ts';
import { createGateway, type GatewayOptions } from '../../stack/server.ts';
import { stack } from '../support/stack.ts';

/** What a browser's localStorage is to supabase-js, in memory. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** The unmodified supabase-js client, as the app creates it, against `url` (the test stack by default). */
export function supabaseClient(
  options: { url?: string; key?: string; flowType?: 'implicit' | 'pkce' } = {},
): SupabaseClient {
  const auth: SupabaseClientOptions<'public'>['auth'] = {
    storage: memoryStorage(),
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    flowType: options.flowType ?? 'implicit',
  };
  return createClient(options.url ?? stack().apiUrl, options.key ?? stack().anonKey, {
    auth,
    // These tests never open a channel; Node 20 has no global WebSocket for realtime-js to find.
    realtime: { transport: NoWebSocket as unknown as WebSocketLikeConstructor },
  });
}

class NoWebSocket {
  constructor() {
    throw new Error('the auth contract tests do not use realtime');
  }
}

export const serviceClient = () => supabaseClient({ key: stack().serviceRoleKey });

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@Contract.Jerga.Test`;

export const password = 'correct horse battery';

/** A raw request to /auth/v1 on the test stack, with the anon key unless a token is given. */
export async function authFetch(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack().anonKey);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${init.token ?? stack().anonKey}`);
  headers.set('x-supabase-api-version', '2024-01-01');
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json;charset=UTF-8');
  return fetch(`${stack().apiUrl}/auth/v1${path}`, { ...init, headers });
}

export interface GooglePage {
  html: string;
  action: string;
  hidden: Record<string, string>;
}

/** GET the local Google page (following /authorize's redirect) and read its form. */
export async function openGooglePage(authorizeUrl: string): Promise<GooglePage> {
  const first = await fetch(authorizeUrl, { redirect: 'manual' });
  if (first.status !== 302) throw new Error(`authorize answered ${first.status}: ${await first.text()}`);
  const page = await fetch(first.headers.get('location')!);
  const html = await page.text();
  const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error(`no form on the Google page: ${html}`);
  const hidden: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) hidden[match[1]] = match[2];
  return { html, action, hidden };
}

/**
 * Signs in on the local Google page like a person would (fills Email and Name, presses
 * Continue) and follows the redirects back to redirect_to; returns that final URL.
 */
export async function signInOnGooglePage(
  authorizeUrl: string,
  person: { email: string; name: string; action?: 'continue' | 'cancel' },
): Promise<URL> {
  const page = await openGooglePage(authorizeUrl);
  const submitted = await fetch(page.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...page.hidden, email: person.email, name: person.name, action: person.action ?? 'continue' }),
    redirect: 'manual',
  });
  if (submitted.status !== 302) throw new Error(`the Google page answered ${submitted.status}: ${await submitted.text()}`);
  const callback = await fetch(submitted.headers.get('location')!, { redirect: 'manual' });
  if (callback.status !== 302) throw new Error(`the callback answered ${callback.status}: ${await callback.text()}`);
  return new URL(callback.headers.get('location')!);
}

export interface AuthInstance {
  app: AuthApp;
  url: string;
  /** Moves this instance's clock forward. */
  advance(seconds: number): void;
  close(): Promise<void>;
}

/**
 * A second Auth service on the test database, behind the same gateway code on a free port,
 * with its own settings and a clock the test can move.
 */
export async function startAuthInstance(
  options: Partial<AuthAppOptions> = {},
  gateway: Pick<GatewayOptions, 'trustedProxies'> = {},
): Promise<AuthInstance> {
  let offset = 0;
  const route: { handler?: (request: Request, env?: unknown) => Response | Promise<Response> } = {};
  const server: Server = createServer(
    getRequestListener((request, env) => (route.handler ? route.handler(request, env) : new Response('starting', { status: 503 }))),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = createAuthApp({
    databaseUrl: stack().dbUrl,
    jwtSecret: stack().jwtSecret,
    externalUrl: `${url}/auth/v1`,
    now: () => new Date(Date.now() + offset),
    rateLimits: { signInSignUps: 10_000, tokenRefresh: 10_000, tokenVerifications: 10_000 },
    secretKeys: [stack().secretKey],
    publishableKeys: [stack().publishableKey],
    ...options,
  });
  const routes = createGateway({
    config: loadConfig({ jwtSecret: stack().jwtSecret }),
    functions: new Map(),
    auth: app,
    ...gateway,
  });
  route.handler = (request, env) => routes.fetch(request, env);
  return {
    app,
    url,
    advance: (seconds) => {
      offset += seconds * 1000;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}
