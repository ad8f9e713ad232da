import {
  sitemapEntriesReply,
  sitemapGroupsReply,
  sitemapSummaryReply,
  type SitemapSummaryReply,
} from '../contract/sitemap.ts';
import type { z } from 'zod';
import type { GuestApi } from './app.ts';

// /sitemap.xml (a sitemaps.org sitemap index), its child sitemaps under /sitemap/ and
// /robots.txt. Everything listed is read as a guest through the /api (GuestApi), whose SQL
// lists only what a guest may see whoever asks; nothing here decides visibility.

export type { GuestApi };

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** How long a crawler or a shared cache may keep a sitemap (the /api's own replies: five minutes). */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * Pages only a signed-in learner has (src/page-paths.ts `learnerOnly`; a test keeps the two
 * in step) and the services' prefixes, none of which a search engine should crawl.
 */
export const ROBOTS_DISALLOWED = [
  '/api/',
  '/auth/',
  '/functions/',
  '/storage/',
  '/realtime/',
  '/rest/',
  '/editContent/',
  '/flashcards',
  '/chat',
  '/account',
  '/notifications',
  '/admin',
  '/record',
];

/** A child sitemap's path: the home and country pages, or page N (from 1) of entries or comparisons. */
const CHILD_PATH = /^\/sitemap\/(?:(pages)|(entries|compare)-([1-9][0-9]{0,5}))\.xml$/;

type Child = { kind: 'pages' } | { kind: 'entries' | 'compare'; page: number };

/** Text for an XML element or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
}

/** An absolute URL on the site; siteUrl without its trailing slash. */
const absolute = (siteUrl: string, path: string) => `${siteUrl.replace(/\/+$/, '')}${path}`;

function xmlResponse(request: Request, body: string): Response {
  return new Response(request.method === 'HEAD' ? null : body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' },
  });
}

function plainResponse(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
}

const notFound = () => plainResponse(404, 'Not found\n');

/** The /api did not answer as it should: a crawler is told to come back, never handed a partial list. */
class ApiUnavailable extends Error {}

async function readGuest<T extends z.ZodType>(api: GuestApi, path: string, schema: T): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await api(path);
  } catch (error) {
    throw new ApiUnavailable(`GET ${path} failed: ${String(error)}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ApiUnavailable(`GET ${path} answered ${response.status}`);
  }
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiUnavailable(`GET ${path} answered an unexpected shape`);
  return parsed.data;
}

/** One `<url>` or `<sitemap>` element. */
const item = (tag: 'url' | 'sitemap', loc: string, lastmod: string | undefined) =>
  `<${tag}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</${tag}>`;

const document = (root: 'urlset' | 'sitemapindex', items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${SITEMAP_NS}">\n${items.join('\n')}${items.length ? '\n' : ''}</${root}>\n`;

/** The latest of some W3C datetimes (ISO strings in UTC compare as text). */
const latest = (times: string[]) => times.reduce<string | undefined>((max, time) => (max === undefined || time > max ? time : max), undefined);

function sitemapIndex(siteUrl: string, summary: SitemapSummaryReply['data']): string {
  const pagesLastmod = latest([...summary.entryPages.map((page) => page.lastmod), ...summary.countries.map((country) => country.lastmod)]);
  return document('sitemapindex', [
    item('sitemap', absolute(siteUrl, '/sitemap/pages.xml'), pagesLastmod),
    ...summary.entryPages.map((page) => item('sitemap', absolute(siteUrl, `/sitemap/entries-${page.page}.xml`), page.lastmod)),
    ...summary.groupPages.map((page) => item('sitemap', absolute(siteUrl, `/sitemap/compare-${page.page}.xml`), page.lastmod)),
  ]);
}

/** The home page (as fresh as the newest shown entry) and each country with a shown entry. */
function pagesSitemap(siteUrl: string, summary: SitemapSummaryReply['data']): string {
  const home = latest([...summary.entryPages.map((page) => page.lastmod), ...summary.countries.map((country) => country.lastmod)]);
  return document('urlset', [
    item('url', absolute(siteUrl, '/'), home),
    ...summary.countries.map((country) => item('url', absolute(siteUrl, `/country/${country.code}`), country.lastmod)),
  ]);
}

/** The child sitemap a path names; null when it names none (a 404). */
function childOf(path: string): Child | null {
  const match = CHILD_PATH.exec(path);
  if (!match) return null;
  if (match[1]) return { kind: 'pages' };
  return { kind: match[2] as 'entries' | 'compare', page: Number(match[3]) };
}

/** A child sitemap's XML; null when it is past the last page (a 404). */
async function childSitemap(api: GuestApi, siteUrl: string, child: Child): Promise<string | null> {
  if (child.kind === 'pages') return pagesSitemap(siteUrl, (await readGuest(api, '/sitemap/summary', sitemapSummaryReply)).data);
  if (child.kind === 'entries') {
    const { data } = await readGuest(api, `/sitemap/entries?page=${child.page}`, sitemapEntriesReply);
    return data.length ? document('urlset', data.map((entry) => item('url', absolute(siteUrl, `/content/${entry._id}`), entry.updatedAt))) : null;
  }
  const { data } = await readGuest(api, `/sitemap/groups?page=${child.page}`, sitemapGroupsReply);
  return data.length ? document('urlset', data.map((group) => item('url', absolute(siteUrl, `/compare/${group.groupId}`), group.updatedAt))) : null;
}

/**
 * `/sitemap.xml` and `/sitemap/…` (any other path under it is a 404); null for a path that is
 * not the sitemap's. GET and HEAD only. An /api that fails or answers oddly is a 503 with
 * Retry-After: a crawler must not take a half-read list for the whole site.
 */
export async function sitemapResponse(request: Request, api: GuestApi, siteUrl: string): Promise<Response | null> {
  const path = new URL(request.url).pathname;
  if (path !== '/sitemap.xml' && !path.startsWith('/sitemap/')) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return plainResponse(405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
  try {
    if (path === '/sitemap.xml') return xmlResponse(request, sitemapIndex(siteUrl, (await readGuest(api, '/sitemap/summary', sitemapSummaryReply)).data));
    const child = childOf(path);
    const xml = child && (await childSitemap(api, siteUrl, child));
    return xml ? xmlResponse(request, xml) : notFound();
  } catch (error) {
    if (!(error instanceof ApiUnavailable)) throw error;
    console.error('sitemap:', error.message);
    return plainResponse(503, 'The sitemap is unavailable for a moment.\n', { 'Retry-After': '60' });
  }
}

/** `/robots.txt`: everything public may be crawled; learner-only pages and the services may not; where the sitemap is. */
export function robotsResponse(siteUrl: string): Response {
  const lines = ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absolute(siteUrl, '/sitemap.xml')}`, ''];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
