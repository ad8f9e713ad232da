-- The voice queue's bookkeeping also follows an entry's moderation (as 20261222000110 otherwise):
-- holding or removing an entry hides it through a BEFORE trigger (keep_moderated_entries_hidden)
-- when a writer sets only `moderation`, and a column-specific trigger does not see columns that
-- a BEFORE trigger changed, so `show` alone could miss it.
drop trigger entries_keep_voice_need on public.entries;
create trigger entries_keep_voice_need
  after insert or update of country, show, moderation, upvotes, downvotes on public.entries
  for each row execute function private.keep_entry_voice_need();
