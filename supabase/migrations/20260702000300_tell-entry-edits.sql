-- Edits to an entry reach open pages live, as votes do: its page (entry:<id>, which only
-- those who can see the entry may join) and, while it is shown, the home grid (entries).

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
  if (new.title, new.description, new.country, new.hint, new.example_sentence, new.author)
     is not distinct from (old.title, old.description, old.country, old.hint, old.example_sentence, old.author) then
    return null;
  end if;
  changed := jsonb_build_object('contentId', new.id, 'title', new.title, 'description', new.description, 'country', new.country,
                                'hint', new.hint, 'exampleSentence', new.example_sentence, 'author', new.author, 'updatedAt', new.updated_at);
  perform realtime.send(changed, 'entry_updated', 'entry:' || new.id, true);
  if new.show then
    perform realtime.send(changed, 'entry_updated', 'entries', true);
  end if;
  return null;
end;
$$;
comment on function private.tell_entry_edit() is 'Entries trigger: broadcasts an edit to the entry''s page, and to the home grid while it is shown.';
revoke all on function private.tell_entry_edit() from public, anon, authenticated, service_role;

create trigger entries_tell_edits
  after update on public.entries
  for each row execute function private.tell_entry_edit();
