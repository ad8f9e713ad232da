-- Admins look after the community from /admin (issue 17):
--  * feedback can be marked handled (and reopened): who and when, on the row, audited;
--  * the users list carries each account's ban (GoTrue's auth.users.banned_until), so the
--    table can offer Ban and Unban;
--  * an entry's comment_count counts only the comments readers see: a held or removed
--    comment leaves the count, a restored one comes back. Existing counts are recounted once.

-- ---------------------------------------------------------------------------------------
-- Feedback handled

alter table public.feedback
  add column handled_at timestamptz,
  add column handled_by uuid references auth.users (id) on delete set null;
comment on column public.feedback.handled_at is 'When an admin marked it handled; null while it is open.';
comment on column public.feedback.handled_by is 'The admin who marked it handled (null once their account is gone, or while open).';
create index feedback_handled_by_idx on public.feedback (handled_by);

-- The audit log learns the two feedback actions (its checks name every action and target).
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'restore', 'remove', 'dismiss', 'hide', 'ban', 'unban', 'grant_admin', 'revoke_admin',
  'edit_entry', 'delete_entry', 'delete_comment', 'edit_tag', 'delete_tag', 'untag_entry', 'delete_account',
  'feedback_handled', 'feedback_reopened'));
alter table public.audit_log drop constraint audit_log_target_type_check;
alter table public.audit_log add constraint audit_log_target_type_check
  check (target_type in ('entry', 'comment', 'tag', 'user', 'feedback'));

-- Feedback as the /api replies with it: the first version's fields, plus whether it is
-- handled, when, and by whom (admins read every profile, and only admins read feedback).
create or replace function public.feedback_json(f public.feedback)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('_id', f.id, 'name', f.name, 'email', f.email, 'message', f.message,
                            'userId', f.user_id, 'createdAt', f.created_at,
                            'handled', f.handled_at is not null,
                            'handledAt', f.handled_at,
                            'handledBy', case when f.handled_by is null then null
                                              else jsonb_build_object('_id', f.handled_by,
                                                     'name', (select p.name from public.profiles p where p.id = f.handled_by)) end)
$$;

-- Why security definer: nobody may update feedback (no grant, no policy); this is the one
-- door, for admins, and it writes the audit row in the same transaction. Marking it as it
-- already is changes nothing and writes no row.
create or replace function public.mark_feedback_handled(feedback_id uuid, handled boolean)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  item public.feedback;
begin
  perform private.require_admin();
  if handled is null then
    raise exception 'handled must be true or false' using errcode = 'PT400', hint = 'invalid_input', column = 'handled';
  end if;
  select * into item from public.feedback f where f.id = mark_feedback_handled.feedback_id for update;
  if item.id is null then
    raise exception 'no feedback %', feedback_id using errcode = 'PT404', hint = 'feedback_not_found';
  end if;
  if (item.handled_at is not null) is distinct from handled then
    update public.feedback f
       set handled_at = case when handled then now() end,
           handled_by = case when handled then (select auth.uid()) end
     where f.id = item.id
    returning * into item;
    perform private.audit(case when handled then 'feedback_handled' else 'feedback_reopened' end, 'feedback', item.id::text,
                          left(item.name || ': ' || item.message, 200), null, jsonb_build_object('email', item.email));
  end if;
  return public.feedback_json(item);
end;
$$;
comment on function public.mark_feedback_handled(uuid, boolean) is
  'Admins: marks a feedback message handled (now, by the caller) or open again; audited when it changes.';
revoke all on function public.mark_feedback_handled(uuid, boolean) from public, anon, authenticated, service_role;
-- A definer for admins: guests may not call it at all (the api answers them 401).
grant execute on function public.mark_feedback_handled(uuid, boolean) to authenticated;

-- ---------------------------------------------------------------------------------------
-- Bans in the users list

-- Why security definer: bans live in auth.users, which the API roles cannot read. Only for
-- admins (anyone else gets no rows), and only bans still running.
create or replace function private.running_bans()
returns table (user_id uuid, banned_until timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.banned_until
    from auth.users u
   where u.banned_until > now()
     and (select private.is_admin())
$$;
comment on function private.running_bans() is 'For admins: every account banned right now, and until when.';
revoke all on function private.running_bans() from public, anon, authenticated, service_role;
grant execute on function private.running_bans() to authenticated;

-- As before (20260201000500), each user now with bannedUntil: the end of a running ban, or null.
create or replace function public.list_users(
  page_size integer default 500,
  after_created_at timestamptz default null,
  after_id uuid default null
)
returns setof jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('page_login_required');
  if not (select private.is_admin()) then
    raise exception 'only admins can list users' using errcode = 'PT403', hint = 'admin_required';
  end if;
  return query
    select public.user_json(p) || jsonb_build_object('bannedUntil', b.banned_until)
      from public.profiles p
      left join private.running_bans() b on b.user_id = p.id
     where after_id is null or (p.created_at, p.id) < (after_created_at, after_id)
     order by p.created_at desc, p.id desc
     limit least(greatest(coalesce(page_size, 500), 1), 1000);
end;
$$;
comment on function public.list_users(integer, timestamptz, uuid) is 'Admins list accounts, newest first, a page at a time, each with its running ban (bannedUntil).';

-- ---------------------------------------------------------------------------------------
-- comment_count counts shown comments only

-- Keeps entries.comment_count equal to the entry's comments that are not held or removed.
-- Definer: the counter is not the commenter's to write (column grants), only this trigger's.
create or replace function private.count_comments()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  step integer := case
    when tg_op = 'INSERT' then case when new.moderation is null then 1 else 0 end
    when tg_op = 'DELETE' then case when old.moderation is null then -1 else 0 end
    -- An update of moderation: hidden (-1), shown again (+1), or from one hidden state to the other (0).
    else (case when new.moderation is null then 1 else 0 end) - (case when old.moderation is null then 1 else 0 end)
  end;
begin
  if step <> 0 then
    update public.entries e
       set comment_count = e.comment_count + step
     where e.id = coalesce(new.entry_id, old.entry_id);
  end if;
  return null;
end;
$$;
comment on function private.count_comments() is
  'Comments trigger: moves the entry''s comment_count when a shown comment comes or goes, or moderation hides or restores one.';
revoke all on function private.count_comments() from public, anon, authenticated, service_role;

create trigger comments_count_moderation
  after update of moderation on public.comments
  for each row execute function private.count_comments();

-- Open pages hear the new count with the hidden or restored comment (added field: commentCount).
create or replace function private.tell_moderation(entry_id uuid, comment_id uuid, hidden boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  the_entry uuid := coalesce(entry_id, (select c.entry_id from public.comments c where c.id = comment_id));
  shown_count integer := (select e.comment_count from public.entries e where e.id = the_entry);
begin
  if comment_id is null then
    perform realtime.send(jsonb_build_object('contentId', entry_id), case when hidden then 'hidden' else 'shown' end, 'entries', true);
    perform realtime.send(jsonb_build_object('contentId', entry_id), case when hidden then 'hidden' else 'shown' end, 'entry:' || entry_id, true);
  elsif hidden then
    perform realtime.send(jsonb_build_object('_id', comment_id, 'contentId', the_entry, 'commentCount', shown_count),
                          'comment_hidden', 'entry:' || the_entry, true);
  else
    perform realtime.send(jsonb_build_object('comment', (select public.comment_json(c) from public.comments c where c.id = comment_id),
                                             'commentCount', shown_count),
                          'comment_shown', 'entry:' || the_entry, true);
  end if;
end;
$$;
comment on function private.tell_moderation(uuid, uuid, boolean) is
  'Broadcasts that an entry or comment was hidden or shown again by moderation (a comment with its entry''s new count).';
revoke all on function private.tell_moderation(uuid, uuid, boolean) from public, anon, authenticated, service_role;

-- Once: the counts so far included held and removed comments.
update public.entries e
   set comment_count = coalesce(shown.n, 0)
  from public.entries x
  left join (select c.entry_id, count(*)::integer as n from public.comments c where c.moderation is null group by c.entry_id) shown
    on shown.entry_id = x.id
 where e.id = x.id
   and e.comment_count is distinct from coalesce(shown.n, 0);
