import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Env, Hono } from 'hono';
import { inspectRoutes } from 'hono/dev';
import { createAuthApp } from '../../stack/auth/index.ts';
import { loadConfig, rootDir } from '../../stack/config.ts';
import { mailApp } from '../../stack/mail/api.ts';
import { MailStore } from '../../stack/mail/store.ts';
import { CHANNEL_EVENTS, HTTP_ROUTES, SOCKET_EVENTS, WEBSOCKET_PATH } from '../../stack/realtime/routes.ts';
import { createGateway } from '../../stack/server.ts';
import { storageRoutes } from '../../stack/storage/routes.ts';
import { createWebApp, UPGRADE_PREFIXES } from '../../stack/web.ts';

/** One door as a server registers it: which server, the method (or `WS`, `EVENT`, `SMTP`) and the path. */
export interface Door {
  server: string;
  method: string;
  path: string;
}

/**
 * A Hono app's routes. `app.use` registers its middleware for every method (ALL); those are
 * not doors. A handler registered for a method is one, even when it may pass the request on
 * (the web server's single-page fallback).
 */
function honoDoors<E extends Env>(server: string, app: Hono<E>, prefix = ''): Door[] {
  return inspectRoutes(app)
    .filter((route) => !route.isMiddleware || route.method !== 'ALL')
    .map((route) => ({ server, method: route.method, path: prefix + route.path }));
}

const unreachableDatabase = 'postgresql://nobody:nobody@127.0.0.1:1/none';

async function authDoors(): Promise<Door[]> {
  const auth = createAuthApp({ jwtSecret: 'a'.repeat(40), externalUrl: 'http://127.0.0.1:1/auth/v1', databaseUrl: unreachableDatabase });
  try {
    return honoDoors('auth', auth, '/auth/v1');
  } finally {
    await auth.close();
  }
}

/** Every edge function in supabase/functions (a folder with `app.ts`), by the paths it sees. */
async function functionDoors(): Promise<Door[]> {
  const dir = path.join(rootDir, 'supabase', 'functions');
  const doors: Door[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_')) continue;
    const file = path.join(dir, entry.name, 'app.ts');
    const module = (await import(pathToFileURL(file).href).catch(() => null)) as { default?: Hono } | null;
    if (!module?.default) throw new Error(`supabase/functions/${entry.name} has no app.ts exporting its Hono app`);
    doors.push(...honoDoors(entry.name, module.default));
  }
  return doors;
}

function gatewayDoors(): Door[] {
  const service = { fetch: () => Promise.resolve(new Response(null)) };
  // With every service present, so the routes that depend on one are registered too.
  const gateway = createGateway({ config: loadConfig(), functions: new Map(), auth: service, realtime: service, storage: service });
  return honoDoors('gateway', gateway);
}

function realtimeDoors(): Door[] {
  return [
    { server: 'realtime', method: 'WS', path: WEBSOCKET_PATH },
    ...[...SOCKET_EVENTS, ...CHANNEL_EVENTS].map((event) => ({ server: 'realtime', method: 'EVENT', path: event })),
    ...HTTP_ROUTES.map((route) => ({ server: 'realtime', method: route.method, path: `/realtime/v1${route.path}` })),
  ];
}

async function webDoors(): Promise<Door[]> {
  const distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-doors-'));
  try {
    const app = createWebApp({ apiUrl: 'http://127.0.0.1:1', distDir });
    return [...honoDoors('web', app), ...UPGRADE_PREFIXES.map((prefix) => ({ server: 'web', method: 'WS', path: `${prefix}/*` }))];
  } finally {
    await fs.rm(distDir, { recursive: true, force: true });
  }
}

function mailDoors(): Door[] {
  return [...honoDoors('mail', mailApp(new MailStore())), { server: 'mail', method: 'SMTP', path: '*' }];
}

/** The doors every server of the stack registers, each once. */
export async function registeredDoors(): Promise<Door[]> {
  const all = [
    ...gatewayDoors(),
    ...(await authDoors()),
    ...realtimeDoors(),
    ...storageRoutes.map((route) => ({ server: 'storage', method: route.method, path: `/storage/v1${route.path}` })),
    ...(await functionDoors()),
    ...(await webDoors()),
    ...mailDoors(),
  ];
  const seen = new Map<string, Door>();
  for (const door of all) seen.set(doorKey(door), door);
  return [...seen.values()];
}

export const doorKey = (door: Door) => `${door.server} ${door.method} ${door.path}`;
