-- The notification kind 'recording' (issue 34): the entry a learner asked to hear (a
-- recording request, 20261222000110) has its first native recording. Sent by
-- private.fulfil_recording_requests, one per requester, never to the speaker.
--
-- Setting: none of its own, and under no existing one. The learner asked for this very
-- message by asking for the recording; withdrawing the request is how they say no. So it is
-- always sent, like an answer to a question, and named by no one: the speaker's country
-- speaks (data.country), not their name, and a recording shown again by moderators is not
-- the moderator's doing to sign.

alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check
  check (kind in ('comment', 'reply', 'vote', 'moderation', 'recording'));
comment on table public.notifications is
  'A learner''s inbox: comments, replies, votes (grouped per entry while unread), moderation outcomes and recordings they asked for. Only its recipient reads it.';
comment on column public.notifications.data is
  'What the text needs: the entry''s title; a vote''s voteType; a moderation''s action; a recording''s country (where its speaker is from).';

-- notify: as 20260702000100, plus the kind 'recording': always wanted (see above), no actor.
create or replace function private.notify(to_user uuid, kind text, entry_id uuid, comment_id uuid, data jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  who_name text := (select p.name from public.profiles p where p.id = who);
  anonymous boolean := kind in ('moderation', 'recording');
  wanted boolean;
  written public.notifications;
begin
  if to_user is null or to_user is not distinct from who then
    return;
  end if;
  select case notify.kind when 'comment' then p.notify_comments when 'reply' then p.notify_replies
                          when 'vote' then p.notify_votes when 'recording' then true else p.notify_moderation end
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
    values (to_user, kind, entry_id, comment_id, case when anonymous then null else who_name end,
            case when who is null or anonymous then '{}'::uuid[] else array[who] end, data)
    returning * into written;
  end if;
  perform realtime.send(public.notification_json(written) || jsonb_build_object('by', written.actor_name) || data,
                        'notification', 'user:' || to_user, true);
end;
$$;
comment on function private.notify(uuid, text, uuid, uuid, jsonb) is
  'Adds (or, for votes, groups) a notification for to_user and sends it live, if they want that kind (recording: always).';

-- notification_json: as before, plus the kind 'recording' with `country` (where the speaker
-- is from) and its English text.
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
      when 'recording' then 'Someone from '
                            || coalesce((select c.name_en from public.countries c where c.code = n.data ->> 'country'), 'its country')
                            || ' recorded ' || coalesce(n.data ->> 'title', 'an entry you asked for') || ': listen'
      else case n.data ->> 'action'
             when 'held' then 'Moderators are looking at '
             when 'removed' then 'Moderators removed '
             else 'Moderators restored ' end
           || coalesce(n.data ->> 'title', 'your contribution')
    end,
    'createdAt', n.updated_at,
    'read', n.read_at is not null)
  || case when n.kind = 'recording' and n.data ? 'country' then jsonb_build_object('country', n.data ->> 'country') else '{}'::jsonb end
$$;
