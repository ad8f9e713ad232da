import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { loadEnv } from 'vite';
import { rootDir } from './config.ts';

/** Where `npm start` serves the production bundle from. */
export const defaultDistDir = path.join(rootDir, 'dist');

/** Inside the build; dot-files are never served (see web.ts). */
const STAMP_FILE = '.build-stamp.json';

interface Stamp {
  /** buildInputsHash() of what was built. */
  hash: string;
  /** This build's own files under assets/ (not those kept from the build before it). */
  assets: string[];
}

export interface ClientBuild {
  distDir: string;
  /** Origins outside the page's own that the build calls (VITE_SUPABASE_URL, VITE_API_URL). */
  apiOrigins: string[];
}

/** What a test file or a test helper is: not part of what ships. */
const isTestFile = (relative: string) =>
  /\.test\.[cm]?[jt]sx?$/.test(relative) || relative.split('/').includes('test') || relative.includes('__snapshots__');

async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** The VITE_* variables a production build sees: process.env and the .env files, as Vite loads them. */
function viteEnv(root = rootDir): Record<string, string> {
  return loadEnv('production', root, 'VITE_');
}

/**
 * A hash of everything a production build depends on: index.html, public/, src/ (without
 * tests), the Vite and TypeScript configuration, the locked dependencies and the VITE_* env.
 */
export async function buildInputsHash(root = rootDir): Promise<string> {
  const files = [
    ...['index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'].map((name) => path.join(root, name)),
    ...(await listFiles(path.join(root, 'public'))),
    ...(await listFiles(path.join(root, 'src'))).filter((file) => !isTestFile(path.relative(path.join(root, 'src'), file))),
  ];
  const hash = createHash('sha256');
  for (const file of files.map((file) => path.relative(root, file).split(path.sep).join('/')).sort()) {
    const absolute = path.join(root, file);
    hash.update(`${file}\0`);
    hash.update(existsSync(absolute) ? await fs.readFile(absolute) : 'missing');
    hash.update('\0');
  }
  hash.update(JSON.stringify(Object.entries(viteEnv(root)).sort()));
  return hash.digest('hex');
}

async function readStamp(distDir: string): Promise<Stamp | undefined> {
  try {
    return JSON.parse(await fs.readFile(path.join(distDir, STAMP_FILE), 'utf8')) as Stamp;
  } catch {
    return undefined; // no build yet, or not one of ours
  }
}

const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|ico|map)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes file.br and file.gz beside each compressible file, so the server never compresses per request. */
async function precompress(dir: string): Promise<void> {
  for (const file of (await listFiles(dir)).filter((name) => COMPRESSIBLE.test(name))) {
    const bytes = await fs.readFile(file);
    const br = await brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    const gz = await gzipAsync(bytes, { level: zlib.Z_BEST_COMPRESSION });
    // A compressed copy that is not smaller is not worth a Content-Encoding.
    if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
    if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
  }
}

/**
 * Hard-links the previous build's own assets into the new one: a page loaded just before
 * the swap can still fetch its lazy chunks. Only one build back, so dist does not grow.
 */
async function keepPreviousAssets(distDir: string, nextDir: string): Promise<void> {
  const previous = await readStamp(distDir);
  for (const asset of previous?.assets ?? []) {
    const target = path.join(nextDir, 'assets', asset);
    await fs.mkdir(path.dirname(target), { recursive: true });
    for (const suffix of ['', '.br', '.gz']) {
      // Missing (not compressed) or already there (same hashed name, same bytes): nothing to do.
      await fs.link(path.join(distDir, 'assets', asset) + suffix, target + suffix).catch(() => {});
    }
  }
}

/** Puts `nextDir` where `distDir` is: two renames, so a reader sees the old build or the new one. */
async function swapInto(distDir: string, nextDir: string): Promise<void> {
  const oldDir = `${distDir}.old-${randomUUID().slice(0, 8)}`;
  for (let attempt = 0; ; attempt++) {
    await fs.rename(distDir, oldDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    try {
      await fs.rename(nextDir, distDir);
      break;
    } catch (error) {
      // Another process swapped its own build in between ours: move that one aside too.
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || attempt >= 3) throw error;
    }
  }
  await fs.rm(oldDir, { recursive: true, force: true });
}

/**
 * `vite build` in a child process: Vite takes NODE_ENV from the process it runs in (under
 * Vitest that is `test`, which would ship React's development build) and sets it for good.
 */
function viteBuild(root: string, outDir: string): Promise<void> {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** The origins of absolute VITE_SUPABASE_URL / VITE_API_URL values, with their WebSocket forms. */
function apiOriginsOf(env: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const value of [env.VITE_SUPABASE_URL, env.VITE_API_URL]) {
    if (!value || !/^https?:\/\//i.test(value)) continue;
    const { origin } = new URL(value);
    origins.add(origin).add(origin.replace(/^http/i, 'ws'));
  }
  return [...origins];
}

/**
 * Builds the web app into `distDir` when its inputs changed since the build there (see
 * buildInputsHash), into a temporary folder beside it that is then renamed into place.
 */
export async function ensureClientBuild(
  options: { root?: string; distDir?: string; log?: (line: string) => void } = {},
): Promise<ClientBuild> {
  const { root = rootDir, distDir = defaultDistDir, log = console.log } = options;
  const result = { distDir, apiOrigins: apiOriginsOf(viteEnv(root)) };
  const hash = await buildInputsHash(root);
  if ((await readStamp(distDir))?.hash === hash) {
    log('Web app is up to date');
    return result;
  }
  log('Building the web app...');
  const nextDir = `${distDir}.tmp-${randomUUID().slice(0, 8)}`;
  try {
    await viteBuild(root, nextDir);
    const assetsDir = path.join(nextDir, 'assets');
    const assets = (await listFiles(assetsDir)).map((file) => path.relative(assetsDir, file));
    await precompress(nextDir);
    await keepPreviousAssets(distDir, nextDir);
    const stamp: Stamp = { hash, assets };
    await fs.writeFile(path.join(nextDir, STAMP_FILE), JSON.stringify(stamp));
    await swapInto(distDir, nextDir);
  } finally {
    await fs.rm(nextDir, { recursive: true, force: true });
  }
  return result;
}
