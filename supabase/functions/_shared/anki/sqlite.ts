import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import initSqlJs from 'sql.js';
import { env } from '../env.ts';

/**
 * sql.js (SQLite compiled to WebAssembly), which opens an Anki collection. Its WebAssembly is
 * the installed package's file where there is one (Node, and Deno beside node_modules), else
 * the same file fetched from an npm CDN at the pinned version (`JERGA_ANKI_ASSETS_URL`,
 * default jsDelivr) and used only if its SHA-256 is the one pinned here — as the card image
 * loads resvg's (pages/card-assets.ts).
 */
export const SQL_JS_VERSION = '1.17.0';
export const SQL_JS_WASM = { path: 'dist/sql-wasm.wasm', sha256: '6918fd54c1192011b85af0365a819411285bb5579b9ae6a7308778a1750a2765' } as const;

export type SqlJs = initSqlJs.SqlJsStatic;
export type SqliteDatabase = initSqlJs.Database;
export type SqliteValue = initSqlJs.SqlValue;

const require = createRequire(import.meta.url);

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** sql.js's WebAssembly: the installed file, else the pinned file from the CDN. */
async function wasmBytes(): Promise<Uint8Array> {
  let installed: string | undefined;
  try {
    installed = require.resolve(`sql.js/${SQL_JS_WASM.path}`);
  } catch {
    // Not installed here: a deployed edge function.
  }
  if (installed) return new Uint8Array(await readFile(installed));
  const base = (env('JERGA_ANKI_ASSETS_URL') ?? 'https://cdn.jsdelivr.net/npm').replace(/\/+$/, '');
  const url = `${base}/sql.js@${SQL_JS_VERSION}/${SQL_JS_WASM.path}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`sql.js wasm ${url}: ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if ((await sha256Hex(bytes)) !== SQL_JS_WASM.sha256) throw new Error(`sql.js wasm ${url} is not the pinned file (SHA-256 differs)`);
  return bytes;
}

let loaded: Promise<SqlJs> | undefined;

/** sql.js, initialised once per process (concurrent first callers share it; a failure is retried next time). */
export function sqlJs(): Promise<SqlJs> {
  loaded ??= wasmBytes()
    .then((bytes) => initSqlJs({ wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer }))
    .catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
}
