-- Every learner gets an inbox: comments on their entries, replies to their comments, votes
-- (one unread row per entry, counting the people: "3 people voted on ¡Qué chimba!") and
-- moderation outcomes. Each kind can be turned off on the Account page; the inbox and the
-- live toasts (the user:<id> topic, now sent from here) obey it. Replies to a comment, one
-- level deep, arrive with this too (the seed project added them).

-- ---------------------------------------------------------------------------------------
-- Settings

alter table public.profiles
  add column notify_comments boolean not null default true,
  add column notify_replies boolean not null default true,
  add column notify_votes boolean not null default true,
  add column notify_moderation boolean not null default true;
comment on column public.profiles.notify_comments is 'Tell me when someone comments on my entries.';
comment on column public.profiles.notify_replies is 'Tell me when someone replies to my comment.';
comment on column public.profiles.notify_votes is 'Tell me when people vote on my entries.';
comment on column public.profiles.notify_moderation is 'Tell me what moderators decided about my entries and comments.';
grant update (notify_comments, notify_replies, notify_votes, notify_moderation) on public.profiles to authenticated;

create or replace function public.user_json(p public.profiles)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', p.id,
    'name', p.name,
    'email', p.email,
    'isAdmin', p.is_admin,
    'createdAt', p.created_at,
    'lastLogin', p.last_login,
    'timeZone', p.time_zone,
    'currentStreak', p.current_streak,
    'longestStreak', p.longest_streak,
    'notifications', jsonb_build_object('comments', p.notify_comments, 'replies', p.notify_replies,
                                        'votes', p.notify_votes, 'moderation', p.notify_moderation)
  )
$$;

-- The caller's own settings; a null leaves that one as it is.
create or replace function public.set_notification_settings(comments boolean default null, replies boolean default null,
                                                            votes boolean default null, moderation boolean default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  changed public.profiles;
begin
  perform private.require_sign_in();
  update public.profiles p
     set notify_comments = coalesce(set_notification_settings.comments, p.notify_comments),
         notify_replies = coalesce(set_notification_settings.replies, p.notify_replies),
         notify_votes = coalesce(set_notification_settings.votes, p.notify_votes),
         notify_moderation = coalesce(set_notification_settings.moderation, p.notify_moderation)
   where p.id = (select auth.uid())
  returning * into changed;
  return public.user_json(changed);
end;
$$;
comment on function public.set_notification_settings(boolean, boolean, boolean, boolean) is 'Turns the caller''s notification kinds on or off (null: unchanged).';
revoke all on function public.set_notification_settings(boolean, boolean, boolean, boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_notification_settings(boolean, boolean, boolean, boolean) to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- Replies

alter table public.comments add column parent_id uuid references public.comments (id) on delete cascade;
comment on column public.comments.parent_id is 'The comment this one replies to (always a top-level comment of the same entry); null for a top-level comment.';
create index comments_parent_idx on public.comments (parent_id) where parent_id is not null;
grant insert (parent_id) on public.comments to authenticated;

create or replace function public.comment_json(c public.comments)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', c.id,
    'contentId', c.entry_id,
    'text', c.text,
    'owner', jsonb_build_object('_id', c.owner, 'name', c.owner_name),
    'createdAt', c.created_at)
  || case when c.parent_id is null then '{}'::jsonb else jsonb_build_object('parentId', c.parent_id) end
  || case when c.moderation is null then '{}'::jsonb else jsonb_build_object('moderation', c.moderation) end
$$;

drop function public.add_comment(uuid, text);
-- Adds the caller's comment, or a reply: text trimmed, 1 to 2000 characters; shown entries
-- only. A reply to a reply joins its thread (replies are one level deep).
create or replace function public.add_comment(entry_id uuid, text text, parent_id uuid default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  body text := private.trim_text(add_comment.text);
  parent public.comments;
  written public.comments;
begin
  perform private.require_sign_in('comment_login_required');
  if coalesce(body, '') = '' then
    raise exception 'comment text is required' using errcode = 'PT400', hint = 'comment_required', column = 'text';
  elsif char_length(body) > 2000 then
    raise exception 'comment is too long' using errcode = 'PT400', hint = 'comment_too_long', column = 'text';
  end if;
  if not exists (select 1 from public.entries e where e.id = add_comment.entry_id) then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  if add_comment.parent_id is not null then
    -- Read as the caller: a comment they cannot see (held, or on another entry) is not there.
    select * into parent from public.comments c where c.id = add_comment.parent_id and c.entry_id = add_comment.entry_id;
    if parent.id is null or parent.moderation is not null then
      raise exception 'no comment %', parent_id using errcode = 'PT404', hint = 'comment_not_found', column = 'parentId';
    end if;
  end if;
  -- The insert policy refuses hidden entries (42501).
  insert into public.comments as c (entry_id, text, owner_name, parent_id)
  values (add_comment.entry_id, body, (select p.name from public.profiles p where p.id = (select auth.uid())),
          coalesce(parent.parent_id, parent.id))
  returning * into written;
  return public.comment_json(written);
end;
$$;
comment on function public.add_comment(uuid, text, uuid) is 'Adds a comment (or a reply) as the caller on a shown entry; returns it with the spec''s fields.';
revoke all on function public.add_comment(uuid, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.add_comment(uuid, text, uuid) to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- The inbox

create table public.notifications (
  id uuid primary key default extensions.gen_random_uuid(),
  recipient uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('comment', 'reply', 'vote', 'moderation')),
  entry_id uuid references public.entries (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  actor_name text,
  -- Votes on one entry share one unread row: who voted, so each person counts once.
  actors uuid[] not null default '{}',
  group_key text,
  data jsonb not null default '{}'::jsonb,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.notifications is 'A learner''s inbox: comments, replies, votes (grouped per entry while unread) and moderation outcomes. Only its recipient reads it.';
create index notifications_inbox_idx on public.notifications (recipient, updated_at desc, id desc);
create index notifications_unread_idx on public.notifications (recipient) where read_at is null;
create unique index notifications_unread_group_idx on public.notifications (recipient, group_key) where read_at is null and group_key is not null;
create index notifications_entry_idx on public.notifications (entry_id);
create index notifications_comment_idx on public.notifications (comment_id);

alter table public.notifications enable row level security;
create policy "Learners read their own notifications"
  on public.notifications for select
  to authenticated
  using (recipient = (select auth.uid()));
create policy "Learners mark their own notifications read"
  on public.notifications for update
  to authenticated
  using (recipient = (select auth.uid()))
  with check (recipient = (select auth.uid()));
revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;
grant update (read_at) on public.notifications to authenticated;

-- A notification as /api replies with it, with its English text (the client writes its own).
create or replace function public.notification_json(n public.notifications)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', n.id,
    'kind', n.kind,
    'contentId', n.entry_id,
    'commentId', n.comment_id,
    'actorName', n.actor_name,
    'count', greatest(cardinality(n.actors), 1),
    'title', n.data ->> 'title',
    'action', n.data ->> 'action',
    'text', case n.kind
      when 'comment' then coalesce(n.actor_name, 'Someone') || ' commented on ' || coalesce(n.data ->> 'title', 'your entry')
      when 'reply' then coalesce(n.actor_name, 'Someone') || ' replied to your comment on ' || coalesce(n.data ->> 'title', 'an entry')
      when 'vote' then case when cardinality(n.actors) > 1 then cardinality(n.actors) || ' people voted on ' else coalesce(n.actor_name, 'Someone') || ' voted on ' end
                       || coalesce(n.data ->> 'title', 'your entry')
      else case n.data ->> 'action'
             when 'held' then 'Moderators are looking at '
             when 'removed' then 'Moderators removed '
             else 'Moderators restored ' end
           || coalesce(n.data ->> 'title', 'your contribution')
    end,
    'createdAt', n.updated_at,
    'read', n.read_at is not null)
$$;
revoke all on function public.notification_json(public.notifications) from public, anon, authenticated, service_role;
grant execute on function public.notification_json(public.notifications) to authenticated;

-- Why security definer: it writes into someone else's inbox and reads their settings, which
-- no learner may. Called by the triggers below only. Nobody is told about their own doing;
-- a kind the recipient turned off is neither stored nor sent live.
create or replace function private.notify(to_user uuid, kind text, entry_id uuid, comment_id uuid, data jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  who_name text := (select p.name from public.profiles p where p.id = who);
  wanted boolean;
  written public.notifications;
begin
  if to_user is null or to_user is not distinct from who then
    return;
  end if;
  select case notify.kind when 'comment' then p.notify_comments when 'reply' then p.notify_replies
                          when 'vote' then p.notify_votes else p.notify_moderation end
    into wanted from public.profiles p where p.id = to_user;
  if not coalesce(wanted, false) then
    return;
  end if;
  if kind = 'vote' then
    insert into public.notifications as n (recipient, kind, entry_id, actor_name, actors, group_key, data)
    values (to_user, 'vote', entry_id, who_name, array[who], 'vote:' || entry_id, data)
    on conflict (recipient, group_key) where read_at is null and group_key is not null do update
      set actors = case when who = any (n.actors) then n.actors else n.actors || who end,
          actor_name = excluded.actor_name,
          data = excluded.data,
          updated_at = now()
    returning * into written;
  else
    insert into public.notifications (recipient, kind, entry_id, comment_id, actor_name, actors, data)
    values (to_user, kind, entry_id, comment_id, case when kind = 'moderation' then null else who_name end,
            case when who is null or kind = 'moderation' then '{}'::uuid[] else array[who] end, data)
    returning * into written;
  end if;
  perform realtime.send(public.notification_json(written) || jsonb_build_object('by', written.actor_name) || data,
                        'notification', 'user:' || to_user, true);
end;
$$;
comment on function private.notify(uuid, text, uuid, uuid, jsonb) is 'Adds (or, for votes, groups) a notification for to_user and sends it live, if they want that kind.';
revoke all on function private.notify(uuid, text, uuid, uuid, jsonb) from public, anon, authenticated, service_role;

create or replace function private.notify_comment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.entries;
  parent_owner uuid;
begin
  select * into entry from public.entries e where e.id = new.entry_id;
  if new.parent_id is not null then
    select c.owner into parent_owner from public.comments c where c.id = new.parent_id;
    perform private.notify(parent_owner, 'reply', entry.id, new.id, jsonb_build_object('title', entry.title));
  end if;
  if entry.owner is distinct from parent_owner then
    perform private.notify(entry.owner, 'comment', entry.id, new.id, jsonb_build_object('title', entry.title));
  end if;
  return null;
end;
$$;
revoke all on function private.notify_comment() from public, anon, authenticated, service_role;
create trigger comments_notify after insert on public.comments
  for each row execute function private.notify_comment();

create or replace function private.notify_vote()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.entries;
begin
  select * into entry from public.entries e where e.id = new.entry_id;
  perform private.notify(entry.owner, 'vote', entry.id, null,
                         jsonb_build_object('title', entry.title, 'voteType', case new.value when 1 then 'upvote' else 'downvote' end));
  return null;
end;
$$;
revoke all on function private.notify_vote() from public, anon, authenticated, service_role;
create trigger votes_notify after insert or update of value on public.votes
  for each row execute function private.notify_vote();

-- Moderation outcomes, whichever door changed the state (a third report, an admin's decision).
create or replace function private.notify_moderation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  action text := case when new.moderation is null then 'restored' else new.moderation end;
begin
  if new.moderation is not distinct from old.moderation then
    return null;
  end if;
  if tg_table_name = 'entries' then
    perform private.notify(new.owner, 'moderation', new.id, null, jsonb_build_object('title', new.title, 'action', action));
  else
    perform private.notify(new.owner, 'moderation', new.entry_id, new.id,
                           jsonb_build_object('title', (select e.title from public.entries e where e.id = new.entry_id), 'action', action));
  end if;
  return null;
end;
$$;
revoke all on function private.notify_moderation() from public, anon, authenticated, service_role;
create trigger entries_notify_moderation after update of moderation on public.entries
  for each row execute function private.notify_moderation();
create trigger comments_notify_moderation after update of moderation on public.comments
  for each row execute function private.notify_moderation();

-- The old live notifications (straight to user:<id>, whatever the settings) now come from
-- private.notify; these keep broadcasting scores and comments to the pages.
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
    return null;
  end if;
  score := jsonb_build_object('contentId', entry.id, 'upvotes', entry.upvotes, 'downvotes', entry.downvotes, 'voteCount', entry.vote_score);
  perform realtime.send(score, 'vote', 'entry:' || entry.id, true);
  perform realtime.send(score, 'score', 'entries', true);
  return null;
end;
$$;

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
  else
    perform realtime.send(
      jsonb_build_object('_id', old.id, 'contentId', entry.id, 'commentCount', entry.comment_count),
      'comment_deleted', 'entry:' || entry.id, true);
  end if;
  return null;
end;
$$;

-- A page of the caller's inbox, newest first, with the unread count.
create or replace function public.notifications_page(after_at timestamptz default null, after_id uuid default null, page_size integer default 20)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in();
  return jsonb_build_object(
    'data', coalesce((
      select jsonb_agg(public.notification_json(page.n) order by (page.n).updated_at desc, (page.n).id desc)
        from (select n from public.notifications n
               where n.recipient = (select auth.uid())
                 and (after_at is null or (n.updated_at, n.id) < (after_at, after_id))
               order by n.updated_at desc, n.id desc
               limit least(greatest(coalesce(page_size, 20), 1), 100)) page), '[]'::jsonb),
    'unread', (select count(*) from public.notifications n where n.recipient = (select auth.uid()) and n.read_at is null));
end;
$$;
comment on function public.notifications_page(timestamptz, uuid, integer) is 'The caller''s notifications, newest first, a keyset page at a time, with the unread count.';

-- Marks some (ids) or all of the caller's notifications read; returns what is still unread.
create or replace function public.mark_notifications_read(ids uuid[] default null, every boolean default false)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  left_unread integer;
begin
  perform private.require_sign_in();
  if not coalesce(every, false) and ids is null then
    raise exception 'say which notifications' using errcode = 'PT400', hint = 'invalid_input', column = 'ids';
  end if;
  update public.notifications n
     set read_at = now()
   where n.recipient = (select auth.uid()) and n.read_at is null
     and (coalesce(every, false) or n.id = any (ids));
  select count(*) into left_unread from public.notifications n where n.recipient = (select auth.uid()) and n.read_at is null;
  return left_unread;
end;
$$;
comment on function public.mark_notifications_read(uuid[], boolean) is 'Marks the caller''s notifications read (the given ids, or every one); returns how many stay unread.';

revoke all on function public.notifications_page(timestamptz, uuid, integer) from public, anon, authenticated, service_role;
revoke all on function public.mark_notifications_read(uuid[], boolean) from public, anon, authenticated, service_role;
grant execute on function public.notifications_page(timestamptz, uuid, integer) to anon, authenticated;
grant execute on function public.mark_notifications_read(uuid[], boolean) to anon, authenticated;
