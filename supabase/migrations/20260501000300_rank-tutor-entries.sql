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
--     weighted double against the full-text rank, plus half the similarity of the whole
--     title (an entry titled just "chamba" before "chamba de finde"); candidates come by
--     the same measure (0.4, so "chebere" finds chévere, 0.45);
--   * a country named in the message, in English or Spanish, accent-insensitive, adds 0.5 to
--     that country's entries and brings its best-voted ones in as candidates;
--   * anything scoring under half the best is dropped, so one clear match is not padded
--     with weak ones;
--   * each word brings at most 50 candidates per way of matching, so a word common to
--     thousands of entries cannot make one message rank them all.
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
language plpgsql
stable
security definer
set search_path = ''
set pg_trgm.strict_word_similarity_threshold = 0.4
rows 5
as $$
declare
  wanted constant integer := greatest(coalesce(tutor_entry_ids.max_entries, 5), 0);
  spaced text;      -- every word of the message, normalized, between spaces
  words text[];     -- the words that are a stop word in neither language (the learner mixes both)
  long_words text[]; -- those of 4 letters or more: the ones worth matching titles against
  query tsquery;    -- any of the words' lexemes, Spanish or English
  named text[];     -- the countries the message names
  found uuid[] := '{}';
  more uuid[];
  word text;
begin
  select ' ' || string_agg(t.w, ' ' order by t.n) || ' ',
         array_agg(t.w order by t.n) filter (where to_tsvector('spanish'::regconfig, t.w) <> ''::tsvector
                                               and to_tsvector('english'::regconfig, t.w) <> ''::tsvector)
    into spaced, words
    from regexp_split_to_table(private.search_normalize(tutor_entry_ids.message), '[^[:alnum:]]+') with ordinality as t(w, n)
   where t.w <> '';
  words := coalesce(words[1:30], '{}');
  long_words := array(select distinct w from unnest(words) as w where char_length(w) >= 4);
  -- plainto_tsquery ANDs the lexemes; the tutor wants any of them, best matches first.
  query := nullif(array_to_string(array_remove(array[
             replace(plainto_tsquery('spanish'::regconfig, array_to_string(words, ' '))::text, ' & ', ' | '),
             replace(plainto_tsquery('english'::regconfig, array_to_string(words, ' '))::text, ' & ', ' | ')], ''), ' | '), '')::tsquery;
  -- Whole words only: "costa rica", "espana", "peru".
  named := array(select c.code::text from public.countries c
                  where spaced like '% ' || private.search_normalize(c.name_en) || ' %'
                     or spaced like '% ' || private.search_normalize(c.name_es) || ' %');

  -- At most 50 candidates per word and way of matching: a word found in a handful of entries
  -- brings them all; one found in thousands ("significa" in every "significado") brings a
  -- sample instead of making the ranking score them all. EXECUTE plans each lookup for its
  -- word: a plan for any word guesses 1% of the table matches and, told 50 rows will do,
  -- reads the table in order instead of the index (2.5 s on 100k entries for a word that
  -- matches nothing).
  foreach word in array array(select distinct w from unnest(words) as w) loop
    execute 'select array(select e.id from public.entries e where e.show and e.search_document @@ $1 limit 50)'
      into more using plainto_tsquery('spanish'::regconfig, word) || plainto_tsquery('english'::regconfig, word);
    found := found || more;
  end loop;
  foreach word in array long_words loop
    execute 'select array(select e.id from public.entries e where e.show and e.search_text operator(extensions.%>>) $1 limit 50)'
      into more using word;
    found := found || more;
  end loop;
  found := found || array(
    select best.id
      from unnest(named) as nc(code)
      cross join lateral (
        select e.id from public.entries e
         where e.country = nc.code and e.show
         order by e.vote_score desc, e.created_at desc
         limit wanted
      ) as best);

  return query
    with signals as (
      -- Each candidate's full-text rank, whether it matched the text or its country is
      -- named, and how close its title is to one of the words (as typed, and with b/v,
      -- ll/y, z/s folded).
      select e.id, e.vote_score, e.created_at,
             coalesce(ts_rank(e.search_document, query), 0) as text_rank,
             coalesce(e.search_document @@ query, false) as text_match,
             e.country = any (named) as country_named,
             coalesce((select max(greatest(
                                 extensions.strict_word_similarity(w, t.title),
                                 extensions.strict_word_similarity(private.spelling_key(w), private.spelling_key(t.title))))
                         from unnest(long_words) as w), 0) as title_closeness,
             -- The whole title, not only one of its words: "chamba" before "chamba de finde".
             coalesce((select max(extensions.similarity(private.spelling_key(w), private.spelling_key(t.title)))
                         from unnest(long_words) as w), 0) as title_sameness
        from public.entries e
        cross join lateral (select private.search_normalize(e.title) as title) as t
       where e.id = any (found)
    ),
    scored as (
      select s.id, s.vote_score, s.created_at,
             s.text_rank + 2 * s.title_closeness + 0.5 * s.title_sameness + case when s.country_named then 0.5 else 0 end as total
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
     limit wanted;
end;
$$;
comment on function private.tutor_entry_ids(text, integer) is
  'The shown entries most relevant to a learner''s message (full text in Spanish and English, whole-word title trigrams for typos, countries it names), best first, none under half the best.';
