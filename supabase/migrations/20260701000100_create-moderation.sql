-- The community looks after itself: learners report entries and comments; three accounts
-- with open reports hold the thing for moderators (hidden from everyone but its writer and
-- admins, in the reporting transaction); admins restore, remove or dismiss from a queue,
-- ban accounts, and every admin action leaves a row in an audit log nobody can change.
--
-- An entry held or removed is simply not shown (entries.show = false, kept so by a trigger
-- whatever its writer edits): every list, search, the entry page, the tutor and Realtime's
-- entry topics already hide unshown entries from all but the owner and admins, so the home
-- list pays nothing for the rule. Comments gain the same state and their read policy checks it.

alter table public.entries add column moderation text check (moderation in ('held', 'removed'));
comment on column public.entries.moderation is
  'held: hidden while moderators look at it (three accounts reported it); removed: taken down by an admin. Either keeps show false.';
alter table public.comments add column moderation text check (moderation in ('held', 'removed'));
comment on column public.comments.moderation is
  'held: hidden while moderators look at it; removed: taken down by an admin. Only its writer and admins still read it.';

-- A held or removed entry stays hidden whatever its writer edits (show included); only the
-- moderation functions, which clear moderation, show it again.
create or replace function private.keep_moderated_entries_hidden()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.moderation is not null then
    new.show := false;
  end if;
  return new;
end;
$$;
comment on function private.keep_moderated_entries_hidden() is 'Entries trigger: a held or removed entry keeps show = false.';
revoke all on function private.keep_moderated_entries_hidden() from public, anon, authenticated, service_role;

create trigger entries_keep_moderated_hidden
  before insert or update on public.entries
  for each row execute function private.keep_moderated_entries_hidden();

drop policy "Anyone can read the comments on entries they can see" on public.comments;
create policy "Readers see shown comments, writers and admins held ones too"
  on public.comments for select
  to anon, authenticated
  using (exists (select 1 from public.entries e where e.id = entry_id)
         and (moderation is null or owner = (select auth.uid()) or (select private.is_admin())));

-- ---------------------------------------------------------------------------------------
-- Reports

-- One row per reported thing: what the queue pages through (its own index, so the queue
-- never aggregates every report to draw a page).
create table public.moderation_cases (
  id uuid primary key default extensions.gen_random_uuid(),
  entry_id uuid unique references public.entries (id) on delete cascade,
  comment_id uuid unique references public.comments (id) on delete cascade,
  status text not null default 'open' check (status in ('open', 'resolved')),
  reporters integer not null default 0 check (reporters >= 0),
  first_reported_at timestamptz not null default now(),
  last_reported_at timestamptz not null default now(),
  resolution text check (resolution in ('restore', 'remove', 'dismiss')),
  resolution_note text check (char_length(resolution_note) <= 500),
  resolved_by uuid references auth.users (id) on delete set null,
  resolved_at timestamptz,
  check (num_nonnulls(entry_id, comment_id) = 1)
);
comment on table public.moderation_cases is
  'One row per reported entry or comment: open while reports wait, resolved by an admin; reporters counts the distinct accounts of this round.';
create index moderation_cases_queue_idx on public.moderation_cases (status, last_reported_at desc, id desc);
create index moderation_cases_resolved_by_idx on public.moderation_cases (resolved_by);

create table public.reports (
  id uuid primary key default extensions.gen_random_uuid(),
  case_id uuid not null references public.moderation_cases (id) on delete cascade,
  reporter uuid not null default auth.uid() references auth.users (id) on delete cascade,
  reason text not null check (reason in ('spam', 'offensive', 'wrong', 'duplicate', 'other')),
  note text check (char_length(note) between 1 and 500),
  open boolean not null default true,
  created_at timestamptz not null default now()
);
comment on table public.reports is 'A learner''s report of an entry or comment; open until an admin resolves its case.';
-- One open report per account per thing: repeating it counts once.
create unique index reports_one_open_per_reporter_idx on public.reports (case_id, reporter) where open;
create index reports_case_idx on public.reports (case_id, created_at);
create index reports_reporter_idx on public.reports (reporter);

alter table public.moderation_cases enable row level security;
alter table public.reports enable row level security;

create policy "Admins read the moderation queue"
  on public.moderation_cases for select
  to authenticated
  using ((select private.is_admin()));

create policy "Learners read their own reports, admins all"
  on public.reports for select
  to authenticated
  using (reporter = (select auth.uid()) or (select private.is_admin()));

-- Written only by the functions below (definer): the counting and hiding are theirs.
revoke all on public.moderation_cases from anon, authenticated;
revoke all on public.reports from anon, authenticated;
grant select on public.moderation_cases to authenticated;
grant select on public.reports to authenticated;

insert into private.write_limits (kind, per_minute, per_hour_new, per_hour) values ('reports', 20, 50, 200);
create trigger reports_limit_account_writes before insert on public.reports
  for each row execute function private.limit_account_writes('reports');

-- ---------------------------------------------------------------------------------------
-- The audit log

create table public.audit_log (
  id bigint generated always as identity primary key,
  action text not null check (action in (
    'restore', 'remove', 'dismiss', 'hide', 'ban', 'unban', 'grant_admin', 'revoke_admin',
    'edit_entry', 'delete_entry', 'delete_comment', 'edit_tag', 'delete_tag', 'untag_entry', 'delete_account')),
  actor uuid,
  actor_name text,
  target_type text not null check (target_type in ('entry', 'comment', 'tag', 'user')),
  target_id text not null,
  target_label text,
  reason text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
comment on table public.audit_log is
  'Every admin action, one row written in the action''s own transaction. Never updated or deleted; the actor is kept by id and name even after their account goes.';
create index audit_log_newest_idx on public.audit_log (created_at desc, id desc);

alter table public.audit_log enable row level security;
create policy "Admins read the audit log"
  on public.audit_log for select
  to authenticated
  using ((select private.is_admin()));
revoke all on public.audit_log from public, anon, authenticated, service_role;
grant select on public.audit_log to authenticated;

-- Not even the table's writers change history: rows are only ever added.
create or replace function private.refuse_audit_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'the audit log cannot be changed' using errcode = 'PT403', hint = 'forbidden';
end;
$$;
comment on function private.refuse_audit_change() is 'Audit log trigger: refuses every update, delete and truncate.';
revoke all on function private.refuse_audit_change() from public, anon, authenticated, service_role;
create trigger audit_log_append_only
  before update or delete on public.audit_log
  for each row execute function private.refuse_audit_change();
create trigger audit_log_no_truncate
  before truncate on public.audit_log
  for each statement execute function private.refuse_audit_change();

-- Why security definer: the log is not the API roles' to write; this is its one door, and
-- the actor is always the caller.
create or replace function private.audit(action text, target_type text, target_id text, target_label text, reason text default null, details jsonb default '{}'::jsonb)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.audit_log (action, actor, actor_name, target_type, target_id, target_label, reason, details)
  values (action, (select auth.uid()), (select p.name from public.profiles p where p.id = (select auth.uid())),
          target_type, target_id, left(target_label, 200), reason, coalesce(details, '{}'::jsonb));
$$;
comment on function private.audit(text, text, text, text, text, jsonb) is 'Adds one audit row for the caller''s admin action.';
revoke all on function private.audit(text, text, text, text, text, jsonb) from public, anon, authenticated, service_role;

-- An admin's edit or delete of someone else's entry, comment or tag is audited by triggers,
-- whichever door it came through. Only the statement's own rows (pg_trigger_depth() = 1):
-- the comments of a deleted entry go with it, under the entry's row.
create or replace function private.audit_admin_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  writer uuid;
  label text;
begin
  if who is null or pg_trigger_depth() > 1 or not (select private.is_admin()) then
    return null;
  end if;
  if tg_table_name = 'entries' then
    writer := coalesce(new.owner, old.owner);
    label := coalesce(old.title, new.title);
    if writer is not distinct from who then
      return null;
    end if;
    if tg_op = 'DELETE' then
      perform private.audit('delete_entry', 'entry', old.id::text, label, null, jsonb_build_object('owner', old.owner));
    elsif new.moderation is not distinct from old.moderation
          and (new.title, new.description, new.country, new.hint, new.example_sentence, new.author)
              is distinct from (old.title, old.description, old.country, old.hint, old.example_sentence, old.author) then
      perform private.audit('edit_entry', 'entry', new.id::text, label, null, jsonb_build_object('owner', new.owner));
    elsif new.moderation is not distinct from old.moderation and new.show is distinct from old.show then
      perform private.audit(case when new.show then 'restore' else 'hide' end, 'entry', new.id::text, label, null,
                            jsonb_build_object('owner', new.owner));
    end if;
  elsif tg_table_name = 'comments' then
    if old.owner is distinct from who then
      perform private.audit('delete_comment', 'comment', old.id::text, left(old.text, 200), null,
                            jsonb_build_object('owner', old.owner, 'contentId', old.entry_id));
    end if;
  elsif tg_table_name = 'tags' then
    if coalesce(new.owner, old.owner) is distinct from who then
      perform private.audit(case tg_op when 'DELETE' then 'delete_tag' else 'edit_tag' end, 'tag',
                            coalesce(new.id, old.id)::text, old.name, null, jsonb_build_object('owner', old.owner, 'name', new.name));
    end if;
  elsif tg_table_name = 'entry_tags' then
    if old.added_by is distinct from who then
      perform private.audit('untag_entry', 'entry', old.entry_id::text, null, null,
                            jsonb_build_object('tagId', old.tag_id, 'addedBy', old.added_by));
    end if;
  end if;
  return null;
end;
$$;
comment on function private.audit_admin_changes() is 'Trigger: audits an admin''s edit or delete of another account''s entry, comment, tag or tagging.';
revoke all on function private.audit_admin_changes() from public, anon, authenticated, service_role;

create trigger entries_audit_admin_changes after update or delete on public.entries
  for each row execute function private.audit_admin_changes();
create trigger comments_audit_admin_changes after delete on public.comments
  for each row execute function private.audit_admin_changes();
create trigger tags_audit_admin_changes after update or delete on public.tags
  for each row execute function private.audit_admin_changes();
create trigger entry_tags_audit_admin_changes after delete on public.entry_tags
  for each row execute function private.audit_admin_changes();

-- ---------------------------------------------------------------------------------------
-- Telling open pages: a held or removed entry leaves every list and its page; a held comment
-- leaves its entry's list; the admins' queue moves (a private topic only admins join).

create or replace function private.tell_moderation(entry_id uuid, comment_id uuid, hidden boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  the_entry uuid := coalesce(entry_id, (select c.entry_id from public.comments c where c.id = comment_id));
begin
  if comment_id is null then
    perform realtime.send(jsonb_build_object('contentId', entry_id), case when hidden then 'hidden' else 'shown' end, 'entries', true);
    perform realtime.send(jsonb_build_object('contentId', entry_id), case when hidden then 'hidden' else 'shown' end, 'entry:' || entry_id, true);
  elsif hidden then
    perform realtime.send(jsonb_build_object('_id', comment_id, 'contentId', the_entry), 'comment_hidden', 'entry:' || the_entry, true);
  else
    perform realtime.send(jsonb_build_object('comment', (select public.comment_json(c) from public.comments c where c.id = comment_id)),
                          'comment_shown', 'entry:' || the_entry, true);
  end if;
end;
$$;
comment on function private.tell_moderation(uuid, uuid, boolean) is 'Broadcasts that an entry or comment was hidden or shown again by moderation.';
revoke all on function private.tell_moderation(uuid, uuid, boolean) from public, anon, authenticated, service_role;

create or replace function private.tell_queue(case_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  select realtime.send(
    jsonb_build_object('caseId', case_id, 'open', (select count(*) from public.moderation_cases m where m.status = 'open')),
    'queue', 'moderation', true);
$$;
comment on function private.tell_queue(uuid) is 'Broadcasts to the admins'' moderation topic that a case changed, with the open count.';
revoke all on function private.tell_queue(uuid) from public, anon, authenticated, service_role;

drop policy "Anyone can receive updates of what they can see, learners their own notifications" on realtime.messages;
create policy "Anyone can receive updates of what they can see, learners their own notifications"
  on realtime.messages for select
  to anon, authenticated
  using (
    extension = 'broadcast'
    and topic = realtime.topic()
    and (select private.session_is_live())
    and (realtime.topic() = 'entries'
         or realtime.topic() = 'user:' || (select auth.uid())::text
         or (realtime.topic() = 'moderation' and (select private.is_admin()))
         or private.is_visible_entry_topic(realtime.topic())));

-- ---------------------------------------------------------------------------------------
-- The functions /api calls

-- What a report or a resolution names: exactly one of an entry and a comment.
create or replace function private.require_one_target(entry_id uuid, comment_id uuid)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if num_nonnulls(entry_id, comment_id) <> 1 then
    raise exception 'name one entry or one comment' using errcode = 'PT400', hint = 'report_target_required', column = 'contentId';
  end if;
end;
$$;
revoke all on function private.require_one_target(uuid, uuid) from public, anon, authenticated, service_role;

-- Why security definer: the reporter may not read others' reports nor write the counters and
-- the entry's state, yet the third report must hide the thing in the same transaction. It
-- checks what RLS would (the caller can see the thing) itself.
create or replace function public.add_report(entry_id uuid default null, comment_id uuid default null, reason text default null, note text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  is_admin boolean := (select private.is_admin());
  body text := nullif(private.trim_text(add_report.note), '');
  target_entry public.entries;
  target_comment public.comments;
  the_case public.moderation_cases;
  written public.reports;
  counted integer;
begin
  perform private.require_sign_in('report_login_required');
  perform private.require_one_target(entry_id, comment_id);
  if reason is null or reason not in ('spam', 'offensive', 'wrong', 'duplicate', 'other') then
    raise exception 'unknown reason' using errcode = 'PT400', hint = 'invalid_report_reason', column = 'reason';
  end if;
  if char_length(body) > 500 then
    raise exception 'note is too long' using errcode = 'PT400', hint = 'report_note_too_long', column = 'note';
  end if;

  if add_report.entry_id is not null then
    select * into target_entry from public.entries e where e.id = add_report.entry_id;
    if target_entry.id is null or not (target_entry.show or target_entry.owner = who or is_admin) then
      raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
    end if;
    if target_entry.owner = who then
      raise exception 'this is your own entry' using errcode = 'PT400', hint = 'report_own', column = 'contentId';
    end if;
    insert into public.moderation_cases as m (entry_id) values (target_entry.id)
    on conflict on constraint moderation_cases_entry_id_key do update set last_reported_at = m.last_reported_at
    returning * into the_case;
  else
    select c.* into target_comment from public.comments c join public.entries e on e.id = c.entry_id
     where c.id = add_report.comment_id
       and (e.show or e.owner = who or is_admin)
       and (c.moderation is null or c.owner = who or is_admin);
    if target_comment.id is null then
      raise exception 'no comment %', comment_id using errcode = 'PT404', hint = 'comment_not_found';
    end if;
    if target_comment.owner = who then
      raise exception 'this is your own comment' using errcode = 'PT400', hint = 'report_own', column = 'commentId';
    end if;
    insert into public.moderation_cases as m (comment_id) values (target_comment.id)
    on conflict on constraint moderation_cases_comment_id_key do update set last_reported_at = m.last_reported_at
    returning * into the_case;
  end if;
  -- The upsert holds the case's row lock: reports of one thing are counted one at a time.

  insert into public.reports as r (case_id, reporter, reason, note)
  values (the_case.id, who, add_report.reason, body)
  on conflict (case_id, reporter) where open do nothing
  returning * into written;
  if written.id is null then
    -- Said before: a success that counts once.
    select * into written from public.reports r where r.case_id = the_case.id and r.reporter = who and r.open;
    return jsonb_build_object('_id', written.id, 'reason', written.reason, 'createdAt', written.created_at, 'repeated', true);
  end if;

  select count(*) into counted from public.reports r where r.case_id = the_case.id and r.open;
  update public.moderation_cases m
     set reporters = counted,
         last_reported_at = now(),
         status = 'open',
         first_reported_at = case when m.status = 'resolved' then now() else m.first_reported_at end,
         resolution = case when m.status = 'resolved' then null else m.resolution end,
         resolution_note = case when m.status = 'resolved' then null else m.resolution_note end,
         resolved_by = case when m.status = 'resolved' then null else m.resolved_by end,
         resolved_at = case when m.status = 'resolved' then null else m.resolved_at end
   where m.id = the_case.id;

  -- Three accounts: held for moderators, now.
  if counted >= 3 then
    if target_entry.id is not null and target_entry.moderation is null then
      update public.entries e set moderation = 'held', show = false where e.id = target_entry.id;
      perform private.tell_moderation(target_entry.id, null, true);
    elsif target_comment.id is not null and target_comment.moderation is null then
      update public.comments c set moderation = 'held' where c.id = target_comment.id;
      perform private.tell_moderation(null, target_comment.id, true);
    end if;
  end if;
  perform private.tell_queue(the_case.id);
  return jsonb_build_object('_id', written.id, 'reason', written.reason, 'createdAt', written.created_at, 'repeated', false);
end;
$$;
comment on function public.add_report(uuid, uuid, text, text) is
  'Reports an entry or comment as the caller (once per open case); the third account''s report holds it for moderators.';

-- One case as the queue shows it: the thing, its reporters of this round, their reasons and notes.
-- PL/pgSQL so its queries are planned once per session, not once per row of a queue page.
create or replace function private.case_json(m public.moderation_cases)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return (
    select jsonb_build_object(
      '_id', m.id,
      'contentId', coalesce(m.entry_id, c.entry_id),
      'commentId', m.comment_id,
      'recordingId', null,
      'kind', case when m.comment_id is null then 'entry' else 'comment' end,
      'count', m.reporters,
      'reasons', coalesce((select jsonb_object_agg(x.reason, x.n) from (
                   select r.reason, count(*) as n from public.reports r
                    where r.case_id = m.id and r.created_at >= m.first_reported_at group by r.reason) x), '{}'::jsonb),
      'notes', coalesce((select jsonb_agg(jsonb_build_object('text', r.note, 'reason', r.reason, 'createdAt', r.created_at) order by r.created_at)
                           from public.reports r
                          where r.case_id = m.id and r.created_at >= m.first_reported_at and r.note is not null), '[]'::jsonb),
      'firstReportedAt', m.first_reported_at,
      'lastReportedAt', m.last_reported_at,
      'hidden', coalesce(e.moderation, c.moderation) is not null,
      'moderation', coalesce(e.moderation, c.moderation),
      'preview', case when m.comment_id is null
                   then jsonb_build_object('title', e.title, 'description', left(e.description, 200), 'country', e.country,
                                           'author', e.author, 'ownerName', (select p.name from public.profiles p where p.id = e.owner))
                   else jsonb_build_object('text', left(c.text, 300), 'ownerName', c.owner_name,
                                           'entryTitle', (select ce.title from public.entries ce where ce.id = c.entry_id))
                 end,
      'status', m.status,
      'resolution', m.resolution,
      'resolutionNote', m.resolution_note,
      'resolvedAt', m.resolved_at)
      from (select 1) one
      left join public.entries e on e.id = m.entry_id
      left join public.comments c on c.id = m.comment_id);
end;
$$;
revoke all on function private.case_json(public.moderation_cases) from public, anon, authenticated, service_role;
grant execute on function private.case_json(public.moderation_cases) to authenticated;

create or replace function private.require_admin()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('page_login_required');
  if not (select private.is_admin()) then
    raise exception 'admins only' using errcode = 'PT403', hint = 'admin_required';
  end if;
end;
$$;
revoke all on function private.require_admin() from public;
grant execute on function private.require_admin() to anon, authenticated;

-- The queue, newest report first, a page at a time (keyset: the last row's time and id).
create or replace function public.moderation_queue(status text default 'open', after_at timestamptz default null, after_id uuid default null, page_size integer default 20)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_admin();
  if status is null or status not in ('open', 'resolved') then
    raise exception 'status is open or resolved' using errcode = 'PT400', hint = 'invalid_input', column = 'status';
  end if;
  return jsonb_build_object(
    'data', coalesce((
      select jsonb_agg(private.case_json(page.m) order by (page.m).last_reported_at desc, (page.m).id desc)
        from (select m from public.moderation_cases m
               where m.status = moderation_queue.status
                 and (after_at is null or (m.last_reported_at, m.id) < (after_at, after_id))
               order by m.last_reported_at desc, m.id desc
               limit least(greatest(coalesce(page_size, 20), 1), 100)) page), '[]'::jsonb),
    'open', (select count(*) from public.moderation_cases m where m.status = 'open'));
end;
$$;
comment on function public.moderation_queue(text, timestamptz, uuid, integer) is 'Admins: reported things, newest report first, a keyset page at a time, with the open count.';

-- Why security definer: it changes others' entries and comments and closes others' reports,
-- which only this function (for admins) may do.
create or replace function public.resolve_report(entry_id uuid default null, comment_id uuid default null, action text default null, note text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  body text := nullif(private.trim_text(resolve_report.note), '');
  the_case public.moderation_cases;
  target_entry public.entries;
  target_comment public.comments;
  owner_id uuid;
  label text;
begin
  perform private.require_admin();
  perform private.require_one_target(entry_id, comment_id);
  if action is null or action not in ('restore', 'remove', 'dismiss') then
    raise exception 'action is restore, remove or dismiss' using errcode = 'PT400', hint = 'invalid_report_action', column = 'action';
  end if;
  if char_length(body) > 500 then
    raise exception 'note is too long' using errcode = 'PT400', hint = 'report_note_too_long', column = 'note';
  end if;
  select * into the_case from public.moderation_cases m
   where m.entry_id is not distinct from resolve_report.entry_id and m.comment_id is not distinct from resolve_report.comment_id
   for update;
  if the_case.id is null then
    raise exception 'nothing reported' using errcode = 'PT404', hint = 'report_not_found';
  end if;

  if entry_id is not null then
    select * into target_entry from public.entries e where e.id = resolve_report.entry_id for update;
    owner_id := target_entry.owner;
    label := target_entry.title;
    if action = 'restore' then
      update public.entries e set moderation = null, show = true where e.id = target_entry.id;
      if target_entry.moderation is not null or not target_entry.show then
        perform private.tell_moderation(target_entry.id, null, false);
      end if;
    elsif action = 'remove' then
      update public.entries e set moderation = 'removed', show = false where e.id = target_entry.id;
      if target_entry.show then
        perform private.tell_moderation(target_entry.id, null, true);
      end if;
    end if;
  else
    select * into target_comment from public.comments c where c.id = resolve_report.comment_id for update;
    owner_id := target_comment.owner;
    label := left(target_comment.text, 200);
    if action = 'restore' then
      update public.comments c set moderation = null where c.id = target_comment.id;
      if target_comment.moderation is not null then
        perform private.tell_moderation(null, target_comment.id, false);
      end if;
    elsif action = 'remove' then
      update public.comments c set moderation = 'removed' where c.id = target_comment.id;
      if target_comment.moderation is null then
        perform private.tell_moderation(null, target_comment.id, true);
      end if;
    end if;
  end if;

  update public.reports r set open = false where r.case_id = the_case.id and r.open;
  update public.moderation_cases m
     set status = 'resolved', resolution = action, resolution_note = body, resolved_by = (select auth.uid()), resolved_at = now()
   where m.id = the_case.id
  returning * into the_case;
  perform private.audit(action, case when entry_id is null then 'comment' else 'entry' end,
                        coalesce(entry_id, comment_id)::text, label, body,
                        jsonb_build_object('owner', owner_id, 'reporters', the_case.reporters));
  perform private.tell_queue(the_case.id);
  return private.case_json(the_case);
end;
$$;
comment on function public.resolve_report(uuid, uuid, text, text) is
  'Admins: restore (shown again), remove (taken down for good) or dismiss (unchanged) a reported thing; closes its reports; audited.';

-- Why security definer: bans live in auth.users and sessions in auth.sessions, neither the
-- API roles' to touch. Ending the sessions ends /api and Realtime access at once (both
-- check the session on every request and join, and Realtime closes ended sessions' channels).
create or replace function public.ban_user(target uuid, banned boolean, reason text default null, until timestamptz default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  body text := nullif(private.trim_text(ban_user.reason), '');
  account public.profiles;
  ban_until timestamptz;
begin
  perform private.require_admin();
  if banned is null then
    raise exception 'banned must be true or false' using errcode = 'PT400', hint = 'invalid_input', column = 'banned';
  end if;
  if char_length(body) > 500 then
    raise exception 'reason is too long' using errcode = 'PT400', hint = 'report_note_too_long', column = 'reason';
  end if;
  select * into account from public.profiles p where p.id = target;
  if account.id is null then
    raise exception 'no such user' using errcode = 'PT404', hint = 'user_not_found';
  end if;
  if banned and target = (select auth.uid()) then
    raise exception 'admins cannot ban themselves' using errcode = 'PT400', hint = 'ban_self', column = 'userId';
  end if;
  if banned and account.is_admin then
    raise exception 'revoke admin rights first' using errcode = 'PT409', hint = 'ban_admin';
  end if;
  if banned and until is not null and until <= now() then
    raise exception 'until must be in the future' using errcode = 'PT400', hint = 'invalid_ban_until', column = 'until';
  end if;
  -- For good is a hundred years, as GoTrue's longest ban_duration: a real time every Auth client can read.
  ban_until := case when banned then coalesce(until, now() + interval '100 years') end;
  update auth.users u set banned_until = ban_until, updated_at = now() where u.id = target;
  if banned then
    delete from auth.sessions s where s.user_id = target;
  end if;
  perform private.audit(case when banned then 'ban' else 'unban' end, 'user', target::text, account.name, body,
                        jsonb_build_object('until', ban_until));
  return public.user_json(account) || jsonb_build_object('bannedUntil', ban_until);
end;
$$;
comment on function public.ban_user(uuid, boolean, text, timestamptz) is
  'Admins: bans an account (until a time, or a hundred years) ending its sessions at once, or lifts the ban; audited.';

create or replace function public.audit_entries(after_id bigint default null, page_size integer default 50)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_admin();
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             '_id', a.id, 'action', a.action, 'actor', jsonb_build_object('_id', a.actor, 'name', a.actor_name),
             'targetType', a.target_type, 'targetId', a.target_id, 'targetLabel', a.target_label,
             'reason', a.reason, 'details', a.details, 'createdAt', a.created_at) order by a.id desc)
      from (select * from public.audit_log a
             where after_id is null or a.id < after_id
             order by a.id desc
             limit least(greatest(coalesce(page_size, 50), 1), 100)) a), '[]'::jsonb);
end;
$$;
comment on function public.audit_entries(bigint, integer) is 'Admins: the audit log, newest first, a page at a time (keyset on id).';

-- Granting and revoking admin rights is audited too: the same rule as before, plus its row.
create or replace function public.set_admin(target uuid, make_admin boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  before public.profiles;
  changed public.profiles;
begin
  perform private.require_sign_in('page_login_required');
  if not (select private.is_admin()) then
    raise exception 'only admins can grant or revoke admin rights' using errcode = 'PT403', hint = 'admin_required';
  end if;
  if make_admin is null then
    raise exception 'make_admin must be true or false' using errcode = 'PT400', hint = 'invalid_input', column = 'isAdmin';
  end if;
  perform 1 from public.profiles where is_admin for update;
  if not make_admin and target = (select auth.uid()) and not exists (
    select 1 from public.profiles where is_admin and id <> target
  ) then
    raise exception 'you are the only admin' using errcode = 'PT409', hint = 'last_admin';
  end if;
  select * into before from public.profiles p where p.id = target;
  update public.profiles set is_admin = make_admin where id = target returning * into changed;
  if changed is null then
    raise exception 'no such user' using errcode = 'PT404', hint = 'user_not_found';
  end if;
  if before.is_admin is distinct from make_admin then
    perform private.audit(case when make_admin then 'grant_admin' else 'revoke_admin' end, 'user', target::text, changed.name);
  end if;
  return public.user_json(changed);
end;
$$;

-- Writers see why their entry is gone: a held or removed entry says so (moderation: held |
-- removed); the others' replies are as before. (Comments say it from 20260702000100 on.)
create or replace function public.entry_json(e public.entries)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', e.id,
    'title', e.title,
    'description', e.description,
    'country', e.country,
    'hint', e.hint,
    'exampleSentence', e.example_sentence,
    'author', e.author,
    'owner', e.owner,
    'show', e.show,
    'voteCount', e.vote_score,
    'upvotes', e.upvotes,
    'downvotes', e.downvotes,
    'userVote', (select case v.value when 1 then 'upvote' when -1 then 'downvote' end
                   from public.votes v
                  where v.entry_id = e.id and v.user_id = (select auth.uid())),
    'inFlashcards', exists (select 1 from public.flashcards f
                             where f.user_id = (select auth.uid()) and f.entry_id = e.id),
    'commentCount', e.comment_count,
    'createdAt', e.created_at,
    'updatedAt', e.updated_at,
    'tags', coalesce(
      (select jsonb_agg(jsonb_build_object('_id', t.id, 'name', t.name) order by lower(t.name))
         from public.entry_tags et
         join public.tags t on t.id = et.tag_id
        where et.entry_id = e.id),
      '[]'::jsonb)
  ) || case when e.moderation is null then '{}'::jsonb else jsonb_build_object('moderation', e.moderation) end
$$;

revoke all on function public.add_report(uuid, uuid, text, text) from public, anon, authenticated, service_role;
revoke all on function public.moderation_queue(text, timestamptz, uuid, integer) from public, anon, authenticated, service_role;
revoke all on function public.resolve_report(uuid, uuid, text, text) from public, anon, authenticated, service_role;
revoke all on function public.ban_user(uuid, boolean, text, timestamptz) from public, anon, authenticated, service_role;
revoke all on function public.audit_entries(bigint, integer) from public, anon, authenticated, service_role;
-- Guests may call them only to be told to sign in (PT401), in the client's words.
grant execute on function public.add_report(uuid, uuid, text, text) to anon, authenticated;
grant execute on function public.moderation_queue(text, timestamptz, uuid, integer) to anon, authenticated;
grant execute on function public.audit_entries(bigint, integer) to anon, authenticated;
-- Definers for admins: guests may not call them at all.
grant execute on function public.resolve_report(uuid, uuid, text, text) to authenticated;
grant execute on function public.ban_user(uuid, boolean, text, timestamptz) to authenticated;
