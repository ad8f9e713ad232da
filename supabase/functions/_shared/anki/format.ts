/**
 * The Anki package as Jerga writes it (exportAnki) and reads it back (importAnki): one
 * definition of the note types, the card ordinals, the notes' GUIDs and the collection's
 * tables, so the two sides cannot drift. Anki's own schema 11 (the `collection.anki2` /
 * `collection.anki21` file every Anki since 2.1 and AnkiDroid import) is written; a package
 * Anki 2.1.50+ exports back may instead hold `collection.anki21b` (the same tables, schema 18,
 * zstd-compressed), which the reader accepts too.
 */
import type { FlashcardKind } from '../contract/flashcards.ts';

/** The largest package importAnki reads. */
export const MAX_ANKI_PACKAGE_BYTES = 50 * 1024 * 1024;

/** Inside the zip: the collection (newest first, as Anki reads them) and the media map. */
export const COLLECTION_FILES = ['collection.anki21b', 'collection.anki21', 'collection.anki2'] as const;
export const MEDIA_FILE = 'media';

/**
 * Fixed ids (Anki's ids are epoch milliseconds), so every export names the same note types
 * and deck and Anki updates them in place rather than adding copies.
 */
export const JERGA_NOTETYPE_ID = 1764979200001;
export const JERGA_CLOZE_NOTETYPE_ID = 1764979200002;
export const JERGA_DECK_ID = 1764979200003;
export const JERGA_NOTETYPE_NAME = 'Jerga';
export const JERGA_CLOZE_NOTETYPE_NAME = 'Jerga Cloze';
export const JERGA_DECK_NAME = 'Jerga';

/**
 * The Jerga note type's fields, in order (the six, then the recording's
 * `[sound:…]`, empty where the entry has no native recording).
 */
export const NOTE_FIELDS = ['Word', 'Meaning', 'Meaning (Spanish)', 'Country', 'Example', 'Hint', 'Audio'] as const;
/** The Jerga Cloze note type's: Anki's cloze text first (the example, the word as {{c1::…}}), then the same. */
export const CLOZE_FIELDS = ['Text', ...NOTE_FIELDS] as const;

/** Anki joins a note's fields with this character. */
export const FIELD_SEPARATOR = '\x1f';

/**
 * The Jerga note type's templates by card ordinal; a cloze card is ordinal 0 of the cloze note.
 */
export const TEMPLATE_KINDS = ['basic', 'reverse', 'variant', 'listening'] as const satisfies readonly FlashcardKind[];

/** The ordinal of a kind's template on its note type. */
export function ordinalOf(kind: FlashcardKind): number {
  return kind === 'cloze' ? 0 : TEMPLATE_KINDS.indexOf(kind);
}

/**
 * A note's GUID: `jerga-<collection key>-<entry id>` (with `-cloze` for the entry's cloze
 * note). The collection key is the learner's (private.anki_collections), so a package names
 * whose cards it holds: importAnki takes only notes with the caller's key.
 */
export function noteGuid(collectionKey: string, entryId: string, cloze = false): string {
  return `jerga-${collectionKey}-${entryId}${cloze ? '-cloze' : ''}`;
}

/** The parts of a Jerga GUID, or null for any other note's. */
export function parseNoteGuid(guid: string): { collectionKey: string; entryId: string; cloze: boolean } | null {
  const match = /^jerga-([A-Za-z0-9]{8,32})-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-cloze)?$/.exec(guid);
  return match ? { collectionKey: match[1], entryId: match[2], cloze: match[3] !== undefined } : null;
}

/** The card's kind from its note and ordinal, or null when Jerga has no such card. */
export function kindOf(cloze: boolean, ordinal: number): FlashcardKind | null {
  if (cloze) return ordinal === 0 ? 'cloze' : null;
  return TEMPLATE_KINDS[ordinal] ?? null;
}

/** revlog.type: how Anki says a review was made. */
export const REVLOG_TYPE = { learn: 0, review: 1, relearn: 2, filtered: 3, manual: 4, rescheduled: 5 } as const;

/** cards.type and cards.queue for Jerga's four FSRS states (new, learning, review, relearning). */
export const CARD_TYPE_OF_STATE = [0, 1, 2, 3] as const;

/**
 * Anki's schema 11, as `collection.anki2`/`collection.anki21` holds it (col.ver = 11): the
 * tables and indexes Anki's own code creates for that version.
 */
export const SCHEMA_11_VERSION = 11;
export const SCHEMA_11 = `
create table col (
  id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null,
  conf text not null, models text not null, decks text not null, dconf text not null, tags text not null
);
create table notes (
  id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null,
  csum integer not null, flags integer not null, data text not null
);
create table cards (
  id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null,
  due integer not null, ivl integer not null, factor integer not null, reps integer not null,
  lapses integer not null, left integer not null, odue integer not null, odid integer not null,
  flags integer not null, data text not null
);
create table revlog (
  id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
  type integer not null
);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;
