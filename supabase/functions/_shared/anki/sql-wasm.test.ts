import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SQL_JS_VERSION, SQL_WASM_FILE, sqlJs } from './sql-wasm.ts';

// The pinned sql.js WebAssembly (what a deployed function fetches from the CDN when no package
// is installed) is the installed file of the installed version, and it opens a database.
const require = createRequire(import.meta.url);

describe('sql.js for the Anki package', () => {
  it('pins the installed version and the SHA-256 of its WebAssembly', () => {
    const wasmPath = require.resolve(`sql.js/${SQL_WASM_FILE.path}`);
    // sql.js exports no package.json: read the one beside its dist folder.
    const manifest = JSON.parse(readFileSync(path.join(path.dirname(wasmPath), '..', 'package.json'), 'utf8')) as { version: string };
    expect(SQL_JS_VERSION).toBe(manifest.version);
    const installed = readFileSync(wasmPath);
    expect(createHash('sha256').update(installed).digest('hex')).toBe(SQL_WASM_FILE.sha256);
  });

  it('loads once and runs SQL', async () => {
    const [first, second] = await Promise.all([sqlJs(), sqlJs()]);
    expect(first).toBe(second);
    const db = new first.Database();
    expect(db.exec('select 6 * 7')[0].values).toEqual([[42]]);
    db.close();
  });
});
