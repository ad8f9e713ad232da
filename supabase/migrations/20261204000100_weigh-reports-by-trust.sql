-- Reports weigh by trust (issue 30). Until now any three accounts with open reports held a
-- thing: three accounts a minute old hid the home page's top 20 entries, an admin's among them,
-- in under two seconds. Now a report counts toward the hold at three only when its reporter is
-- trusted (private.is_trusted_reporter): an account at least 72 hours old (auth.users.created_at),
-- not banned, with at least one entry, comment or vote of its own that stands. Every report is
-- still stored, reaches the queue and counts in the case's `count`; an untrusted one just never
-- hides anything by itself. Entries, comments, variant links and recordings follow the one rule.
--
-- When trust is judged: whenever a case is counted, which happens only when a new report of it
-- is filed (add_report, add_link_report, add_recording_report). Each count looks at every open
-- report of the case and judges each reporter as they are at that moment. So a report filed by
-- a 70-hour-old account does not count when it is filed; if a later report of the same thing
-- arrives after that account has turned 72 hours (still with something that stands), it counts
-- then. Time alone never hides anything: no sweep recounts a case nobody reports again. A thing
-- once held stays held until an admin decides, whatever happens to its reporters' trust.
-- The queue shows each reporter's account creation time and their trust as judged when the
-- queue is read.
--
-- Everything else is as before: one open report per account per thing, the per-account write
-- limits on reports, the hold in the reporting transaction, admins' restore/remove/dismiss.

-- Whether a report by this account counts toward holding a thing: the account is at least 72
-- hours old and not banned now, and has an entry, a comment or a vote that stands (not held or
-- removed by the moderators, not deleted; a vote stands while the entry it is on does). An
-- entry its writer unshowed still stands: only the moderators' decisions take standing away.
-- Not a definer and granted to no API role: it reads auth.users, so only definers (the report
-- functions, private.case_reporters) call it, with their owner's rights. PL/pgSQL so its
-- queries are planned once per session, not at each of a queue page's reporters.
create or replace function private.is_trusted_reporter(reporter uuid)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return exists (select 1 from auth.users u
                  where u.id = is_trusted_reporter.reporter
                    and u.created_at <= now() - interval '72 hours'
                    and (u.banned_until is null or u.banned_until <= now()))
     and (exists (select 1 from public.entries e where e.owner = is_trusted_reporter.reporter and e.moderation is null)
          or exists (select 1 from public.comments c where c.owner = is_trusted_reporter.reporter and c.moderation is null)
          or exists (select 1 from public.votes v join public.entries e on e.id = v.entry_id
                      where v.user_id = is_trusted_reporter.reporter and e.moderation is null));
end;
$$;
comment on function private.is_trusted_reporter(uuid) is
  'True when this account''s reports count toward a hold: at least 72 hours old, not banned, with an entry, comment or vote that stands.';
revoke all on function private.is_trusted_reporter(uuid) from public, anon, authenticated, service_role;

-- The open reports of a case whose reporters are trusted now: what the hold at three counts.
-- Called by the report functions with the case's (or its target's) row lock held.
create or replace function private.trusted_reports(the_case uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from public.reports r
   where r.case_id = trusted_reports.the_case and r.open and private.is_trusted_reporter(r.reporter)
$$;
comment on function private.trusted_reports(uuid) is
  'How many open reports of the case come from trusted reporters (private.is_trusted_reporter), judged now.';
revoke all on function private.trusted_reports(uuid) from public, anon, authenticated, service_role;

-- Why security definer: a reporter's account age lives in auth.users, which no API role reads.
-- For admins only (checked inside; anyone else gets an empty list): the reports of this round
-- (since the case was last opened), first first, at most 100, each with its reason, when it was
-- filed, when its reporter's account was made and whether that reporter is trusted now.
-- Reporters stay unnamed, as the queue's notes are. PL/pgSQL, as case_json, for its plan.
create or replace function private.case_reporters(the_case uuid, since timestamptz)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'reason', x.reason, 'createdAt', x.created_at, 'reporterCreatedAt', x.reporter_created_at,
             'trusted', private.is_trusted_reporter(x.reporter))
           order by x.created_at, x.id), '[]'::jsonb)
      from (select r.id, r.reason, r.created_at, r.reporter, u.created_at as reporter_created_at
              from public.reports r
              join auth.users u on u.id = r.reporter
             where r.case_id = case_reporters.the_case and r.created_at >= case_reporters.since
               and (select private.is_admin())
             order by r.created_at, r.id
             limit 100) x);
end;
$$;
comment on function private.case_reporters(uuid, timestamptz) is
  'For admins: a case''s reports of this round as [{reason, createdAt, reporterCreatedAt, trusted}], first first, at most 100.';
revoke all on function private.case_reporters(uuid, timestamptz) from public, anon, authenticated, service_role;
grant execute on function private.case_reporters(uuid, timestamptz) to authenticated;

-- ---------------------------------------------------------------------------------------
-- The three doors: as before but for the hold, which counts trusted reports only (grants are
-- kept by create or replace).

-- As 20261201000100, held by three trusted accounts.
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

  -- Three trusted accounts: held for moderators, now.
  if private.trusted_reports(the_case.id) >= 3 then
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

-- As 20261201000100, held by three trusted accounts.
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

  -- Three trusted accounts: held for moderators, now (the triggers regroup and tell the pages).
  if not link.held and private.trusted_reports(the_case.id) >= 3 then
    update public.variant_links l set held = true where l.entry_a = first and l.entry_b = second;
  end if;
  perform private.tell_queue(the_case.id);
  return filed.reply;
end;
$$;

-- As 20261201000100, held by three trusted accounts.
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

  -- Three trusted accounts: held for moderators, now (the recordings trigger tells the entry's page).
  if target.moderation is null and private.trusted_reports(the_case.id) >= 3 then
    update public.recordings r set moderation = 'held' where r.id = target.id;
  end if;
  perform private.tell_queue(the_case.id);
  return filed.reply;
end;
$$;

comment on function public.add_report(uuid, uuid, text, text) is
  'Reports an entry or comment as the caller (once per open case); three trusted reporters'' open reports hold it for moderators.';
comment on function public.add_link_report(uuid, uuid, text, text) is
  'Reports the variant link between two entries as the caller (once per open case); three trusted reporters'' open reports hold it for moderators.';
comment on function public.add_recording_report(uuid, text, text) is
  'Reports a recording as the caller (once per open case); three trusted reporters'' open reports hold it for moderators.';

-- ---------------------------------------------------------------------------------------
-- One case as the queue shows it (20260901000120), with `reporters`: each report of this round
-- with its reporter's account creation time and trust (private.case_reporters).
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
      'reporters', private.case_reporters(m.id, m.first_reported_at),
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
