-- Two writes the account write limits did not count (found while writing the door inventory):
-- editing an entry, whose every change is broadcast to everyone on the home grid
-- (private.tell_entry_edit), so one owner flipping a title could flood every open browser;
-- and adding an avatar, which had no limit at all. Both now count like the other kinds:
-- roomy for people, tight for scripts, tighter in an account's first day.

insert into private.write_limits (kind, per_minute, per_hour_new, per_hour) values
  ('edits', 30, 60, 300),
  ('avatars', 5, 10, 30)
on conflict (kind) do nothing;

-- Only a change a reader sees is an edit: the tallies, counts and moderation columns are
-- written by other triggers in the voter's or reporter's transaction and must not count.
create trigger entries_limit_account_edits before update of title, description, description_es, country, hint, example_sentence, author
  on public.entries
  for each row
  when (old.title is distinct from new.title or old.description is distinct from new.description
        or old.description_es is distinct from new.description_es or old.country is distinct from new.country
        or old.hint is distinct from new.hint or old.example_sentence is distinct from new.example_sentence
        or old.author is distinct from new.author)
  execute function private.limit_account_writes('edits');

create trigger avatars_limit_account_writes before insert on public.avatars
  for each row execute function private.limit_account_writes('avatars');
