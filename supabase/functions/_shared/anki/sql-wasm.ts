import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { pinnedFile, type PinnedFile } from '../pinned-files.ts';

/**
 * sql.js (SQLite compiled to WebAssembly), which writes the Anki collection. Its WebAssembly is
 * taken as resvg's is (../pinned-files.ts): the installed file, else the file of the exact
 * version below from an npm CDN, used only if its SHA-256 is the pinned one.
 */
export const SQL_JS_VERSION = '1.17.0';
export const SQL_WASM_FILE = { path: 'dist/sql-wasm.wasm', sha256: '6918fd54c1192011b85af0365a819411285bb5579b9ae6a7308778a1750a2765' } as const;

const SQL_WASM: PinnedFile = { packageName: 'sql.js', version: SQL_JS_VERSION, ...SQL_WASM_FILE };

let loaded: Promise<SqlJsStatic> | undefined;

/** sql.js, initialised once per process (concurrent first callers share it; a failed load is forgotten). */
export function sqlJs(): Promise<SqlJsStatic> {
  loaded ??= (async () => {
    const wasm = await pinnedFile(SQL_WASM, 'sql.js wasm');
    return initSqlJs({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer });
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
