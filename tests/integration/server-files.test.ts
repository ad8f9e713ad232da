import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import { adminSql, api, closeAdminSql, stack } from '../support/stack.ts';

// The files the pages' server answers beside its HTML, through the production web server as a
// crawler or a chat app reaches them: the entry's preview card (its og:image), robots.txt and
// the sitemap. (Their own tests: pages/card.test.ts, pages/sitemap.test.ts, integration/sitemap.)

afterAll(closeAdminSql);

const web = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, stack().webUrl), { headers, redirect: 'manual' });

async function addEntry(): Promise<Entry> {
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `guagua ${randomUUID().slice(0, 8)}`, description: 'a bus', descriptionEs: 'un autobús', country: 'CU', author: 'Files test' },
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

/** The <loc>s of a sitemap or sitemap index (their XML is checked in integration/sitemap.test.ts). */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => url.replace(/&amp;/g, '&'));

/** A PNG's width and height from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('the preview card', () => {
  it('is the og:image of an entry page: a 1200×630 PNG per language, revalidated by its ETag', async () => {
    const entry = await addEntry();
    const html = await (await web(`/content/${entry._id}?lng=es`)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1].replace(/&amp;/g, '&');
    expect(image).toBe(new URL(`/content/${entry._id}/card.png?lng=es`, stack().webUrl).href);

    const spanish = await web(new URL(image!).pathname + new URL(image!).search);
    expect(spanish.status).toBe(200);
    expect(spanish.headers.get('content-type')).toBe('image/png');
    expect(spanish.headers.get('cache-control')).toMatch(/public/);
    expect(pngSize(new Uint8Array(await spanish.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    const etag = spanish.headers.get('etag')!;
    expect((await web(`/content/${entry._id}/card.png?lng=es`, { 'if-none-match': etag })).status).toBe(304);
    const english = await web(`/content/${entry._id}/card.png?lng=en`);
    await english.arrayBuffer();
    expect(english.headers.get('etag')).not.toBe(etag);
  });

  it('answers 404 for an unknown, malformed or hidden entry, and nothing else than a PNG or nothing', async () => {
    const hidden = await addEntry();
    await adminSql()`update public.entries set moderation = 'held' where id = ${hidden._id}`;
    for (const id of [randomUUID(), 'not-an-id', hidden._id]) {
      const reply = await web(`/content/${id}/card.png`);
      expect(reply.status, id).toBe(404);
      expect((await reply.arrayBuffer()).byteLength).toBe(0);
    }
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt keeps learner pages out and names the sitemap on this origin', async () => {
    const reply = await web('/robots.txt');
    expect(reply.status).toBe(200);
    const text = await reply.text();
    expect(text).toMatch(/^Disallow: \/flashcards$/m);
    expect(text).toMatch(/^Disallow: \/account$/m);
    expect(text).toContain(`Sitemap: ${new URL('/sitemap.xml', stack().webUrl).href}`);
  });

  it('the sitemap index leads to a page that lists a visible entry and not a hidden one', async () => {
    const [shown, hidden] = [await addEntry(), await addEntry()];
    await adminSql()`update public.entries set moderation = 'held' where id = ${hidden._id}`;
    const index = await web('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
    const children = locs(await index.text());
    const listed: string[] = [];
    for (const child of children.filter((url) => url.includes('/sitemap/entries-'))) {
      const page = await web(new URL(child).pathname);
      expect(page.status, child).toBe(200);
      listed.push(...locs(await page.text()));
    }
    expect(listed).toContain(new URL(`/content/${shown._id}`, stack().webUrl).href);
    expect(listed).not.toContain(new URL(`/content/${hidden._id}`, stack().webUrl).href);
  });
});
