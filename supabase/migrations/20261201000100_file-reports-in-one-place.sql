-- One way to file a report: add_report (entries and comments, 20260701000100), add_link_report
-- (variant links, 20260801000800) and add_recording_report (recordings, 20260901000120) each
-- checked the reason and note, wrote the report once per reporter, answered 'repeated', recounted
-- the open reports and reopened a resolved case with the same statements. Those now live here
-- once; each function keeps only its own target (the checks of what it names, the lookup, the
-- case's row) and its own hold at the third account. Signatures, grants, replies, error codes
-- and the order of the checks are unchanged.

-- Raises the first problem with a report's reason and (already trimmed) note, naming the field.
create or replace function private.check_report_fields(reason text, note text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if reason is null or reason not in ('spam', 'offensive', 'wrong', 'duplicate', 'other') then
    raise exception 'unknown reason' using errcode = 'PT400', hint = 'invalid_report_reason', column = 'reason';
  end if;
  if char_length(note) > 500 then
    raise exception 'note is too long' using errcode = 'PT400', hint = 'report_note_too_long', column = 'note';
  end if;
end;
$$;
comment on function private.check_report_fields(text, text) is
  'Raises PT400 invalid_report_reason or report_note_too_long for a report''s reason and trimmed note.';
revoke all on function private.check_report_fields(text, text) from public, anon, authenticated, service_role;

-- Why security definer: reports and the case's counters are no API role's to write, nor others'
-- reports to read; the three add_*_report functions (definers themselves, each having checked
-- the caller may report the thing and taken the case's row) are its only callers. The case's
-- row lock is the caller's: reports of one thing are counted one at a time.
-- reply is what /api answers ({_id, reason, createdAt, repeated}); repeated: this reporter's
-- open report of the case was already there (a success that counts once: nothing else
-- changes, open_reports is null); otherwise open_reports is the case's open reports now, for
-- the caller's hold at three.
create or replace function private.file_report(the_case uuid, who uuid, reason text, note text,
                                               out reply jsonb, out repeated boolean, out open_reports integer)
returns record
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  written public.reports;
begin
  insert into public.reports as r (case_id, reporter, reason, note)
  values (file_report.the_case, file_report.who, file_report.reason, file_report.note)
  on conflict (case_id, reporter) where open do nothing
  returning * into written;
  repeated := written.id is null;
  if repeated then
    select * into written from public.reports r where r.case_id = file_report.the_case and r.reporter = file_report.who and r.open;
  else
    select count(*) into open_reports from public.reports r where r.case_id = file_report.the_case and r.open;
    update public.moderation_cases m
       set reporters = open_reports,
           last_reported_at = now(),
           status = 'open',
           first_reported_at = case when m.status = 'resolved' then now() else m.first_reported_at end,
           resolution = case when m.status = 'resolved' then null else m.resolution end,
           resolution_note = case when m.status = 'resolved' then null else m.resolution_note end,
           resolved_by = case when m.status = 'resolved' then null else m.resolved_by end,
           resolved_at = case when m.status = 'resolved' then null else m.resolved_at end
     where m.id = file_report.the_case;
  end if;
  reply := jsonb_build_object('_id', written.id, 'reason', written.reason, 'createdAt', written.created_at, 'repeated', repeated);
end;
$$;
comment on function private.file_report(uuid, uuid, text, text) is
  'Files a report on its case once per reporter (repeated: already there) and, when new, recounts the case''s open reports and reopens it if resolved.';
revoke all on function private.file_report(uuid, uuid, text, text) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------
-- The three doors, each with its own target and hold (grants and comments are kept by
-- create or replace).

-- As 20260701000100.
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
  filed record;
begin
  perform private.require_sign_in('report_login_required');
  perform private.require_one_target(entry_id, comment_id);
  perform private.check_report_fields(add_report.reason, body);

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

  select * into filed from private.file_report(the_case.id, who, add_report.reason, body);
  if filed.repeated then
    return filed.reply;
  end if;

  -- Three accounts: held for moderators, now.
  if filed.open_reports >= 3 then
    if target_entry.id is not null and target_entry.moderation is null then
      update public.entries e set moderation = 'held', show = false where e.id = target_entry.id;
      perform private.tell_moderation(target_entry.id, null, true);
    elsif target_comment.id is not null and target_comment.moderation is null then
      update public.comments c set moderation = 'held' where c.id = target_comment.id;
      perform private.tell_moderation(null, target_comment.id, true);
    end if;
  end if;
  perform private.tell_queue(the_case.id);
  return filed.reply;
end;
$$;

-- As 20260801000800.
create or replace function public.add_link_report(content_id uuid, variant_id uuid, reason text, note text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  is_admin boolean := (select private.is_admin());
  body text := nullif(private.trim_text(add_link_report.note), '');
  first uuid := least(add_link_report.content_id, add_link_report.variant_id);
  second uuid := greatest(add_link_report.content_id, add_link_report.variant_id);
  link public.variant_links;
  the_case public.moderation_cases;
  filed record;
begin
  perform private.require_sign_in('report_login_required');
  if content_id is null or variant_id is null then
    raise exception 'name the two linked entries' using errcode = 'PT400', hint = 'report_target_required',
      column = case when content_id is null then 'contentId' else 'variantId' end;
  end if;
  if content_id = variant_id then
    raise exception 'an entry is not its own variant' using errcode = 'PT400', hint = 'variant_self_link', column = 'variantId';
  end if;
  perform private.check_report_fields(add_link_report.reason, body);

  -- The link row's lock: reports of one link are counted one at a time.
  select * into link from public.variant_links l where l.entry_a = first and l.entry_b = second for update;
  if link.entry_a is null or (link.held and not is_admin)
     or (select count(*) from public.entries e
          where e.id in (first, second) and (e.show or e.owner = who or is_admin)) <> 2 then
    raise exception 'no link between % and %', content_id, variant_id using errcode = 'PT404', hint = 'variant_link_not_found';
  end if;
  if link.created_by = who then
    raise exception 'you linked these entries' using errcode = 'PT400', hint = 'report_own', column = 'variantId';
  end if;

  insert into public.moderation_cases as m (link_a, link_b) values (first, second)
  on conflict on constraint moderation_cases_link_key do update set last_reported_at = m.last_reported_at
  returning * into the_case;

  select * into filed from private.file_report(the_case.id, who, add_link_report.reason, body);
  if filed.repeated then
    return filed.reply;
  end if;

  -- Three accounts: held for moderators, now (the triggers regroup and tell the pages).
  if filed.open_reports >= 3 and not link.held then
    update public.variant_links l set held = true where l.entry_a = first and l.entry_b = second;
  end if;
  perform private.tell_queue(the_case.id);
  return filed.reply;
end;
$$;

-- As 20260901000120.
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
  filed record;
begin
  perform private.require_sign_in('report_login_required');
  if recording_id is null then
    raise exception 'name the recording' using errcode = 'PT400', hint = 'report_target_required', column = 'recordingId';
  end if;
  perform private.check_report_fields(add_recording_report.reason, body);

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

  select * into filed from private.file_report(the_case.id, who, add_recording_report.reason, body);
  if filed.repeated then
    return filed.reply;
  end if;

  -- Three accounts: held for moderators, now (the recordings trigger tells the entry's page).
  if filed.open_reports >= 3 and target.moderation is null then
    update public.recordings r set moderation = 'held' where r.id = target.id;
  end if;
  perform private.tell_queue(the_case.id);
  return filed.reply;
end;
$$;
