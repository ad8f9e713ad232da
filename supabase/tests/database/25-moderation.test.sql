-- moderation: reports (public.add_report), the hold at three trusted accounts, the admins' queue
-- (moderation_queue), resolve_report, ban_user, and the audit log; each table's policies
-- and grants per actor: anonymous, owner, other learners (reporters), admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(67);

-- Users: owner …01 (of the entry and the comment), reporters …02, …03, …04, admin …05.
select tests.create_user('25010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('25010000-0000-4000-8000-000000000002', 'Rita Uno') as r1_session \gset
select tests.create_user('25010000-0000-4000-8000-000000000003', 'Rosa Dos') as r2_session \gset
select tests.create_user('25010000-0000-4000-8000-000000000004', 'Raul Tres') as r3_session \gset
select tests.create_user('25010000-0000-4000-8000-000000000005', 'Ada Admin', true) as admin_session \gset
-- The three reporters are trusted (72 hours old, with an entry that stands): their reports hold
-- (50-report-trust covers the accounts whose reports do not).
select tests.make_trusted(id) from unnest('{25010000-0000-4000-8000-000000000002, 25010000-0000-4000-8000-000000000003,
                                            25010000-0000-4000-8000-000000000004}'::uuid[]) id;

insert into public.entries (id, title, description, country, author, owner) values
  ('25e00000-0000-4000-8000-000000000001', 'xxxxxxxx', 'Junk.', 'MX', 'Shakira', '25010000-0000-4000-8000-000000000001'),
  ('25e00000-0000-4000-8000-000000000002', 'chévere', 'Great.', 'VE', 'Olga', '25010000-0000-4000-8000-000000000001');
insert into public.comments (id, entry_id, owner, owner_name, text) values
  ('25c00000-0000-4000-8000-000000000001', '25e00000-0000-4000-8000-000000000002', '25010000-0000-4000-8000-000000000001', 'Olga Owner', 'Compra aquí: spam.example'),
  ('25c00000-0000-4000-8000-000000000002', '25e00000-0000-4000-8000-000000000002', '25010000-0000-4000-8000-000000000002', 'Rita Uno', 'Muy usado en Caracas.');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.add_report('25e00000-0000-4000-8000-000000000001', null, 'spam') $$) - 'message',
  '{"code": "PT401", "hint": "report_login_required"}', 'a guest cannot report: PT401 report_login_required');
select throws_ok($$ select * from public.reports $$, '42501', null, 'a guest reads no reports (no grant)');
select throws_ok($$ select * from public.moderation_cases $$, '42501', null, 'nor the queue');
select throws_ok($$ select * from public.audit_log $$, '42501', null, 'nor the audit log');
select is(tests.error_of($$ select public.moderation_queue() $$) ->> 'hint', 'page_login_required', 'the queue asks a guest to log in');
select throws_ok($$ select public.resolve_report('25e00000-0000-4000-8000-000000000001', null, 'remove') $$, '42501', null,
  'a guest may not call resolve_report at all');
select throws_ok($$ select public.ban_user('25010000-0000-4000-8000-000000000002', true) $$, '42501', null, 'nor ban_user');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('25010000-0000-4000-8000-000000000001', :'owner_session');

select is(tests.error_of($$ select public.add_report('25e00000-0000-4000-8000-000000000001', null, 'spam') $$) - 'message',
  '{"code": "PT400", "hint": "report_own", "column": "contentId"}', 'reporting your own entry: PT400 report_own');
select is(tests.error_of($$ select public.add_report(null, '25c00000-0000-4000-8000-000000000001', 'spam') $$) ->> 'hint',
  'report_own', 'or your own comment');
select is(tests.error_of($$ select public.moderation_queue() $$) - 'message',
  '{"code": "PT403", "hint": "admin_required"}', 'a learner cannot read the queue: PT403 admin_required');
select is(tests.error_of($$ select public.resolve_report('25e00000-0000-4000-8000-000000000001', null, 'restore') $$) ->> 'hint',
  'admin_required', 'nor resolve a report');
select is(tests.error_of($$ select public.ban_user('25010000-0000-4000-8000-000000000002', true) $$) ->> 'hint',
  'admin_required', 'nor ban anyone');
select is(tests.error_of($$ select public.audit_entries() $$) ->> 'hint', 'admin_required', 'nor read the audit log');

-------------------------------------------------------------------------------- other learners (reporters)
select tests.authenticate_as('25010000-0000-4000-8000-000000000002', :'r1_session');

select is(tests.error_of($$ select public.add_report('25e00000-0000-4000-8000-000000000001', null, 'boring') $$) - 'message',
  '{"code": "PT400", "hint": "invalid_report_reason", "column": "reason"}', 'an unknown reason: PT400 invalid_report_reason');
select is(tests.error_of($$ select public.add_report(null, null, 'spam') $$) ->> 'hint', 'report_target_required', 'no target: report_target_required');
select is(tests.error_of($$ select public.add_report('25e00000-0000-4000-8000-000000000001', '25c00000-0000-4000-8000-000000000001', 'spam') $$) ->> 'hint',
  'report_target_required', 'two targets: report_target_required');
select is(tests.error_of($$ select public.add_report('25e00000-0000-4000-8000-000000000001', null, 'other', repeat('n', 501)) $$) ->> 'hint',
  'report_note_too_long', 'a note over 500 characters: report_note_too_long');
select is(tests.error_of($$ select public.add_report('25e00000-0000-4000-8000-0000000000ff', null, 'spam') $$) ->> 'hint',
  'entry_not_found', 'an unknown entry: entry_not_found');
select is(public.add_report('25e00000-0000-4000-8000-000000000001', null, 'spam', '  Just x''s.  ') ->> 'repeated', 'false', 'a first report is taken');
select is(public.add_report('25e00000-0000-4000-8000-000000000001', null, 'offensive') ->> 'repeated', 'true',
  'the same account again: a success that counts once');
select results_eq($$ select reason, note from public.reports $$, $$ values ('spam', 'Just x''s.') $$,
  'a learner reads their own report (note trimmed), the first reason kept');
select is_empty($$ select * from public.moderation_cases $$, 'a learner reads no cases (RLS)');
select throws_ok($$ insert into public.reports (case_id, reason) select id, 'spam' from public.moderation_cases $$, '42501', null,
  'nobody writes reports directly');
select throws_ok($$ update public.reports set open = false $$, '42501', null, 'nor closes them');
select lives_ok($$ select public.add_report(null, '25c00000-0000-4000-8000-000000000001', 'spam') $$, 'reports a comment');

select tests.authenticate_as('25010000-0000-4000-8000-000000000003', :'r2_session');
select is_empty($$ select * from public.reports $$, 'another learner reads nobody else''s reports');
select lives_ok($$ select public.add_report('25e00000-0000-4000-8000-000000000001', null, 'spam') $$, 'a second account reports the entry');
select lives_ok($$ select public.add_report(null, '25c00000-0000-4000-8000-000000000001', 'offensive', 'Publicidad.') $$, 'and the comment');
select isnt_empty($$ select * from public.entries where id = '25e00000-0000-4000-8000-000000000001' $$, 'two accounts: still shown');

select tests.authenticate_as('25010000-0000-4000-8000-000000000004', :'r3_session');
select lives_ok($$ select public.add_report('25e00000-0000-4000-8000-000000000001', null, 'wrong') $$, 'a third account reports the entry');
select lives_ok($$ select public.add_report(null, '25c00000-0000-4000-8000-000000000001', 'spam') $$, 'and the comment');
select is_empty($$ select * from public.entries where id = '25e00000-0000-4000-8000-000000000001' $$,
  'three accounts: the entry is hidden from the reporters at once');
select is(tests.error_of($$ select public.add_report('25e00000-0000-4000-8000-000000000001', null, 'spam') $$) ->> 'hint',
  'entry_not_found', 'a held entry cannot be reported by those who cannot see it');
select is(public.comments_of_entry('25e00000-0000-4000-8000-000000000002') -> 0 ->> '_id', '25c00000-0000-4000-8000-000000000002',
  'the held comment leaves the entry''s comments');
select is(jsonb_array_length(public.comments_of_entry('25e00000-0000-4000-8000-000000000002')), 1, 'only the other comment is left');

select tests.clear_authentication();
select tests.authenticate_as(null);
select is_empty($$ select * from public.entries where id = '25e00000-0000-4000-8000-000000000001' $$, 'a guest no longer sees the held entry');
select is_empty($$ select * from public.comments where id = '25c00000-0000-4000-8000-000000000001' $$, 'nor the held comment');

-------------------------------------------------------------------------------- owner, while held
select tests.clear_authentication();
select tests.authenticate_as('25010000-0000-4000-8000-000000000001', :'owner_session');
select is((select public.entry_json(e) ->> 'moderation' from public.entries e where e.id = '25e00000-0000-4000-8000-000000000001'), 'held',
  'the owner still sees the entry, marked held');
select is((select public.comment_json(c) ->> 'moderation' from public.comments c where c.id = '25c00000-0000-4000-8000-000000000001'), 'held',
  'and the comment''s writer theirs');
update public.entries set show = true, title = 'xxxxxxxy' where id = '25e00000-0000-4000-8000-000000000001';
select is((select show from public.entries where id = '25e00000-0000-4000-8000-000000000001'), false,
  'an edit by the owner cannot show a held entry again');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('25010000-0000-4000-8000-000000000005', :'admin_session');

-- Other test files may leave reported things in the database: these checks look at this file's own
-- (its entries' ids start 25e0…), newest first on the queue's first page.
select is((select count(*)::int from jsonb_array_elements(public.moderation_queue('open', null, null, 100) -> 'data') x
            where x ->> 'contentId' like '25e0%'), 2, 'the queue has a row per open thing: the entry and the comment');
select ok((public.moderation_queue('open') ->> 'open')::int >= 2, 'and counts them among the open');
select is((select x - 'notes' - 'preview' - 'firstReportedAt' - 'lastReportedAt' - '_id' - 'reporters'
             from jsonb_array_elements(public.moderation_queue('open', null, null, 100) -> 'data') x
            where x ->> 'kind' = 'entry' and x ->> 'contentId' = '25e00000-0000-4000-8000-000000000001'),
  '{"contentId": "25e00000-0000-4000-8000-000000000001", "commentId": null, "recordingId": null, "kind": "entry", "count": 3,
    "reasons": {"spam": 2, "wrong": 1}, "hidden": true, "moderation": "held", "status": "open", "resolution": null,
    "resolutionNote": null, "resolvedAt": null}',
  'one row per thing: distinct reporters, reasons with their counts, hidden');
select is((select x -> 'notes' -> 0 ->> 'text' from jsonb_array_elements(public.moderation_queue('open', null, null, 100) -> 'data') x
            where x ->> 'kind' = 'entry' and x ->> 'contentId' = '25e00000-0000-4000-8000-000000000001'),
  'Just x''s.', 'with the reporters'' notes');
select is(jsonb_array_length(public.moderation_queue('open', null, null, 1) -> 'data'), 1, 'a page at a time');
select is(tests.error_of($$ select public.moderation_queue('maybe') $$) ->> 'hint', 'invalid_input', 'an unknown status: invalid_input');
select is(tests.error_of($$ select public.resolve_report('25e00000-0000-4000-8000-000000000001', null, 'nuke') $$) ->> 'hint',
  'invalid_report_action', 'an unknown action: invalid_report_action');
select is(tests.error_of($$ select public.resolve_report('25e00000-0000-4000-8000-000000000002', null, 'dismiss') $$) ->> 'hint',
  'report_not_found', 'nothing reported: report_not_found');

select is(public.resolve_report('25e00000-0000-4000-8000-000000000001', null, 'restore', 'Fixed by the owner.') ->> 'status', 'resolved', 'restore resolves the case');
select is((select show::text || coalesce(moderation, '-') from public.entries where id = '25e00000-0000-4000-8000-000000000001'), 'true-',
  'and shows the entry again');
select is((select count(*)::int from public.reports r join public.moderation_cases m on m.id = r.case_id
            where m.entry_id = '25e00000-0000-4000-8000-000000000001' and r.open), 0, 'closing its reports');
select is(public.resolve_report(null, '25c00000-0000-4000-8000-000000000001', 'remove') ->> 'moderation', 'removed', 'remove takes the comment down for good');
select is((select count(*)::int from jsonb_array_elements(public.moderation_queue('open', null, null, 100) -> 'data') x
            where x ->> 'contentId' like '25e0%'), 0, 'nothing of ours is open any more');
select is((select count(*)::int from jsonb_array_elements(public.moderation_queue('resolved', null, null, 100) -> 'data') x
            where x ->> 'contentId' like '25e0%'), 2, 'both are in the resolved list');

select is(tests.error_of($$ select public.ban_user('25010000-0000-4000-8000-000000000005', true) $$) ->> 'hint', 'ban_self', 'an admin cannot ban themselves');
select is(tests.error_of($$ select public.ban_user('25010000-0000-4000-8000-000000000002', true, null, now() - interval '1 day') $$) ->> 'hint',
  'invalid_ban_until', 'a ban that ended already: invalid_ban_until');
select ok((public.ban_user('25010000-0000-4000-8000-000000000002', true, 'Spam rings.') ->> 'bannedUntil')::timestamptz > now() + interval '99 years',
  'bans an account for good (a hundred years, as GoTrue''s longest ban)');
select tests.clear_authentication();
select is((select count(*)::int from auth.sessions where user_id = '25010000-0000-4000-8000-000000000002'), 0, 'its sessions end at once');
select tests.authenticate_as('25010000-0000-4000-8000-000000000005', :'admin_session');
select is(public.ban_user('25010000-0000-4000-8000-000000000002', false) ->> 'bannedUntil', null, 'and lifts the ban');
select lives_ok($$ select public.set_admin('25010000-0000-4000-8000-000000000003', true) $$, 'grants admin rights');
update public.entries set description = 'Great, in Venezuela.' where id = '25e00000-0000-4000-8000-000000000002';
select lives_ok($$ select public.delete_comment('25c00000-0000-4000-8000-000000000002') $$, 'deletes someone else''s comment');

select results_eq($$ select action from public.audit_log where target_id like '25e0%' or target_id like '25c0%' or target_id like '2501%' order by id $$,
  $$ values ('restore'), ('remove'), ('ban'), ('unban'), ('grant_admin'), ('edit_entry'), ('delete_comment') $$,
  'every admin action left one row, in order');
select is((select actor_name || ' / ' || target_label || ' / ' || reason from public.audit_log where action = 'restore' and target_id = '25e00000-0000-4000-8000-000000000001'),
  'Ada Admin / xxxxxxxy / Fixed by the owner.', 'with actor, target and reason');
select is(public.audit_entries() -> 0 ->> 'action', 'delete_comment', 'audit_entries reads newest first');
select throws_ok($$ update public.audit_log set reason = 'nothing' $$, '42501', null, 'an admin cannot change audit rows');
select throws_ok($$ delete from public.audit_log $$, '42501', null, 'nor delete them');

-------------------------------------------------------------------------------- nobody
select tests.clear_authentication();
select throws_ok($$ delete from public.audit_log $$, 'PT403', null, 'not even the table''s owner deletes audit rows');

select * from finish();
rollback;
