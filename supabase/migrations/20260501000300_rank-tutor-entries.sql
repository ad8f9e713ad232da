-- The tutor's entry search, ranked closer to what a learner means (replaces the first
-- version in 20260501000200, same signature and grants).
--
-- Why: the first version scored a title by word_similarity, which is as high for any title
-- that merely starts like the word ("chamba" and "championes" both 0.57 to "chamva"), so
-- near-misses crowded out the entry meant. And a message that names a country ("slang from
-- Mexico", "¿cómo se dice en Argentina?") found nothing of that country: country names are
-- not in an entry's text. Now:
--   * a title's closeness is strict_word_similarity (whole words: chamva→chamba 0.40,
--     chamva→championes 0.29), also with b/v, ll/y and z/s folded (chamva→chamba 1.0),
--     weighted double against the full-text rank; candidates come by the same measure
--     (0.4, so "chebere" finds chévere, 0.45);
--   * a country named in the message, in English or Spanish, accent-insensitive, adds 0.5 to
--     that country's entries and brings its best-voted ones in as candidates;
--   * anything scoring under half the best is dropped, so one clear match is not padded
--     with weak ones.
-- The letters Spanish spells alike, folded (b/v, ll/y, z/s), so the commonest misspellings
-- of a word ("chamva", "yamar", "sapato") read as the word itself.
create or replace function private.spelling_key(word text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select replace(replace(replace(spelling_key.word, 'v', 'b'), 'll', 'y'), 'z', 's')
$$;
comment on function private.spelling_key(text) is 'A normalized word with b/v, ll/y and z/s folded, for the tutor''s typo matching.';
revoke all on function private.spelling_key(text) from public, anon, authenticated, service_role;

create or replace function private.tutor_entry_ids(message text, max_entries integer)
returns table (entry_id uuid, score real)
language sql
stable
security definer
set search_path = ''
set pg_trgm.strict_word_similarity_threshold = 0.4
rows 5
as $$
  with normalized as (
    select private.search_normalize(tutor_entry_ids.message) as plain
  ),
  all_words as (
    select w.word, w.n
      from normalized n, regexp_split_to_table(n.plain, '[^[:alnum:]]+') with ordinality as w(word, n)
     where w.word <> ''
  ),
  -- The words that are a stop word in neither language (the learner mixes both).
  content_words as (
    select a.word, a.n
      from all_words a
     where to_tsvector('spanish'::regconfig, a.word) <> ''::tsvector
       and to_tsvector('english'::regconfig, a.word) <> ''::tsvector
  ),
  query as (
    -- plainto_tsquery ANDs the lexemes; the tutor wants any of them, best matches first.
    select nullif(array_to_string(array_remove(array[
             replace(plainto_tsquery('spanish'::regconfig, t.plain)::text, ' & ', ' | '),
             replace(plainto_tsquery('english'::regconfig, t.plain)::text, ' & ', ' | ')], ''), ' | '), '')::tsquery as q
      from (select string_agg(c.word, ' ' order by c.n) as plain from content_words c) as t
     where t.plain is not null
  ),
  words as (
    select distinct c.word
      from content_words c
     where char_length(c.word) >= 4
     limit 30
  ),
  -- Countries named in the message as whole words ("costa rica", "espana", "peru").
  named_countries as (
    select c.code
      from public.countries c,
           (select ' ' || string_agg(a.word, ' ' order by a.n) || ' ' as spaced from all_words a) as m
     where m.spaced like '% ' || private.search_normalize(c.name_en) || ' %'
        or m.spaced like '% ' || private.search_normalize(c.name_es) || ' %'
  ),
  candidates as (
    select e.id from public.entries e, query where e.show and e.search_document @@ query.q
    union
    select e.id from words w join public.entries e on w.word operator(extensions.<<%) e.search_text where e.show
    union
    select best.id
      from named_countries nc
      cross join lateral (
        select e.id from public.entries e
         where e.country = nc.code and e.show
         order by e.vote_score desc, e.created_at desc
         limit greatest(coalesce(tutor_entry_ids.max_entries, 5), 0)
      ) as best
  ),
  -- Each candidate's signals: full-text rank, how close its title is to one of the words
  -- (as typed, and with b/v, ll/y, z/s folded), whether it matched the text, its country named.
  signals as (
    select e.id, e.vote_score, e.created_at,
           coalesce(ts_rank(e.search_document, query.q), 0) as text_rank,
           coalesce(e.search_document @@ query.q, false) as text_match,
           e.country in (select nc.code from named_countries nc) as country_named,
           coalesce((select max(greatest(
                               extensions.strict_word_similarity(w.word, t.title),
                               extensions.strict_word_similarity(private.spelling_key(w.word), private.spelling_key(t.title))))
                       from words w), 0) as title_closeness
      from candidates c
      join public.entries e on e.id = c.id
      cross join lateral (select private.search_normalize(e.title) as title) as t
      left join query on true
  ),
  scored as (
    select s.id, s.vote_score, s.created_at,
           s.text_rank + 2 * s.title_closeness + case when s.country_named then 0.5 else 0 end as total
      from signals s
     where s.text_match or s.country_named or s.title_closeness >= 0.4
  ),
  ranked as (
    select s.*, max(s.total) over () as best from scored s
  )
  select r.id, r.total::real
    from ranked r
   where r.total >= r.best / 2
   order by r.total desc, r.vote_score desc, r.created_at desc, r.id desc
   limit greatest(coalesce(tutor_entry_ids.max_entries, 5), 0)
$$;
comment on function private.tutor_entry_ids(text, integer) is
  'The shown entries most relevant to a learner''s message (full text in Spanish and English, whole-word title trigrams for typos, countries it names), best first, none under half the best.';
