import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createServer, type ViteDevServer } from 'vite';
import { startStack, type RunningStack } from '../../stack/index.ts';
import { rootDir } from '../../stack/config.ts';
import { testPorts } from './ports.ts';
import './provided.ts';


let stack: RunningStack | undefined;
let web: ViteDevServer | undefined;
let dataDir: string | undefined;

/**
 * One real stack for the whole `stack` project: a fresh embedded Postgres (migrations and
 * seed applied), the gateway with the edge functions, and the Vite dev server for e2e.
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-test-db-'));
  stack = await startStack(
    { dataDir, dbPort: testPorts.db, apiPort: testPorts.api, databaseUrl: process.env.TEST_DATABASE_URL || undefined, quiet: true },
    () => {},
  );
  process.env.JERGA_API_PORT = String(testPorts.api);
  process.env.VITE_SUPABASE_URL = stack.apiUrl;
  web = await createServer({
    root: rootDir,
    configFile: path.join(rootDir, 'vite.config.ts'),
    logLevel: 'error',
    server: { port: testPorts.web, strictPort: true },
  });
  await web.listen();
  project.provide('stack', {
    apiUrl: stack.apiUrl,
    dbUrl: stack.dbUrl,
    webUrl: `http://localhost:${testPorts.web}`,
    anonKey: stack.config.anonKey,
    serviceRoleKey: stack.config.serviceRoleKey,
    publishableKey: stack.config.publishableKey,
    secretKey: stack.config.secretKey,
    jwtSecret: stack.config.jwtSecret,
  });
}

export async function teardown(): Promise<void> {
  await web?.close();
  await stack?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}
