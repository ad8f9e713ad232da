-- The two realtime.messages policies (receive, and be counted by Presence) each spelled out
-- how an entry's topic is recognised and checked; one helper now says it for both.

-- True when `topic` is entry:<uuid> of an entry the caller can see (the entries policies
-- decide, as the caller). Any other topic, a malformed id included, is simply false.
create or replace function private.is_visible_entry_topic(topic text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.entries e
     -- The cast sits inside the CASE: the planner may compute the id before any other test.
     where e.id = case when topic ~ '^entry:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                       then substr(topic, 7)::uuid end)
$$;
comment on function private.is_visible_entry_topic(text) is 'Whether a Realtime topic is entry:<id> of an entry the caller can see.';
revoke all on function private.is_visible_entry_topic(text) from public;
grant execute on function private.is_visible_entry_topic(text) to anon, authenticated;

drop policy "Anyone can receive updates of what they can see, learners their own notifications" on realtime.messages;
create policy "Anyone can receive updates of what they can see, learners their own notifications"
  on realtime.messages for select
  to anon, authenticated
  using (
    extension = 'broadcast'
    -- Only the rows of the channel being joined, even for a reader of the table itself.
    and topic = realtime.topic()
    and (realtime.topic() = 'entries'
         or realtime.topic() = 'user:' || (select auth.uid())::text
         or private.is_visible_entry_topic(realtime.topic())));

drop policy "Anyone can be counted on the entries they can see" on realtime.messages;
create policy "Anyone can be counted on the entries they can see"
  on realtime.messages for insert
  to anon, authenticated
  with check (extension = 'presence' and topic = realtime.topic() and private.is_visible_entry_topic(realtime.topic()));
