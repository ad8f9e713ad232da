import { z } from 'zod';
import { countryCode, id, time } from './common.ts';

/** The most URLs one child sitemap lists (and so the size of a page of /api/sitemap/entries or /groups). */
export const SITEMAP_PAGE_SIZE = 10_000;

/** One page of a paged list, as the summary names it: its number (from 1), how many it holds, their latest change. */
export const sitemapPage = z.strictObject({ page: z.number().int().min(1), urls: z.number().int().min(1), lastmod: time });
export type SitemapPage = z.infer<typeof sitemapPage>;

/** A country with at least one shown entry, and when its latest shown entry changed. */
export const sitemapCountry = z.strictObject({ code: countryCode, lastmod: time });
export type SitemapCountry = z.infer<typeof sitemapCountry>;

/** GET /api/sitemap/summary — what a guest may see, in pages of SITEMAP_PAGE_SIZE. */
export const sitemapSummaryReply = z.strictObject({
  data: z.strictObject({
    pageSize: z.literal(SITEMAP_PAGE_SIZE),
    entryPages: z.array(sitemapPage),
    groupPages: z.array(sitemapPage),
    countries: z.array(sitemapCountry),
  }),
});
export type SitemapSummaryReply = z.infer<typeof sitemapSummaryReply>;

/** GET /api/sitemap/entries?page= — shown entries by id; empty past the last page. */
export const sitemapEntriesReply = z.strictObject({ data: z.array(z.strictObject({ _id: id, updatedAt: time })) });
export type SitemapEntriesReply = z.infer<typeof sitemapEntriesReply>;

/** GET /api/sitemap/groups?page= — concept groups with a shown member, by id; empty past the last page. */
export const sitemapGroupsReply = z.strictObject({ data: z.array(z.strictObject({ groupId: id, updatedAt: time })) });
export type SitemapGroupsReply = z.infer<typeof sitemapGroupsReply>;
