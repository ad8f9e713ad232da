-- Realtime decides private joins with the same session check /api makes on every signed-in
-- request (private.assert_session): a token whose session was signed out, expired, or whose
-- user is gone or banned joins nothing private, here and on hosted Supabase alike.

-- Why security definer: auth.sessions is not readable by the API roles. True for a guest
-- (no session to check) and for a live signed-in session; false once it has ended.
create or replace function private.session_is_live()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_session();
  return true;
exception
  when sqlstate 'PT401' then
    return false;
end;
$$;
comment on function private.session_is_live() is
  'Whether the caller''s token still stands for a live session (always true for a guest): Realtime''s join check.';
revoke all on function private.session_is_live() from public;
grant execute on function private.session_is_live() to anon, authenticated;

drop policy "Anyone can receive updates of what they can see, learners their own notifications" on realtime.messages;
create policy "Anyone can receive updates of what they can see, learners their own notifications"
  on realtime.messages for select
  to anon, authenticated
  using (
    extension = 'broadcast'
    -- Only the rows of the channel being joined, even for a reader of the table itself.
    and topic = realtime.topic()
    and (select private.session_is_live())
    and (realtime.topic() = 'entries'
         or realtime.topic() = 'user:' || (select auth.uid())::text
         or private.is_visible_entry_topic(realtime.topic())));

drop policy "Anyone can be counted on the entries they can see" on realtime.messages;
create policy "Anyone can be counted on the entries they can see"
  on realtime.messages for insert
  to anon, authenticated
  with check (
    extension = 'presence'
    and topic = realtime.topic()
    and (select private.session_is_live())
    and private.is_visible_entry_topic(realtime.topic()));
