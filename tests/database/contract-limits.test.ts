import { afterAll, describe, expect, it } from 'vitest';
import * as limits from '../../supabase/functions/_shared/contract/limits.ts';
import { adminSql, closeAdminSql } from '../support/stack.ts';

// The contract states each limit once for the client and the /api (contract/limits.ts);
// Postgres holds the rule and keeps enforcing it. Each number must be the database's.

afterAll(closeAdminSql);

/** A check constraint's definition, as Postgres prints it. */
async function checkOf(table: string, name: string): Promise<string> {
  const [row] = await adminSql()<{ definition: string }[]>`
    select pg_get_constraintdef(c.oid) as definition from pg_constraint c
     where c.conrelid = ${table}::regclass and c.conname = ${name}`;
  if (!row) throw new Error(`no constraint ${name} on ${table}`);
  return row.definition;
}

/** Each check and the limit it must state as its upper bound. */
const CHECKS: [table: string, constraint: string, limit: number][] = [
  ['public.comments', 'comments_text_check', limits.COMMENT_MAX_LENGTH],
  ['public.entries', 'entries_title_check', limits.ENTRY_TEXT_MAX_LENGTH],
  ['public.entries', 'entries_description_check', limits.ENTRY_TEXT_MAX_LENGTH],
  ['public.entries', 'entries_description_es_check', limits.ENTRY_TEXT_MAX_LENGTH],
  ['public.entries', 'entries_hint_check', limits.ENTRY_TEXT_MAX_LENGTH],
  ['public.entries', 'entries_example_sentence_check', limits.ENTRY_TEXT_MAX_LENGTH],
  ['public.entries', 'entries_author_check', limits.ENTRY_AUTHOR_MAX_LENGTH],
  ['public.tags', 'tags_name_check', limits.TAG_NAME_MAX_LENGTH],
  ['public.tags', 'tags_name_es_check', limits.TAG_NAME_MAX_LENGTH],
  ['public.profiles', 'profiles_name_check', limits.PERSON_NAME_MAX_LENGTH],
  ['public.feedback', 'feedback_name_check', limits.PERSON_NAME_MAX_LENGTH],
  ['public.feedback', 'feedback_message_check', limits.FEEDBACK_MESSAGE_MAX_LENGTH],
  ['public.reports', 'reports_note_check', limits.REPORT_NOTE_MAX_LENGTH],
  ['public.moderation_cases', 'moderation_cases_resolution_note_check', limits.REPORT_NOTE_MAX_LENGTH],
  ['public.chats', 'chats_title_check', limits.CHAT_TITLE_MAX_LENGTH],
  ['public.profiles', 'profiles_new_cards_per_day_check', limits.MAX_NEW_CARDS_PER_DAY],
  ['public.profiles', 'profiles_max_reviews_per_day_check', limits.MAX_REVIEWS_PER_DAY],
  ['public.recordings', 'recordings_duration_ms_check', limits.MAX_RECORDING_DURATION_MS],
  ['public.reviews', 'reviews_duration_ms_check', limits.MAX_REVIEW_DURATION_MS],
];

describe('the contract’s limits (contract/limits.ts) are the database’s', () => {
  it.each(CHECKS)('%s %s is at most the contract’s %i', async (table, constraint, limit) => {
    const definition = await checkOf(table, constraint);
    const bounds = [...definition.matchAll(/<= (\d+)\)/g)].map(([, bound]) => Number(bound));
    expect(bounds, definition).toEqual([limit]);
  });

  it('a tutor message is at most CHAT_MESSAGE_MAX_LENGTH (private.tutor_message)', async () => {
    const [{ source }] = await adminSql()<{ source: string }[]>`select p.prosrc as source from pg_proc p where p.oid = 'private.tutor_message(text)'::regprocedure`;
    expect([...source.matchAll(/char_length\(trimmed\) > (\d+)/g)].map(([, bound]) => Number(bound))).toEqual([limits.CHAT_MESSAGE_MAX_LENGTH]);
  });

  it('the buckets: recordings public, 2 MB, its audio types; avatars public', async () => {
    const buckets = await adminSql()<{ id: string; public: boolean; file_size_limit: string | null; allowed_mime_types: string[] | null }[]>`
      select id, public, file_size_limit::text, allowed_mime_types from storage.buckets
       where id in (${limits.RECORDINGS_BUCKET}, ${limits.AVATARS_BUCKET}) order by id`;
    const byId = Object.fromEntries(buckets.map((bucket) => [bucket.id, bucket]));
    expect(byId[limits.RECORDINGS_BUCKET]).toMatchObject({ public: true, file_size_limit: String(limits.MAX_RECORDING_BYTES) });
    expect(byId[limits.RECORDINGS_BUCKET].allowed_mime_types?.toSorted()).toEqual([...limits.RECORDING_TYPES].sort());
    expect(byId[limits.AVATARS_BUCKET]).toMatchObject({ public: true });
  });
});
