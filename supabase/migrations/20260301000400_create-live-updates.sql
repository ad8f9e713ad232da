-- Live updates through Realtime Broadcast from the database (realtime.send(), Supabase's
-- recommended path): every vote, comment and tag change tells the browsers that show it, in
-- the same transaction as the change (a rolled-back write sends nothing).
--
-- Topics, all private channels, so only the database publishes on them (no policy lets a
-- client insert: a stranger cannot send fake scores to everyone):
--   entries            'score' {contentId, upvotes, downvotes, voteCount}: the home grid
--   entry:<id>         'vote' (as score), 'comment_added' {comment, commentCount},
--                      'comment_deleted' {_id, contentId, commentCount}, 'tags' {contentId, tags}
--   user:<id>          'notification' {kind: 'vote'|'comment', contentId, title, ...}: someone
--                      voted on or commented on that learner's entry; only they may join it.

-- Who may join which topic: anyone the home grid's, an entry's whoever can see that entry
-- (the entries policies decide, so a hidden entry's topic is its owner's and admins'), a
-- learner their own notifications. Realtime checks this as the joining user's role and
-- claims, with realtime.topic() the channel's name.
create policy "Anyone can receive updates of what they can see, learners their own notifications"
  on realtime.messages for select
  to anon, authenticated
  using (
    extension = 'broadcast'
    -- Only the rows of the channel being joined, even for a reader of the table itself.
    and topic = realtime.topic()
    and (realtime.topic() = 'entries'
         or realtime.topic() = 'user:' || (select auth.uid())::text
         -- The cast sits inside the CASE: the planner may compute the id before any OR arm.
         or exists (select 1 from public.entries e
                     where e.id = case when realtime.topic() ~ '^entry:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                       then substr(realtime.topic(), 7)::uuid end)));

-- After the tallies moved (votes_tally sorts before votes_tell_subscribers, and triggers of
-- one event fire in name order): the entry's new score, and the owner's notification.
create or replace function private.tell_vote()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.entries;
  score jsonb;
begin
  select * into entry from public.entries e where e.id = coalesce(new.entry_id, old.entry_id);
  if entry.id is null then
    return null; -- the entry itself is being deleted
  end if;
  score := jsonb_build_object('contentId', entry.id, 'upvotes', entry.upvotes, 'downvotes', entry.downvotes, 'voteCount', entry.vote_score);
  perform realtime.send(score, 'vote', 'entry:' || entry.id, true);
  perform realtime.send(score, 'score', 'entries', true);
  if tg_op <> 'DELETE' and entry.owner is not null and entry.owner <> new.user_id then
    perform realtime.send(
      jsonb_build_object('kind', 'vote', 'contentId', entry.id, 'title', entry.title,
                         'voteType', case new.value when 1 then 'upvote' else 'downvote' end),
      'notification', 'user:' || entry.owner, true);
  end if;
  return null;
end;
$$;
comment on function private.tell_vote() is 'Votes trigger: broadcasts the entry''s new score and tells its owner someone voted.';
revoke all on function private.tell_vote() from public, anon, authenticated, service_role;

create trigger votes_tell_subscribers
  after insert or update of value or delete on public.votes
  for each row execute function private.tell_vote();

-- After comments_count (name order, as above): the comment and the entry's new count.
create or replace function private.tell_comment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.entries;
begin
  select * into entry from public.entries e where e.id = coalesce(new.entry_id, old.entry_id);
  if entry.id is null then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform realtime.send(
      jsonb_build_object('comment', public.comment_json(new), 'commentCount', entry.comment_count),
      'comment_added', 'entry:' || entry.id, true);
    if entry.owner is not null and entry.owner <> new.owner then
      perform realtime.send(
        jsonb_build_object('kind', 'comment', 'contentId', entry.id, 'title', entry.title, 'by', new.owner_name),
        'notification', 'user:' || entry.owner, true);
    end if;
  else
    perform realtime.send(
      jsonb_build_object('_id', old.id, 'contentId', entry.id, 'commentCount', entry.comment_count),
      'comment_deleted', 'entry:' || entry.id, true);
  end if;
  return null;
end;
$$;
comment on function private.tell_comment() is 'Comments trigger: broadcasts a new or deleted comment and tells the entry''s owner of a new one.';
revoke all on function private.tell_comment() from public, anon, authenticated, service_role;

create trigger comments_tell_subscribers
  after insert or delete on public.comments
  for each row execute function private.tell_comment();

-- Once per statement: the entry's whole tag list (what the detail page shows).
create or replace function private.tell_tags()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed uuid;
begin
  for changed in
    select distinct entry_id from (select entry_id from changed_rows) c
  loop
    if exists (select 1 from public.entries e where e.id = changed) then
      perform realtime.send(
        jsonb_build_object('contentId', changed, 'tags', coalesce(
          (select jsonb_agg(public.tag_json(t) order by lower(t.name))
             from public.entry_tags et join public.tags t on t.id = et.tag_id
            where et.entry_id = changed), '[]'::jsonb)),
        'tags', 'entry:' || changed, true);
    end if;
  end loop;
  return null;
end;
$$;
comment on function private.tell_tags() is 'Entry tags trigger: broadcasts each changed entry''s tag list once per statement.';
revoke all on function private.tell_tags() from public, anon, authenticated, service_role;

create trigger entry_tags_tell_subscribers_on_insert
  after insert on public.entry_tags
  referencing new table as changed_rows
  for each statement execute function private.tell_tags();
create trigger entry_tags_tell_subscribers_on_delete
  after delete on public.entry_tags
  referencing old table as changed_rows
  for each statement execute function private.tell_tags();
