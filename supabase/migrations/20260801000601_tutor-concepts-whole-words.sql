-- The tutor asks the concept search for the group of a word ("How do you say bus in Cuba?")
-- and names it as the answer, so a weak match is a wrong answer: "bus" inside "business"
-- must not count. concept_search_hits' third parameter becomes for_tutor: shown entries only
-- (as before) and only groups where the key is a title or a whole word of a title or a
-- meaning. A parameter's name cannot change in place, hence drop and create: Postgres tracks
-- no dependency of the SQL functions calling it; search_concepts, which passes only the first
-- two, stays as it is, and tutor_concept is created again below, naming for_tutor.
drop function private.concept_search_hits(text, integer, boolean);

-- As in 20260801000600, but for the tutor only titles and whole words count.
-- Why security definer: with row-level security on, the LIKE conditions (not leakproof)
-- would be checked only after the read policy, so neither index could be used and every
-- entry would be read. This finds the groups through the indexes, keeping only entries the
-- caller may see (the read policy's rule, repeated; or shown ones only, for the tutor, which
-- also takes a group only when the key is a title or a whole word of one), and
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
create or replace function private.concept_search_hits(q text, max_groups integer, for_tutor boolean default false)
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
  visible constant text := case when concept_search_hits.for_tutor then 'e.show'
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
        from best b
       where %8$s
       order by group_rank limit %7$s
    )
    select ch.group_rank, ch.concept_id, e.id
      from chosen ch
      join public.concept_members cm on cm.concept_id = ch.concept_id
      join public.entries e on e.id = cm.entry_id
     where %2$s
     order by ch.group_rank, e.country, e.vote_score desc, e.created_at, e.id
    $sql$,
    key || '%', visible, case when char_length(key) >= 3 then 'true' else 'false' end,
    '%' || key || '%', key, '% ' || key || ' %', wanted,
    -- The tutor names a group only for a title or a whole word: "bus" is not "business".
    case when concept_search_hits.for_tutor then 'b.kind <= 2' else 'true' end);
end;
$$;
comment on function private.concept_search_hits(text, integer, boolean) is
  'The concept groups whose visible members match a search (title, meanings, example; no case, accents or punctuation), best first, with their visible members by country.';
revoke all on function private.concept_search_hits(text, integer, boolean) from public;
grant execute on function private.concept_search_hits(text, integer, boolean) to anon, authenticated, service_role;

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
    from private.concept_search_hits(tutor_concept.term, 1, for_tutor => true) as h
    join public.entries e on e.id = h.entry_id
  having count(*) > 0
$$;
comment on function public.tutor_concept(text, text) is
  'The tutor''s grounding for "how do you say X in <country>": {country, entries: [tutor entry]} of the best group for X, the country''s forms first; null when none.';
revoke all on function public.tutor_concept(text, text) from public;
grant execute on function public.tutor_concept(text, text) to authenticated, service_role;
