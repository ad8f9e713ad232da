-- Tag writes as one function each, run as the caller (row-level security decides), raising
-- the error codes of 20260201000100_create-request-guards.sql.

-- The tags on an entry the caller can see, by name; 404 when they cannot see the entry.
create or replace function public.tags_of_entry(entry_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from public.entries e where e.id = entry_id) then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  return coalesce(
    (select jsonb_agg(public.tag_json(t) order by lower(t.name))
       from public.entry_tags et
       join public.tags t on t.id = et.tag_id
      where et.entry_id = tags_of_entry.entry_id),
    '[]'::jsonb);
end;
$$;
comment on function public.tags_of_entry(uuid) is 'The tags of an entry the caller can see, ordered by name.';

-- Creates a tag in the caller's name. Names are trimmed, 1 to 20 characters, and unique
-- whatever their case: a clash answers 409 with the existing tag (detail.data).
create or replace function public.add_tag(name text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_name text := private.trim_text(add_tag.name);
  clash public.tags;
  written public.tags;
begin
  perform private.require_sign_in('tag_login_required');
  if coalesce(new_name, '') = '' then
    raise exception 'tag name is required' using errcode = 'PT400', hint = 'tag_name_required', column = 'name';
  elsif char_length(new_name) > 20 then
    raise exception 'tag name is too long' using errcode = 'PT400', hint = 'tag_name_too_long', column = 'name';
  end if;
  begin
    insert into public.tags as t (name) values (new_name) returning * into written;
  exception when unique_violation then
    select * into clash from public.tags t where lower(t.name) = lower(new_name);
    raise exception 'tag % exists', new_name
      using errcode = 'PT409', hint = 'tag_exists', column = 'name',
            detail = jsonb_build_object('data', public.tag_json(clash))::text;
  end;
  return public.tag_json(written);
end;
$$;
comment on function public.add_tag(text) is 'Creates a tag as the caller; a name taken in any case answers 409 with that tag.';

-- Puts a tag on an entry (again is fine) and returns the entry's tags.
create or replace function public.tag_entry(entry_id uuid, tag_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform private.require_sign_in('tag_login_required');
  if not exists (select 1 from public.entries e where e.id = tag_entry.entry_id) then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  if not exists (select 1 from public.tags t where t.id = tag_entry.tag_id) then
    raise exception 'no tag %', tag_id using errcode = 'PT404', hint = 'tag_not_found';
  end if;
  -- The insert policy only lets shown entries be tagged: a hidden one is refused with 42501.
  insert into public.entry_tags as et (entry_id, tag_id)
  values (tag_entry.entry_id, tag_entry.tag_id)
  on conflict on constraint entry_tags_pkey do nothing;
  return public.tags_of_entry(entry_id);
end;
$$;
comment on function public.tag_entry(uuid, uuid) is 'Tags an entry as the caller (idempotent); returns the entry''s tags.';

-- Takes a tag off an entry: whoever added it, the entry's owner or an admin (RLS).
create or replace function public.untag_entry(entry_id uuid, tag_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform private.require_sign_in();
  delete from public.entry_tags et where et.entry_id = untag_entry.entry_id and et.tag_id = untag_entry.tag_id;
  if not found then
    if exists (select 1 from public.entry_tags et where et.entry_id = untag_entry.entry_id and et.tag_id = untag_entry.tag_id) then
      raise exception 'not allowed to remove this tag' using errcode = 'PT403', hint = 'forbidden';
    end if;
    raise exception 'entry % has no tag %', entry_id, tag_id using errcode = 'PT404', hint = 'tag_not_found';
  end if;
  return public.tags_of_entry(entry_id);
end;
$$;
comment on function public.untag_entry(uuid, uuid) is 'Removes a tag from an entry as the caller (adder, entry owner or admin, by RLS).';

-- public's default privileges grant every API role; take them back and grant what each needs.
revoke all on function public.tags_of_entry(uuid) from public, anon, authenticated, service_role;
revoke all on function public.add_tag(text) from public, anon, authenticated, service_role;
revoke all on function public.tag_entry(uuid, uuid) from public, anon, authenticated, service_role;
revoke all on function public.untag_entry(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.tags_of_entry(uuid) to anon, authenticated;
-- Guests may call the writes only to be told to sign in (PT401), in the client's words.
grant execute on function public.add_tag(text) to anon, authenticated;
grant execute on function public.tag_entry(uuid, uuid) to anon, authenticated;
grant execute on function public.untag_entry(uuid, uuid) to anon, authenticated;
