import { z } from 'zod';
import { countryCode, id, success } from './common.ts';

/** How a word lands in a country, as one learner marks it. */
export const usageKind = z.enum(['used', 'understood', 'unknown', 'offensive']);
export type UsageKind = z.infer<typeof usageKind>;

export const usageCounts = z.strictObject({ used: z.number().int(), understood: z.number().int(), unknown: z.number().int(), offensive: z.number().int() });
export type UsageCounts = z.infer<typeof usageCounts>;

/** One country's tallies; `locals` counts the marks of learners whose home country it is. */
export const countryUsage = usageCounts.extend({ locals: usageCounts });
export type CountryUsage = z.infer<typeof countryUsage>;

/** An entry's tallies by country code ("MX"): marked countries only. */
export const entryUsage = z.record(countryCode, countryUsage);
export type EntryUsage = z.infer<typeof entryUsage>;

/** The caller's own marks by country code. */
export const myUsage = z.record(countryCode, usageKind);
export type MyUsage = z.infer<typeof myUsage>;

/** An entry's tallies after a mark: every learner's (the entry:<id> `usage` broadcast, and setUsage's reply). */
export const usageTallies = z.strictObject({
  contentId: id,
  usage: entryUsage,
  /** Countries where learners mark it offensive (the "rude in" badge). */
  rudeIn: z.array(countryCode),
});

/** PUT /api/content/setUsage: the tallies with the caller's own marks. */
export const usageReply = usageTallies.extend({ success, myUsage });
export type UsageReply = z.infer<typeof usageReply>;
