import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { env } from './env.ts';

/**
 * Binary files the functions take from npm packages (resvg's and sql.js's WebAssembly, Inter's
 * fonts) without copies in the repository, once per process.
 *
 * Where the packages are installed (Node, and Deno beside a node_modules folder),
 * `createRequire(...).resolve` finds a file the same way in both runtimes (`import.meta.resolve`
 * answers an unreadable `npm:` URL under Deno) and `node:fs/promises` reads it. Where they are
 * not (a deployed edge function has no node_modules), the file is fetched from an npm CDN at the
 * exact version (`JERGA_CARD_ASSETS_URL`, default jsDelivr; any host laid out as
 * `<base>/<package>@<version>/<path>` will do) and used only if its SHA-256 is the pinned one.
 */
export interface PinnedFile {
  packageName: string;
  version: string;
  path: string;
  sha256: string;
}

const require = createRequire(import.meta.url);

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `file` from a CDN laid out as `<base>/<package>@<version>/<path>`, refused unless it is the pinned file; `label` names it in errors. */
export async function fetchPinnedFile(file: PinnedFile, base: string, label: string): Promise<Uint8Array> {
  const url = `${base.replace(/\/+$/, '')}/${file.packageName}@${file.version}/${file.path}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${label} ${url}: ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if ((await sha256Hex(bytes)) !== file.sha256) throw new Error(`${label} ${url} is not the pinned file (SHA-256 differs)`);
  return bytes;
}

/** `file`'s bytes: the installed file when there is one, else the pinned file from the CDN. */
export async function pinnedFile(file: PinnedFile, label: string): Promise<Uint8Array> {
  let installed: string | undefined;
  try {
    installed = require.resolve(`${file.packageName}/${file.path}`);
  } catch {
    // Not installed here: a deployed edge function.
  }
  if (installed) return new Uint8Array(await readFile(installed));
  return fetchPinnedFile(file, env('JERGA_CARD_ASSETS_URL') ?? 'https://cdn.jsdelivr.net/npm', label);
}
