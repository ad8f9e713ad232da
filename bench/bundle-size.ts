// Benchmark: the JavaScript a first-time visitor of / downloads (entry, its static imports
// and the home route's chunk), against the whole app
// (what it would be without route-level code splitting). Builds with Vite into a temp
// folder and prints raw and gzip sizes. Never fails on size.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { rootDir } from '../stack/config.ts';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bundle-'));
try {
  await build({
    root: rootDir,
    configFile: path.join(rootDir, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, manifest: true, emptyOutDir: true },
  });
  const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const size = async (file: string) => {
    const bytes = await fs.readFile(path.join(outDir, file));
    return { raw: bytes.length, gzip: gzipSync(bytes).length };
  };
  // What index.html loads up front: the entry and everything it imports statically.
  const initial = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  Object.entries(manifest).filter(([, chunk]) => chunk.isEntry).forEach(([key]) => visit(key));
  // ...plus the home route's own lazy chunk, which / needs before it can show anything.
  visit('src/app/routes/home-page.tsx');
  const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
  const total = async (files: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const s = await size(file);
      raw += s.raw;
      gzip += s.gzip;
    }
    return { raw, gzip };
  };
  const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} KB`;
  const first = await total([...initial].filter((file) => file.endsWith('.js')));
  const everything = await total(allJs);
  console.log(`initial JS for /            ${kb(first.raw)} raw  ${kb(first.gzip)} gzip  (${initial.size} files)`);
  console.log(`all JS of the app           ${kb(everything.raw)} raw  ${kb(everything.gzip)} gzip  (${allJs.length} files)`);
  console.log(`route-level splitting saves ${kb(everything.gzip - first.gzip)} gzip on the first visit (${((1 - first.gzip / everything.gzip) * 100).toFixed(0)}%)`);
} finally {
  await fs.rm(outDir, { recursive: true, force: true });
}
