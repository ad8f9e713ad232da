import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import type { Flashcard } from '../../supabase/functions/_shared/contract/flashcards.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Flashcard kinds through /api/flashcard against the real stack: addFlashcard's `kind`
// (basic when absent, so the spec's clients keep working), one card per entry and kind, the
// 400s in the spec's style, each card's own FSRS state, due cards' kind and prompt (a cloze
// front never shows the word), getFlashcardKinds, and the CSV export's kind column.

// Starts with a letter pgTAP 36's own marks (36) never do, so its searches never find these.
const unique = () => `x${Math.random().toString(36).slice(2, 9)}`;

let learner: TestUser;

async function newEntry(fields: Partial<Entry> = {}): Promise<Entry> {
  const author = await createUser();
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `chévere${unique()}`, description: 'Cool, great.', country: 'VE', author: 'Kinds tests', ...fields },
    token: author.token,
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

const add = (user: TestUser, contentId: string, kind?: unknown) =>
  api('/flashcard/addFlashcard', { body: kind === undefined ? { contentId } : { contentId, kind }, token: user.token });

beforeAll(async () => {
  learner = await createUser();
});

afterAll(closeAdminSql);

describe('POST /api/flashcard/addFlashcard with a kind', () => {
  it('adds a basic card when no kind is sent, and one card of each kind of the same entry', async () => {
    const title = `pana${unique()}`;
    const entry = await newEntry({ title, description: 'A close friend.', exampleSentence: `Ese ${title.toUpperCase()} es buena gente.` });
    const basic = await add(learner, entry._id);
    expect(basic.status).toBe(201);
    expect(basic.body).toMatchObject({ success: true, message: 'Added to flashcards successfully!', data: { kind: 'basic', prompt: title } });
    const reverse = await add(learner, entry._id, 'reverse');
    expect(reverse.status).toBe(201);
    expect(reverse.body.data).toMatchObject({ kind: 'reverse', prompt: 'A close friend. — Venezuela', state: 'new', reps: 0 });
    const cloze = await add(learner, entry._id, 'cloze');
    expect(cloze.status).toBe(201);
    expect(cloze.body.data).toMatchObject({ kind: 'cloze', prompt: 'Ese _____ es buena gente.' });
    expect(new Set([basic.body.data._id, reverse.body.data._id, cloze.body.data._id]).size).toBe(3);

    const kinds = await api<{ data: string[] }>(`/flashcard/getFlashcardKinds/${entry._id}`, { token: learner.token });
    expect(kinds.status).toBe(200);
    expect(kinds.body).toEqual({ success: true, data: ['basic', 'reverse', 'cloze'] });
  });

  it('answers 409 for a second card of the same kind only', async () => {
    const entry = await newEntry();
    expect((await add(learner, entry._id, 'reverse')).status).toBe(201);
    const again = await add(learner, entry._id, 'reverse');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'flashcard_exists', message: 'This entry is already in your flashcards.' });
    expect((await add(learner, entry._id, 'basic')).status).toBe(201);
  });

  it('refuses a cloze card when the example lacks the word, with 400 cloze_needs_example', async () => {
    for (const exampleSentence of ['Nada que ver aquí.', undefined]) {
      const entry = await newEntry(exampleSentence ? { exampleSentence } : {});
      const reply = await add(learner, entry._id, 'cloze');
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({
        success: false,
        code: 'cloze_needs_example',
        message: 'A cloze card needs an example sentence that contains the word.',
        fieldCodes: { kind: 'cloze_needs_example' },
      });
    }
  });

  it('matches the word in the example ignoring case and accents', async () => {
    const stem = unique();
    const entry = await newEntry({ title: `Güey${stem}`, exampleSentence: `¿Qué pasó, GUEY${stem.toUpperCase()}?` });
    const reply = await add(learner, entry._id, 'cloze');
    expect(reply.status).toBe(201);
    expect(reply.body.data.prompt).toBe('¿Qué pasó, _____?');
  });

  it('refuses an unknown kind with 400 flashcard_kind_invalid, never 500, and adds nothing', async () => {
    const entry = await newEntry();
    for (const kind of ['flip', 'BASIC', '', 3, null, ['basic']]) {
      const reply = await add(learner, entry._id, kind);
      expect(reply.status, JSON.stringify(kind)).toBe(400);
      expect(reply.body, JSON.stringify(kind)).toMatchObject({ code: 'flashcard_kind_invalid', fieldCodes: { kind: 'flashcard_kind_invalid' } });
    }
    // A NUL byte is refused before the kind is read, as everywhere.
    const nul = await add(learner, entry._id, 'cloze\u0000');
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe('invalid_text');
    const sql = adminSql();
    expect(await sql`select 1 from public.flashcards where entry_id = ${entry._id}`).toHaveLength(0);
  });

  it('refuses a variant card of an entry in no group with 400 variant_needs_group', async () => {
    const entry = await newEntry();
    const reply = await add(learner, entry._id, 'variant');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'variant_needs_group', fieldCodes: { kind: 'variant_needs_group' } });
  });

  it('asks guests to log in whatever the kind', async () => {
    const entry = await newEntry();
    const guest = await api('/flashcard/addFlashcard', { body: { contentId: entry._id, kind: 'cloze' } });
    expect(guest.status).toBe(401);
    const kinds = await api(`/flashcard/getFlashcardKinds/${entry._id}`);
    expect(kinds.status).toBe(401);
    expect(kinds.body.code).toBe('login_required');
  });
});

describe('GET /api/flashcard/getFlashcardKinds', () => {
  it('shows a learner only their own kinds, and 404s a bad id', async () => {
    const entry = await newEntry();
    await add(learner, entry._id, 'reverse');
    const other = await createUser();
    const theirs = await api(`/flashcard/getFlashcardKinds/${entry._id}`, { token: other.token });
    expect(theirs.body).toEqual({ success: true, data: [] });
    const bad = await api('/flashcard/getFlashcardKinds/not-an-id', { token: learner.token });
    expect(bad.status).toBe(404);
    expect(bad.body.code).toBe('entry_not_found');
  });
});

describe('due cards of several kinds', () => {
  it('carry kind and prompt, keep their own FSRS state, and a cloze front never shows the word', async () => {
    const reviewer = await createUser();
    const title = `Chamba${unique()}`;
    const entry = await newEntry({ title, description: 'Work, a job.', country: 'MX', exampleSentence: `Tengo mucha ${title.toLowerCase()} hoy.` });
    const cards: Record<string, Flashcard> = {};
    for (const kind of ['basic', 'reverse', 'cloze'] as const) cards[kind] = (await add(reviewer, entry._id, kind)).body.data as Flashcard;

    const due = await api<{ data: (Flashcard & { preview: unknown })[]; total: number }>(`/flashcard/getDueFlashcards/${reviewer.id}?limit=100`, { token: reviewer.token });
    expect(due.status).toBe(200);
    expect(due.body.total).toBe(3);
    const fronts = Object.fromEntries(due.body.data.map((card) => [card.kind, card.prompt]));
    expect(fronts).toEqual({ basic: title, reverse: 'Work, a job. — Mexico', cloze: 'Tengo mucha _____ hoy.' });
    for (const card of due.body.data.filter((item) => item.kind !== 'basic')) {
      expect(card.prompt.toLowerCase()).not.toContain(title.toLowerCase());
    }

    const rated = await api<{ data: Flashcard }>(`/flashcard/updateFlashcardReview/${cards.reverse._id}`, { method: 'PUT', body: { quality: 'Easy' }, token: reviewer.token });
    expect(rated.status).toBe(200);
    expect(rated.body.data).toMatchObject({ kind: 'reverse', state: 'review', reps: 1 });
    const after = await api<{ data: Flashcard[]; total: number }>(`/flashcard/getDueFlashcards/${reviewer.id}?limit=100`, { token: reviewer.token });
    expect(new Set(after.body.data.map((card) => card.kind))).toEqual(new Set(['basic', 'cloze']));
    expect(after.body.data.every((card) => card.state === 'new' && card.reps === 0)).toBe(true);

    // Removing one kind's card leaves the others.
    const removed = await api(`/flashcard/removeFlashcard/${cards.cloze._id}`, { method: 'DELETE', token: reviewer.token });
    expect(removed.status).toBe(200);
    const kinds = await api(`/flashcard/getFlashcardKinds/${entry._id}`, { token: reviewer.token });
    expect(kinds.body.data).toEqual(['basic', 'reverse']);
    const shown = await api<Entry>(`/content/getContentById/${entry._id}`, { token: reviewer.token });
    expect(shown.body.inFlashcards).toBe(true);

    const csv = await api<string>(`/flashcard/exportFlashcards/${reviewer.id}`, { token: reviewer.token });
    const [header, ...rows] = String(csv.body).replace(/^\uFEFF/, '').trim().split('\n');
    expect(header.split(',').at(-1)).toBe('kind');
    expect(new Set(rows.map((row) => row.split(',').at(-1)))).toEqual(new Set(['basic', 'reverse']));
  });
});

describe('variant cards and POST /api/flashcard/addVariantDrill', () => {
  it('asks for one country’s form, shows the other forms on the back, and drills a whole group at once', async () => {
    const driller = await createUser();
    const stem = unique();
    const sorbete = await newEntry({ title: `sorbete${stem}`, description: 'A drinking straw.', country: 'AR' });
    const popote = await newEntry({ title: `popote${stem}`, description: 'A drinking straw.', country: 'MX' });
    const pajita = await newEntry({ title: `pajita${stem}`, description: 'A drinking straw.', country: 'ES' });
    const lone = await newEntry();
    for (const variant of [popote, pajita]) {
      const linked = await api('/content/linkVariant', { body: { contentId: sorbete._id, variantId: variant._id }, token: driller.token });
      expect(linked.status).toBe(201);
    }

    const card = await add(driller, sorbete._id, 'variant');
    expect(card.status).toBe(201);
    expect(card.body.data).toMatchObject({ kind: 'variant', prompt: 'A drinking straw. — in Argentina?' });
    const due = await api<{ data: (Flashcard & { variants?: unknown })[] }>(`/flashcard/getDueFlashcards/${driller.id}?limit=100`, { token: driller.token });
    const front = due.body.data.find((item) => item.kind === 'variant');
    expect(front?.variants).toEqual([
      { _id: pajita._id, title: pajita.title, country: 'ES' },
      { _id: popote._id, title: popote.title, country: 'MX' },
    ]);

    const drill = await api('/flashcard/addVariantDrill', { body: { contentId: popote._id }, token: driller.token });
    expect(drill.status).toBe(201);
    expect(drill.body.success).toBe(true);
    expect(drill.body.added).toBe(2);
    expect(drill.body.data.map((item: Flashcard) => [item.kind, item.contentId]).sort()).toEqual(
      [['variant', pajita._id], ['variant', popote._id]].sort(),
    );
    const again = await api('/flashcard/addVariantDrill', { body: { contentId: pajita._id, userId: driller.id }, token: driller.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, added: 0, data: [] });

    const noGroup = await api('/flashcard/addVariantDrill', { body: { contentId: lone._id }, token: driller.token });
    expect(noGroup.status).toBe(400);
    expect(noGroup.body).toMatchObject({ code: 'variant_needs_group', message: 'A variant card needs the entry to be linked to its forms in other countries.' });
    const missing = await api('/flashcard/addVariantDrill', { body: { contentId: '00000000-0000-4000-8000-000000000000' }, token: driller.token });
    expect(missing.status).toBe(404);
    const guest = await api('/flashcard/addVariantDrill', { body: { contentId: popote._id } });
    expect(guest.status).toBe(401);
    const forOther = await api('/flashcard/addVariantDrill', { body: { contentId: popote._id, userId: learner.id }, token: driller.token });
    expect(forOther.status).toBe(403);
    const badId = await api('/flashcard/addVariantDrill', { body: { contentId: 'popote' }, token: driller.token });
    expect(badId.status).toBe(400);
    expect(badId.body.fieldCodes).toEqual({ contentId: 'invalid_id' });
  });
});
