import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { rootDir } from './config.ts';

/** An edge function as the local stack serves it: the same module Deno.serve()s in production. */
export interface EdgeFunction {
  name: string;
  verifyJwt: boolean;
  fetch(request: Request): Response | Promise<Response>;
  /** Releases what the function holds open (its database pool), so the stack can stop. */
  close?(): Promise<void>;
}

const functionsDir = path.join(rootDir, 'supabase', 'functions');

/**
 * Loads every folder in supabase/functions that has an `app.ts` (its `index.ts` only does
 * `Deno.serve(app.fetch)`). `verify_jwt` comes from supabase/config.toml as on `supabase start`.
 */
export async function loadFunctions(): Promise<Map<string, EdgeFunction>> {
  const config = parseToml(await fs.readFile(path.join(rootDir, 'supabase', 'config.toml'), 'utf8')) as {
    functions?: Record<string, { verify_jwt?: boolean }>;
  };
  const loaded = new Map<string, EdgeFunction>();
  for (const entry of await fs.readdir(functionsDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_')) continue;
    const file = path.join(functionsDir, entry.name, 'app.ts');
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as {
      default: { fetch: EdgeFunction['fetch'] };
      close?: () => Promise<void>;
    };
    loaded.set(entry.name, {
      name: entry.name,
      verifyJwt: config.functions?.[entry.name]?.verify_jwt ?? true,
      fetch: module.default.fetch.bind(module.default),
      close: module.close,
    });
  }
  return loaded;
}
