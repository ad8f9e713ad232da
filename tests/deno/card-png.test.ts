import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import { entryDetail, type EntryDetail } from '../../supabase/functions/_shared/contract/entries.ts';
import { CARD_ASSET_FILES, CARD_PACKAGE_VERSIONS } from '../../supabase/functions/_shared/pages/card-assets.ts';
import { cardResponse, type CardLanguage } from '../../supabase/functions/_shared/pages/card.ts';
import { adminSql, api, closeAdminSql } from '../support/stack.ts';

// The preview card under real Deno, for a seed entry read from the stack as a guest reads it:
// Deno finds the same fonts and WebAssembly and draws the very same bytes as Node.
const deno = path.join(rootDir, 'node_modules', '.bin', 'deno');
const run = promisify(execFile);
afterAll(closeAdminSql);

it('type-checks under deno check', async () => {
  const checked = run(deno, ['check', '--config', 'deno.json', '_shared/pages/card.ts'], {
    cwd: path.join(rootDir, 'supabase', 'functions'),
    env: { ...process.env, NO_COLOR: '1' },
  });
  await expect(checked).resolves.toMatchObject({ stderr: expect.not.stringMatching(/error/i) });
}, 120_000);

/** chamba, read from the stack as a guest reads it. */
async function seedEntry(): Promise<EntryDetail> {
  // By its exact title: the rest of the suite adds many 'chamba …' entries that a search would rank first.
  const [{ id }] = await adminSql()<{ id: string }[]>`select id from public.entries where title = 'chamba'`;
  const read = await api<EntryDetail>(`/content/getContentById/${id}`, { token: null });
  expect(read.status).toBe(200);
  return entryDetail.parse(read.body);
}

type DenoCard = { language: CardLanguage; status: number; type: string; etag: string; png: number[]; sha256: string };

/** The script's cards, drawn by Deno in `cwd` (a checkout) with the given permissions and settings. */
async function denoCards(cwd: string, entry: EntryDetail, permissions: string[], settings: Record<string, string> = {}): Promise<DenoCard[]> {
  const { stdout } = await run(deno, ['run', ...permissions, '--config', 'supabase/functions/deno.json', 'tests/deno/card-png-script.ts'], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', CARD_TEST_ENTRY: JSON.stringify(entry), ...settings },
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '[]') as DenoCard[];
}

/** Deno's cards are Node's, byte for byte, in both languages. */
async function expectNodeCards(entry: EntryDetail, underDeno: DenoCard[]): Promise<void> {
  expect(underDeno.map(({ language }) => language)).toEqual(['en-US', 'es']);
  for (const card of underDeno) {
    const response = await cardResponse(new Request(`http://localhost/content/${entry._id}/card.png?lng=${card.language}`), entry, card.language);
    const png = Buffer.from(await response.arrayBuffer());
    expect(card).toMatchObject({ status: 200, type: 'image/png', etag: response.headers.get('etag') });
    // The signature, then IHDR: 1200 wide, 630 high.
    expect(card.png.slice(0, 8)).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(Buffer.from(card.png).readUInt32BE(16)).toBe(1200);
    expect(Buffer.from(card.png).readUInt32BE(20)).toBe(630);
    expect(card.sha256).toBe(createHash('sha256').update(png).digest('hex'));
  }
  expect(underDeno[0].sha256).not.toBe(underDeno[1].sha256);
}

it('draws a seed entry’s card under Deno exactly as under Node, in both languages', async () => {
  const entry = await seedEntry();
  await expectNodeCards(entry, await denoCards(rootDir, entry, ['--allow-read', '--allow-env']));
}, 120_000);

it('draws the same card where no node_modules is installed (a deployed function), from pinned files fetched by URL', async () => {
  const entry = await seedEntry();
  // What a deployed function holds: the functions and the locale files, no node_modules beside them.
  const checkout = await mkdtemp(path.join(os.tmpdir(), 'jerga-card-deno-'));
  for (const dir of ['supabase/functions', 'src/i18n/locales', 'tests/deno/card-png-script.ts']) {
    await cp(path.join(rootDir, dir), path.join(checkout, dir), { recursive: true });
  }
  // An npm CDN's layout, serving the installed files and counting what was asked.
  const served: string[] = [];
  const cdn = createServer((request, response) => {
    const file = Object.values(CARD_ASSET_FILES).find((asset) => request.url === `/npm/${asset.packageName}@${CARD_PACKAGE_VERSIONS[asset.packageName]}/${asset.path}`);
    if (!file) return void response.writeHead(404).end();
    served.push(request.url!);
    void readFile(path.join(rootDir, 'node_modules', file.packageName, file.path)).then((bytes) => response.end(bytes));
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(cdn.address() as AddressInfo).port}`;
  try {
    const cards = await denoCards(checkout, entry, ['--allow-read', '--allow-env', `--allow-net=${host}`], { JERGA_CARD_ASSETS_URL: `http://${host}/npm` });
    await expectNodeCards(entry, cards);
    // The fonts come from the CDN; Deno finds resvg's WebAssembly in its own npm cache (the
    // package is in the module graph), so it may not ask for it.
    const fonts = Object.values(CARD_ASSET_FILES).filter((asset) => asset.packageName === '@fontsource/inter');
    expect(served.filter((url) => url.includes('@fontsource/inter')).sort()).toEqual(fonts.map((asset) => `/npm/@fontsource/inter@5.3.0/${asset.path}`).sort());
  } finally {
    cdn.close();
    await rm(checkout, { recursive: true, force: true });
  }
}, 120_000);
