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

-- Why one function: the home grid, search and a user's list are the same query with
-- different filters, and keyset pagination must use the index that matches the order.
-- sort 'votes' orders by (vote_score, created_at, id) desc; 'newest' by (created_at, id) desc.
-- A null page_size returns every match. Only shown entries are listed, except in a
-- user's own list (owner_id), where the caller's policies decide.
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
begin
  if sort not in ('votes', 'newest') then
    raise exception 'unknown sort %', sort using errcode = '22023';
  end if;
  if sort = 'votes' then
    return query
      select public.entry_json(e)
        from public.entries e
       where (e.show or owner_id is not null)
         and (pattern is null or e.search_text like pattern)
         and (countries is null or e.country = any (countries))
         and (tag_ids is null or exists (
               select 1 from public.entry_tags et where et.entry_id = e.id and et.tag_id = any (tag_ids)))
         and (owner_id is null or e.owner = owner_id)
         and (after_id is null or (e.vote_score, e.created_at, e.id) < (after_score, after_created_at, after_id))
       order by e.vote_score desc, e.created_at desc, e.id desc
       limit page_size;
  else
    return query
      select public.entry_json(e)
        from public.entries e
       where (e.show or owner_id is not null)
         and (pattern is null or e.search_text like pattern)
         and (countries is null or e.country = any (countries))
         and (tag_ids is null or exists (
               select 1 from public.entry_tags et where et.entry_id = e.id and et.tag_id = any (tag_ids)))
         and (owner_id is null or e.owner = owner_id)
         and (after_id is null or (e.created_at, e.id) < (after_created_at, after_id))
       order by e.created_at desc, e.id desc
       limit page_size;
  end if;
end;
$$;
comment on function public.list_entries(text, text[], uuid[], uuid, text, integer, integer, timestamptz, uuid)
  is 'Lists entries with search, country and tag filters (AND between kinds, OR within) and keyset pagination.';

revoke all on function public.entry_json(public.entries) from public;
revoke all on function public.list_entries(text, text[], uuid[], uuid, text, integer, integer, timestamptz, uuid) from public;
grant execute on function public.entry_json(public.entries) to anon, authenticated, service_role;
grant execute on function public.list_entries(text, text[], uuid[], uuid, text, integer, integer, timestamptz, uuid)
  to anon, authenticated, service_role;
