-- Recordings can be reported like comments (issue 19): a moderation case may name a
-- recording; three accounts with open reports hold it in the reporting transaction (it leaves
-- the entry's list for everyone but its speaker and admins, and the entry's page is told); an
-- admin restores it (listed again), removes it (taken down; /api also removes the file) or
-- dismisses the reports (a held one is listed again, as a dismissed link groups again). Each
-- resolution, and an admin deleting someone else's recording, leaves an audit row.

alter table public.moderation_cases
  add column recording_id uuid unique references public.recordings (id) on delete cascade,
  drop constraint moderation_cases_one_target_check,
  add constraint moderation_cases_one_target_check check (num_nonnulls(entry_id, comment_id, link_a, recording_id) = 1);
comment on column public.moderation_cases.recording_id is 'A reported recording (the case goes with the recording when it is deleted; the audit log keeps its resolution).';

alter table public.audit_log
  drop constraint audit_log_action_check,
  add constraint audit_log_action_check check (action in (
    'restore', 'remove', 'dismiss', 'hide', 'ban', 'unban', 'grant_admin', 'revoke_admin',
    'edit_entry', 'delete_entry', 'delete_comment', 'edit_tag', 'delete_tag', 'untag_entry', 'delete_account',
    'feedback_handled', 'feedback_reopened', 'delete_recording')),
  drop constraint audit_log_target_type_check,
  add constraint audit_log_target_type_check check (target_type in ('entry', 'comment', 'tag', 'user', 'feedback', 'variant_link', 'recording'));

-- ---------------------------------------------------------------------------------------
-- An admin deleting someone else's recording, whichever door it came through

-- Why security definer: the audit log's one door (private.audit) is not the API roles'.
create or replace function private.audit_recording_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
begin
  -- Only the statement's own rows: a recording going with its entry is under the entry's row.
  if who is null or pg_trigger_depth() > 1 or old.user_id = who or not (select private.is_admin()) then
    return null;
  end if;
  perform private.audit('delete_recording', 'recording', old.id::text, old.user_name || ' (' || old.country || ')', null,
                        jsonb_build_object('owner', old.user_id, 'contentId', old.entry_id, 'path', old.path));
  return null;
end;
$$;
comment on function private.audit_recording_delete() is 'Recordings trigger: audits an admin''s delete of another account''s recording.';
revoke all on function private.audit_recording_delete() from public, anon, authenticated, service_role;

create trigger recordings_audit_admin_delete after delete on public.recordings
  for each row execute function private.audit_recording_delete();

-- ---------------------------------------------------------------------------------------
-- The functions /api calls

-- Why security definer: the reporter may not read others' reports nor write the counters and
-- the recording's state, yet the third report must hold it in the same transaction. It checks
-- what RLS would (the caller can hear the recording) itself.
-- POST /api/report/addReport {recordingId, reason, note?}.
create or replace function public.add_recording_report(recording_id uuid, reason text, note text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  is_admin boolean := (select private.is_admin());
  body text := nullif(private.trim_text(add_recording_report.note), '');
  target public.recordings;
  the_case public.moderation_cases;
  written public.reports;
  counted integer;
begin
  perform private.require_sign_in('report_login_required');
  if recording_id is null then
    raise exception 'name the recording' using errcode = 'PT400', hint = 'report_target_required', column = 'recordingId';
  end if;
  if reason is null or reason not in ('spam', 'offensive', 'wrong', 'duplicate', 'other') then
    raise exception 'unknown reason' using errcode = 'PT400', hint = 'invalid_report_reason', column = 'reason';
  end if;
  if char_length(body) > 500 then
    raise exception 'note is too long' using errcode = 'PT400', hint = 'report_note_too_long', column = 'note';
  end if;

  -- The recording's row lock: reports of one recording are counted one at a time.
  select r.* into target from public.recordings r join public.entries e on e.id = r.entry_id
   where r.id = add_recording_report.recording_id
     and (e.show or e.owner = who or is_admin)
     and (r.moderation is null or r.user_id = who or is_admin)
     for update of r;
  if target.id is null then
    raise exception 'no recording %', recording_id using errcode = 'PT404', hint = 'recording_not_found';
  end if;
  if target.user_id = who then
    raise exception 'this is your own recording' using errcode = 'PT400', hint = 'report_own', column = 'recordingId';
  end if;

  insert into public.moderation_cases as m (recording_id) values (target.id)
  on conflict on constraint moderation_cases_recording_id_key do update set last_reported_at = m.last_reported_at
  returning * into the_case;

  insert into public.reports as r (case_id, reporter, reason, note)
  values (the_case.id, who, add_recording_report.reason, body)
  on conflict (case_id, reporter) where open do nothing
  returning * into written;
  if written.id is null then
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

  -- Three accounts: held for moderators, now (the recordings trigger tells the entry's page).
  if counted >= 3 and target.moderation is null then
    update public.recordings r set moderation = 'held' where r.id = target.id;
  end if;
  perform private.tell_queue(the_case.id);
  return jsonb_build_object('_id', written.id, 'reason', written.reason, 'createdAt', written.created_at, 'repeated', false);
end;
$$;
comment on function public.add_recording_report(uuid, text, text) is
  'Reports a recording as the caller (once per open case); the third account''s report holds it for moderators.';

-- One case as the queue shows it (20260801000800), a recording's too: kind 'recording',
-- recordingId, contentId its entry, and in the preview who said it, from where, its path.
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
      'contentId', coalesce(m.entry_id, c.entry_id, m.link_a, rec.entry_id),
      'commentId', m.comment_id,
      'recordingId', m.recording_id,
      'kind', case when m.comment_id is not null then 'comment' when m.link_a is not null then 'link'
                   when m.recording_id is not null then 'recording' else 'entry' end,
      'count', m.reporters,
      'reasons', coalesce((select jsonb_object_agg(x.reason, x.n) from (
                   select r.reason, count(*) as n from public.reports r
                    where r.case_id = m.id and r.created_at >= m.first_reported_at group by r.reason) x), '{}'::jsonb),
      'notes', coalesce((select jsonb_agg(jsonb_build_object('text', r.note, 'reason', r.reason, 'createdAt', r.created_at) order by r.created_at)
                           from public.reports r
                          where r.case_id = m.id and r.created_at >= m.first_reported_at and r.note is not null), '[]'::jsonb),
      'firstReportedAt', m.first_reported_at,
      'lastReportedAt', m.last_reported_at,
      'hidden', case when m.link_a is not null then coalesce(l.held, false)
                     else coalesce(e.moderation, c.moderation, rec.moderation) is not null end,
      'moderation', case when m.link_a is null then coalesce(e.moderation, c.moderation, rec.moderation)
                         when l.held then 'held'
                         when l.entry_a is null then 'removed' end,
      'preview', case when m.link_a is not null
                   then jsonb_build_object(
                          'linked', l.entry_a is not null,
                          'linkedBy', (select p.name from public.profiles p where p.id = l.created_by),
                          'entries', (select coalesce(jsonb_agg(jsonb_build_object(
                                               '_id', le.id, 'title', le.title, 'country', le.country,
                                               'ownerName', (select p.name from public.profiles p where p.id = le.owner))
                                             order by le.id), '[]'::jsonb)
                                        from public.entries le where le.id in (m.link_a, m.link_b)))
                   when m.recording_id is not null
                   then jsonb_build_object('ownerName', rec.user_name, 'country', rec.country, 'durationMs', rec.duration_ms,
                                           'path', rec.path,
                                           'entryTitle', (select re.title from public.entries re where re.id = rec.entry_id))
                   when m.comment_id is null
                   then jsonb_build_object('title', e.title, 'description', left(e.description, 200), 'country', e.country,
                                           'author', e.author, 'ownerName', (select p.name from public.profiles p where p.id = e.owner))
                   else jsonb_build_object('text', left(c.text, 300), 'ownerName', c.owner_name,
                                           'entryTitle', (select ce.title from public.entries ce where ce.id = c.entry_id))
                 end,
      'status', m.status,
      'resolution', m.resolution,
      'resolutionNote', m.resolution_note,
      'resolvedAt', m.resolved_at)
      || case when m.link_a is null then '{}'::jsonb else jsonb_build_object('variantId', m.link_b) end
      from (select 1) one
      left join public.entries e on e.id = m.entry_id
      left join public.comments c on c.id = m.comment_id
      left join public.recordings rec on rec.id = m.recording_id
      left join public.variant_links l on l.entry_a = m.link_a and l.entry_b = m.link_b);
end;
$$;
revoke all on function private.case_json(public.moderation_cases) from public, anon, authenticated, service_role;
grant execute on function private.case_json(public.moderation_cases) to authenticated;

-- Why security definer: it changes a recording no API role may write and closes others'
-- reports, which only this function (for admins) may do. restore: listed again; remove: taken
-- down (the row stays, 'removed'; /api removes the file); dismiss: a held one is listed again.
-- POST /api/admin/resolveReport {recordingId, action, note?}.
create or replace function public.resolve_recording_report(recording_id uuid, action text, note text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  body text := nullif(private.trim_text(resolve_recording_report.note), '');
  the_case public.moderation_cases;
  target public.recordings;
begin
  perform private.require_admin();
  if recording_id is null then
    raise exception 'name the recording' using errcode = 'PT400', hint = 'report_target_required', column = 'recordingId';
  end if;
  if action is null or action not in ('restore', 'remove', 'dismiss') then
    raise exception 'action is restore, remove or dismiss' using errcode = 'PT400', hint = 'invalid_report_action', column = 'action';
  end if;
  if char_length(body) > 500 then
    raise exception 'note is too long' using errcode = 'PT400', hint = 'report_note_too_long', column = 'note';
  end if;
  -- The recording's row first, then the case's, in add_recording_report's order.
  select * into target from public.recordings r where r.id = resolve_recording_report.recording_id for update;
  select * into the_case from public.moderation_cases m where m.recording_id = resolve_recording_report.recording_id for update;
  if the_case.id is null then
    raise exception 'nothing reported' using errcode = 'PT404', hint = 'report_not_found';
  end if;

  if action = 'remove' then
    update public.recordings r set moderation = 'removed' where r.id = target.id and r.moderation is distinct from 'removed';
  elsif action = 'restore' or target.moderation = 'held' then
    update public.recordings r set moderation = null where r.id = target.id and r.moderation is not null;
  end if;

  update public.reports r set open = false where r.case_id = the_case.id and r.open;
  update public.moderation_cases m
     set status = 'resolved', resolution = action, resolution_note = body, resolved_by = (select auth.uid()), resolved_at = now()
   where m.id = the_case.id
  returning * into the_case;
  perform private.audit(action, 'recording', target.id::text, target.user_name || ' (' || target.country || ')', body,
                        jsonb_build_object('owner', target.user_id, 'contentId', target.entry_id, 'path', target.path,
                                           'reporters', the_case.reporters));
  perform private.tell_queue(the_case.id);
  return private.case_json(the_case);
end;
$$;
comment on function public.resolve_recording_report(uuid, text, text) is
  'Admins: restore (listed again), remove (taken down) or dismiss (a held one listed again) a reported recording; closes its reports; audited.';

revoke all on function public.add_recording_report(uuid, text, text) from public, anon, authenticated, service_role;
revoke all on function public.resolve_recording_report(uuid, text, text) from public, anon, authenticated, service_role;
-- Guests may call add_recording_report only to be told to sign in (PT401); resolving is for admins.
grant execute on function public.add_recording_report(uuid, text, text) to anon, authenticated;
grant execute on function public.resolve_recording_report(uuid, text, text) to authenticated;
