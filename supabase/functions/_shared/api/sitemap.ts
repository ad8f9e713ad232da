import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { SITEMAP_PAGE_SIZE, type SitemapEntriesReply, type SitemapGroupsReply, type SitemapSummaryReply } from '../contract/sitemap.ts';
import type { ApiEnv } from './context.ts';
import { countParam, parseQuery } from './validate.ts';

// Shapes only: what a sitemap may list (shown entries, whoever asks) lives in the SQL
// functions sitemap_entries, sitemap_entry_pages, sitemap_countries, sitemap_groups and
// sitemap_group_pages.

/** A page number from 1; past the last page is an empty page, not an error. 100,000 pages is a billion URLs. */
const pageQuery = z.object({ page: countParam(100_000, 1) });

/**
 * The same reply for every caller (the SQL lists a guest's view whoever asks), so a shared
 * cache may keep it: crawlers re-reading the sitemap cost one query per five minutes.
 */
function cacheable(c: Context<ApiEnv>): void {
  c.header('Cache-Control', 'public, max-age=300');
}

const iso = (time: Date) => time.toISOString();

export const sitemap = new Hono<ApiEnv>()
  .get('/summary', async (c) => {
    const data = await c.get('run')(async (tx): Promise<SitemapSummaryReply['data']> => {
      type PageRow = { page: number; urls: number; lastmod: Date };
      const entryPages = await tx<PageRow[]>`select page, urls, lastmod from public.sitemap_entry_pages(${SITEMAP_PAGE_SIZE}::integer)`;
      const groupPages = await tx<PageRow[]>`select page, urls, lastmod from public.sitemap_group_pages(${SITEMAP_PAGE_SIZE}::integer)`;
      const countries = await tx<{ code: string; lastmod: Date }[]>`select code, lastmod from public.sitemap_countries()`;
      const page = (row: PageRow) => ({ page: row.page, urls: row.urls, lastmod: iso(row.lastmod) });
      return {
        pageSize: SITEMAP_PAGE_SIZE,
        entryPages: entryPages.map(page),
        groupPages: groupPages.map(page),
        countries: countries.map((row) => ({ code: row.code, lastmod: iso(row.lastmod) })),
      };
    });
    cacheable(c);
    return c.json({ data } satisfies SitemapSummaryReply);
  })
  .get('/entries', async (c) => {
    const { page } = parseQuery(c, pageQuery);
    const rows = await c.get('run')(
      (tx) => tx<{ id: string; updated_at: Date }[]>`select id, updated_at from public.sitemap_entries(${page}::integer, ${SITEMAP_PAGE_SIZE}::integer)`,
    );
    cacheable(c);
    return c.json({ data: rows.map((row) => ({ _id: row.id, updatedAt: iso(row.updated_at) })) } satisfies SitemapEntriesReply);
  })
  .get('/groups', async (c) => {
    const { page } = parseQuery(c, pageQuery);
    const rows = await c.get('run')(
      (tx) => tx<{ group_id: string; updated_at: Date }[]>`select group_id, updated_at from public.sitemap_groups(${page}::integer, ${SITEMAP_PAGE_SIZE}::integer)`,
    );
    cacheable(c);
    return c.json({ data: rows.map((row) => ({ groupId: row.group_id, updatedAt: iso(row.updated_at) })) } satisfies SitemapGroupsReply);
  });
