// Benchmark: the JavaScript a first-time visitor of / downloads (entry, its static imports
// and the home route's chunk), against the whole app (what it would be without route-level
// code splitting), with its largest chunk, the 150 KB budget, the Spanish strings (a chunk
// of their own, for Spanish readers), the country flags (one file each, fetched only when
// shown), the entry page's usage map (a chunk of its own, with its data) and its recordings
// (the list and player, and the recorder: chunks of their own). Then the Supabase question of the issue: does importing @supabase/auth-js and
// @supabase/realtime-js directly, instead of the whole @supabase/supabase-js, make a
// difference? Two tiny entries that use auth and a realtime channel the same way are built
// alone. Builds with Vite into temp folders and prints raw and gzip sizes. Never fails on size.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { rootDir } from '../stack/config.ts';

/** What the first visit to / may download, gzipped (the issue's budget). */
const BUDGET_KB = 150;
/** The entry page's usage map, with its data, gzipped (issue 18). */
const MAP_BUDGET_KB = 60;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, Chunk>;
interface Size {
  raw: number;
  gzip: number;
}

const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} KB`;
const label = (text: string) => text.padEnd(44);
const sizes = (text: string, s: Size) => `${label(text)}${kb(s.raw)} raw  ${kb(s.gzip)} gzip`;

async function sizeOf(dir: string, file: string): Promise<Size> {
  const bytes = await fs.readFile(path.join(dir, file));
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
}

async function totalOf(dir: string, files: Iterable<string>): Promise<Size> {
  const sum = { raw: 0, gzip: 0 };
  for (const file of files) {
    const s = await sizeOf(dir, file);
    sum.raw += s.raw;
    sum.gzip += s.gzip;
  }
  return sum;
}

async function readManifest(dir: string): Promise<Manifest> {
  return JSON.parse(await fs.readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The files that load up front: every entry, everything it imports statically, and `extra` keys. */
function initialFiles(manifest: Manifest, extra: string[] = []): Set<string> {
  const initial = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .forEach(([key]) => visit(key));
  extra.forEach(visit);
  return initial;
}

/** The files `key` loads (itself and its static imports) that are not already in `initial`. */
function filesBeyond(manifest: Manifest, key: string, initial: string[]): string[] {
  const files = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file) || initial.includes(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...files];
}

async function measureApp() {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bundle-'));
  try {
    await build({
      root: rootDir,
      configFile: path.join(rootDir, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, manifest: true, emptyOutDir: true },
    });
    const manifest = await readManifest(outDir);
    // What index.html loads up front, plus the home route's own lazy chunk, which / needs
    // before it can show anything.
    const initial = [...initialFiles(manifest, ['src/app/routes/home-page.tsx'])].filter((file) => file.endsWith('.js'));
    const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
    const first = await totalOf(outDir, initial);
    const everything = await totalOf(outDir, allJs);
    const perFile = await Promise.all(initial.map(async (file) => ({ file, ...(await sizeOf(outDir, file)) })));
    const largest = perFile.sort((a, b) => b.gzip - a.gzip)[0];

    console.log(`${sizes('initial JS for /', first)}  (${initial.length} files)`);
    console.log(`${sizes(`  largest: ${largest.file}`, largest)}  (${((largest.gzip / first.gzip) * 100).toFixed(0)}% of it)`);
    console.log(`${sizes('all JS of the app', everything)}  (${allJs.length} files)`);
    console.log(`${label('route-level splitting saves')}${kb(everything.gzip - first.gzip)} gzip on the first visit (${((1 - first.gzip / everything.gzip) * 100).toFixed(0)}%)`);
    const margin = BUDGET_KB * 1024 - first.gzip;
    console.log(`budget ${BUDGET_KB} KB gzip: ${margin >= 0 ? 'within' : 'over'} by ${(Math.abs(margin) / 1024).toFixed(1)} KB`);
    // Realtime is imported once the page has drawn (live scores): downloaded on a first visit
    // too, but never before the first paint. Shown apart so the budget line stays honest.
    const realtimeKey = Object.keys(manifest).find((key) => key.includes('@supabase/realtime-js') && manifest[key].isDynamicEntry);
    if (realtimeKey) {
      const afterPaint = filesBeyond(manifest, realtimeKey, initial);
      const realtimeSize = await totalOf(outDir, afterPaint);
      console.log(`${sizes('  + after the first paint: Realtime', realtimeSize)}  (${afterPaint.length} file${afterPaint.length === 1 ? '' : 's'}; / total ${kb(first.gzip + realtimeSize.gzip).trim()} gzip)`);
    }
    // Spanish strings: their own chunk (src/i18n/lazy-locales.ts), fetched before the first
    // render only when the reader's language is Spanish, or on a switch to Spanish.
    const spanishKey = 'src/i18n/locales/es.json';
    if (manifest[spanishKey] && !initial.includes(manifest[spanishKey].file)) {
      const spanish = filesBeyond(manifest, spanishKey, initial);
      const spanishSize = await totalOf(outDir, spanish);
      console.log(`${sizes('  + a Spanish reader first: es.json', spanishSize)}  (${spanish.length} file${spanish.length === 1 ? '' : 's'}; / total for them ${kb(first.gzip + spanishSize.gzip).trim()} gzip)`);
    } else {
      console.log(`${label('  es.json')}in the initial JS above (bundled, not a chunk of its own)`);
    }

    // Country flags: one SVG file per flag (fetched by the <img> that shows it), not JS.
    const flags = [...new Set(Object.values(manifest).filter((chunk) => chunk.src?.includes('country-flag-icons/') && chunk.file.endsWith('.svg')).map((chunk) => chunk.file))];
    const flagSize = await totalOf(outDir, flags);
    console.log(
      flags.length
        ? `${sizes(`country flags: ${flags.length} files`, flagSize)}  (each fetched only when shown)`
        : 'country flags: no separate files (inlined into the JS as data: URIs, or bundled as components?)',
    );

    // The usage map (d3-geo, topojson-client and the countries' shapes): the entry page asks
    // for it; beyond what the first visit and the entry page already hold, within 60 KB gzip.
    const mapKey = 'src/features/usage/components/usage-map.tsx';
    if (manifest[mapKey]?.isDynamicEntry) {
      const entryPage = [...initialFiles(manifest, ['src/app/routes/home-page.tsx', 'src/app/routes/entry-page.tsx'])];
      const map = filesBeyond(manifest, mapKey, entryPage);
      const mapSize = await totalOf(outDir, map);
      console.log(`${sizes('the entry page\'s usage map (lazy)', mapSize)}  (${map.length} file${map.length === 1 ? '' : 's'}; budget 60 KB gzip: within by ${kb(MAP_BUDGET_KB * 1024 - mapSize.gzip).trim()})`);
    } else {
      console.log(`${label('the usage map')}not a lazily loaded chunk of its own`);
    }

    // Recordings (issue 19): the Listen section with its player, asked for by the entry page,
    // and the recorder (MediaRecorder, level meter, upload), asked for by "Record". Neither is
    // in the first visit's files (the initial list above would hold them).
    const sectionKey = 'src/features/recordings/components/recordings-section.tsx';
    const recorderKey = 'src/features/recordings/components/recorder.tsx';
    if (manifest[sectionKey]?.isDynamicEntry && manifest[recorderKey]?.isDynamicEntry) {
      const entryPage = [...initialFiles(manifest, ['src/app/routes/home-page.tsx', 'src/app/routes/entry-page.tsx'])];
      const section = filesBeyond(manifest, sectionKey, entryPage);
      const recorder = filesBeyond(manifest, recorderKey, [...entryPage, ...section]);
      const inFirstVisit = [...section, ...recorder].filter((file) => initial.includes(file));
      console.log(`${sizes('recordings: list and player (lazy)', await totalOf(outDir, section))}  (${section.length} file${section.length === 1 ? '' : 's'})`);
      console.log(`${sizes('  + the recorder, on Record (lazy)', await totalOf(outDir, recorder))}  (${recorder.length} file${recorder.length === 1 ? '' : 's'}; in the first visit: ${inFirstVisit.length ? inFirstVisit.join(', ') : 'none'})`);
    } else {
      console.log(`${label('the recordings')}not lazily loaded chunks of their own`);
    }
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

// The same use of Supabase both ways: a session listener and a realtime broadcast channel.
const SUPABASE_ENTRIES = [
  {
    file: 'whole',
    name: '@supabase/supabase-js (createClient)',
    source: `
import { createClient } from '@supabase/supabase-js';
const supabase = createClient('https://project.supabase.co', 'anon-key');
supabase.auth.onAuthStateChange((event, session) => console.log(event, session?.user.id));
supabase.channel('entries').on('broadcast', { event: 'vote' }, (message) => console.log(message)).subscribe();
`,
  },
  {
    file: 'direct',
    name: '@supabase/auth-js + @supabase/realtime-js',
    source: `
import { AuthClient } from '@supabase/auth-js';
import { RealtimeClient } from '@supabase/realtime-js';
const key = 'anon-key';
const auth = new AuthClient({
  url: 'https://project.supabase.co/auth/v1',
  headers: { apikey: key, Authorization: 'Bearer ' + key },
  storageKey: 'sb-project-auth-token',
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
});
const realtime = new RealtimeClient('wss://project.supabase.co/realtime/v1', { params: { apikey: key } });
auth.onAuthStateChange((event, session) => {
  realtime.setAuth(session?.access_token ?? null);
  console.log(event, session?.user.id);
});
realtime.channel('entries').on('broadcast', { event: 'vote' }, (message) => console.log(message)).subscribe();
`,
  },
];

/** Builds one throwaway entry alone; the size of what it loads up front (entry + static imports). */
async function buildAlone(dir: string, name: string, source: string): Promise<Size & { files: number }> {
  const entry = path.join(dir, `${name}.js`);
  const outDir = path.join(dir, `dist-${name}`);
  await fs.writeFile(entry, source);
  await build({
    root: dir,
    configFile: false,
    logLevel: 'error',
    build: { outDir, manifest: true, emptyOutDir: true, rolldownOptions: { input: entry } },
  });
  const files = [...initialFiles(await readManifest(outDir))].filter((file) => file.endsWith('.js'));
  return { ...(await totalOf(outDir, files)), files: files.length };
}

async function measureSupabase() {
  console.log('\nSupabase, auth + a realtime channel, each built alone with Vite:');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-supabase-'));
  try {
    // The throwaway entries resolve packages from the app's node_modules.
    await fs.symlink(path.join(rootDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const results: Size[] = [];
    for (const { file, name, source } of SUPABASE_ENTRIES) {
      try {
        const s = await buildAlone(dir, file, source);
        results.push(s);
        console.log(`${sizes(`  ${name}`, s)}  (${s.files} file${s.files === 1 ? '' : 's'})`);
      } catch (error) {
        console.log(`  ${name}: not measured (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
      }
    }
    if (results.length === 2) {
      const [whole, direct] = results;
      const saved = whole.gzip - direct.gzip;
      console.log(
        `${label('  direct imports save')}${kb(saved)} gzip (${((saved / whole.gzip) * 100).toFixed(0)}%), ${kb(whole.raw - direct.raw).trim()} raw`,
      );
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await measureApp();
await measureSupabase();
