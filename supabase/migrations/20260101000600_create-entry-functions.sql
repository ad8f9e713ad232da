-- The API's view of an entry, in the spec's field names. Security invoker: the caller's
-- policies decide which tags (and entries) they see.
create or replace function public.entry_json(e public.entries)
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
    'author', e.author,
    'owner', e.owner,
    'show', e.show,
    'voteCount', e.vote_score,
    'upvotes', e.upvotes,
    'downvotes', e.downvotes,
    'commentCount', e.comment_count,
    'createdAt', e.created_at,
    'updatedAt', e.updated_at,
    'tags', coalesce(
      (select jsonb_agg(jsonb_build_object('_id', t.id, 'name', t.name) order by lower(t.name))
         from public.entry_tags et
         join public.tags t on t.id = et.tag_id
        where et.entry_id = e.id),
      '[]'::jsonb)
  )
$$;
comment on function public.entry_json(public.entries) is 'An entry as the /api replies with it (_id, exampleSentence, tags: [{_id, name}], voteCount...).';

-- Why security definer: under row-level security Postgres may not use an index for a
-- condition whose operator is not leakproof (LIKE is not), so a search as anon would scan
-- the table. This finds matching ids through the trigram index; list_entries still reads
-- the rows as the caller, so the select policy decides. It never returns more than the
-- caller could see anyway (the select policy's own rule).
create or replace function private.search_entry_ids(pattern text)
returns setof uuid
language sql
stable
security definer
set search_path = ''
rows 200
as $$
  select e.id
    from public.entries e
   where e.search_text like pattern
     and (e.show or e.owner = (select auth.uid()) or (select private.is_admin()))
$$;
revoke all on function private.search_entry_ids(text) from public;
grant execute on function private.search_entry_ids(text) to anon, authenticated, service_role;

-- Why one function: the home grid, search and a user's list are the same query with
-- different filters, and keyset pagination must use the index that matches the order.
-- sort 'votes' orders by (vote_score, created_at, id) desc; 'newest' by (created_at, id) desc.
-- A null page_size returns every match. Only shown entries are listed, except in a
-- user's own list (owner_id), where the caller's policies decide.
-- Why dynamic SQL: only the filters in use become conditions, so each call is planned
-- with the index that fits it ("x is null or ..." guards defeat the planner).
create or replace function public.list_entries(
  search text default null,
  countries text[] default null,
  tag_ids uuid[] default null,
  owner_id uuid default null,
  sort text default 'votes',
  page_size integer default null,
  after_score integer default null,
  after_created_at timestamptz default null,
  after_id uuid default null
)
returns setof jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  pattern text := case when nullif(btrim(search), '') is null then null else private.like_pattern(search) end;
  conditions text[] := array[case when owner_id is null then 'e.show' else 'e.owner = $4' end];
begin
  if sort is null or sort not in ('votes', 'newest') then
    raise exception 'unknown sort %', sort using errcode = '22023';
  end if;
  if pattern is not null then
    conditions := array_append(conditions, 'e.id in (select private.search_entry_ids($1))');
  end if;
  if countries is not null then
    conditions := array_append(conditions, 'e.country::text = any ($2)');
  end if;
  if tag_ids is not null then
    conditions := array_append(conditions, 'exists (select 1 from public.entry_tags et where et.entry_id = e.id and et.tag_id = any ($3))');
  end if;
  if after_id is not null then
    conditions := array_append(conditions, case sort
      when 'votes' then '(e.vote_score, e.created_at, e.id) < ($6, $7, $8)'
      else '(e.created_at, e.id) < ($7, $8)'
    end);
  end if;
  return query execute
    'select public.entry_json(e) from public.entries e where ' || array_to_string(conditions, ' and ')
    || case sort
         when 'votes' then ' order by e.vote_score desc, e.created_at desc, e.id desc'
         else ' order by e.created_at desc, e.id desc'
       end
    || ' limit $5'
    using pattern, countries, tag_ids, owner_id, page_size, after_score, after_created_at, after_id;
end;
$$;
comment on function public.list_entries(text, text[], uuid[], uuid, text, integer, integer, timestamptz, uuid)
  is 'Lists entries with search, country and tag filters (AND between kinds, OR within) and keyset pagination.';

revoke all on function public.entry_json(public.entries) from public;
revoke all on function public.list_entries(text, text[], uuid[], uuid, text, integer, integer, timestamptz, uuid) from public;
grant execute on function public.entry_json(public.entries) to anon, authenticated, service_role;
grant execute on function public.list_entries(text, text[], uuid[], uuid, text, integer, integer, timestamptz, uuid)
  to anon, authenticated, service_role;
