-- Compare across countries (issue 18): find the concept groups (entries linked as the same
-- meaning in their countries, public.concept_members) by what any of their members says —
-- its title, its English or Spanish meaning, its example — ignoring case, accents and
-- punctuation, so "straw", "popote" and "¿Pajita?" each find the straw group.

-- Why: everything a concept search reads, as one normalized text for one trigram index.
-- Each part is folded like a title's key (private.title_key: lower case, no accents,
-- punctuation and spacing folded to single spaces), so a search's key (folded the same way)
-- is a plain substring of it. Parts are kept apart by ' | ' so no match spans two of them.
create or replace function private.concept_text(title text, description text, description_es text, example_sentence text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select private.title_key(concept_text.title) || ' | ' || private.title_key(concept_text.description)
         || ' | ' || private.title_key(coalesce(concept_text.description_es, ''))
         || ' | ' || private.title_key(coalesce(concept_text.example_sentence, ''))
$$;
comment on function private.concept_text(text, text, text, text) is
  'Title, English meaning, Spanish meaning and example, each folded like a title key, for the concept search''s trigram index.';
revoke all on function private.concept_text(text, text, text, text) from public;
grant execute on function private.concept_text(text, text, text, text) to anon, authenticated, service_role;

-- Stored: folding costs a regular expression and four unaccent calls per entry, too much to
-- repeat for every candidate of every search (the index's recheck reads it too).
alter table public.entries
  add column concept_text text generated always as (
    private.concept_text(title, description, description_es, example_sentence)
  ) stored;
comment on column public.entries.concept_text is
  'Title key | meaning | Spanish meaning | example, each folded like a title key: what the concept search matches.';

-- Substring matches anywhere in what an entry says (3 letters or more)...
create index entries_concept_text_idx on public.entries using gin (concept_text extensions.gin_trgm_ops);
-- ...and exact or starts-with matches of the title (its folded key, the text's first part;
-- any length: "ya", "qué"), which rank first.
create index entries_concept_title_idx on public.entries (split_part(concept_text, ' | ', 1) text_pattern_ops);

-- Why security definer: with row-level security on, the LIKE conditions (not leakproof)
-- would be checked only after the read policy, so neither index could be used and every
-- entry would be read. This finds the groups through the indexes, keeping only entries the
-- caller may see (the read policy's rule, repeated; or shown ones only, for the tutor), and
-- returns ids only: public.search_concepts reads the entries as the caller.
--
-- Ranking, best first: a group with a member titled exactly the key; then one whose member's
-- title starts with it or has it as a whole word; then one whose member's meaning (English or
-- Spanish) has it as a whole word; then any other substring (inside a word, in an example).
-- Within a kind, the member with the shorter title (closer to the key), then the better
-- voted. Candidates are capped per way of matching (title start: 100, anywhere: 200), so a
-- key common to thousands of entries ranks a sample, never the whole table
-- (bench/concept-search.ts: 100,000 entries in 20,000 groups).
-- Why EXECUTE: the statement is planned for its key, so the prefix and trigram indexes are
-- chosen for it (a generic plan cannot use a prefix index, and guesses a fixed share of
-- rows for any key). Trigrams need three letters: a shorter key is found by titles only.
-- The key has no LIKE wildcards or quotes left (title_key keeps letters, digits, spaces).
-- Why no sequential scans: for a key it guesses common ("mate") the planner would read the
-- table in order until 200 rows match, which for a key that is in fact rare means reading
-- all of it; the trigram index costs a few milliseconds whatever the key.
create or replace function private.concept_search_hits(q text, max_groups integer, shown_only boolean default false)
returns table (group_rank integer, concept_id uuid, entry_id uuid)
language plpgsql
stable
security definer
set search_path = ''
set enable_seqscan = off
rows 100
as $$
declare
  key constant text := private.title_key(left(coalesce(concept_search_hits.q, ''), 200));
  wanted constant integer := least(greatest(coalesce(concept_search_hits.max_groups, 20), 0), 50);
  visible constant text := case when concept_search_hits.shown_only then 'e.show'
                                else '(e.show or e.owner = (select auth.uid()) or (select private.is_admin()))' end;
begin
  if key = '' or wanted = 0 then
    return;
  end if;
  return query execute format($sql$
    with hits as (
      (select cm.concept_id, e.concept_text, e.vote_score
         from public.entries e join public.concept_members cm on cm.entry_id = e.id
        where split_part(e.concept_text, ' | ', 1) like %1$L and %2$s
        limit 100)
      union all
      (select cm.concept_id, e.concept_text, e.vote_score
         from public.entries e join public.concept_members cm on cm.entry_id = e.id
        where %3$s and e.concept_text like %4$L and %2$s
        limit 200)
    ),
    best as (
      select distinct on (h.concept_id) h.concept_id, k.kind, k.title_length, h.vote_score
        from hits h
       cross join lateral (select split_part(h.concept_text, ' | ', 1) as title) as t
       cross join lateral (
         select case when t.title = %5$L then 0
                     when t.title like %1$L or ' ' || t.title || ' ' like %6$L then 1
                     when ' ' || split_part(h.concept_text, ' | ', 2) || ' | ' || split_part(h.concept_text, ' | ', 3) || ' ' like %6$L then 2
                     else 3 end as kind,
                char_length(t.title) as title_length) as k
       order by h.concept_id, k.kind, k.title_length, h.vote_score desc
    ),
    chosen as (
      select b.concept_id, (row_number() over (order by b.kind, b.title_length, b.vote_score desc, b.concept_id))::integer as group_rank
        from best b order by group_rank limit %7$s
    )
    select ch.group_rank, ch.concept_id, e.id
      from chosen ch
      join public.concept_members cm on cm.concept_id = ch.concept_id
      join public.entries e on e.id = cm.entry_id
     where %2$s
     order by ch.group_rank, e.country, e.vote_score desc, e.created_at, e.id
    $sql$,
    key || '%', visible, case when char_length(key) >= 3 then 'true' else 'false' end,
    '%' || key || '%', key, '% ' || key || ' %', wanted);
end;
$$;
comment on function private.concept_search_hits(text, integer, boolean) is
  'The concept groups whose visible members match a search (title, meanings, example; no case, accents or punctuation), best first, with their visible members by country.';
revoke all on function private.concept_search_hits(text, integer, boolean) from public;
grant execute on function private.concept_search_hits(text, integer, boolean) to anon, authenticated, service_role;

-- GET /api/concept/search: the matching groups, best first, each with the members the
-- caller can see ordered by country (then best-voted), in the /api's field names. Runs as
-- the caller, so the read policy decides once more. A blank search finds nothing.
create or replace function public.search_concepts(q text, max_groups integer default 20)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('entries', g.entries) order by g.group_rank), '[]'::jsonb)
    from (select h.group_rank,
                 jsonb_agg(jsonb_build_object(
                   '_id', e.id,
                   'title', e.title,
                   'country', e.country,
                   'description', e.description,
                   'descriptionEs', e.description_es) order by e.country, e.vote_score desc, e.created_at, e.id) as entries
            from private.concept_search_hits(search_concepts.q, search_concepts.max_groups) as h
            join public.entries e on e.id = h.entry_id
           group by h.group_rank) as g
$$;
comment on function public.search_concepts(text, integer) is
  'Concept groups matching a search (at most max_groups, 50 at most, best first): [{entries: [{_id, title, country, description, descriptionEs}]}], members by country.';
revoke all on function public.search_concepts(text, integer) from public;
grant execute on function public.search_concepts(text, integer) to anon, authenticated, service_role;

-- The tutor's "How do you say straw in Argentina?": the best group for the term, its shown
-- members as the tutor cites them, the named country's first (best-voted first), then the
-- others by country. Null when no group has the term. Runs as the caller (a signed-in
-- learner in a chat).
create or replace function public.tutor_concept(term text, country text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
           'country', upper(btrim(tutor_concept.country)),
           'entries', jsonb_agg(private.tutor_entry_json(e)
                                order by e.country::text <> upper(btrim(tutor_concept.country)), e.country,
                                         e.vote_score desc, e.created_at, e.id))
    from private.concept_search_hits(tutor_concept.term, 1, true) as h
    join public.entries e on e.id = h.entry_id
  having count(*) > 0
$$;
comment on function public.tutor_concept(text, text) is
  'The tutor''s grounding for "how do you say X in <country>": {country, entries: [tutor entry]} of the best group for X, the country''s forms first; null when none.';
revoke all on function public.tutor_concept(text, text) from public;
grant execute on function public.tutor_concept(text, text) to authenticated, service_role;
