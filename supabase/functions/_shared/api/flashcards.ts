import { Hono, type Context } from 'hono';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { flashcardKind, type BrowsedFlashcard, type DailyProgress, type DueFlashcard, type Flashcard, type FlashcardKind, type RatingPreviews } from '../contract/flashcards.ts';
import { MAX_REVIEW_DURATION_MS } from '../contract/limits.ts';
import type { StreakUpdate } from '../contract/streaks.ts';
import { ApiError } from '../errors.ts';
import { ownUserParam, requireOwnId, type ApiEnv } from './context.ts';
import { palabrotasFlashcard, previewIntervalsOf } from './palabrotas-shapes.ts';
import { countParam, cursorParam, encodeCursor, idParam, pageOf, parseBody, parseQuery, timeIdCursor, uuid } from './validate.ts';

// Shapes only: who owns a card, duplicates and the FSRS scheduling live in the SQL
// functions add_flashcard/flashcards_of_user/due_flashcards/review_flashcard.
const addFlashcardBody = z.object({
  contentId: uuid,
  // The spec's clients send their own id; the card is always the token's user's.
  userId: uuid.optional(),
  // Absent (the spec's clients): today's basic card.
  kind: z.enum(flashcardKind.options, { error: 'flashcard_kind_invalid' }).optional(),
});

const variantDrillBody = z.object({
  contentId: uuid,
  userId: uuid.optional(),
});

/** The spec's four qualities, FSRS's ratings 1 to 4; by name (any case) or number. */
const QUALITIES = ['again', 'hard', 'good', 'easy'] as const;
const quality = z.union(
  [
    z.string().transform((name, ctx) => {
      const rating = QUALITIES.indexOf(name.trim().toLowerCase() as (typeof QUALITIES)[number]) + 1;
      if (rating === 0) ctx.addIssue({ code: 'custom', message: 'review_quality_invalid' });
      return rating;
    }),
    z.number().int().min(1).max(4),
  ],
  { error: 'review_quality_invalid' },
);
const reviewBody = z.object({
  quality,
  // A review made offline travels with its own id (the same id again changes nothing), the
  // time it was made and how long the card was shown; the window for reviewedAt is SQL's.
  reviewId: z.string({ error: 'review_id_invalid' }).uuid('review_id_invalid').optional(),
  reviewedAt: z.iso.datetime({ offset: true, error: 'review_time_invalid' }).optional(),
  durationMs: z.number({ error: 'review_duration_invalid' }).int('review_duration_invalid').min(0, 'review_duration_invalid').max(MAX_REVIEW_DURATION_MS, 'review_duration_invalid').optional(),
});

/** A review session works through the due cards a page at a time. */
const dueQuery = z.object({
  limit: countParam(200, 100),
  /** `1`: the next local day's session too (`nextDay`), kept by the service worker for offline. */
  ahead: z.enum(['0', '1'], { error: 'invalid_input' }).optional(),
});

/** public.due_flashcards (and _ahead, with `nextDay`). */
interface DueList {
  cards: DueFlashcard[];
  total: number;
  /** Of `total`, the cards in a learning step (20261208000500). */
  learning: number;
  today: DailyProgress;
  nextDay?: { from: string; cards: DueFlashcard[]; spare: DueFlashcard[] };
}

/** The card browser's filters (all optional) and its keyset page. */
const browseQuery = z.object({
  q: z.string().trim().max(200, 'search_too_long').optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'unknown_country')
    .optional(),
  tag: z.string().trim().min(1, 'invalid_input').max(20, 'invalid_input').optional(),
  state: z.enum(['new', 'learning', 'review', 'relearning', 'suspended'], { error: 'invalid_input' }).optional(),
  kind: z.enum(flashcardKind.options, { error: 'flashcard_kind_invalid' }).optional(),
  limit: countParam(100, 50),
  cursor: cursorParam(timeIdCursor),
});

const suspendBody = z.object({ suspended: z.boolean({ error: 'invalid_input' }) });

/** One rating in the log, as the FSRS optimizer reads it (state before the rating). */
interface LoggedReview {
  cardId: string | null;
  reviewTime: number;
  rating: number;
  state: number;
  durationMs?: number;
}

/**
 * Spreadsheet programs run a cell that starts with one of these as a formula; entries are
 * other people's text, so such a cell is exported with a leading apostrophe.
 */
const formulaStart = /^[=+\-@\t\r]/;
const neutralized = (value: unknown) => (typeof value === 'string' && formulaStart.test(value) ? `'${value}` : value);

function csvDownload(c: Context, filename: string, rows: unknown[][], columns: string[], { bom }: { bom: boolean }) {
  const text = stringify(rows, { header: true, columns, cast: { string: (value) => String(neutralized(value)) } });
  return c.body((bom ? '\uFEFF' : '') + text, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
}

export const flashcards = new Hono<ApiEnv>()
  .post('/addFlashcard', async (c) => {
    const body = await parseBody(c, addFlashcardBody);
    requireOwnId(c.get('caller'), body.userId, 'userId');
    const data = await c.get('run')(
      async (tx) => (await tx<{ card: Flashcard }[]>`select public.add_flashcard(${body.contentId}, ${body.kind ?? 'basic'}) as card`)[0].card,
    );
    return c.json({ success: true, message: 'Added to flashcards successfully!', data }, 201);
  })
  .post('/addVariantDrill', async (c) => {
    const body = await parseBody(c, variantDrillBody);
    requireOwnId(c.get('caller'), body.userId, 'userId');
    // A variant card of every shown form of the entry's group the learner lacks (the entry's own included).
    const drill = await c.get('run')(
      async (tx) => (await tx<{ drill: { added: number; cards: Flashcard[] } }[]>`select public.add_variant_drill(${body.contentId}) as drill`)[0].drill,
    );
    return c.json({ success: true, added: drill.added, data: drill.cards }, drill.added > 0 ? 201 : 200);
  })
  .get('/getFlashcardKinds/:contentId', async (c) => {
    const id = idParam(c, 'contentId', 'entry_not_found');
    // The kinds of the caller's cards of one entry: what "Add to flashcards" shows as added.
    const data = await c.get('run')(async (tx) => (await tx<{ kinds: FlashcardKind[] }[]>`select public.flashcard_kinds(${id}) as kinds`)[0].kinds);
    return c.json({ success: true, data });
  })
  .get('/getFlashcards/:userId', async (c) => {
    ownUserParam(c);
    const data = await c.get('run')(async (tx) => (await tx<{ cards: Flashcard[] }[]>`select public.flashcards_of_user() as cards`)[0].cards);
    // palabrotas' reply: the cards themselves as a bare array, each in its fields too.
    return c.json(data.map(palabrotasFlashcard));
  })
  .get('/getDueFlashcards/:userId', async (c) => {
    ownUserParam(c);
    const { limit, ahead } = parseQuery(c, dueQuery);
    const withNextDay = ahead === '1' && c.req.query('limit') !== undefined;
    const due = await c.get('run')(async (tx) =>
      withNextDay
        ? (await tx<{ due: DueList }[]>`select public.due_flashcards_ahead(${limit}::integer) as due`)[0].due
        : (await tx<{ due: DueList }[]>`select public.due_flashcards(${limit}::integer) as due`)[0].due,
    );
    // Without `limit`, palabrotas' reply: the session's first 100 cards as a bare array, each
    // with its `previewIntervals`. With it (the app): `data`, the first `limit` cards,
    // oldest due first; `total` counts today's whole session; `today` where the learner stands.
    if (c.req.query('limit') === undefined) return c.json(due.cards.map(palabrotasFlashcard));
    // With `ahead=1` too, `nextDay`: when the learner's next local day starts and the cards of
    // its session (due before its end, within a whole day's limits), each with its `due`, and
    // `spare`, the New and Review cards that come next in it (as many as today may still take).
    return c.json({ success: true, data: due.cards, total: due.total, learning: due.learning, today: due.today, ...(due.nextDay ? { nextDay: due.nextDay } : {}) });
  })
  .put('/updateFlashcardReview/:flashcardId', async (c) => {
    const id = idParam(c, 'flashcardId', 'flashcard_not_found');
    const body = await parseBody(c, reviewBody);
    const rated = await c.get('run')(
      async (tx) =>
        (
          await tx<{ rated: { card: Flashcard; streak: StreakUpdate; duplicate: boolean; preview: RatingPreviews | null } }[]>`
            select public.rate_flashcard_previewed(${id}, ${body.quality}::smallint, ${body.reviewId ?? null}::uuid,
                                                   ${body.reviewedAt ?? null}::timestamptz, ${body.durationMs ?? null}::integer) as rated`
        )[0].rated,
    );
    // palabrotas' reply is the card itself with its `previewIntervals` (what each button would
    // schedule now): those fields at the top. Beside them, the app's: `data` (the card as the
    // /api shapes it), the streak day the rating counted (one round trip per rating), and
    // whether this reviewId had been taken already (then nothing changed).
    return c.json({
      ...palabrotasFlashcard(rated.card),
      previewIntervals: previewIntervalsOf(rated.preview) ?? undefined,
      success: true,
      data: rated.card,
      streak: rated.streak,
      duplicate: rated.duplicate,
    });
  })
  .get('/browse/:userId', async (c) => {
    ownUserParam(c);
    const query = parseQuery(c, browseQuery);
    const cards = await c.get('run')(async (tx) => {
      const rows = await tx<{ card: BrowsedFlashcard }[]>`
        select browse_flashcards as card from public.browse_flashcards(
          q => ${query.q || null}::text, country => ${query.country ?? null}::text, tag => ${query.tag ?? null}::text,
          state => ${query.state ?? null}::text, page_size => ${query.limit + 1}::integer,
          after_created_at => ${query.cursor?.[0] ?? null}::timestamptz, after_id => ${query.cursor?.[1] ?? null}::uuid,
          kind => ${query.kind ?? null}::text)`;
      return rows.map((row) => row.card);
    });
    const { items, nextCursor } = pageOf(cards, query.limit, (last) => encodeCursor([last.createdAt, last._id]));
    return c.json({ success: true, data: items, nextCursor });
  })
  .put('/suspend/:flashcardId', async (c) => {
    const id = idParam(c, 'flashcardId', 'flashcard_not_found');
    const body = await parseBody(c, suspendBody);
    const data = await c.get('run')(
      async (tx) => (await tx<{ card: BrowsedFlashcard }[]>`select public.suspend_flashcard(${id}, ${body.suspended}) as card`)[0].card,
    );
    return c.json({ success: true, data });
  })
  .put('/reset/:flashcardId', async (c) => {
    const id = idParam(c, 'flashcardId', 'flashcard_not_found');
    const data = await c.get('run')(async (tx) => (await tx<{ card: BrowsedFlashcard }[]>`select public.reset_flashcard(${id}) as card`)[0].card);
    return c.json({ success: true, data });
  })
  .delete('/removeFlashcard/:flashcardId', async (c) => {
    if (!c.get('caller').userId) throw new ApiError(401, 'login_required');
    const id = idParam(c, 'flashcardId', 'flashcard_not_found');
    // One statement, so no function: RLS lets a learner delete only their own cards.
    const removed = await c.get('run')((tx) => tx`delete from public.flashcards where id = ${id} returning id`);
    if (removed.length === 0) throw new ApiError(404, 'flashcard_not_found');
    return c.json({ success: true, data: { _id: id } });
  })
  .get('/exportFlashcards/:userId', async (c) => {
    ownUserParam(c);
    const cards = await c.get('run')(async (tx) => (await tx<{ cards: Flashcard[] }[]>`select public.flashcards_of_user() as cards`)[0].cards);
    const columns = ['card_id', 'title', 'description', 'example_sentence', 'hint', 'country', 'state', 'due', 'stability',
      'difficulty', 'scheduled_days', 'reps', 'lapses', 'last_review', 'created_at', 'kind'];
    const rows = cards.map((card) => [card._id, card.content.title, card.content.description, card.content.exampleSentence,
      card.content.hint, card.content.country, card.state, card.due, card.stability, card.difficulty, card.scheduledDays,
      card.reps, card.lapses, card.lastReview ?? '', card.createdAt, card.kind]);
    // A byte-order mark, so spreadsheet programs read the accents as UTF-8.
    return csvDownload(c, 'jerga-flashcards.csv', rows, columns, { bom: true });
  })
  .get('/exportReviews/:userId', async (c) => {
    ownUserParam(c);
    const log = await c.get('run')(async (tx) => (await tx<{ log: LoggedReview[] }[]>`select public.export_reviews() as log`)[0].log);
    // The FSRS optimizer's revlog columns; review_duration (ms) is empty where the client did not measure it.
    const rows = log
      .filter((review) => review.cardId !== null)
      .map((review) => [review.cardId, review.reviewTime, review.rating, review.state, review.durationMs ?? '']);
    return csvDownload(c, 'jerga-review-log.csv', rows, ['card_id', 'review_time', 'review_rating', 'review_state', 'review_duration'], { bom: false });
  });
