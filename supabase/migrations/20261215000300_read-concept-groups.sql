-- A comparison gets its own page (issue 33): /compare/:groupId shows one concept group (the
-- entries linked as one meaning across countries), named by public.concept_members.concept_id.
-- The concept search now says each group's id so its results can link to that page, and
-- public.concept_group reads one group by it.

-- GET /api/concept/search: as in 20260801000600, each group with its id (groupId) as well.
-- Runs as the caller, so the read policy decides once more.
create or replace function public.search_concepts(q text, max_groups integer default 20)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('groupId', g.concept_id, 'entries', g.entries) order by g.group_rank), '[]'::jsonb)
    from (select h.group_rank,
                 h.concept_id,
                 jsonb_agg(jsonb_build_object(
                   '_id', e.id,
                   'title', e.title,
                   'country', e.country,
                   'description', e.description,
                   'descriptionEs', e.description_es) order by e.country, e.vote_score desc, e.created_at, e.id) as entries
            from private.concept_search_hits(search_concepts.q, search_concepts.max_groups) as h
            join public.entries e on e.id = h.entry_id
           group by h.group_rank, h.concept_id) as g
$$;
comment on function public.search_concepts(text, integer) is
  'Concept groups matching a search (at most max_groups, 50 at most, best first): [{groupId, entries: [{_id, title, country, description, descriptionEs}]}], members by country.';
revoke all on function public.search_concepts(text, integer) from public;
grant execute on function public.search_concepts(text, integer) to anon, authenticated, service_role;

-- GET /api/concept/:groupId: one group's members the caller can see, as the search shows
-- them (by country, then best-voted) with each one's vote score, so a page can name the
-- group by its best-voted member's meaning. Security invoker: the concept_members and
-- entries read policies decide, so a hidden member is shown to its owner and admins only.
-- Null when the caller can see no member (no such group, or only hidden ones).
create or replace function public.concept_group(group_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
           'groupId', concept_group.group_id,
           'entries', jsonb_agg(jsonb_build_object(
             '_id', e.id,
             'title', e.title,
             'country', e.country,
             'description', e.description,
             'descriptionEs', e.description_es,
             'voteScore', e.vote_score) order by e.country, e.vote_score desc, e.created_at, e.id))
    from public.concept_members cm
    join public.entries e on e.id = cm.entry_id
   where cm.concept_id = concept_group.group_id
  having count(*) > 0
$$;
comment on function public.concept_group(uuid) is
  'One concept group as the caller may see it: {groupId, entries: [{_id, title, country, description, descriptionEs, voteScore}]} by country; null when none is visible.';
revoke all on function public.concept_group(uuid) from public;
grant execute on function public.concept_group(uuid) to anon, authenticated, service_role;
