import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFlashcardReply, dueReply, flashcard, type Flashcard } from '../../supabase/functions/_shared/contract/flashcards.ts';
import type { Recording } from '../../supabase/functions/_shared/contract/recordings.ts';
import { transport } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// Listening in the review (issue 34) through /api/flashcard against the real stack: a
// speaker uploads a take with supabase-js and registers it through /api; every card then
// carries its entry's best native recording (or null), addFlashcard {kind: 'listening'} is
// 201 only where one exists (else 400 listening_needs_recording, nothing added), a guest is
// told to log in, two tabs adding at once get one card, the card browser filters by kind,
// and the CSV export names the kind.

let learner: TestUser;
let speaker: TestUser;

async function newEntry(country = 'MX'): Promise<string> {
  const [row] = await adminSql()<{ id: string }[]>`
    insert into public.entries (title, description, country, author, example_sentence)
    values (${`escucha${randomUUID().slice(0, 8)}`}, 'Heard, not read.', ${country}, 'Listening tests', 'Se oye así.')
    returning id`;
  return row.id;
}

/** Uploads a take of the entry as the speaker and registers it from `country`. */
async function record(entryId: string, country: string): Promise<Recording> {
  const path = `${speaker.id}/${entryId}/${randomUUID().slice(0, 8)}.webm`;
  const storage = createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    accessToken: async () => speaker.token,
    realtime: { transport },
  }).storage;
  const { error } = await storage.from('recordings').upload(path, Buffer.alloc(2048, 7), { contentType: 'audio/webm' });
  expect(error).toBeNull();
  const reply = await api<{ data: Recording }>('/recording/addRecording', { body: { contentId: entryId, path, country, durationMs: 1300 }, token: speaker.token });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

const add = (user: TestUser | null, contentId: string, kind?: string) =>
  api('/flashcard/addFlashcard', { body: kind ? { contentId, kind } : { contentId }, token: user ? user.token : undefined });
const cardsOf = async (user: TestUser, entryId: string) =>
  (await adminSql()<{ kind: string }[]>`select kind from public.flashcards where user_id = ${user.id} and entry_id = ${entryId} order by kind`).map((row) => row.kind);

beforeAll(async () => {
  [learner, speaker] = await Promise.all([createUser({ name: 'Lena Listener' }), createUser({ name: 'Sara Speaker' })]);
});

afterAll(closeAdminSql);

describe('POST /api/flashcard/addFlashcard {kind: listening}', () => {
  it('refuses an entry with no native recording with 400 listening_needs_recording, and adds nothing', async () => {
    const silent = await newEntry();
    const heardElsewhere = await newEntry();
    await record(heardElsewhere, 'CO');
    for (const entryId of [silent, heardElsewhere]) {
      const reply = await add(learner, entryId, 'listening');
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        code: 'listening_needs_recording',
        message: "A listening card needs a recording from the entry's own country.",
        fieldCodes: { kind: 'listening_needs_recording' },
        errors: { kind: "A listening card needs a recording from the entry's own country." },
      });
      expect(await cardsOf(learner, entryId)).toEqual([]);
    }
  });

  it('tells a guest to log in (401)', async () => {
    const entryId = await newEntry();
    await record(entryId, 'MX');
    const reply = await add(null, entryId, 'listening');
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false });
  });

  it('adds a listening card of a voiced entry, carrying its native take; the file it names is there to play', async () => {
    const entryId = await newEntry();
    await record(entryId, 'CO');
    const native = await record(entryId, 'MX');
    const reply = await add(learner, entryId, 'listening');
    expect(reply.status).toBe(201);
    const card = addFlashcardReply.parse(reply.body).data;
    expect(card).toMatchObject({ kind: 'listening', prompt: 'Listen — Mexico', contentId: entryId });
    expect(card.recording).toEqual({ _id: native._id, path: native.path, durationMs: 1300, speakerCountry: 'MX' });

    const kinds = await api(`/flashcard/getFlashcardKinds/${entryId}`, { token: learner.token });
    expect(kinds.body).toEqual({ success: true, data: ['listening'] });

    const file = await fetch(`${stack().apiUrl}/storage/v1/object/public/recordings/${card.recording!.path}`);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(2048);
  });

  it('gives two tabs adding the same listening card at once one card and one 409', async () => {
    const entryId = await newEntry();
    await record(entryId, 'MX');
    const statuses = (await Promise.all([add(learner, entryId, 'listening'), add(learner, entryId, 'listening')])).map((reply) => reply.status);
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await cardsOf(learner, entryId)).toEqual(['listening']);
  });
});

describe('the native recording on every card', () => {
  it('is in the due list (null where the entry has none), and the CSV export names the listening kind', async () => {
    const reader = await createUser();
    const voiced = await newEntry('AR');
    const native = await record(voiced, 'AR');
    const silent = await newEntry('AR');
    expect((await add(reader, voiced, 'listening')).status).toBe(201);
    expect((await add(reader, voiced)).status).toBe(201);
    expect((await add(reader, silent)).status).toBe(201);

    const due = await api(`/flashcard/getDueFlashcards/${reader.id}?limit=50`, { token: reader.token });
    expect(due.status).toBe(200);
    const cards = dueReply.parse(due.body).data;
    const byKey = Object.fromEntries(cards.map((card) => [`${card.kind}:${card.contentId === voiced ? 'voiced' : 'silent'}`, card.recording?._id ?? null]));
    expect(byKey).toEqual({ 'listening:voiced': native._id, 'basic:voiced': native._id, 'basic:silent': null });

    // palabrotas' bare list keeps its fields, with the recording beside them.
    const bare = await api<Flashcard[]>(`/flashcard/getFlashcards/${reader.id}`, { token: reader.token });
    expect(bare.body.map((card) => flashcard.loose().parse(card).recording?.speakerCountry ?? null).sort()).toEqual(['AR', 'AR', null]);

    // The card browser's kind filter; an unknown kind is a 400, never a 500.
    const browsed = await api(`/flashcard/browse/${reader.id}?kind=listening`, { token: reader.token });
    expect(browsed.status).toBe(200);
    expect(browsed.body.data.map((card: Flashcard) => [card.kind, card.recording?._id])).toEqual([['listening', native._id]]);
    const unknown = await api(`/flashcard/browse/${reader.id}?kind=audio`, { token: reader.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, code: 'flashcard_kind_invalid' });

    const csv = await api<string>(`/flashcard/exportFlashcards/${reader.id}`, { token: reader.token });
    const [header, ...rows] = String(csv.body).replace(/^\uFEFF/, '').trim().split('\n');
    expect(header.split(',').at(-1)).toBe('kind');
    expect(rows.map((row) => row.split(',').at(-1)).sort()).toEqual(['basic', 'basic', 'listening']);
  });
});
