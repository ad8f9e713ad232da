-- Presence on an entry's page ("3 learners here"): Realtime lets a client track itself on a
-- private channel when it may insert a 'presence' message for that topic. Anyone who can see
-- the entry may be counted there; nothing else may be inserted (broadcasts stay the
-- database's alone).
create policy "Anyone can be counted on the entries they can see"
  on realtime.messages for insert
  to anon, authenticated
  with check (
    extension = 'presence'
    and topic = realtime.topic()
    and exists (select 1 from public.entries e
                 where e.id = case when realtime.topic() ~ '^entry:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                   then substr(realtime.topic(), 7)::uuid end));
