import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapResponse, type GuestApi } from '../../supabase/functions/_shared/pages/sitemap.ts';
import { sitemapEntriesReply, sitemapGroupsReply, sitemapSummaryReply } from '../../supabase/functions/_shared/contract/sitemap.ts';
import { adminSql, api, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// /sitemap.xml and its children, rendered by sitemapResponse from the real /api of the test
// stack read as a guest (anon key only), over more than 10,000 shown entries made here in SQL:
// every shown entry is listed exactly once, in children of at most 10,000 URLs, and no hidden,
// held, removed or deleted one is; a group with no shown member is not; the XML is parsed
// with jsdom's XML parser (saxes) and its structure checked against the sitemaps.org schema's
// shape. The /api routes give a signed-in owner or admin the same guest's list.

const SITE = 'https://jerga.example';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const SHOWN = 10_010;
const COUNTRIES = ['AR', 'BO', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'SV', 'GQ', 'GT', 'HN', 'MX', 'NI', 'PA', 'PY', 'PE', 'PR', 'ES', 'UY', 'VE'];

/** This run's mark in every title, so the cleanup takes only these entries. */
const mark = `sitemap-${Math.random().toString(36).slice(2, 8)}`;

let olga: TestUser; // owns the hidden entries
let admin: TestUser;
let shownIds: string[];
const hidden: Record<'hidden' | 'held' | 'removed' | 'deleted', string> = { hidden: '', held: '', removed: '', deleted: '' };
let shownGroup: string;
let hiddenGroup: string;

/** The /api as the pages server reads it: a guest, the anon key only, no cookie. */
const guestApi: GuestApi = (path) =>
  fetch(`${stack().apiUrl}/api${path}`, { headers: { authorization: `Bearer ${stack().anonKey}`, apikey: stack().anonKey } });

// jsdom (a dependency already, for the unit tests) ships no types of its own and @types/jsdom
// is not installed; only its DOMParser is used here, which the DOM lib types.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };
const { DOMParser: XmlParser } = new JSDOM('').window;

/** An XML document, refusing anything the parser finds malformed. */
function parseXml(text: string): Document {
  const document = new XmlParser().parseFromString(text, 'application/xml');
  expect(document.getElementsByTagName('parsererror').length, text.slice(0, 300)).toBe(0);
  return document;
}

/** An element's element children (jsdom's `children` collection is slow over 10,000 of them). */
function* elementsOf(parent: Element): Generator<Element> {
  for (let element = parent.firstElementChild; element; element = element.nextElementSibling) yield element;
}

/** A `<urlset>` or `<sitemapindex>`'s items as {loc, lastmod}, checking the schema's shape on the way. */
function itemsOf(document: Document, root: 'urlset' | 'sitemapindex'): { loc: string; lastmod: string | null }[] {
  const top = document.documentElement;
  expect([top.localName, top.namespaceURI]).toEqual([root, NS]);
  const item = root === 'urlset' ? 'url' : 'sitemap';
  return [...elementsOf(top)].map((element) => {
    const parts = [...elementsOf(element)];
    // Checked by hand, not with expect per element: 10,000 expects would cost seconds.
    const shape = [element.localName, element.namespaceURI, ...parts.map((part) => `${part.localName} ${part.namespaceURI}`)];
    const wanted = [item, NS, `loc ${NS}`, ...(parts.length === 2 ? [`lastmod ${NS}`] : [])];
    if (shape.join('|') !== wanted.join('|')) expect(shape).toEqual(wanted);
    const loc = parts[0].textContent!;
    const lastmod = parts[1]?.textContent ?? null;
    if (!loc.startsWith(`${SITE}/`) || (lastmod !== null && !W3C_DATETIME.test(lastmod))) expect({ loc, lastmod }).toBe('a loc on the site, a W3C datetime');
    return { loc, lastmod };
  });
}

async function sitemapOf(path: string): Promise<Response> {
  const response = await sitemapResponse(new Request(`http://127.0.0.1${path}`), guestApi, SITE);
  expect(response, path).not.toBeNull();
  return response!;
}

/** The index and every child it names, each parsed; what each child lists. */
async function wholeSitemap(): Promise<{ index: { loc: string; lastmod: string | null }[]; children: Map<string, { loc: string; lastmod: string | null }[]> }> {
  const response = await sitemapOf('/sitemap.xml');
  expect(response.status).toBe(200);
  const index = itemsOf(parseXml(await response.text()), 'sitemapindex');
  const children = new Map<string, { loc: string; lastmod: string | null }[]>();
  for (const { loc } of index) {
    const path = loc.slice(SITE.length);
    const child = await sitemapOf(path);
    expect(child.status, path).toBe(200);
    children.set(path, itemsOf(parseXml(await child.text()), 'urlset'));
  }
  return { index, children };
}

beforeAll(async () => {
  [olga, admin] = await Promise.all([createUser(), createUser({ admin: true })]);
  const sql = adminSql();
  const rows = await sql<{ id: string }[]>`
    insert into public.entries (title, description, country, author)
    select ${mark} || '-' || i, 'A sitemap test entry.', (${COUNTRIES}::text[])[1 + i % 21], 'Sitemap tests'
      from generate_series(1, ${SHOWN}) as i
    returning id`;
  shownIds = rows.map((row) => row.id);
  const add = async (title: string, show: boolean, moderation: string | null) =>
    (await sql<{ id: string }[]>`
      insert into public.entries (title, description, country, author, owner, show, moderation)
      values (${`${mark}-${title}`}, 'Not for a sitemap.', 'MX', 'Olga', ${olga.id}, ${show}, ${moderation}) returning id`)[0].id;
  hidden.hidden = await add('hidden', false, null);
  hidden.held = await add('held', true, 'held');
  hidden.removed = await add('removed', true, 'removed');
  hidden.deleted = await add('deleted', true, null);
  await sql`delete from public.entries where id = ${hidden.deleted}`;
  // A group of two shown entries and Olga's hidden one; a group of the held and removed ones only.
  await sql`insert into public.variant_links (entry_a, entry_b, created_by) values
    (${shownIds[0]}, ${shownIds[1]}, null), (${shownIds[1]}, ${hidden.hidden}, null), (${hidden.held}, ${hidden.removed}, null)`;
  [{ concept_id: shownGroup }] = await sql<{ concept_id: string }[]>`select concept_id from public.concept_members where entry_id = ${shownIds[0]}`;
  [{ concept_id: hiddenGroup }] = await sql<{ concept_id: string }[]>`select concept_id from public.concept_members where entry_id = ${hidden.held}`;
}, 120_000);

afterAll(async () => {
  await adminSql()`delete from public.entries where title like ${`${mark}-%`}`;
  await closeAdminSql();
});

describe('/sitemap.xml over the real /api', () => {
  /** The whole sitemap as first read, shared by the tests that only read it. */
  let firstRead: ReturnType<typeof wholeSitemap> | undefined;
  const read = () => (firstRead ??= wholeSitemap());

  it('is a sitemap index whose children list every shown entry once, at most 10,000 a child, and nothing hidden', async () => {
    const { index, children } = await read();
    const paths = index.map(({ loc }) => loc.slice(SITE.length));
    expect(paths[0]).toBe('/sitemap/pages.xml');
    const entryChildren = paths.filter((path) => path.startsWith('/sitemap/entries-'));
    // More than 10,000 shown entries: at least two children, numbered from 1 without a gap.
    expect(entryChildren.length).toBeGreaterThanOrEqual(2);
    expect(entryChildren).toEqual(entryChildren.map((_, i) => `/sitemap/entries-${i + 1}.xml`));
    expect(children.get('/sitemap/entries-1.xml')!.length).toBe(10_000);
    for (const path of entryChildren) expect(children.get(path)!.length).toBeLessThanOrEqual(10_000);

    const entryLocs = entryChildren.flatMap((path) => children.get(path)!.map(({ loc }) => loc));
    expect(new Set(entryLocs).size, 'no entry listed twice').toBe(entryLocs.length);
    const listed = new Set(entryLocs);
    expect(shownIds.filter((id) => !listed.has(`${SITE}/content/${id}`)), 'shown entries missing').toEqual([]);
    for (const [why, id] of Object.entries(hidden)) expect(listed.has(`${SITE}/content/${id}`), why).toBe(false);
    // Every URL of a child is an entry page with a lastmod; each child's index lastmod is its latest.
    for (const path of entryChildren) {
      const items = children.get(path)!;
      expect(items.every(({ loc, lastmod }) => /^\/content\/[0-9a-f-]{36}$/.test(loc.slice(SITE.length)) && lastmod)).toBe(true);
      const latest = items.map(({ lastmod }) => Date.parse(lastmod!)).reduce((a, b) => Math.max(a, b));
      expect(Date.parse(index.find(({ loc }) => loc === `${SITE}${path}`)!.lastmod!)).toBe(latest);
    }
  });

  it('lists an entry’s lastmod as its updated_at, the home and each country with shown entries, and the groups with a shown member', async () => {
    const [{ updated_at: updatedAt }] = await adminSql()<{ updated_at: Date }[]>`select updated_at from public.entries where id = ${shownIds[5]}`;
    const { children } = await read();
    const all = [...children.values()].flat();
    const entry = all.find(({ loc }) => loc === `${SITE}/content/${shownIds[5]}`)!;
    expect(Date.parse(entry.lastmod!)).toBe(updatedAt.getTime());

    const pages = children.get('/sitemap/pages.xml')!.map(({ loc }) => loc.slice(SITE.length));
    expect(pages[0]).toBe('/');
    expect(pages.slice(1)).toEqual([...COUNTRIES].sort().map((code) => `/country/${code}`));

    const compareLocs = [...children.entries()].filter(([path]) => path.startsWith('/sitemap/compare-')).flatMap(([, items]) => items.map(({ loc }) => loc));
    expect(compareLocs).toContain(`${SITE}/compare/${shownGroup}`);
    expect(compareLocs).not.toContain(`${SITE}/compare/${hiddenGroup}`);
  });

  it('answers 404 past the last child, with XML headers on the ones that exist', async () => {
    const summary = sitemapSummaryReply.parse((await api('/sitemap/summary')).body).data;
    expect((await sitemapOf(`/sitemap/entries-${summary.entryPages.length + 1}.xml`)).status).toBe(404);
    expect((await sitemapOf(`/sitemap/compare-${summary.groupPages.length + 1}.xml`)).status).toBe(404);
    const index = await sitemapOf('/sitemap.xml');
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('drops an entry hidden since the last read at once', async () => {
    const target = `${SITE}/content/${shownIds[2]}`;
    const { children } = await read();
    const [path] = [...children.entries()].find(([, items]) => items.some(({ loc }) => loc === target))!;
    await adminSql()`update public.entries set show = false where id = ${shownIds[2]}`;
    try {
      const again = itemsOf(parseXml(await (await sitemapOf(path)).text()), 'urlset');
      expect(again.some(({ loc }) => loc === target)).toBe(false);
    } finally {
      await adminSql()`update public.entries set show = true where id = ${shownIds[2]}`;
    }
  });
});

describe('GET /api/sitemap/*', () => {
  /** Every entry id the /api lists, page by page, for a token (a guest's anon key when undefined). */
  async function listedEntries(token?: string): Promise<Set<string>> {
    const summary = await api('/sitemap/summary', { token });
    expect(summary.status).toBe(200);
    const ids = new Set<string>();
    for (const { page } of sitemapSummaryReply.parse(summary.body).data.entryPages) {
      const reply = await api(`/sitemap/entries?page=${page}`, { token });
      expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
      for (const entry of sitemapEntriesReply.parse(reply.body).data) ids.add(entry._id);
    }
    return ids;
  }

  it('gives the owner of hidden entries and an admin the guest’s list, nothing hidden', async () => {
    const [guest, owner, byAdmin] = [await listedEntries(), await listedEntries(olga.token), await listedEntries(admin.token)];
    expect(owner).toEqual(guest);
    expect(byAdmin).toEqual(guest);
    for (const id of Object.values(hidden)) expect(byAdmin.has(id)).toBe(false);
    const groups = sitemapGroupsReply.parse((await api('/sitemap/groups?page=1', { token: admin.token })).body).data.map((group) => group.groupId);
    expect(groups).not.toContain(hiddenGroup);
  });

  it('refuses a page that is not a whole number from 1 with 400 invalid_input; past the end is an empty page', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '100001']) {
      const reply = await api(`/sitemap/entries?page=${page}`);
      expect([reply.status, reply.body.code], page).toEqual([400, 'invalid_input']);
    }
    expect((await api('/sitemap/groups?page=x')).status).toBe(400);
    expect((await api('/sitemap/entries?page=99999')).body).toEqual({ data: [] });
  });
});
