import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createServer, type ViteDevServer } from 'vite';
import { ensureClientBuild } from '../../stack/build.ts';
import { startStack, type RunningStack } from '../../stack/index.ts';
import { rootDir } from '../../stack/config.ts';
import { startWeb, type RunningWeb } from '../../stack/web.ts';
import { testPorts } from './ports.ts';
import './provided.ts';

let stack: RunningStack | undefined;
let web: RunningWeb | undefined;
let dev: ViteDevServer | undefined;
let dataDir: string | undefined;

/**
 * One real stack for the whole `stack` project: a fresh embedded Postgres (migrations and
 * seed applied), the gateway with the edge functions, the production web server over the
 * current build (what the e2e journeys use: what ships) and Vite's dev server.
 */
export async function setup(project: TestProject): Promise<void> {
  // The stack's tutor must be the offline one whatever the shell exports: a developer's real
  // key would make the offline tests fail and spend money. Model mode is tested against a fake.
  for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL']) delete process.env[name];
  // Web Push keys: the stack's own pair, generated with its fresh data (tests/contract/vapid-keys.test.ts).
  for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']) delete process.env[name];
  // <temp>/db for Postgres, <temp>/storage beside it for Storage's files.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-test-db-'));
  stack = await startStack(
    { dataDir: path.join(dataDir, 'db'), dbPort: testPorts.db, apiPort: testPorts.api, mailPort: testPorts.mail, smtpPort: testPorts.smtp, realtimeSessionCheckSeconds: 1, remindersIntervalSeconds: 0, databaseUrl: process.env.TEST_DATABASE_URL || undefined, quiet: true },
    () => {},
  );
  // The dev server's proxy (vite.config.ts) reads it; the build itself names no port.
  process.env.JERGA_API_PORT = String(testPorts.api);
  const build = await ensureClientBuild({ log: () => {} });
  web = await startWeb({ port: testPorts.web, apiUrl: stack.apiUrl, distDir: build.distDir, apiOrigins: build.apiOrigins });
  dev = await createServer({
    root: rootDir,
    configFile: path.join(rootDir, 'vite.config.ts'),
    logLevel: 'error',
    server: { port: testPorts.dev, strictPort: true },
  });
  await dev.listen();
  project.provide('stack', {
    apiUrl: stack.apiUrl,
    dbUrl: stack.dbUrl,
    webUrl: web.url,
    devUrl: `http://localhost:${testPorts.dev}`,
    anonKey: stack.config.anonKey,
    serviceRoleKey: stack.config.serviceRoleKey,
    publishableKey: stack.config.publishableKey,
    secretKey: stack.config.secretKey,
    jwtSecret: stack.config.jwtSecret,
    mailUrl: stack.mailUrl ?? '',
    storageDir: stack.config.storageDir,
    vapid: stack.vapid,
  });
}

export async function teardown(): Promise<void> {
  await dev?.close();
  await web?.close();
  await stack?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}
