import type { TutorEntry } from './types.ts';

const contentLink = /\/content\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

/**
 * The entries a reply cites: the `/content/<id>` links in it that point at one of the
 * entries the tutor was given, in the order they first appear. A link the model made up
 * (or copied from the learner) cites nothing.
 */
export function citedEntryIds(reply: string, given: Pick<TutorEntry, '_id'>[]): string[] {
  const known = new Set(given.map((entry) => entry._id.toLowerCase()));
  const cited: string[] = [];
  for (const [, id] of reply.matchAll(contentLink)) {
    const lower = id.toLowerCase();
    if (known.has(lower) && !cited.includes(lower)) cited.push(lower);
  }
  return cited;
}
