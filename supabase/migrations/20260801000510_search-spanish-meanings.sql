-- Meanings in Spanish too (issue 18): an entry's Spanish meaning is searched like its
-- English one. Both search columns of 20260101000400 are generated, so each is rebuilt with
-- description_es in it (and its index with it):
--   search_text      the home search (search_entry_ids, LIKE on trigrams) and the tutor's
--                    typo matching: title, meaning and Spanish meaning, lower-cased, unaccented;
--   search_document  the tutor's full-text search: the Spanish meaning joins the Spanish
--                    document (title, meaning, example), unaccented as the rest.
-- Dropping and adding (rather than Postgres 17's SET EXPRESSION) keeps this runnable on every
-- Postgres that Supabase offers. The functions that read these columns name them, so none
-- changes.

drop index if exists public.entries_search_text_idx;
drop index if exists public.entries_search_document_idx;
alter table public.entries drop column search_text, drop column search_document;

alter table public.entries
  add column search_text text generated always as (
    private.search_normalize(title) || ' ' || private.search_normalize(description)
    || case when description_es is null then '' else ' ' || private.search_normalize(description_es) end
  ) stored,
  add column search_document tsvector generated always as (
    to_tsvector('spanish'::regconfig,
                private.search_normalize(title || ' ' || description || ' ' || coalesce(description_es, '') || ' '
                                         || coalesce(example_sentence, '')))
    || to_tsvector('english'::regconfig, private.search_normalize(title || ' ' || description))
  ) stored;
comment on column public.entries.search_text is
  'Lower-cased, unaccented title, meaning and Spanish meaning for substring search (trigram index).';
comment on column public.entries.search_document is
  'Spanish (title, both meanings, example) and English (title, meaning) full-text document, accent-insensitive, for ranked search and the tutor.';

create index entries_search_text_idx on public.entries using gin (search_text extensions.gin_trgm_ops);
create index entries_search_document_idx on public.entries using gin (search_document);

-- The tutor is given the Spanish meaning too (as 20260501000200, plus descriptionEs when the entry
-- has one), so a
-- Spanish-speaking learner can be answered in their words.
create or replace function private.tutor_entry_json(e public.entries)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', e.id,
    'title', e.title,
    'description', e.description,
    'country', e.country,
    'hint', e.hint,
    'exampleSentence', e.example_sentence,
    'voteCount', e.vote_score,
    'tags', coalesce(
      (select jsonb_agg(t.name order by lower(t.name))
         from public.entry_tags et
         join public.tags t on t.id = et.tag_id
        where et.entry_id = e.id),
      '[]'::jsonb))
    -- Only when there is one: the tutor's entries keep the shape they had.
    || case when e.description_es is null then '{}'::jsonb else jsonb_build_object('descriptionEs', e.description_es) end
$$;
comment on function private.tutor_entry_json(public.entries) is
  'An entry for the tutor: _id, title, description, descriptionEs (when there is one), country, hint, exampleSentence, voteCount, tags (names).';
