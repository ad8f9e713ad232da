import type { FlashcardKind } from '../contract/flashcards.ts';
import { MAX_REVIEW_DURATION_MS } from '../contract/limits.ts';
import { ApiError } from '../errors.ts';
import { collectionFile } from './collection-file.ts';
import { kindOf, parseNoteGuid, REVLOG_TYPE } from './format.ts';
import type { Database as SqliteDatabase, SqlValue as SqliteValue } from 'sql.js';
import { sqlJs } from './sql-wasm.ts';

/** More reviews than this in one package is more than any learner's history: refused as too large. */
export const MAX_IMPORT_REVIEWS = 200_000;

/** One rating as public.import_anki_reviews takes it. */
export interface ImportedReview {
  entryId: string;
  kind: FlashcardKind;
  /** Epoch milliseconds (the revlog id). */
  at: number;
  rating: number;
  durationMs: number;
}

/** What a package holds for the learner whose collection key is given. */
export interface PackageReviews {
  /** The ratings of the learner's own Jerga notes' cards, oldest first. */
  reviews: ImportedReview[];
  /** Revlog rows not taken: of unknown notes' cards, of no card, reschedulings, ease 0. */
  skipped: number;
  /** Notes that are not the learner's Jerga notes (another collection's, or not Jerga's). */
  unknownNotes: number;
}

/** Every row of a query, as arrays of SQLite values. */
function* rows(db: SqliteDatabase, query: string): Generator<SqliteValue[]> {
  const statement = db.prepare(query);
  try {
    while (statement.step()) yield statement.get();
  } finally {
    statement.free();
  }
}

interface CardOf {
  entryId: string;
  kind: FlashcardKind;
}

/** The learner's notes' cards by card id; null for a card of any other note (its reviews are skipped). */
function cardsOf(db: SqliteDatabase, collectionKey: string): { cards: Map<number, CardOf | null>; ownNotes: number; unknownNotes: number } {
  const notes = new Map<number, { entryId: string; cloze: boolean } | null>();
  let ownNotes = 0;
  for (const [id, guid] of rows(db, 'select id, guid from notes')) {
    const parsed = parseNoteGuid(String(guid));
    const own = parsed && parsed.collectionKey === collectionKey ? parsed : null;
    if (own) ownNotes++;
    notes.set(Number(id), own);
  }
  const cards = new Map<number, CardOf | null>();
  for (const [id, noteId, ordinal] of rows(db, 'select id, nid, ord from cards')) {
    const note = notes.get(Number(noteId));
    const kind = note ? kindOf(note.cloze, Number(ordinal)) : null;
    cards.set(Number(id), note && kind ? { entryId: note.entryId, kind } : null);
  }
  return { cards, ownNotes, unknownNotes: notes.size - ownNotes };
}

/** The revlog's ratings, mapped through card and note to the learner's (entry, kind). */
function reviewsOf(db: SqliteDatabase, cards: Map<number, CardOf | null>): { reviews: ImportedReview[]; skipped: number } {
  const reviews: ImportedReview[] = [];
  let skipped = 0;
  for (const [id, cardId, ease, time, type] of rows(db, 'select id, cid, ease, time, type from revlog order by id')) {
    const card = cards.get(Number(cardId));
    const rating = Number(ease);
    const at = Number(id);
    // Manual changes and reschedulings are not ratings; ease 0 is how Anki logs them too. An id
    // that is no instant (a hand-made package) cannot be placed in time.
    const notARating = Number(type) === REVLOG_TYPE.manual || Number(type) === REVLOG_TYPE.rescheduled || !(rating >= 1 && rating <= 4);
    if (!card || notARating || !Number.isSafeInteger(at) || at <= 0) {
      skipped++;
      continue;
    }
    // Anki caps the time it logs at a minute by default; Jerga keeps up to an hour.
    const durationMs = Math.min(Math.max(0, Math.round(Number(time)) || 0), MAX_REVIEW_DURATION_MS);
    reviews.push({ entryId: card.entryId, kind: card.kind, at, rating, durationMs });
    if (reviews.length > MAX_IMPORT_REVIEWS) throw new ApiError(413, 'anki_package_too_large');
  }
  return { reviews, skipped };
}

/**
 * What a package (the .apkg's bytes) holds for the learner with `collectionKey`. 400
 * anki_package_invalid: not a zip, no collection, not SQLite, unreadable tables; 413
 * anki_package_too_large: a collection or review log beyond the limits; 422
 * anki_package_foreign: no note of the learner's collection (another learner's package, or
 * a deck from elsewhere).
 */
export async function readAnkiPackage(zip: Uint8Array, collectionKey: string): Promise<PackageReviews> {
  const bytes = collectionFile(zip);
  const SQL = await sqlJs();
  let db: SqliteDatabase;
  try {
    db = new SQL.Database(bytes);
  } catch {
    throw new ApiError(400, 'anki_package_invalid');
  }
  try {
    const { cards, ownNotes, unknownNotes } = cardsOf(db, collectionKey);
    if (ownNotes === 0) throw new ApiError(422, 'anki_package_foreign');
    const { reviews, skipped } = reviewsOf(db, cards);
    return { reviews, skipped, unknownNotes };
  } catch (error) {
    // SQLite's own errors: not a database, no such table or column.
    throw error instanceof ApiError ? error : new ApiError(400, 'anki_package_invalid');
  } finally {
    db.close();
  }
}
