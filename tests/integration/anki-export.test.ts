import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { readAnkiPackage } from 'anki-reader';
import { strFromU8, unzipSync } from 'fflate';
import initSqlJs, { type Database } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_SEPARATOR, JERGA_CLOZE_NOTETYPE_ID, JERGA_DECK_ID, JERGA_NOTETYPE_ID, noteGuid } from '../../supabase/functions/_shared/anki/format.ts';
import type { Recording } from '../../supabase/functions/_shared/contract/recordings.ts';
import { transport } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, stack, testClientAddress, type TestUser } from '../support/stack.ts';

// Export to Anki (issue 35) against the real stack: a learner's cards with a history (basic,
// reverse, cloze, listening with a recording, a suspended card, reviews across the states)
// go out as an .apkg, which is opened twice — with anki-reader (an Anki reader nobody here
// wrote) and with sql.js queries of Anki's documented schema — and every note (fields, GUIDs
// stable across two exports), card (ordinal, type, queue, due, interval, reps, lapses, FSRS
// memory state), review (id = its time, ease, interval, time) and the recording are found.
// A guest is told to log in (401) and another learner is refused (403).

let learner: TestUser;
let speaker: TestUser;
let other: TestUser;
let SQL: Awaited<ReturnType<typeof initSqlJs>>;

const title = `chamba${randomUUID().slice(0, 6)}`;
let wordEntry: string;
let voicedEntry: string;
let recording: Recording;
const take = Buffer.from(Array.from({ length: 3000 }, (_, index) => index % 251));

async function newEntry(fields: { title: string; example: string; description: string }): Promise<string> {
  const [row] = await adminSql()<{ id: string }[]>`
    insert into public.entries (title, description, country, author, example_sentence, hint, description_es)
    values (${fields.title}, ${fields.description}, 'MX', 'Anki tests', ${fields.example}, 'A <b>hint</b> & more', 'Trabajo')
    returning id`;
  return row.id;
}

const storageOf = (user: TestUser) =>
  createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    accessToken: async () => user.token,
    realtime: { transport },
  }).storage;

async function record(entryId: string): Promise<Recording> {
  const path = `${speaker.id}/${entryId}/${randomUUID().slice(0, 8)}.wav`;
  const { error } = await storageOf(speaker).from('recordings').upload(path, take, { contentType: 'audio/wav' });
  expect(error).toBeNull();
  const reply = await api<{ data: Recording }>('/recording/addRecording', { body: { contentId: entryId, path, country: 'MX', durationMs: 1300 }, token: speaker.token });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

async function addCard(entryId: string, kind: string): Promise<string> {
  const reply = await api<{ data: { _id: string } }>('/flashcard/addFlashcard', { body: { contentId: entryId, kind }, token: learner.token });
  expect(reply.status).toBe(201);
  return reply.body.data._id;
}

async function rate(cardId: string, quality: number, durationMs: number): Promise<void> {
  const reply = await api(`/flashcard/updateFlashcardReview/${cardId}`, { method: 'PUT', body: { quality, durationMs }, token: learner.token });
  expect(reply.status).toBe(200);
}

/** The package's bytes as a download. */
async function download(user: TestUser | null, userId: string): Promise<Response> {
  const headers: Record<string, string> = { 'x-forwarded-for': testClientAddress };
  if (user) headers.authorization = `Bearer ${user.token}`;
  return fetch(`${stack().apiUrl}/api/flashcard/exportAnki/${userId}`, { headers });
}

function collectionOf(bytes: Uint8Array): { db: Database; files: Record<string, Uint8Array> } {
  const files = unzipSync(bytes);
  return { db: new SQL.Database(files['collection.anki2']), files };
}

function rows<T>(db: Database, query: string): T[] {
  const [result] = db.exec(query);
  if (!result) return [];
  return result.values.map((values) => Object.fromEntries(result.columns.map((column, index) => [column, values[index]])) as T);
}

const cards: Record<string, string> = {};

beforeAll(async () => {
  SQL = await initSqlJs();
  [learner, speaker, other] = await Promise.all([createUser({ name: 'Ana Anki' }), createUser({ name: 'Sol Speaker' }), createUser()]);
  wordEntry = await newEntry({ title, description: 'Work, a job', example: `Tengo mucha ${title} hoy.` });
  voicedEntry = await newEntry({ title: `${title}ear`, description: 'To work', example: 'Hay que trabajar.' });
  recording = await record(voicedEntry);
  cards.basic = await addCard(wordEntry, 'basic');
  cards.reverse = await addCard(wordEntry, 'reverse');
  cards.cloze = await addCard(wordEntry, 'cloze');
  cards.listening = await addCard(voicedEntry, 'listening');
  cards.voicedBasic = await addCard(voicedEntry, 'basic');
  // basic: new → review (Easy), then a lapse into relearning; reverse: into learning;
  // listening: straight to review; cloze stays new and is suspended.
  await rate(cards.basic, 4, 4200);
  await rate(cards.basic, 1, 75_000);
  await rate(cards.reverse, 3, 1500);
  await rate(cards.listening, 4, 2500);
  expect((await api(`/flashcard/suspend/${cards.cloze}`, { method: 'PUT', body: { suspended: true }, token: learner.token })).status).toBe(200);
});

afterAll(closeAdminSql);

describe('GET /api/flashcard/exportAnki/:userId', () => {
  it('tells a guest to log in (401) and refuses another learner (403), with no package', async () => {
    const guest = await download(null, learner.id);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toMatchObject({ success: false, code: 'login_required' });
    const stranger = await download(other, learner.id);
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ success: false, code: 'forbidden' });
  });

  it('streams an .apkg that anki-reader opens: the Jerga deck with every card, its fields and the recording', async () => {
    const response = await download(learner, learner.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/apkg');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="jerga-\d{4}-\d{2}-\d{2}\.apkg"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());

    const { collection, media } = await readAnkiPackage(new Blob([bytes]));
    const deck = collection.getDecks()[String(JERGA_DECK_ID)];
    expect(deck.getName()).toBe('Jerga');
    const read = Object.values(deck.getCards()).map((card) => ({ model: card.getModelId(), ord: card.getRawCard().ord, fields: card.getFields() }));
    expect(read).toHaveLength(5);
    const basic = read.find((card) => card.model === String(JERGA_NOTETYPE_ID) && card.ord === 0 && card.fields.Word === title);
    expect(basic?.fields).toEqual({
      Word: title, Meaning: 'Work, a job', 'Meaning (Spanish)': 'Trabajo', Country: 'Mexico', Example: `Tengo mucha ${title} hoy.`,
      Hint: 'A &lt;b&gt;hint&lt;/b&gt; &amp; more', Audio: '',
    });
    const cloze = read.find((card) => card.model === String(JERGA_CLOZE_NOTETYPE_ID));
    expect(cloze?.fields.Text).toBe(`Tengo mucha {{c1::${title}}} hoy.`);
    const listening = read.find((card) => card.ord === 3);
    expect(listening?.fields.Audio).toBe(`[sound:jerga-${recording._id}.wav]`);
    expect(Object.keys(media)).toEqual([`jerga-${recording._id}.wav`]);
    expect(Buffer.from(await media[`jerga-${recording._id}.wav`].arrayBuffer())).toEqual(take);
  });

  it('holds every note, card, schedule and review as Anki documents its schema, and the same GUIDs and ids on a second export', async () => {
    const first = collectionOf(new Uint8Array(await (await download(learner, learner.id)).arrayBuffer()));
    const second = collectionOf(new Uint8Array(await (await download(learner, learner.id)).arrayBuffer()));
    const [key] = await adminSql()<{ key: string }[]>`select key from private.anki_collections where user_id = ${learner.id}`;
    const notes = rows<{ id: number; guid: string; mid: number; flds: string; sfld: string }>(first.db, 'select id, guid, mid, flds, sfld from notes order by guid');
    expect(notes.map((note) => note.guid).sort()).toEqual(
      [noteGuid(key.key, wordEntry), noteGuid(key.key, wordEntry, true), noteGuid(key.key, voicedEntry)].sort(),
    );
    expect(rows(second.db, 'select id, guid, flds from notes order by guid')).toEqual(notes.map(({ id, guid, flds }) => ({ id, guid, flds })));
    expect(notes.find((note) => note.mid === JERGA_NOTETYPE_ID && note.flds.startsWith(`${title}${FIELD_SEPARATOR}`))?.sfld).toBe(title);
    expect(JSON.parse(strFromU8(first.files.media))).toEqual({ 0: `jerga-${recording._id}.wav` });

    const jerga = await adminSql()<{ id: string; kind: string; state: number; due: Date; scheduled_days: number; stability: number; difficulty: number; reps: number; lapses: number }[]>`
      select id, kind, state, due, scheduled_days, stability, difficulty, reps, lapses from public.flashcards where user_id = ${learner.id}`;
    expect(jerga.map((card) => card.state).sort()).toEqual([0, 0, 1, 2, 3]);
    const [crt] = rows<{ crt: number }>(first.db, 'select crt from col');
    const ankiCards = rows<{ id: number; nid: number; ord: number; type: number; queue: number; due: number; ivl: number; reps: number; lapses: number; data: string; guid: string }>(
      first.db, 'select c.id, c.nid, c.ord, c.type, c.queue, c.due, c.ivl, c.reps, c.lapses, c.data, n.guid from cards c join notes n on n.id = c.nid');
    expect(ankiCards).toHaveLength(5);
    const ords = { basic: 0, reverse: 1, variant: 2, listening: 3, cloze: 0 } as const;
    for (const card of jerga) {
      const entry = card.kind === 'listening' || card.id === cards.voicedBasic ? voicedEntry : wordEntry;
      const anki = ankiCards.find((found) => found.guid === noteGuid(key.key, entry, card.kind === 'cloze') && found.ord === ords[card.kind as keyof typeof ords]);
      expect(anki, card.kind).toBeDefined();
      expect({ type: anki!.type, reps: anki!.reps, lapses: anki!.lapses }).toEqual({ type: card.state, reps: card.reps, lapses: card.lapses });
      const dueSeconds = Math.floor(card.due.getTime() / 1000);
      if (card.id === cards.cloze) expect(anki!.queue).toBe(-1);
      else if (card.state === 0) expect(anki!.queue).toBe(0);
      if (card.state === 2) {
        expect(anki!.queue).toBe(2);
        expect(anki!.due).toBe(Math.floor((dueSeconds - crt.crt) / 86_400));
        expect(anki!.ivl).toBe(card.scheduled_days);
      }
      if (card.state === 1 || card.state === 3) {
        expect(anki!.queue).toBe(card.scheduled_days >= 1 ? 3 : 1);
        if (anki!.queue === 1) expect(anki!.due).toBe(dueSeconds);
      }
      if (card.reps > 0) expect(JSON.parse(anki!.data)).toEqual({ s: card.stability, d: card.difficulty, dr: 0.9 });
      else expect(anki!.data).toBe('');
    }
    expect(rows(second.db, 'select id, nid, ord from cards order by id')).toEqual(rows(first.db, 'select id, nid, ord from cards order by id'));

    const reviews = await adminSql()<{ flashcard_id: string; at: string; rating: number; scheduled_days: number; duration_ms: number; state_before: number }[]>`
      select flashcard_id, floor(extract(epoch from reviewed_at) * 1000)::bigint::text as at, rating, scheduled_days, duration_ms, state_before
        from public.reviews where user_id = ${learner.id} order by reviewed_at, id`;
    const revlog = rows<{ id: number; cid: number; ease: number; ivl: number; time: number; type: number; guid: string; ord: number }>(
      first.db, 'select r.id, r.cid, r.ease, r.ivl, r.time, r.type, n.guid, c.ord from revlog r join cards c on c.id = r.cid join notes n on n.id = c.nid order by r.id');
    expect(revlog).toHaveLength(4);
    for (const [index, review] of reviews.entries()) {
      const logged = revlog[index];
      expect(Math.abs(logged.id - Number(review.at))).toBeLessThanOrEqual(3);
      expect(logged.ease).toBe(review.rating);
      expect(logged.time).toBe(Math.min(review.duration_ms, 60_000));
      expect(logged.type).toBe([0, 0, 1, 2][review.state_before]);
      if (review.scheduled_days > 0) expect(logged.ivl).toBe(review.scheduled_days);
      else expect(logged.ivl).toBeLessThan(0);
    }
    first.db.close();
    second.db.close();
  });

  it('gives a new learner exporting in two tabs at once one collection key: the same GUIDs in both', async () => {
    const fresh = await createUser();
    const entryId = await newEntry({ title: `dos${randomUUID().slice(0, 6)}`, description: 'Two', example: 'Dos.' });
    expect((await api('/flashcard/addFlashcard', { body: { contentId: entryId }, token: fresh.token })).status).toBe(201);
    const replies = await Promise.all([download(fresh, fresh.id), download(fresh, fresh.id)]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    const guids = await Promise.all(replies.map(async (reply) => {
      const { db } = collectionOf(new Uint8Array(await reply.arrayBuffer()));
      const found = rows<{ guid: string }>(db, 'select guid from notes');
      db.close();
      return found;
    }));
    expect(guids[0]).toEqual(guids[1]);
    const keys = await adminSql()<{ key: string }[]>`select key from private.anki_collections where user_id = ${fresh.id}`;
    expect(guids[0]).toEqual([{ guid: noteGuid(keys[0].key, entryId) }]);
  });

  it('keeps serving after a download is abandoned halfway', async () => {
    const response = await download(learner, learner.id);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    // The browser goes away: the connection closes with the package half read.
    await reader.cancel();
    const next = await download(learner, learner.id);
    expect(next.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await next.arrayBuffer())))).toContain('collection.anki2');
  });

  it('leaves out a recording Storage cannot serve (the note keeps no [sound:]) and still answers 200', async () => {
    const [row] = await adminSql()<{ path: string }[]>`select path from public.recordings where id = ${recording._id}`;
    const { error } = await storageOf(speaker).from('recordings').remove([row.path]);
    expect(error).toBeNull();
    expect((await fetch(`${stack().apiUrl}/storage/v1/object/public/recordings/${row.path}`)).status).toBe(400);
    const response = await download(learner, learner.id);
    expect(response.status).toBe(200);
    const { db, files } = collectionOf(new Uint8Array(await response.arrayBuffer()));
    expect(JSON.parse(strFromU8(files.media))).toEqual({});
    const audio = rows<{ flds: string }>(db, `select flds from notes where guid like '%${voicedEntry}'`)[0].flds.split(FIELD_SEPARATOR).at(-1);
    expect(audio).toBe('');
    db.close();
  });
});
