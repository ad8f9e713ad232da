import { Hono } from 'hono';
import type { AnkiExport } from '../anki/collection.ts';
import { ankiPackageStream, readPublicRecording } from '../anki/package.ts';
import { ownUserParam, type ApiEnv } from './context.ts';

/**
 * `GET /api/flashcard/exportAnki/:userId` (issue 35): the learner's cards, schedules, review
 * history and recordings as an Anki package. Who may export and how often is
 * public.anki_export's (the caller's own cards; 20 an hour); this shapes the bytes.
 */
export const ankiExport = new Hono<ApiEnv>().get('/exportAnki/:userId', async (c) => {
  ownUserParam(c);
  const data = await c.get('run')(async (tx) => (await tx<{ data: AnkiExport }[]>`select public.anki_export() as data`)[0].data);
  const now = Date.now();
  const day = new Date(now).toISOString().slice(0, 10);
  return c.body(ankiPackageStream(data, { now, readMedia: readPublicRecording }), 200, {
    'Content-Type': 'application/apkg',
    'Content-Disposition': `attachment; filename="jerga-${day}.apkg"`,
    'Cache-Control': 'no-store',
  });
});
