import { describe, expect, it, vi } from 'vitest';
import { pagePaths } from '../../../../src/page-paths.ts';
import { escapeXml, robotsResponse, ROBOTS_DISALLOWED, sitemapResponse, type GuestApi } from './sitemap.ts';

// What the sitemap answers before and around its /api reads: which paths are its own, the
// 404s it gives without asking the /api, escaping, and a 503 (never a partial list) when the
// /api fails. What it lists from real data is proved against the stack in
// tests/integration/sitemap.test.ts.

const site = 'https://jerga.example';
const get = (path: string, method = 'GET') => new Request(`http://127.0.0.1${path}`, { method });

/** A GuestApi that must not be called: these paths are answered without the /api. */
const unreachable: GuestApi = (path) => {
  throw new Error(`the /api was asked for ${path}`);
};

/** A GuestApi answering one fixed reply, as a broken or odd /api would. */
const answering =
  (status: number, body: string): GuestApi =>
  async () =>
    new Response(body, { status, headers: { 'Content-Type': 'application/json' } });

/** Robots rules as crawlers apply them here: a path is kept out when a Disallow value starts it. */
const disallowed = (path: string) => ROBOTS_DISALLOWED.some((prefix) => path.startsWith(prefix));

describe('sitemapResponse', () => {
  it('answers null for any path that is not the sitemap’s', async () => {
    for (const path of ['/', '/sitemap', '/sitemap.xml.gz', '/sitemaps/entries-1.xml', '/content/x', '/robots.txt', '/Sitemap.xml']) {
      expect(await sitemapResponse(get(path), unreachable, site), path).toBeNull();
    }
  });

  it('answers 404 for a child it does not name, without asking the /api', async () => {
    for (const path of ['/sitemap/', '/sitemap/nope.xml', '/sitemap/entries-0.xml', '/sitemap/entries-01.xml', '/sitemap/entries-1000000.xml', '/sitemap/entries-1', '/sitemap/compare-x.xml', '/sitemap/pages.xml/']) {
      const response = await sitemapResponse(get(path), unreachable, site);
      expect(response?.status, path).toBe(404);
    }
  });

  it('refuses other methods with 405 and Allow', async () => {
    const response = await sitemapResponse(get('/sitemap.xml', 'POST'), unreachable, site);
    expect(response?.status).toBe(405);
    expect(response?.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 503 with Retry-After, never a partial list, when the /api fails or answers oddly', async () => {
    const broken: GuestApi[] = [
      answering(500, '{"success":false,"code":"internal","message":"x"}'),
      answering(503, '{"success":false,"code":"timeout","message":"x"}'),
      answering(200, 'not json'),
      answering(200, '{"data":[{"_id":"not-a-uuid","updatedAt":"2026-01-01T00:00:00.000Z"}]}'),
      () => Promise.reject(new TypeError('fetch failed')),
    ];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const api of broken) {
        for (const path of ['/sitemap.xml', '/sitemap/entries-1.xml', '/sitemap/pages.xml']) {
          const response = await sitemapResponse(get(path), api, site);
          expect(response?.status, path).toBe(503);
          expect(response?.headers.get('retry-after')).toBe('60');
          expect(response?.headers.get('cache-control')).toBe('no-store');
        }
      }
      // Each failure is told to whoever runs the server, with the /api path that failed.
      expect(logged).toHaveBeenCalledTimes(broken.length * 3);
      expect(logged).toHaveBeenCalledWith('sitemap:', 'GET /sitemap/entries?page=1 answered 500');
    } finally {
      logged.mockRestore();
    }
  });

  it('escapes the site URL in every loc and answers HEAD without a body', async () => {
    const summary = { data: { pageSize: 10000, entryPages: [{ page: 1, urls: 1, lastmod: '2026-11-29T10:00:00.000Z' }], groupPages: [], countries: [] } };
    const api = answering(200, JSON.stringify(summary));
    const response = (await sitemapResponse(get('/sitemap.xml'), api, 'https://x.example/a&b<c>/'))!;
    const xml = await response.text();
    expect(xml).toContain('<loc>https://x.example/a&amp;b&lt;c&gt;/sitemap/entries-1.xml</loc>');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const head = (await sitemapResponse(get('/sitemap.xml', 'HEAD'), api, site))!;
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  it('with nothing shown, still lists the home page (without a lastmod) and no other child', async () => {
    const api = answering(200, JSON.stringify({ data: { pageSize: 10000, entryPages: [], groupPages: [], countries: [] } }));
    const index = await (await sitemapResponse(get('/sitemap.xml'), api, site))!.text();
    expect(index.match(/<sitemap>/g)).toHaveLength(1);
    expect(index).toContain(`<sitemap><loc>${site}/sitemap/pages.xml</loc></sitemap>`);
    const pages = await (await sitemapResponse(get('/sitemap/pages.xml'), api, site))!.text();
    expect(pages).toContain(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>${site}/</loc></url>\n</urlset>`);
  });

  it('answers 404 for a page past the last one (the /api’s empty page)', async () => {
    const response = await sitemapResponse(get('/sitemap/entries-7.xml'), answering(200, '{"data":[]}'), site);
    expect(response?.status).toBe(404);
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials and nothing else', () => {
    expect(escapeXml(`a&b<c>d"e'f ñ/é`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f ñ/é');
  });
});

describe('robotsResponse', () => {
  it('names the sitemap at the site URL', async () => {
    const response = robotsResponse(`${site}/`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text.split('\n')).toContain(`Sitemap: ${site}/sitemap.xml`);
    expect(text.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    for (const path of ROBOTS_DISALLOWED) expect(text.split('\n')).toContain(`Disallow: ${path}`);
  });

  it('keeps out every learner-only page of the app and the services', () => {
    const learnerOnly = pagePaths.filter((page) => page.learnerOnly).map((page) => `/${page.path!.replace(/:[^/]+/g, 'x')}`);
    expect(learnerOnly.length).toBeGreaterThan(5);
    for (const path of [...learnerOnly, '/api/content/getContents', '/auth/v1/token', '/functions/v1/api', '/storage/v1/object/x', '/realtime/v1/websocket']) {
      expect(disallowed(path), path).toBe(true);
    }
  });

  it('lets crawlers reach every public page', () => {
    const publicPages = pagePaths.filter((page) => !page.learnerOnly && page.path !== '*').map((page) => `/${(page.path ?? '').replace(/:[^/]+/g, 'x')}`);
    for (const path of [...publicPages, '/content/6f1c3e5e-0000-4000-8000-000000000001', '/country/MX', '/compare/6f1c3e5e-0000-4000-8000-000000000001', '/sitemap.xml', '/sitemap/entries-1.xml']) {
      expect(disallowed(path), path).toBe(false);
    }
  });
});
