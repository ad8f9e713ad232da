-- Every write on entries is one function, run as the caller: row-level security still
-- decides who may do what; the function holds the field rules, the defaults and the guest
-- limit, and raises the error codes of 20260201000100_create-request-guards.sql.

-- Whitespace an entry's text fields lose at both ends.
create or replace function private.trim_text(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(value, E' \t\r\n')
$$;
revoke all on function private.trim_text(text) from public;
grant execute on function private.trim_text(text) to anon, authenticated, service_role;

-- Raises the first problem with an entry's (already trimmed) fields, naming the field.
create or replace function private.check_entry_fields(
  title text, description text, country text, hint text, example_sentence text, author text
)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if coalesce(title, '') = '' then
    raise exception 'title is required' using errcode = 'PT400', hint = 'title_required', column = 'title';
  elsif char_length(title) > 1000 then
    raise exception 'title is too long' using errcode = 'PT400', hint = 'title_too_long', column = 'title';
  elsif coalesce(description, '') = '' then
    raise exception 'description is required' using errcode = 'PT400', hint = 'description_required', column = 'description';
  elsif char_length(description) > 1000 then
    raise exception 'description is too long' using errcode = 'PT400', hint = 'description_too_long', column = 'description';
  elsif country is null or not exists (select 1 from public.countries c where c.code = country) then
    raise exception 'unknown country %', country using errcode = 'PT400', hint = 'country_required', column = 'country';
  elsif char_length(hint) > 1000 then
    raise exception 'hint is too long' using errcode = 'PT400', hint = 'hint_too_long', column = 'hint';
  elsif char_length(example_sentence) > 1000 then
    raise exception 'example sentence is too long'
      using errcode = 'PT400', hint = 'example_sentence_too_long', column = 'exampleSentence';
  elsif coalesce(author, '') = '' then
    raise exception 'author is required' using errcode = 'PT400', hint = 'author_required', column = 'author';
  elsif char_length(author) > 100 then
    raise exception 'author is too long' using errcode = 'PT400', hint = 'author_too_long', column = 'author';
  end if;
end;
$$;
revoke all on function private.check_entry_fields(text, text, text, text, text, text) from public;
grant execute on function private.check_entry_fields(text, text, text, text, text, text) to anon, authenticated;

-- Adds an entry in the caller's name. The author defaults to the caller's profile name, or
-- "Anonymous" for a guest; guests may add at most 10 entries an hour from one address.
create or replace function public.add_entry(
  title text,
  description text,
  country text,
  hint text default null,
  example_sentence text default null,
  author text default null
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  new_title text := private.trim_text(add_entry.title);
  new_description text := private.trim_text(add_entry.description);
  new_country text := upper(private.trim_text(add_entry.country));
  new_hint text := nullif(private.trim_text(add_entry.hint), '');
  new_example text := nullif(private.trim_text(add_entry.example_sentence), '');
  new_author text := nullif(private.trim_text(add_entry.author), '');
  written public.entries;
begin
  -- A statement of its own: guests may not read profiles at all, even in a branch not taken.
  if new_author is null and caller is not null then
    select nullif(p.name, '') into new_author from public.profiles p where p.id = caller;
  end if;
  new_author := coalesce(new_author, 'Anonymous');
  perform private.check_entry_fields(new_title, new_description, new_country, new_hint, new_example, new_author);
  if caller is null then
    perform private.take_rate_limit('guest_entries', private.client_address(), 10, interval '1 hour', 'guest_rate_limited');
  end if;
  insert into public.entries as e (title, description, country, hint, example_sentence, author, owner)
  values (new_title, new_description, new_country, new_hint, new_example, new_author, caller)
  returning * into written;
  return public.entry_json(written);
end;
$$;
comment on function public.add_entry(text, text, text, text, text, text) is
  'Adds an entry as the caller (a guest''s has no owner); validates fields, defaults the author, limits guests.';

-- Changes the given fields of an entry. `changes` uses the /api's names (title,
-- description, country, hint, exampleSentence, author, show); an absent key keeps the
-- field, a null hint or example sentence clears it. Only its owner or an admin may (RLS):
-- the row is read FOR UPDATE, which applies the update policy and locks it, so a caller
-- who may not edit learns nothing more, and the fields kept are the current ones.
create or replace function public.update_entry(entry_id uuid, changes jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  existing public.entries;
  written public.entries;
  new_title text;
  new_description text;
  new_country text;
  new_hint text;
  new_example text;
  new_author text;
begin
  perform private.require_sign_in();
  if not exists (select 1 from public.entries e where e.id = entry_id) then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  select * into existing from public.entries e where e.id = entry_id for update;
  if not found then
    -- The caller can see the entry but the policies do not let them edit it.
    raise exception 'not allowed to edit entry %', entry_id using errcode = 'PT403', hint = 'forbidden';
  end if;
  if changes is null or changes = '{}'::jsonb then
    return public.entry_json(existing);
  end if;
  if jsonb_typeof(changes) <> 'object' or (changes ? 'show' and jsonb_typeof(changes -> 'show') <> 'boolean') then
    raise exception 'changes must be an object; show a boolean' using errcode = 'PT400', hint = 'invalid_input', column = 'show';
  end if;
  new_title := case when changes ? 'title' then private.trim_text(changes ->> 'title') else existing.title end;
  new_description := case when changes ? 'description' then private.trim_text(changes ->> 'description') else existing.description end;
  new_country := case when changes ? 'country' then upper(private.trim_text(changes ->> 'country')) else existing.country end;
  new_hint := case when changes ? 'hint' then nullif(private.trim_text(changes ->> 'hint'), '') else existing.hint end;
  new_example := case when changes ? 'exampleSentence' then nullif(private.trim_text(changes ->> 'exampleSentence'), '')
                      else existing.example_sentence end;
  new_author := case when changes ? 'author' then private.trim_text(changes ->> 'author') else existing.author end;
  perform private.check_entry_fields(new_title, new_description, new_country, new_hint, new_example, new_author);
  update public.entries e
     set title = new_title,
         description = new_description,
         country = new_country,
         hint = new_hint,
         example_sentence = new_example,
         author = new_author,
         show = case when changes ? 'show' then (changes ->> 'show')::boolean else e.show end
   where e.id = entry_id
  returning * into written;
  return public.entry_json(written);
end;
$$;
comment on function public.update_entry(uuid, jsonb) is 'Edits an entry''s given fields as the caller (owner or admin, by RLS).';

-- Deletes an entry (its votes, comments and tags go with it). Owner or admin, by RLS.
create or replace function public.delete_entry(entry_id uuid)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform private.require_sign_in();
  delete from public.entries e where e.id = entry_id;
  if found then
    return entry_id;
  end if;
  if exists (select 1 from public.entries e where e.id = entry_id) then
    raise exception 'not allowed to delete entry %', entry_id using errcode = 'PT403', hint = 'forbidden';
  end if;
  raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
end;
$$;
comment on function public.delete_entry(uuid) is 'Deletes an entry as the caller (owner or admin, by RLS).';

-- public's default privileges grant every API role; take them back and grant what each needs.
revoke all on function public.add_entry(text, text, text, text, text, text) from public, anon, authenticated, service_role;
revoke all on function public.update_entry(uuid, jsonb) from public, anon, authenticated, service_role;
revoke all on function public.delete_entry(uuid) from public, anon, authenticated, service_role;
grant execute on function public.add_entry(text, text, text, text, text, text) to anon, authenticated;
-- Guests may call the edits only to be told to sign in (PT401), in the client's words.
grant execute on function public.update_entry(uuid, jsonb) to anon, authenticated;
grant execute on function public.delete_entry(uuid) to anon, authenticated;
