import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import initSqlJs, { type Database } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANKI_PACKAGE_BYTES, noteGuid, REVLOG_TYPE } from '../../supabase/functions/_shared/anki/format.ts';
import { ankiImportReply } from '../../supabase/functions/_shared/contract/decks.ts';
import { adminSql, api, closeAdminSql, createUser, stack, testClientAddress, type TestUser } from '../support/stack.ts';

// Bringing reviews back from Anki (issue 35) against the real stack: a learner's package from
// the real GET exportAnki, reviews added to its revlog with sql.js, then POST importAnki adds
// exactly those (a second import adds none), and the cards' schedules equal rating the same
// reviews in Jerga. The anki21b (zstd) layout, multipart, the refusals (401, 413 on
// Content-Length and on the bytes read, 400, 422), unknown notes and two imports at once.

let SQL: Awaited<ReturnType<typeof initSqlJs>>;
const DAY = 86_400_000;

async function newEntry(): Promise<string> {
  const [row] = await adminSql()<{ id: string }[]>`
    insert into public.entries (title, description, country, author)
    values (${`parce${randomUUID().slice(0, 6)}`}, 'Friend', 'CO', 'Anki import tests') returning id`;
  return row.id;
}

async function addCard(user: TestUser, entryId: string, kind = 'basic'): Promise<string> {
  const reply = await api<{ data: { _id: string } }>('/flashcard/addFlashcard', { body: { contentId: entryId, kind }, token: user.token });
  expect(reply.status).toBe(201);
  return reply.body.data._id;
}

async function exportOf(user: TestUser): Promise<Uint8Array> {
  const response = await fetch(`${stack().apiUrl}/api/flashcard/exportAnki/${user.id}`, {
    headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': testClientAddress },
  });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** POSTs a package (raw, or a ready FormData) and reads the JSON reply. */
async function importPackage(user: TestUser | null, body: Uint8Array | FormData | ReadableStream<Uint8Array>): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'x-forwarded-for': testClientAddress };
  if (user) headers.authorization = `Bearer ${user.token}`;
  if (!(body instanceof FormData)) headers['content-type'] = 'application/octet-stream';
  const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers, body: body as BodyInit };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const response = await fetch(`${stack().apiUrl}/api/flashcard/importAnki`, init);
  return { status: response.status, body: await response.json() };
}

/**
 * A POST that declares a body over 50 MB and sends none of it: the reply must come from the
 * Content-Length alone (node:http, as fetch would insist on sending the body first).
 */
function declareOversized(user: TestUser): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(`${stack().apiUrl}/api/flashcard/importAnki`);
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: url.pathname,
      headers: {
        authorization: `Bearer ${user.token}`,
        'x-forwarded-for': testClientAddress,
        'content-type': 'application/octet-stream',
        'content-length': String(MAX_ANKI_PACKAGE_BYTES + 1),
      },
    });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (text += part));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
        request.destroy();
      });
    });
    // The server closes the connection it will not read: expected once it has answered.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    request.flushHeaders();
  });
}

/** The package with its collection changed by `edit` (sql.js), zipped again in the given layout. */
function edited(pkg: Uint8Array, edit: (db: Database) => void, layout: 'anki2' | 'anki21b' = 'anki2'): Uint8Array {
  const files = unzipSync(pkg);
  const db = new SQL.Database(files['collection.anki2']);
  edit(db);
  const collection = db.export();
  db.close();
  if (layout === 'anki2') return zipSync({ ...files, 'collection.anki2': collection });
  // Anki 2.1.50+: the real collection zstd-compressed, a dummy collection.anki2 beside it.
  const dummy = new SQL.Database();
  const compressed = new Uint8Array(execFileSync('zstd', ['-q', '-c'], { input: collection }));
  return zipSync({ media: files.media ?? strToU8('{}'), 'collection.anki2': dummy.export(), 'collection.anki21b': compressed });
}

/** The package's card id for an entry's card of a kind (the Jerga note type's ordinals). */
function cardIdOf(db: Database, entryId: string, ordinal: number): number {
  const [result] = db.exec(`select c.id from cards c join notes n on n.id = c.nid where n.guid like '%-${entryId}' and c.ord = ${ordinal}`);
  return Number(result.values[0][0]);
}

function addRevlog(db: Database, cardId: number, at: number, ease: number, time: number, type: number = REVLOG_TYPE.review): void {
  db.run('insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?, ?, -1, ?, 1, 0, 0, ?, ?)', [at, cardId, ease, time, type]);
}

const scheduleOf = (cardId: string) => adminSql()`
  select state, learning_steps, stability, difficulty, scheduled_days, due, reps, lapses, last_review
    from public.flashcards where id = ${cardId}`.then((rows) => rows[0]);

beforeAll(async () => {
  SQL = await initSqlJs();
});
afterAll(closeAdminSql);

describe('POST /api/flashcard/importAnki', () => {
  it('round trip: adds exactly the reviews added in Anki, schedules as rating them in Jerga gives, and a second import adds none', async () => {
    const [learner, twin] = await Promise.all([createUser({ name: 'Ines Import' }), createUser()]);
    const entry = await newEntry();
    const basic = await addCard(learner, entry, 'basic');
    const reverse = await addCard(learner, entry, 'reverse');
    const now = Date.now();
    // Rated in Jerga before the export (4 days ago): the package's revlog carries it.
    const jerga = { ord: 0, at: now - 4 * DAY, ease: 3, time: 2000 };
    const rated = await api(`/flashcard/updateFlashcardReview/${basic}`, {
      method: 'PUT',
      body: { quality: jerga.ease, durationMs: jerga.time, reviewedAt: new Date(jerga.at).toISOString() },
      token: learner.token,
    });
    expect(rated.status).toBe(200);
    const studied = [
      { ord: 1, at: now - 2 * DAY, ease: 3, time: 5000 },
      { ord: 1, at: now - DAY, ease: 2, time: 7000 },
      { ord: 0, at: now - 3 * DAY, ease: 4, time: 3000 },
    ];
    const pkg = edited(await exportOf(learner), (db) => {
      for (const review of studied) addRevlog(db, cardIdOf(db, entry, review.ord), review.at, review.ease, review.time);
      // A rescheduling: not a rating.
      addRevlog(db, cardIdOf(db, entry, 1), now - 3600_000, 0, 0, REVLOG_TYPE.rescheduled);
    });

    const first = await importPackage(learner, pkg);
    expect(first.status).toBe(200);
    expect(ankiImportReply.parse(first.body)).toEqual({ success: true, added: 3, present: 1, skipped: 1, unknownNotes: 0, cards: 2 });
    const logged = await adminSql()<{ at: Date; rating: number; duration_ms: number }[]>`
      select reviewed_at as at, rating, duration_ms from public.reviews where user_id = ${learner.id} order by reviewed_at`;
    expect(logged).toHaveLength(4);
    for (const review of studied) expect(logged).toContainEqual({ at: new Date(review.at), rating: review.ease, duration_ms: review.time });

    // The twin rates the same reviews in Jerga (offline-queue style, dated), in any order.
    const twinBasic = await addCard(twin, entry, 'basic');
    const twinReverse = await addCard(twin, entry, 'reverse');
    for (const review of [jerga, ...studied]) {
      const reply = await api(`/flashcard/updateFlashcardReview/${review.ord === 0 ? twinBasic : twinReverse}`, {
        method: 'PUT',
        body: { quality: review.ease, durationMs: review.time, reviewedAt: new Date(review.at).toISOString() },
        token: twin.token,
      });
      expect(reply.status).toBe(200);
    }
    expect(await scheduleOf(basic)).toEqual(await scheduleOf(twinBasic));
    expect(await scheduleOf(reverse)).toEqual(await scheduleOf(twinReverse));

    const again = await importPackage(learner, pkg);
    expect(again.body).toEqual({ success: true, added: 0, present: 4, skipped: 1, unknownNotes: 0, cards: 0 });
  });

  it('reads the anki21b (zstd) layout beside its dummy collection.anki2, and a multipart `file`; reports unknown notes', async () => {
    const learner = await createUser();
    const entry = await newEntry();
    await addCard(learner, entry);
    const exported = await exportOf(learner);
    const at = Date.now() - DAY;
    const zstdPackage = edited(exported, (db) => addRevlog(db, cardIdOf(db, entry, 0), at, 3, 4000), 'anki21b');
    const zstd = await importPackage(learner, zstdPackage);
    expect(zstd.body).toEqual({ success: true, added: 1, present: 0, skipped: 0, unknownNotes: 0, cards: 1 });

    // A note of another collection and one that is not Jerga's, each with a card and a review.
    const withStrangers = edited(exported, (db) => {
      addRevlog(db, cardIdOf(db, entry, 0), at + 60_000, 3, 4000);
      const [template] = db.exec('select mid, flds from notes limit 1')[0].values;
      for (const [noteId, guid] of [[11, noteGuid('otherkey0099', entry)], [12, 'Ab1cD2eF3g']] as const) {
        db.run("insert into notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data) values (?, ?, ?, 0, -1, '', ?, '', 0, 0, '')", [noteId, guid, template[0], template[1]]);
        db.run('insert into cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps, lapses, left, odue, odid, flags, data) values (?, ?, 1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ?)', [noteId + 100, noteId, '']);
        addRevlog(db, noteId + 100, at + noteId, 3, 1000);
      }
    });
    const form = new FormData();
    form.append('file', new Blob([withStrangers as Uint8Array<ArrayBuffer>], { type: 'application/apkg' }), 'jerga.apkg');
    const multipart = await importPackage(learner, form);
    expect(multipart.status).toBe(200);
    expect(multipart.body).toEqual({ success: true, added: 1, present: 0, skipped: 2, unknownNotes: 2, cards: 1 });
  });

  it('refuses a guest (401), a package over 50 MB (413, declared or streamed), what is not a package (400) and another collection (422), changing nothing', async () => {
    const [learner, other] = await Promise.all([createUser(), createUser()]);
    const entry = await newEntry();
    await addCard(learner, entry);
    await addCard(other, entry);
    const theirs = await exportOf(other);

    expect(await importPackage(null, theirs)).toMatchObject({ status: 401, body: { code: 'login_required' } });
    expect(await declareOversized(learner)).toMatchObject({ status: 413, body: { code: 'anki_package_too_large' } });
    // No Content-Length (chunked): 50 MB and one byte more, refused by the count of bytes read.
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === MAX_ANKI_PACKAGE_BYTES) {
          controller.enqueue(new Uint8Array(1));
          sent++;
        } else if (sent > MAX_ANKI_PACKAGE_BYTES) {
          controller.close();
        } else {
          controller.enqueue(chunk);
          sent += chunk.length;
        }
      },
    });
    expect(await importPackage(learner, stream)).toMatchObject({ status: 413, body: { code: 'anki_package_too_large' } });

    const invalid = [
      randomBytes(2048),
      zipSync({ media: strToU8('{}') }),
      zipSync({ 'collection.anki2': randomBytes(4096) }),
      zipSync({ 'collection.anki2': new SQL.Database().export() }),
    ];
    for (const bytes of invalid) expect(await importPackage(learner, bytes)).toMatchObject({ status: 400, body: { code: 'anki_package_invalid' } });

    expect(await importPackage(learner, theirs)).toMatchObject({ status: 422, body: { code: 'anki_package_foreign' } });
    const notJerga = edited(await exportOf(learner), (db) => db.run("update notes set guid = 'x' || id"));
    expect(await importPackage(learner, notJerga)).toMatchObject({ status: 422, body: { code: 'anki_package_foreign' } });
    const [{ count }] = await adminSql()<{ count: number }[]>`select count(*)::int as count from public.reviews where user_id = ${learner.id}`;
    expect(count).toBe(0);
  });

  it('two imports of one package at once add each review once', async () => {
    const learner = await createUser();
    const entry = await newEntry();
    await addCard(learner, entry);
    const now = Date.now();
    const pkg = edited(await exportOf(learner), (db) => {
      for (let i = 1; i <= 20; i++) addRevlog(db, cardIdOf(db, entry, 0), now - i * DAY, 3, 1000);
    });
    const replies = await Promise.all([importPackage(learner, pkg), importPackage(learner, pkg)]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    expect(replies.map((reply) => reply.body.added).sort()).toEqual([0, 20]);
    expect(replies.map((reply) => reply.body.present).sort()).toEqual([0, 20]);
    const [{ count }] = await adminSql()<{ count: number }[]>`select count(*)::int as count from public.reviews where user_id = ${learner.id}`;
    expect(count).toBe(20);
  });
});
