-- report trust (20261204000100): a report counts toward the hold at three only when its
-- reporter is trusted (private.is_trusted_reporter: an account at least 72 hours old, not
-- banned, with an entry, comment or vote that stands), judged each time a new report of the
-- thing is filed. Entries (the admin's too), comments, variant links and recordings. Untrusted
-- reports are still taken and shown in the queue with their reporter's account age. Each actor
-- after each round: guest, the thing's owner, another learner, admin. Time is frozen: now() is
-- this transaction's start, and each account's age is set against it.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(68);

-- Olga …01 owns the reported entries, comment and link; Ada …02 is an admin with her own
-- entry; Otto …03 is another learner. Fresh accounts …11–13 (made now, each with something
-- that stands); trusted …21 (a vote), …22 (a comment), …23 (an entry it unshowed itself), all
-- 73 hours old; 100-hour-old accounts with nothing that stands: …31 (nothing), …32 (only a
-- held entry), …33 (only a removed comment and a vote on a held entry); …41 is 70 hours old
-- with an entry; …42 is old with an entry but banned; …43 and …44 are 72 hours old to the
-- second, and a second short of it.
select tests.create_user(('50010000-0000-4000-8000-0000000000' || n)::uuid, 'Learner ' || n, n = '02')
  from unnest('{01,02,03,11,12,13,21,22,23,31,32,33,41,42,43,44}'::text[]) n;

insert into public.entries (id, title, description, country, author, owner, show, moderation) values
  ('50e00000-0000-4000-8000-000000000001', 'brigada50', 'Top entry.', 'MX', 'Olga', '50010000-0000-4000-8000-000000000001', true, null),
  ('50e00000-0000-4000-8000-000000000002', 'trusted50', 'Another.', 'MX', 'Olga', '50010000-0000-4000-8000-000000000001', true, null),
  ('50e00000-0000-4000-8000-000000000003', 'later50', 'Another.', 'MX', 'Olga', '50010000-0000-4000-8000-000000000001', true, null),
  ('50e00000-0000-4000-8000-000000000004', 'host50', 'Has a comment.', 'MX', 'Olga', '50010000-0000-4000-8000-000000000001', true, null),
  ('50e00000-0000-4000-8000-000000000005', 'admin50', 'The admin''s.', 'ES', 'Ada', '50010000-0000-4000-8000-000000000002', true, null),
  ('50e00000-0000-4000-8000-000000000006', 'popote50', 'Straw.', 'MX', 'Olga', '50010000-0000-4000-8000-000000000001', true, null),
  ('50e00000-0000-4000-8000-000000000007', 'pajita50', 'Straw.', 'ES', 'Otto', '50010000-0000-4000-8000-000000000003', true, null),
  -- What stands and what does not.
  ('50e00000-0000-4000-8000-000000000011', 'fresh50', 'Stands.', 'CL', 'F', '50010000-0000-4000-8000-000000000011', true, null),
  ('50e00000-0000-4000-8000-000000000023', 'unshown50', 'Stands though unshown.', 'CL', 'T', '50010000-0000-4000-8000-000000000023', false, null),
  ('50e00000-0000-4000-8000-000000000032', 'held50', 'Held.', 'CL', 'N', '50010000-0000-4000-8000-000000000032', false, 'held'),
  ('50e00000-0000-4000-8000-000000000041', 'young50', 'Stands.', 'CL', 'Y', '50010000-0000-4000-8000-000000000041', true, null),
  ('50e00000-0000-4000-8000-000000000042', 'banned50', 'Stands.', 'CL', 'B', '50010000-0000-4000-8000-000000000042', true, null),
  ('50e00000-0000-4000-8000-000000000043', 'edge50', 'Stands.', 'CL', 'E', '50010000-0000-4000-8000-000000000043', true, null),
  ('50e00000-0000-4000-8000-000000000044', 'edge50b', 'Stands.', 'CL', 'E', '50010000-0000-4000-8000-000000000044', true, null);
insert into public.comments (id, entry_id, owner, owner_name, text, moderation) values
  ('50c00000-0000-4000-8000-000000000001', '50e00000-0000-4000-8000-000000000004', '50010000-0000-4000-8000-000000000001', 'Olga', 'Compra aquí.', null),
  ('50c00000-0000-4000-8000-000000000012', '50e00000-0000-4000-8000-000000000004', '50010000-0000-4000-8000-000000000012', 'F', 'Stands.', null),
  ('50c00000-0000-4000-8000-000000000022', '50e00000-0000-4000-8000-000000000004', '50010000-0000-4000-8000-000000000022', 'T', 'Stands.', null),
  ('50c00000-0000-4000-8000-000000000033', '50e00000-0000-4000-8000-000000000004', '50010000-0000-4000-8000-000000000033', 'N', 'Removed.', 'removed');
insert into public.votes (entry_id, user_id, value) values
  ('50e00000-0000-4000-8000-000000000004', '50010000-0000-4000-8000-000000000013', 1),
  ('50e00000-0000-4000-8000-000000000004', '50010000-0000-4000-8000-000000000021', 1),
  ('50e00000-0000-4000-8000-000000000032', '50010000-0000-4000-8000-000000000033', 1);
insert into public.variant_links (entry_a, entry_b, created_by) values
  ('50e00000-0000-4000-8000-000000000006', '50e00000-0000-4000-8000-000000000007', '50010000-0000-4000-8000-000000000001');
insert into public.recordings (id, entry_id, user_id, path, country) values
  ('50f00000-0000-4000-8000-000000000001', '50e00000-0000-4000-8000-000000000004', '50010000-0000-4000-8000-000000000001',
   '50010000-0000-4000-8000-000000000001/50e00000-0000-4000-8000-000000000004/take.webm', 'MX');
-- The ages, against this transaction's frozen now().
update auth.users u set created_at = now() - a.age,
                        banned_until = case when u.id = '50010000-0000-4000-8000-000000000042' then now() + interval '1 day' end
  from (values ('21', interval '73 hours'), ('22', interval '73 hours'), ('23', interval '73 hours'), ('31', interval '100 hours'),
               ('32', interval '100 hours'), ('33', interval '100 hours'), ('41', interval '70 hours'), ('42', interval '100 hours'),
               ('43', interval '72 hours'), ('44', interval '72 hours' - interval '1 second')) a (n, age)
 where u.id = ('50010000-0000-4000-8000-0000000000' || a.n)::uuid;

-- Helpers: user n's id; report entry/comment/link/recording as whoever is signed in.
create or replace function pg_temp.u(n text) returns uuid language sql immutable as $$ select ('50010000-0000-4000-8000-0000000000' || n)::uuid $$;
create or replace function pg_temp.e(n text) returns uuid language sql immutable as $$ select ('50e00000-0000-4000-8000-0000000000' || n)::uuid $$;
-- Reports entry n as each of the accounts, one after another; the last reply's repeated flag.
create or replace function pg_temp.report_entry(n text, reporters text[]) returns text language plpgsql as $$
declare who text; reply jsonb;
begin
  foreach who in array reporters loop
    perform tests.authenticate_as(pg_temp.u(who));
    reply := public.add_report(pg_temp.e(n), null, 'spam');
  end loop;
  return reply ->> 'repeated';
end $$;
-- Whether entry n is there for the given actor (null: a guest).
create or replace function pg_temp.sees(actor text, n text) returns boolean language plpgsql as $$
begin
  perform tests.authenticate_as(case when actor is null then null else pg_temp.u(actor) end);
  return exists (select 1 from public.entries where id = pg_temp.e(n));
end $$;
-- The queue's row for an entry, comment, link or recording, as the admin reads it.
create or replace function pg_temp.queued(target uuid) returns jsonb language plpgsql as $$
begin
  perform tests.authenticate_as(pg_temp.u('02'));
  return (select c from jsonb_array_elements(public.moderation_queue('open', null, null, 100) -> 'data') c
           where (c ->> 'contentId')::uuid = target and c ->> 'kind' in ('entry', 'link')
              or (c ->> 'commentId')::uuid = target or (c ->> 'recordingId')::uuid = target);
end $$;
grant execute on all functions in schema pg_temp to public;

-------------------------------------------------------------------------------- who is trusted
select results_eq(
  $$ select right(id::text, 2), private.is_trusted_reporter(id) from auth.users
      where id::text like '50010000-%' and right(id::text, 2) not in ('01', '02', '03') order by id $$,
  $$ values ('11', false), ('12', false), ('13', false), ('21', true), ('22', true), ('23', true), ('31', false), ('32', false),
            ('33', false), ('41', false), ('42', false), ('43', true), ('44', false) $$,
  'trusted: 72 hours old or more, not banned, with a vote, a comment or an entry (even one it unshowed) that stands');
select ok(not private.is_trusted_reporter(extensions.gen_random_uuid()), 'an account that does not exist is not trusted');

-------------------------------------------------------------------------------- three fresh accounts, then three with nothing that stands
select is(pg_temp.report_entry('01', '{11,12,13}'), 'false', 'three fresh accounts report Olga''s entry: each report is taken');
select ok(pg_temp.sees(null, '01'), 'a guest still sees it');
select ok(pg_temp.sees('03', '01'), 'so does another learner');
select ok(pg_temp.sees('11', '01'), 'and a reporter');
select tests.authenticate_as(pg_temp.u('01'));
select is((select public.entry_json(e) from public.entries e where e.id = pg_temp.e('01')) ->> 'title', 'brigada50', 'its owner sees it');
select is((select public.entry_json(e) from public.entries e where e.id = pg_temp.e('01')) ->> 'moderation', null, 'unmarked');
select is((pg_temp.queued(pg_temp.e('01')) - 'notes' - 'preview' - 'firstReportedAt' - 'lastReportedAt' - '_id' - 'reporters'
           - 'reasons' - 'resolution' - 'resolutionNote' - 'resolvedAt' - 'commentId' - 'recordingId' - 'contentId'),
  '{"kind": "entry", "count": 3, "hidden": false, "moderation": null, "status": "open"}'::jsonb,
  'the admin''s queue has it: three reporters, not hidden');
select is(pg_temp.queued(pg_temp.e('01')) -> 'reporters',
  (select jsonb_agg(jsonb_build_object('reason', 'spam', 'createdAt', now(), 'reporterCreatedAt', now(), 'trusted', false)) from generate_series(1, 3)),
  'with each reporter: when they reported, when their account was made (just now), not trusted');

select is(pg_temp.report_entry('01', '{31,32,33}'), 'false', 'three old accounts with nothing that stands report it too');
select ok(pg_temp.sees(null, '01'), 'six reports, none trusted: a guest still sees it');
select is((select jsonb_agg(r -> 'trusted') from jsonb_array_elements(pg_temp.queued(pg_temp.e('01')) -> 'reporters') r),
  '[false, false, false, false, false, false]'::jsonb, 'the queue says none of the six is trusted');
select is((select array_agg(r ->> 'reporterCreatedAt' order by r ->> 'reporterCreatedAt')::timestamptz[]
             from jsonb_array_elements(pg_temp.queued(pg_temp.e('01')) -> 'reporters') r),
  array[now() - interval '100 hours', now() - interval '100 hours', now() - interval '100 hours', now(), now(), now()],
  'and how old each account is');

-------------------------------------------------------------------------------- mixed: two trusted and any number of others
select is(pg_temp.report_entry('01', '{21,22}'), 'false', 'two trusted accounts report it');
select ok(pg_temp.sees(null, '01'), 'two trusted and six others: a guest still sees it');
select ok(pg_temp.sees('03', '01'), 'another learner too');
select is((pg_temp.queued(pg_temp.e('01')) ->> 'count')::int, 8, 'eight reports in the queue');

select is(pg_temp.report_entry('01', '{23}'), 'false', 'a third trusted account reports it');
select ok(not pg_temp.sees(null, '01'), 'the third trusted report holds it: a guest no longer sees it');
select ok(not pg_temp.sees('03', '01'), 'nor another learner');
select ok(not pg_temp.sees('23', '01'), 'nor the reporter');
select tests.authenticate_as(pg_temp.u('01'));
select is((select public.entry_json(e) from public.entries e where e.id = pg_temp.e('01')) ->> 'moderation', 'held', 'its owner sees it, marked held');
select is((pg_temp.queued(pg_temp.e('01')) ->> 'hidden')::boolean, true, 'the admin sees it held in the queue');
-- (All of this transaction's reports were filed at its one now(): their order is their ids'.)
select is((select jsonb_agg(r -> 'trusted' order by r ->> 'trusted') from jsonb_array_elements(pg_temp.queued(pg_temp.e('01')) -> 'reporters') r),
  '[false, false, false, false, false, false, true, true, true]'::jsonb, 'six reporters not trusted, three trusted');

-------------------------------------------------------------------------------- three trusted accounts alone
select is(pg_temp.report_entry('02', '{21,22}'), 'false', 'two trusted accounts report another entry');
select ok(pg_temp.sees(null, '02'), 'two are not enough');
select is(pg_temp.report_entry('02', '{23}'), 'false', 'a third');
select ok(not pg_temp.sees(null, '02'), 'three trusted accounts hold it, as before');

-------------------------------------------------------------------------------- the admin's entry
select is(pg_temp.report_entry('05', '{11,12,13,31,32,33}'), 'false', 'three fresh and three empty accounts report the admin''s entry');
select ok(pg_temp.sees(null, '05'), 'a guest still sees it');
select ok(pg_temp.sees('03', '05'), 'so does another learner');
select tests.authenticate_as(pg_temp.u('02'));
select is((select public.entry_json(e) from public.entries e where e.id = pg_temp.e('05')) ->> 'moderation', null,
  'and the admin, its owner, sees it unmarked');
select is(pg_temp.report_entry('05', '{21,22,23}'), 'false', 'three trusted accounts report it');
select ok(not pg_temp.sees(null, '05'), 'three trusted accounts hold even an admin''s entry, as before');

-------------------------------------------------------------------------------- when trust is judged: at each new report
select is(pg_temp.report_entry('03', '{41,21,22}'), 'false', 'a 70-hour-old account and two trusted ones report an entry');
select ok(pg_temp.sees(null, '03'), 'the young account does not count: not held');
select tests.clear_authentication();
update auth.users set created_at = now() - interval '73 hours' where id = pg_temp.u('41');
select ok(pg_temp.sees(null, '03'), 'three hours later it would be trusted, but time alone holds nothing');
select is(pg_temp.report_entry('03', '{11}'), 'false', 'then a fresh account reports the entry');
select ok(not pg_temp.sees(null, '03'), 'the new report recounts, judging each reporter now: held');

-------------------------------------------------------------------------------- a banned reporter
select is(pg_temp.report_entry('04', '{21,22,42}'), 'false', 'two trusted accounts and a banned one report an entry');
select ok(pg_temp.sees(null, '04'), 'a banned account''s report does not count');

-------------------------------------------------------------------------------- a comment
select tests.authenticate_as(pg_temp.u('11'));
select lives_ok($$ select public.add_report(null, '50c00000-0000-4000-8000-000000000001', 'spam') $$, 'a fresh account reports Olga''s comment');
select tests.authenticate_as(pg_temp.u('12'));
select lives_ok($$ select public.add_report(null, '50c00000-0000-4000-8000-000000000001', 'spam') $$, 'a second');
select tests.authenticate_as(pg_temp.u('13'));
select lives_ok($$ select public.add_report(null, '50c00000-0000-4000-8000-000000000001', 'spam') $$, 'a third');
select tests.authenticate_as(null);
select isnt_empty($$ select 1 from public.comments where id = '50c00000-0000-4000-8000-000000000001' $$, 'a guest still reads the comment');
select tests.authenticate_as(pg_temp.u('03'));
select is((select count(*)::int from jsonb_array_elements(public.comments_of_entry(pg_temp.e('04'))) c
            where c ->> '_id' = '50c00000-0000-4000-8000-000000000001'), 1, 'it stays among the entry''s comments for another learner');
select tests.authenticate_as(pg_temp.u('21'));
select public.add_report(null, '50c00000-0000-4000-8000-000000000001', 'spam') is not null as reported \gset
select tests.authenticate_as(pg_temp.u('22'));
select public.add_report(null, '50c00000-0000-4000-8000-000000000001', 'spam') is not null as reported \gset
select tests.authenticate_as(pg_temp.u('03'));
select is((select count(*)::int from jsonb_array_elements(public.comments_of_entry(pg_temp.e('04'))) c
            where c ->> '_id' = '50c00000-0000-4000-8000-000000000001'), 1, 'two trusted and three fresh: still there');
select tests.authenticate_as(pg_temp.u('23'));
select public.add_report(null, '50c00000-0000-4000-8000-000000000001', 'spam') is not null as reported \gset
select tests.authenticate_as(null);
select is_empty($$ select 1 from public.comments where id = '50c00000-0000-4000-8000-000000000001' $$, 'the third trusted report holds it: a guest no longer reads it');
select tests.authenticate_as(pg_temp.u('01'));
select is((select moderation from public.comments where id = '50c00000-0000-4000-8000-000000000001'), 'held', 'its writer reads it, held');
select is((select count(*)::int from jsonb_array_elements(pg_temp.queued('50c00000-0000-4000-8000-000000000001') -> 'reporters') r
            where (r ->> 'trusted')::boolean), 3, 'the admin''s queue: six reporters, three trusted');

-------------------------------------------------------------------------------- a variant link
select tests.authenticate_as(pg_temp.u('11'));
select public.add_link_report(pg_temp.e('06'), pg_temp.e('07'), 'wrong') is not null as reported \gset
select tests.authenticate_as(pg_temp.u('12'));
select public.add_link_report(pg_temp.e('07'), pg_temp.e('06'), 'wrong') is not null as reported \gset
select tests.authenticate_as(pg_temp.u('13'));
select is(public.add_link_report(pg_temp.e('06'), pg_temp.e('07'), 'wrong') ->> 'repeated', 'false', 'three fresh accounts report Olga''s link');
select tests.authenticate_as(null);
select is(jsonb_array_length(public.entry_variants(pg_temp.e('06'))), 1, 'a guest still sees popote and pajita together');
select tests.authenticate_as(pg_temp.u('03'));
select is((select count(*)::int from public.variant_links where entry_a = pg_temp.e('06')), 1, 'pajita''s owner still reads the link');
select tests.authenticate_as(pg_temp.u('21'));
select public.add_link_report(pg_temp.e('06'), pg_temp.e('07'), 'wrong') is not null as reported \gset
select tests.authenticate_as(pg_temp.u('22'));
select public.add_link_report(pg_temp.e('06'), pg_temp.e('07'), 'wrong') is not null as reported \gset
select tests.authenticate_as(pg_temp.u('01'));
select is((select count(*)::int from public.variant_links where entry_a = pg_temp.e('06') and not held), 1,
  'two trusted and three fresh: the link''s maker still reads it, not held');
select tests.authenticate_as(pg_temp.u('23'));
select public.add_link_report(pg_temp.e('06'), pg_temp.e('07'), 'wrong') is not null as reported \gset
select tests.authenticate_as(null);
select is(public.entry_variants(pg_temp.e('06')), '[]'::jsonb, 'the third trusted report holds it: the two are apart for a guest');
select tests.authenticate_as(pg_temp.u('01'));
select is((select count(*)::int from public.variant_links where entry_a = pg_temp.e('06')), 0, 'its maker no longer reads it');
select is((pg_temp.queued(pg_temp.e('06')) ->> 'hidden')::boolean, true, 'the admin sees it held in the queue');
select is((select jsonb_agg(r -> 'trusted' order by r ->> 'trusted') from jsonb_array_elements(pg_temp.queued(pg_temp.e('06')) -> 'reporters') r),
  '[false, false, false, true, true, true]'::jsonb, 'with which reports count');

-------------------------------------------------------------------------------- a recording
select tests.authenticate_as(pg_temp.u('11'));
select public.add_recording_report('50f00000-0000-4000-8000-000000000001', 'offensive') is not null as reported \gset
select tests.authenticate_as(pg_temp.u('12'));
select public.add_recording_report('50f00000-0000-4000-8000-000000000001', 'offensive') is not null as reported \gset
select tests.authenticate_as(pg_temp.u('13'));
select public.add_recording_report('50f00000-0000-4000-8000-000000000001', 'offensive') is not null as reported \gset
select tests.authenticate_as(null);
select isnt_empty($$ select 1 from public.recordings where id = '50f00000-0000-4000-8000-000000000001' $$,
  'three fresh reports of a recording: a guest still hears it');
select tests.authenticate_as(pg_temp.u('21'));
select public.add_recording_report('50f00000-0000-4000-8000-000000000001', 'offensive') is not null as reported \gset
select tests.authenticate_as(pg_temp.u('22'));
select public.add_recording_report('50f00000-0000-4000-8000-000000000001', 'offensive') is not null as reported \gset
select tests.authenticate_as(pg_temp.u('23'));
select public.add_recording_report('50f00000-0000-4000-8000-000000000001', 'offensive') is not null as reported \gset
select tests.authenticate_as(null);
select is_empty($$ select 1 from public.recordings where id = '50f00000-0000-4000-8000-000000000001' $$, 'three trusted ones hold it');

-------------------------------------------------------------------------------- who reads the reporters' ages
select tests.clear_authentication();
select id as case_01 from public.moderation_cases where entry_id = '50e00000-0000-4000-8000-000000000001' \gset
select tests.authenticate_as(pg_temp.u('02'));
select is(jsonb_array_length(private.case_reporters(:'case_01', '-infinity')), 9, 'an admin reads a case''s reporters');
select tests.authenticate_as(pg_temp.u('03'));
select is(private.case_reporters(:'case_01', '-infinity'), '[]'::jsonb, 'a learner calling case_reporters gets nothing');
select is_empty($$ select 1 from public.moderation_cases $$, 'nor reads a case');
select is(tests.error_of($$ select public.moderation_queue() $$) ->> 'hint', 'admin_required', 'nor the queue');
select tests.authenticate_as(null);
select throws_ok($$ select private.case_reporters(extensions.gen_random_uuid(), now()) $$, '42501', null, 'a guest may not call case_reporters');
select throws_ok($$ select private.is_trusted_reporter(extensions.gen_random_uuid()) $$, '42501', null, 'nor is_trusted_reporter');
select tests.authenticate_as(pg_temp.u('03'));
select throws_ok($$ select private.trusted_reports(extensions.gen_random_uuid()) $$, '42501', null, 'nor may a learner count trusted reports');

select * from finish();
rollback;
