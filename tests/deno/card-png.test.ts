import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import { entryDetail, type EntryDetail } from '../../supabase/functions/_shared/contract/entries.ts';
import { cardResponse, type CardLanguage } from '../../supabase/functions/_shared/pages/card.ts';
import { api } from '../support/stack.ts';

// The preview card under real Deno, for a seed entry read from the stack as a guest reads it:
// Deno finds the same fonts and WebAssembly and draws the very same bytes as Node.
const deno = path.join(rootDir, 'node_modules', '.bin', 'deno');
const run = promisify(execFile);

it('type-checks under deno check', async () => {
  const checked = run(deno, ['check', '--config', 'deno.json', '_shared/pages/card.ts'], {
    cwd: path.join(rootDir, 'supabase', 'functions'),
    env: { ...process.env, NO_COLOR: '1' },
  });
  await expect(checked).resolves.toMatchObject({ stderr: expect.not.stringMatching(/error/i) });
}, 120_000);

it('draws a seed entry’s card under Deno exactly as under Node, in both languages', async () => {
  const found = await api<{ data: { _id: string; title: string }[] }>('/content/getContentsSortedByVoteDesc?q=chamba&limit=5', { token: null });
  const id = found.body.data.find((entry) => entry.title === 'chamba')?._id;
  expect(id).toBeDefined();
  const read = await api<EntryDetail>(`/content/getContentById/${id}`, { token: null });
  expect(read.status).toBe(200);
  const entry = entryDetail.parse(read.body);

  const { stdout } = await run(deno, ['run', '--allow-read', '--allow-env', '--config', 'supabase/functions/deno.json', 'tests/deno/card-png-script.ts'], {
    cwd: rootDir,
    env: { ...process.env, NO_COLOR: '1', CARD_TEST_ENTRY: JSON.stringify(entry) },
  });
  const underDeno = JSON.parse(stdout.trim().split('\n').pop() ?? '[]') as { language: CardLanguage; status: number; type: string; etag: string; png: number[]; sha256: string }[];
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
}, 120_000);
