import { createHash } from 'node:crypto';
import type { FlashcardKind } from '../contract/flashcards.ts';
import { collectionConfigJson, deckConfigJson, decksJson, modelsJson } from './collection-config.ts';
import { CARD_TYPE_OF_STATE, FIELD_SEPARATOR, JERGA_CLOZE_NOTETYPE_ID, JERGA_DECK_ID, JERGA_NOTETYPE_ID, REVLOG_TYPE, SCHEMA_11, SCHEMA_11_VERSION, noteGuid, ordinalOf } from './format.ts';
import { sqlJs } from './sql-wasm.ts';

/** public.anki_export(): the caller's cards, their entries and reviews (times in epoch ms). */
export interface AnkiExportCard {
  id: string;
  entryId: string;
  kind: FlashcardKind;
  state: 0 | 1 | 2 | 3;
  due: number;
  scheduledDays: number;
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  lastReview: number | null;
  suspended: boolean;
  learningSteps: number;
  createdAt: number;
}
export interface AnkiExportEntry {
  id: string;
  title: string;
  description: string;
  descriptionEs: string | null;
  country: string;
  countryName: string;
  example: string;
  hint: string;
  /** The cloze card's front (the blank as `_____`), or null when the example holds no gap. */
  cloze: string | null;
  /** What the blank stands for. */
  clozeAnswer: string;
  recording: { _id: string; path: string } | null;
}
/** The reviews as columns, oldest first: review i is each array's i-th value. */
export interface AnkiExportReviews {
  cardId: string[];
  reviewedAt: number[];
  rating: number[];
  stateBefore: (0 | 1 | 2 | 3)[];
  scheduledDays: number[];
  difficultyAfter: number[];
  durationMs: (number | null)[];
  elapsedDays: number[];
  dueAfter: number[];
}
export interface AnkiExport {
  collectionKey: string;
  cards: AnkiExportCard[];
  entries: AnkiExportEntry[];
  reviews: AnkiExportReviews;
}

const DAY_SECONDS = 86_400;
/** Anki caps a review's recorded time at a minute (its default maxTaken). */
const MAX_REVIEW_TIME_MS = 60_000;
/** The retention Jerga's FSRS schedules for (Anki keeps it in the card's `data` as `dr`). */
const DESIRED_RETENTION = 0.9;

/** Anki's fields are HTML: an entry's text is shown as written. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The text Anki sorts and checks duplicates by: the field without tags, its entities read. */
function stripHtml(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&').trim();
}

/** Anki's note checksum: the first 8 hex digits of the SHA-1 of the stripped first field, as an integer. */
function checksumOf(firstField: string): number {
  return Number.parseInt(createHash('sha1').update(stripHtml(firstField)).digest('hex').slice(0, 8), 16);
}

/** Ids unique within a table, as near the wanted instant as can be: a clash takes the next free millisecond. */
class IdMaker {
  private readonly taken = new Set<number>();
  next(wanted: number): number {
    let id = Math.max(1, Math.floor(wanted));
    while (this.taken.has(id)) id += 1;
    this.taken.add(id);
    return id;
  }
}

/** The Jerga note's fields (NOTE_FIELDS order), escaped, the recording as `[sound:…]` when it is in the package. */
function noteFields(entry: AnkiExportEntry, soundFile: string | undefined): string[] {
  return [entry.title, entry.description, entry.descriptionEs ?? '', entry.countryName, entry.example, entry.hint]
    .map(escapeHtml)
    .concat(soundFile ? `[sound:${soundFile}]` : '');
}

/** The cloze note's Text: the cloze card's front with Anki's {{c1::…}} where Jerga shows the blank. */
function clozeText(entry: AnkiExportEntry): string {
  const answer = `{{c1::${escapeHtml(entry.clozeAnswer)}}}`;
  if (entry.cloze === null) return `${escapeHtml(entry.description)} — ${escapeHtml(entry.countryName)}: ${answer}`;
  return entry.cloze.split('_____').map(escapeHtml).join(answer);
}

/**
 * cards.type/queue/due/ivl/left for a Jerga card. New: its position; (re)learning: the due
 * instant in epoch seconds (a step of a day or more: Anki's day-learning queue, by day number);
 * review: the day number counted from col.crt. Suspended cards keep their type, queue -1.
 */
function scheduleOf(card: AnkiExportCard, position: number, crtSeconds: number) {
  const type = CARD_TYPE_OF_STATE[card.state];
  const dueSeconds = Math.floor(card.due / 1000);
  const dayNumber = Math.floor((dueSeconds - crtSeconds) / DAY_SECONDS);
  let queue: number = type;
  let due = position;
  if (type === 1 || type === 3) {
    queue = card.scheduledDays >= 1 ? 3 : 1;
    due = queue === 3 ? dayNumber : dueSeconds;
  } else if (type === 2) {
    due = dayNumber;
  }
  return {
    type,
    queue: card.suspended ? -1 : queue,
    due,
    ivl: type === 0 || type === 1 ? 0 : card.scheduledDays,
    left: type === 1 || type === 3 ? 1 : 0,
    factor: type === 0 ? 0 : 2500,
    // Anki 23.10+'s FSRS memory state, for cards that have one.
    data: card.reps > 0 && card.stability > 0 ? JSON.stringify({ s: card.stability, d: card.difficulty, dr: DESIRED_RETENTION }) : '',
  };
}

/** revlog.type from the state a review found the card in. */
const REVLOG_TYPE_OF_STATE = [REVLOG_TYPE.learn, REVLOG_TYPE.learn, REVLOG_TYPE.review, REVLOG_TYPE.relearn] as const;

/** A review's interval as Anki logs it: days, or negative seconds for a step shorter than a day. */
function revlogInterval(scheduledDays: number, reviewedAt: number, dueAfter: number): number {
  if (scheduledDays > 0) return scheduledDays;
  return -Math.max(1, Math.round((dueAfter - reviewedAt) / 1000));
}

export interface CollectionInput {
  data: AnkiExport;
  /** The package's file name of each entry's recording, by entry id, as if every one will be read. */
  soundFiles: ReadonlyMap<string, string>;
  /**
   * The entries whose recording could not be read after all: awaited only once the notes are
   * written (the recordings are read meanwhile), their notes then lose the [sound:].
   */
  missingSounds: () => Promise<ReadonlySet<string>>;
  /** The export's time (epoch ms). */
  now: number;
}

/**
 * The collection file (Anki's schema 11): one Jerga note per entry (GUID jerga-<key>-<entry>)
 * and a Jerga Cloze note for an entry with a cloze card, one card per Jerga card at its kind's
 * ordinal, and the reviews as the revlog. Ids are times in ms as Anki makes them (a card's and
 * a note's from when the card was made, a review's from when it was made), so a second export
 * of the same cards gives the same ids.
 */
export async function buildCollection({ data, soundFiles, missingSounds, now }: CollectionInput): Promise<Uint8Array> {
  const SQL = await sqlJs();
  const db = new SQL.Database();
  try {
    db.exec(SCHEMA_11);
    const nowSeconds = Math.floor(now / 1000);
    const firstMade = data.cards.reduce((earliest, card) => Math.min(earliest, card.createdAt), now);
    const crtSeconds = Math.floor(firstMade / 1000 / DAY_SECONDS) * DAY_SECONDS;
    db.run('insert into col values (1, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?, ?, ?)', [
      crtSeconds, now, now, SCHEMA_11_VERSION, collectionConfigJson(data.cards.length + 1), modelsJson(nowSeconds),
      decksJson(nowSeconds), deckConfigJson(nowSeconds), '{}',
    ]);
    db.exec('begin');
    const { ankiCardOf, voicedNotes } = writeNotesAndCards(db, { data, soundFiles, nowSeconds, crtSeconds });
    writeRevlog(db, data.reviews, ankiCardOf);
    const missing = await missingSounds();
    const unvoice = db.prepare('update notes set flds = ? where id = ?');
    for (const entryId of missing) {
      // Audio is the last field: the note keeps the rest (its sort field and checksum too).
      for (const note of voicedNotes.get(entryId) ?? []) unvoice.run([[...note.fields.slice(0, -1), ''].join(FIELD_SEPARATOR), note.id]);
    }
    unvoice.free();
    db.exec('commit');
    return db.export();
  } finally {
    db.close();
  }
}

/** The notes (each entry's, and its cloze note) and one card per Jerga card. */
function writeNotesAndCards(db: import('sql.js').Database, { data, soundFiles, nowSeconds, crtSeconds }:
  { data: AnkiExport; soundFiles: ReadonlyMap<string, string>; nowSeconds: number; crtSeconds: number }) {
  const entries = new Map(data.entries.map((entry) => [entry.id, entry]));
  const noteIds = new IdMaker();
  const notesByKey = new Map<string, number>();
  const voicedNotes = new Map<string, { id: number; fields: string[] }[]>();
  const insertNote = db.prepare('insert into notes values (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
  const noteOf = (card: AnkiExportCard, entry: AnkiExportEntry): number => {
    const cloze = card.kind === 'cloze';
    const key = `${entry.id}${cloze ? ':cloze' : ''}`;
    const known = notesByKey.get(key);
    if (known !== undefined) return known;
    const id = noteIds.next(card.createdAt);
    const fields = noteFields(entry, soundFiles.get(entry.id));
    if (cloze) fields.unshift(clozeText(entry));
    insertNote.run([id, noteGuid(data.collectionKey, entry.id, cloze), cloze ? JERGA_CLOZE_NOTETYPE_ID : JERGA_NOTETYPE_ID,
      nowSeconds, ` jerga ${entry.country.toLowerCase()} `, fields.join(FIELD_SEPARATOR), stripHtml(fields[0]),
      checksumOf(fields[0]), '']);
    notesByKey.set(key, id);
    if (soundFiles.has(entry.id)) voicedNotes.set(entry.id, [...(voicedNotes.get(entry.id) ?? []), { id, fields }]);
    return id;
  };
  const cardIds = new IdMaker();
  const ankiCardOf = new Map<string, number>();
  const insertCard = db.prepare('insert into cards values (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)');
  let position = 0;
  for (const card of data.cards) {
    const entry = entries.get(card.entryId);
    if (!entry) continue;
    const noteId = noteOf(card, entry);
    const id = cardIds.next(card.createdAt);
    const schedule = scheduleOf(card, (position += 1), crtSeconds);
    insertCard.run([id, noteId, JERGA_DECK_ID, ordinalOf(card.kind), nowSeconds, schedule.type, schedule.queue, schedule.due,
      schedule.ivl, schedule.factor, card.reps, card.lapses, schedule.left, schedule.data]);
    ankiCardOf.set(card.id, id);
  }
  insertNote.free();
  insertCard.free();
  return { ankiCardOf, voicedNotes };
}

/** The reviews, oldest first, as Anki's revlog. */
function writeRevlog(db: import('sql.js').Database, reviews: AnkiExportReviews, ankiCardOf: ReadonlyMap<string, number>): void {
  const insert = db.prepare('insert into revlog values (?, ?, -1, ?, ?, ?, ?, ?, ?)');
  // revlog.id is the review's instant in ms and the table's key: two reviews in the same
  // millisecond (two cards rated at once) take the next free one, keeping their order.
  // importAnki matches a card's review within ±1 s, so the shift does not make it new.
  const ids = new IdMaker();
  const lastInterval = new Map<string, number>();
  for (const [index, jergaCard] of reviews.cardId.entries()) {
    const cardId = ankiCardOf.get(jergaCard);
    if (cardId === undefined) continue;
    const interval = revlogInterval(reviews.scheduledDays[index], reviews.reviewedAt[index], reviews.dueAfter[index]);
    // Anki with FSRS logs the card's difficulty after the review (1–10) ×100 where SM-2 logs the ease.
    insert.run([ids.next(reviews.reviewedAt[index]), cardId, reviews.rating[index], interval, lastInterval.get(jergaCard) ?? 0,
      Math.round(reviews.difficultyAfter[index] * 100), Math.min(reviews.durationMs[index] ?? 0, MAX_REVIEW_TIME_MS),
      REVLOG_TYPE_OF_STATE[reviews.stateBefore[index]]]);
    lastInterval.set(jergaCard, interval);
  }
  insert.free();
}
