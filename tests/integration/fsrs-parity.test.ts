import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyCard, fsrs, type Card, type Grade } from 'ts-fsrs';
import postgres from 'postgres';
import { adminSql, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// The reference check for the SQL scheduler: random review histories replayed through
// ts-fsrs 5.4.2 (`fsrs()` with its defaults and no fuzz, what the migration promises to equal)
// and through private.review_flashcard_at on real rows, the code path review_flashcard uses.
// After every review both must agree on the whole card; the four-button preview and the
// predicted recall of the due list are checked against repeat() and get_retrievability().
// The two sides never resync: a drift anywhere would carry into every later review.

const HISTORIES = Number(process.env.FSRS_PARITY_HISTORIES ?? 1000);
const SEED = Number(process.env.FSRS_PARITY_SEED ?? 20260401);
const WORKERS = 6;
const TOLERANCE = 1e-6;
const DAY = 86_400_000;
const MINUTE = 60_000;

/** mulberry32: small, seedable, so a failing history can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Gap = 'second' | 'minutes' | 'hours' | 'midnight' | 'days' | 'months' | 'years' | 'due';

interface Step {
  rating: Grade;
  /** How long after the previous review this one comes; resolved against the card in replay(). */
  gap: Gap;
  /** A uniform number in [0, 1) that sizes the gap. */
  amount: number;
  /** Also read the card's due-list JSON (preview, recall) just before this review. */
  preview: boolean;
}

interface History {
  seed: number;
  start: Date;
  steps: Step[];
}

const STATES = ['new', 'learning', 'review', 'relearning'];
const GAPS: readonly Gap[] = ['second', 'minutes', 'hours', 'midnight', 'days', 'months', 'years', 'due', 'due'];

/**
 * Review times that exercise each rule: same minute (elapsed 0, short-term stability), the
 * learning steps' minutes, hours on the same day, around UTC midnight (calendar-day elapsed
 * time), at, before and after the due time, and gaps of months and years. Ratings lean per
 * history (some mostly Again, some mostly Easy) so lapses and long intervals both occur.
 */
function makeHistory(seed: number): History {
  const random = prng(seed);
  const start = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 3 * 365 * DAY));
  const bias = ['uniform', 'again', 'easy', 'good'][Math.floor(random() * 4)];
  const rating = (): Grade => {
    const roll = random();
    if (bias === 'again' && roll < 0.5) return 1;
    if (bias === 'easy' && roll < 0.6) return 4;
    if (bias === 'good' && roll < 0.6) return 3;
    return (1 + Math.floor(random() * 4)) as Grade;
  };
  const length = 1 + Math.floor(random() * 30);
  const steps = Array.from({ length }, () => ({
    rating: rating(),
    gap: GAPS[Math.floor(random() * GAPS.length)],
    amount: random(),
    preview: random() < 0.15,
  }));
  return { seed, start, steps };
}

/** When the next review happens, from the previous one and the card as ts-fsrs has it. */
function nextTime(previous: number, card: Card, step: Step): number {
  const a = step.amount;
  switch (step.gap) {
    case 'second':
      return previous + Math.floor(a * 60_000);
    case 'minutes':
      return previous + Math.floor(a * 30 * MINUTE);
    case 'hours':
      return previous + Math.floor(a * 12 * 60 * MINUTE);
    case 'midnight': {
      // Within ten minutes either side of the next UTC midnight.
      const midnight = Math.ceil((previous + 1) / DAY) * DAY;
      return Math.max(previous, midnight + Math.floor((a - 0.5) * 20 * MINUTE));
    }
    case 'days':
      return previous + Math.floor(a * 30 * DAY);
    case 'months':
      return previous + Math.floor(30 * DAY + a * 330 * DAY);
    case 'years':
      return previous + Math.floor(365 * DAY + a * 9 * 365 * DAY);
    case 'due':
      // A third exactly at the due time, the rest up to a day early or late (never before the last review).
      return Math.max(previous, card.due.getTime() + (a < 1 / 3 ? 0 : Math.floor((a * 1.5 - 1) * 2 * DAY)));
  }
}

interface Figures {
  histories: number;
  steps: number;
  previews: number;
  maxStabilityDelta: number;
  maxDifficultyDelta: number;
  maxRetrievabilityDelta: number;
}

interface SqlCard {
  _id: string;
  due: string;
  state: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: string | null;
}

interface SqlDueCard extends SqlCard {
  retrievability: number | null;
  preview: Record<'again' | 'hard' | 'good' | 'easy', { due: string; scheduledDays: number }>;
}

const scheduler = fsrs({ enable_fuzz: false });
let learner: TestUser;
let entryIds: string[] = [];
let cardIds: string[] = [];
/** One connection per worker, so the histories replay side by side. */
let replaySql: postgres.Sql;

beforeAll(async () => {
  const sql = adminSql();
  replaySql = postgres(stack().dbUrl, { max: WORKERS, onnotice: () => {} });
  learner = await createUser({ name: 'FSRS Parity' });
  // Hidden entries: only this learner's cards point at them; nobody's lists show them.
  entryIds = (
    await sql<{ id: string }[]>`
      insert into public.entries (title, description, country, author, owner, show)
      select 'paridad ' || i, 'FSRS parity card ' || i, 'MX', 'fsrs parity', ${learner.id}, false
        from generate_series(1, ${WORKERS}) as i
      returning id`
  ).map((row) => row.id);
  cardIds = (
    await sql<{ id: string }[]>`
      insert into public.flashcards (user_id, entry_id)
      select ${learner.id}, unnest(${entryIds}::uuid[])
      returning id`
  ).map((row) => row.id);
});

afterAll(async () => {
  const sql = adminSql();
  await sql`delete from public.entries where id = any(${entryIds}::uuid[])`;
  await sql`delete from auth.users where id = ${learner.id}`;
  await closeAdminSql();
  await replaySql.end();
});

const iso = (date: Date) => date.toISOString();
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * One history on one card row, in one round trip: the card is reset to New
 * at the history's start, then each review (and each preview read) is a statement of its own,
 * run in order by the server.
 */
async function replay(history: History, card: string, figures: Figures): Promise<void> {
  const sql = replaySql;
  let reference: Card = createEmptyCard(history.start);
  const statements = [
    `update public.flashcards set state = 0, learning_steps = 0, stability = 0, difficulty = 0, scheduled_days = 0,
            reps = 0, lapses = 0, last_review = null, due = ${quote(iso(history.start))}, created_at = ${quote(iso(history.start))}
      where id = ${quote(card)}`,
  ];
  type Timed = Step & { at: Date };
  const expected: Array<{ kind: 'review'; card: Card; step: Timed } | { kind: 'preview'; before: Card; step: Timed }> = [];
  let previous = history.start.getTime();
  history.steps.forEach((plan, i) => {
    const at = i === 0 ? history.start : new Date(nextTime(previous, reference, plan));
    previous = at.getTime();
    const step = { ...plan, at };
    if (step.preview) {
      statements.push(
        `select private.due_flashcard_json(f, e, ${quote(iso(at))}) as card
           from public.flashcards f join public.entries e on e.id = f.entry_id where f.id = ${quote(card)}`,
      );
      expected.push({ kind: 'preview', before: reference, step });
    }
    statements.push(`select private.review_flashcard_at(${quote(card)}, ${step.rating}::smallint, ${quote(iso(at))}) as card`);
    reference = scheduler.next(reference, at, step.rating).card;
    expected.push({ kind: 'review', card: reference, step });
  });
  const results = (await sql.unsafe(statements.join(';\n'))) as unknown as Array<Array<{ card: SqlCard | SqlDueCard }>>;
  const replies = results.slice(1);
  expect(replies).toHaveLength(expected.length);

  expected.forEach((want, index) => {
    const where = `history seed ${history.seed}, statement ${index + 1} (${want.kind} at ${iso(want.step.at)}, rating ${want.step.rating})`;
    const got = replies[index][0].card;
    if (want.kind === 'review') {
      figures.steps += 1;
      const card = want.card;
      expect({
        state: got.state,
        learningSteps: got.learningSteps,
        reps: got.reps,
        lapses: got.lapses,
        scheduledDays: got.scheduledDays,
        due: new Date(got.due).getTime(),
        lastReview: got.lastReview ? new Date(got.lastReview).getTime() : null,
      }, where).toEqual({
        state: STATES[card.state],
        learningSteps: card.learning_steps,
        reps: card.reps,
        lapses: card.lapses,
        scheduledDays: card.scheduled_days,
        due: card.due.getTime(),
        lastReview: card.last_review ? card.last_review.getTime() : null,
      });
      const ds = Math.abs(got.stability - card.stability);
      const dd = Math.abs(got.difficulty - card.difficulty);
      figures.maxStabilityDelta = Math.max(figures.maxStabilityDelta, ds);
      figures.maxDifficultyDelta = Math.max(figures.maxDifficultyDelta, dd);
      expect(ds, `${where}: stability ${got.stability} vs ${card.stability}`).toBeLessThanOrEqual(TOLERANCE);
      expect(dd, `${where}: difficulty ${got.difficulty} vs ${card.difficulty}`).toBeLessThanOrEqual(TOLERANCE);
    } else {
      figures.previews += 1;
      const due = got as SqlDueCard;
      const options = scheduler.repeat(want.before, want.step.at);
      const buttons = ['again', 'hard', 'good', 'easy'] as const;
      expect(
        buttons.map((button) => ({ button, due: new Date(due.preview[button].due).getTime(), scheduledDays: due.preview[button].scheduledDays })),
        where,
      ).toEqual(
        buttons.map((button, k) => {
          const next = options[(k + 1) as Grade].card;
          return { button, due: next.due.getTime(), scheduledDays: next.scheduled_days };
        }),
      );
      if (want.before.state === 0) {
        expect(due.retrievability, `${where}: a New card has no recall prediction`).toBeNull();
      } else {
        const r = scheduler.get_retrievability(want.before, want.step.at, false);
        const dr = Math.abs((due.retrievability ?? Number.NaN) - r);
        figures.maxRetrievabilityDelta = Math.max(figures.maxRetrievabilityDelta, dr);
        expect(dr, `${where}: retrievability ${due.retrievability} vs ${r}`).toBeLessThanOrEqual(TOLERANCE);
      }
    }
  });
  figures.histories += 1;
}

describe('FSRS in SQL against ts-fsrs 5.4.2', () => {
  it(`replays ${HISTORIES} random review histories (seed ${SEED}) with identical results`, async () => {
    const figures: Figures = { histories: 0, steps: 0, previews: 0, maxStabilityDelta: 0, maxDifficultyDelta: 0, maxRetrievabilityDelta: 0 };
    const histories = Array.from({ length: HISTORIES }, (_, i) => makeHistory(SEED + i));
    const started = performance.now();
    // One card row per worker, its histories one after another.
    await Promise.all(
      cardIds.map(async (card, worker) => {
        for (let i = worker; i < histories.length; i += WORKERS) await replay(histories[i], card, figures);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fsrs parity: ${figures.histories} histories, ${figures.steps} reviews, ${figures.previews} previews in ${seconds.toFixed(1)} s; ` +
        `max |Δ| stability ${figures.maxStabilityDelta}, difficulty ${figures.maxDifficultyDelta}, retrievability ${figures.maxRetrievabilityDelta}`,
    );
    expect(figures.histories).toBe(HISTORIES);
    // The generator must reach every state and both kinds of preview, or the check is thin.
    const reached = await adminSql()<{ state_before: number; rating: number; n: number }[]>`
      select state_before, rating, count(*)::int as n from public.reviews where user_id = ${learner.id} group by 1, 2`;
    expect(reached.reduce((sum, row) => sum + row.n, 0)).toBe(figures.steps);
    for (const state of [0, 1, 2, 3]) {
      for (const rating of [1, 2, 3, 4]) {
        expect(reached.some((row) => row.state_before === state && row.rating === rating), `a review rated ${rating} from state ${state}`).toBe(true);
      }
    }
  }, 120_000);
});
