-- Meanings in Spanish too (issue 18): tags get Spanish names (tags.name_es, 20260801000100)
-- the way they have English ones. A Spanish name follows the English name's rules: trimmed,
-- 1 to 20 characters, unique among Spanish names whatever the case (409 with the tag that
-- has it). It is given when the tag is created (add_tag) or later by set_tag_name_es, which
-- only the tag's creator or an admin may call (the new update policy); blank clears it.

create unique index tags_name_es_key on public.tags (lower(name_es));

create policy "Owners and admins can name tags in Spanish"
  on public.tags for update
  to authenticated
  using (owner = (select auth.uid()) or (select private.is_admin()))
  with check (owner = (select auth.uid()) or (select private.is_admin()));
-- The Spanish name is the one column a client may change on a tag.
grant update (name_es) on public.tags to authenticated;

-- A tag's Spanish name as stored: trimmed, blank is null, at most 20 characters
-- (PT400 tag_name_es_too_long on nameEs).
create or replace function private.spanish_tag_name(value text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  trimmed constant text := nullif(private.trim_text(value), '');
begin
  if char_length(trimmed) > 20 then
    raise exception 'the Spanish tag name is too long' using errcode = 'PT400', hint = 'tag_name_es_too_long', column = 'nameEs';
  end if;
  return trimmed;
end;
$$;
comment on function private.spanish_tag_name(text) is
  'A tag''s Spanish name as stored: trimmed, blank is null; PT400 tag_name_es_too_long over 20 characters.';
revoke all on function private.spanish_tag_name(text) from public;
grant execute on function private.spanish_tag_name(text) to anon, authenticated;

-- The 409 for a Spanish name another tag has, carrying that tag (detail.data).
create or replace function private.raise_tag_name_es_taken(name_es text)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  clash public.tags;
begin
  select * into clash from public.tags t where lower(t.name_es) = lower(raise_tag_name_es_taken.name_es);
  raise exception 'Spanish tag name % exists', name_es
    using errcode = 'PT409', hint = 'tag_name_es_exists', column = 'nameEs',
          detail = jsonb_build_object('data', public.tag_json(clash))::text;
end;
$$;
revoke all on function private.raise_tag_name_es_taken(text) from public;
grant execute on function private.raise_tag_name_es_taken(text) to authenticated;

-- A new argument at the end: add_tag('name') still works as before.
drop function public.add_tag(text);

-- Creates a tag in the caller's name, optionally with its Spanish name. Names are trimmed,
-- 1 to 20 characters, and unique whatever their case: a clash answers 409 with the existing
-- tag (detail.data), tag_exists for the name, tag_name_es_exists for the Spanish name.
create function public.add_tag(name text, name_es text default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_name text := private.trim_text(add_tag.name);
  new_name_es text;
  clash public.tags;
  written public.tags;
  broken text;
begin
  perform private.require_sign_in('tag_login_required');
  if coalesce(new_name, '') = '' then
    raise exception 'tag name is required' using errcode = 'PT400', hint = 'tag_name_required', column = 'name';
  elsif char_length(new_name) > 20 then
    raise exception 'tag name is too long' using errcode = 'PT400', hint = 'tag_name_too_long', column = 'name';
  end if;
  new_name_es := private.spanish_tag_name(add_tag.name_es);
  begin
    insert into public.tags as t (name, name_es) values (new_name, new_name_es) returning * into written;
  exception when unique_violation then
    get stacked diagnostics broken = constraint_name;
    if broken = 'tags_name_es_key' then
      perform private.raise_tag_name_es_taken(new_name_es);
    end if;
    select * into clash from public.tags t where lower(t.name) = lower(new_name);
    raise exception 'tag % exists', new_name
      using errcode = 'PT409', hint = 'tag_exists', column = 'name',
            detail = jsonb_build_object('data', public.tag_json(clash))::text;
  end;
  return public.tag_json(written);
end;
$$;
comment on function public.add_tag(text, text) is
  'Creates a tag as the caller, with an optional Spanish name; a name (or Spanish name) taken in any case answers 409 with that tag.';

-- Sets (or, blank or null, clears) a tag's Spanish name. Its creator or an admin (RLS);
-- anyone else signed in: 403; no such tag: 404; a guest: 401.
create or replace function public.set_tag_name_es(tag_id uuid, name_es text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_name_es text;
  written public.tags;
begin
  perform private.require_sign_in();
  if not exists (select 1 from public.tags t where t.id = set_tag_name_es.tag_id) then
    raise exception 'no tag %', tag_id using errcode = 'PT404', hint = 'tag_not_found';
  end if;
  new_name_es := private.spanish_tag_name(set_tag_name_es.name_es);
  begin
    update public.tags t set name_es = new_name_es where t.id = set_tag_name_es.tag_id returning * into written;
  exception when unique_violation then
    perform private.raise_tag_name_es_taken(new_name_es);
  end;
  if written.id is null then
    raise exception 'not allowed to rename tag %', tag_id using errcode = 'PT403', hint = 'forbidden';
  end if;
  return public.tag_json(written);
end;
$$;
comment on function public.set_tag_name_es(uuid, text) is
  'Sets or clears a tag''s Spanish name as the caller (its creator or an admin, by RLS); returns the tag.';

revoke all on function public.add_tag(text, text) from public, anon, authenticated, service_role;
revoke all on function public.set_tag_name_es(uuid, text) from public, anon, authenticated, service_role;
-- Guests may call the writes only to be told to sign in (PT401), in the client's words.
grant execute on function public.add_tag(text, text) to anon, authenticated;
grant execute on function public.set_tag_name_es(uuid, text) to anon, authenticated;
