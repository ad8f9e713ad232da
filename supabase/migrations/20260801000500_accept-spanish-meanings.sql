-- Meanings in Spanish too (issue 18): add_entry and update_entry take an entry's optional
-- Spanish meaning (entries.description_es, 20260801000100) beside the English one, with the
-- rules of the English one's length; blank means none. Everything else they did stays as in
-- 20260201000300, and an entry's edits broadcast the Spanish meaning too.

-- The Spanish meaning as stored: trimmed like the other text fields, blank is null, at most
-- 1000 characters (PT400 description_es_too_long on descriptionEs).
create or replace function private.spanish_meaning(value text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  trimmed constant text := nullif(private.trim_text(value), '');
begin
  if char_length(trimmed) > 1000 then
    raise exception 'the Spanish meaning is too long'
      using errcode = 'PT400', hint = 'description_es_too_long', column = 'descriptionEs';
  end if;
  return trimmed;
end;
$$;
comment on function private.spanish_meaning(text) is
  'An entry''s Spanish meaning as stored: trimmed, blank is null; PT400 description_es_too_long over 1000 characters.';
revoke all on function private.spanish_meaning(text) from public;
grant execute on function private.spanish_meaning(text) to anon, authenticated;

-- A new argument at the end: calls by position or by name that worked before still do.
drop function public.add_entry(text, text, text, text, text, text);

-- Adds an entry in the caller's name. The author defaults to the caller's profile name, or
-- "Anonymous" for a guest; guests may add at most 10 entries an hour from one address.
create function public.add_entry(
  title text,
  description text,
  country text,
  hint text default null,
  example_sentence text default null,
  author text default null,
  description_es text default null
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
  new_description_es text;
  written public.entries;
begin
  -- A statement of its own: guests may not read profiles at all, even in a branch not taken.
  if new_author is null and caller is not null then
    select nullif(p.name, '') into new_author from public.profiles p where p.id = caller;
  end if;
  new_author := coalesce(new_author, 'Anonymous');
  perform private.check_entry_fields(new_title, new_description, new_country, new_hint, new_example, new_author);
  new_description_es := private.spanish_meaning(add_entry.description_es);
  if caller is null then
    perform private.take_rate_limit('guest_entries', private.client_address(), 10, interval '1 hour', 'guest_rate_limited');
  end if;
  insert into public.entries as e (title, description, description_es, country, hint, example_sentence, author, owner)
  values (new_title, new_description, new_description_es, new_country, new_hint, new_example, new_author, caller)
  returning * into written;
  return public.entry_json(written);
end;
$$;
comment on function public.add_entry(text, text, text, text, text, text, text) is
  'Adds an entry as the caller (a guest''s has no owner), with an optional Spanish meaning; validates fields, defaults the author, limits guests.';

-- Changes the given fields of an entry. `changes` uses the /api's names (title,
-- description, descriptionEs, country, hint, exampleSentence, author, show); an absent key
-- keeps the field, a null or blank hint, example sentence or Spanish meaning clears it. Only
-- its owner or an admin may (RLS): the row is read FOR UPDATE, which applies the update
-- policy and locks it, so a caller who may not edit learns nothing more.
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
  new_description_es text;
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
  if changes ? 'descriptionEs' and jsonb_typeof(changes -> 'descriptionEs') not in ('string', 'null') then
    raise exception 'descriptionEs must be text or null' using errcode = 'PT400', hint = 'invalid_input', column = 'descriptionEs';
  end if;
  new_title := case when changes ? 'title' then private.trim_text(changes ->> 'title') else existing.title end;
  new_description := case when changes ? 'description' then private.trim_text(changes ->> 'description') else existing.description end;
  new_country := case when changes ? 'country' then upper(private.trim_text(changes ->> 'country')) else existing.country end;
  new_hint := case when changes ? 'hint' then nullif(private.trim_text(changes ->> 'hint'), '') else existing.hint end;
  new_example := case when changes ? 'exampleSentence' then nullif(private.trim_text(changes ->> 'exampleSentence'), '')
                      else existing.example_sentence end;
  new_author := case when changes ? 'author' then private.trim_text(changes ->> 'author') else existing.author end;
  perform private.check_entry_fields(new_title, new_description, new_country, new_hint, new_example, new_author);
  new_description_es := case when changes ? 'descriptionEs' then private.spanish_meaning(changes ->> 'descriptionEs')
                             else existing.description_es end;
  update public.entries e
     set title = new_title,
         description = new_description,
         description_es = new_description_es,
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
comment on function public.update_entry(uuid, jsonb) is
  'Edits an entry''s given fields (descriptionEs included) as the caller (owner or admin, by RLS).';

revoke all on function public.add_entry(text, text, text, text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.add_entry(text, text, text, text, text, text, text) to anon, authenticated;

-- As 20260702000300, with the Spanish meaning among the fields an open page is told about.
-- Why security definer: realtime.send is the server's alone (no API role may broadcast).
create or replace function private.tell_entry_edit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed jsonb;
begin
  if (new.title, new.description, new.description_es, new.country, new.hint, new.example_sentence, new.author)
     is not distinct from (old.title, old.description, old.description_es, old.country, old.hint, old.example_sentence, old.author) then
    return null;
  end if;
  changed := jsonb_build_object('contentId', new.id, 'title', new.title, 'description', new.description,
                                'descriptionEs', new.description_es, 'country', new.country,
                                'hint', new.hint, 'exampleSentence', new.example_sentence, 'author', new.author, 'updatedAt', new.updated_at);
  perform realtime.send(changed, 'entry_updated', 'entry:' || new.id, true);
  if new.show then
    perform realtime.send(changed, 'entry_updated', 'entries', true);
  end if;
  return null;
end;
$$;
comment on function private.tell_entry_edit() is 'Entries trigger: broadcasts an edit (descriptionEs included) to the entry''s page, and to the home grid while it is shown.';
revoke all on function private.tell_entry_edit() from public, anon, authenticated, service_role;
