import type { CountryUsage, UsageKind } from '@/lib/api-types';

/** The four marks, in the order the control, the legend and the table show them. */
export const USAGE_KINDS: readonly UsageKind[] = ['used', 'understood', 'unknown', 'offensive'];

/**
 * What a country is shaded as: offensive where the entry counts as rude there (rudeIn, the
 * database's rule, so the map agrees with the badge), otherwise the most frequent mark (a
 * tie goes to the more widely known: used, then understood); null when nobody marked it.
 */
export function landsAs(tally: CountryUsage | undefined, rude: boolean): UsageKind | null {
  if (rude) return 'offensive';
  if (!tally) return null;
  let best: UsageKind | null = null;
  for (const kind of ['used', 'understood', 'unknown', 'offensive'] as const) {
    if (tally[kind] > 0 && (best === null || tally[kind] > tally[best])) best = kind;
  }
  return best;
}

/** All the marks from locals of that country. */
export const localCount = (tally: CountryUsage) => USAGE_KINDS.reduce((sum, kind) => sum + tally.locals[kind], 0);
