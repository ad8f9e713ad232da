import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { env } from '../env.ts';

/**
 * sql.js (SQLite compiled to WebAssembly), which writes the Anki collection. Its WebAssembly is
 * taken as card-assets.ts takes resvg's: the installed file where the package is installed (Node,
 * and Deno beside a node_modules folder), else the file of the exact version below from an npm
 * CDN (`JERGA_CARD_ASSETS_URL`, default jsDelivr), used only if its SHA-256 is the pinned one.
 */
export const SQL_JS_VERSION = '1.17.0';
export const SQL_WASM_FILE = { path: 'dist/sql-wasm.wasm', sha256: '6918fd54c1192011b85af0365a819411285bb5579b9ae6a7308778a1750a2765' } as const;

const require = createRequire(import.meta.url);

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The WebAssembly from a CDN laid out as `<base>/<package>@<version>/<path>`, refused unless it is the pinned file. */
export async function fetchPinnedSqlWasm(base: string): Promise<Uint8Array> {
  const url = `${base.replace(/\/+$/, '')}/sql.js@${SQL_JS_VERSION}/${SQL_WASM_FILE.path}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`sql.js wasm ${url}: ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if ((await sha256Hex(bytes)) !== SQL_WASM_FILE.sha256) throw new Error(`sql.js wasm ${url} is not the pinned file (SHA-256 differs)`);
  return bytes;
}

async function sqlWasmBytes(): Promise<Uint8Array> {
  let installed: string | undefined;
  try {
    installed = require.resolve(`sql.js/${SQL_WASM_FILE.path}`);
  } catch {
    // Not installed here: a deployed edge function.
  }
  if (installed) return new Uint8Array(await readFile(installed));
  return fetchPinnedSqlWasm(env('JERGA_CARD_ASSETS_URL') ?? 'https://cdn.jsdelivr.net/npm');
}

let loaded: Promise<SqlJsStatic> | undefined;

/** sql.js, initialised once per process (concurrent first callers share it; a failed load is forgotten). */
export function sqlJs(): Promise<SqlJsStatic> {
  loaded ??= (async () => {
    const wasm = await sqlWasmBytes();
    return initSqlJs({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer });
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
