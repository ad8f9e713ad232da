-- recording requests (issue 34): public.recording_requests and its policies per actor (a
-- learner inserts, reads and deletes only their own; guests nothing), request_recording (once
-- per learner: created then not; PT401 guests, PT404 content_not_found for entries the caller
-- cannot see, PT409 entry_voiced once voiced), withdraw_recording_request,
-- recording_request_state, the write limit, the 'recordings' broadcast on every change, and
-- fulfilment: the first native recording (added, or shown again by moderators) tells each
-- requester but the speaker (kind 'recording', whatever their other notification settings)
-- and removes the requests. Actors: guest, asker, another learner, speaker, admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(38);

-- Ana asks …01, Otto is another learner …02, Sara speaks (speaker country MX) …03, Ada admin …04,
-- Lola asks a lot …05.
select tests.create_user('65010000-0000-4000-8000-000000000001', 'Ana Asker') as ana_session \gset
select tests.create_user('65010000-0000-4000-8000-000000000002', 'Otto Other') as otto_session \gset
select tests.create_user('65010000-0000-4000-8000-000000000003', 'Sara Speaker') as sara_session \gset
select tests.create_user('65010000-0000-4000-8000-000000000004', 'Ada Admin', true) as admin_session \gset
select tests.create_user('65010000-0000-4000-8000-000000000005', 'Lola Limit') as lola_session \gset
update public.profiles set speaker_country = 'MX' where id = '65010000-0000-4000-8000-000000000003';
-- Otto wants no notification of any kind he can turn off.
update public.profiles set notify_comments = false, notify_replies = false, notify_votes = false, notify_moderation = false
 where id = '65010000-0000-4000-8000-000000000002';
-- Entries: …01 MX shown, …02 MX hidden (Otto's), …03 MX shown (held-recording case).
insert into public.entries (id, title, description, country, author, owner, show) values
  ('65e00000-0000-4000-8000-000000000001', 'chamba65', 'Work.', 'MX', 'Guest', null, true),
  ('65e00000-0000-4000-8000-000000000002', 'oculto65', 'Hidden.', 'MX', 'Otto', '65010000-0000-4000-8000-000000000002', false),
  ('65e00000-0000-4000-8000-000000000003', 'fresa65', 'Posh.', 'MX', 'Guest', null, true);
-- Thirty-one Peruvian entries for the write limit.
insert into public.entries (id, title, description, country, author, show)
select ('65e10000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'palabra' || i, 'A word.', 'PE', 'Guest', true
  from generate_series(1, 31) i;

create or replace function pg_temp.told(entry text) returns integer language sql security definer as $$
  select count(*)::int from realtime.messages m where m.event = 'recordings' and m.topic = 'entry:' || entry $$;
grant execute on function pg_temp.told(text) to public;
create or replace function pg_temp.upload(name text) returns void language sql as $$
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
  values ('recordings', name, (select auth.uid()), (select auth.uid())::text, '{"size": 1024, "mimetype": "audio/webm"}') $$;
grant execute on function pg_temp.upload(text) to public;
create or replace function pg_temp.inbox(who uuid) returns jsonb language sql security definer as $$
  select coalesce(jsonb_agg(jsonb_build_object('kind', n.kind, 'entry', n.entry_id, 'data', n.data, 'actor', n.actor_name) order by n.created_at), '[]')
    from public.notifications n where n.recipient = who $$;
grant execute on function pg_temp.inbox(uuid) to public;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select is(public.recording_request_state('65e00000-0000-4000-8000-000000000001'),
  '{"contentId": "65e00000-0000-4000-8000-000000000001", "count": 0, "requested": false, "native": false}',
  'a guest reads an entry''s requests');
select is(tests.error_of($$ select public.request_recording('65e00000-0000-4000-8000-000000000001') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot ask: PT401');
select is(tests.error_of($$ select public.withdraw_recording_request('65e00000-0000-4000-8000-000000000001') $$) ->> 'code',
  'PT401', 'nor withdraw');
select throws_ok($$ insert into public.recording_requests (entry_id) values ('65e00000-0000-4000-8000-000000000001') $$,
  '42501', null, 'nor insert a request directly');
select is(tests.error_of($$ select public.recording_request_state('65e00000-0000-4000-8000-000000000002') $$) - 'message',
  '{"code": "PT404", "hint": "content_not_found"}', 'a hidden entry: PT404 content_not_found');

-------------------------------------------------------------------------------- asker
select tests.clear_authentication();
select tests.authenticate_as('65010000-0000-4000-8000-000000000001', :'ana_session');
select is(public.request_recording('65e00000-0000-4000-8000-000000000001'),
  '{"created": true, "contentId": "65e00000-0000-4000-8000-000000000001", "count": 1, "requested": true, "native": false}',
  'a learner asks: created, counted, theirs');
select is(public.request_recording('65e00000-0000-4000-8000-000000000001') - 'contentId',
  '{"created": false, "count": 1, "requested": true, "native": false}', 'asking again changes nothing (created false)');
select is(pg_temp.told('65e00000-0000-4000-8000-000000000001'), 1, 'the entry''s page heard one change');
select is(tests.error_of($$ select public.request_recording('65e00000-0000-4000-8000-000000000002') $$) - 'message',
  '{"code": "PT404", "hint": "content_not_found"}', 'an entry the learner cannot see: PT404');
select is(tests.error_of($$ select public.request_recording('65e00000-0000-4000-8000-0000000000ff') $$) ->> 'hint',
  'content_not_found', 'an unknown entry: PT404');
select is(tests.error_of($$ select public.request_recording(null) $$) ->> 'hint', 'content_not_found', 'no entry: PT404');
select is((select count(*)::int from public.recording_requests), 1, 'the learner reads their own request');
select throws_ok($$ insert into public.recording_requests (entry_id, user_id) values ('65e00000-0000-4000-8000-000000000003', '65010000-0000-4000-8000-000000000002') $$,
  '42501', null, 'nobody asks in someone else''s name');
select throws_ok($$ insert into public.recording_requests (entry_id) values ('65e00000-0000-4000-8000-000000000002') $$,
  '42501', null, 'nor for a hidden entry directly');
insert into public.recording_requests (entry_id) values ('65e00000-0000-4000-8000-000000000003');
select is(public.recording_request_state('65e00000-0000-4000-8000-000000000003') ->> 'count', '1', 'a direct insert for a visible entry counts too');
select is(public.withdraw_recording_request('65e00000-0000-4000-8000-000000000003') - 'contentId',
  '{"count": 0, "requested": false, "native": false}', 'the learner withdraws it');
select is(public.withdraw_recording_request('65e00000-0000-4000-8000-000000000003') ->> 'count', '0', 'withdrawing what is not asked is fine');

-------------------------------------------------------------------------------- another learner
select tests.clear_authentication();
select tests.authenticate_as('65010000-0000-4000-8000-000000000002', :'otto_session');
select is_empty($$ select * from public.recording_requests where user_id = '65010000-0000-4000-8000-000000000001' $$,
  'another learner reads no one else''s requests');
delete from public.recording_requests where user_id = '65010000-0000-4000-8000-000000000001';
select is(public.recording_request_state('65e00000-0000-4000-8000-000000000001') - 'contentId',
  '{"count": 1, "requested": false, "native": false}', 'nor deletes them; they read the count, not theirs');
select is(public.request_recording('65e00000-0000-4000-8000-000000000001') ->> 'count', '2', 'they ask too: two');
select is(public.request_recording('65e00000-0000-4000-8000-000000000002') ->> 'created', 'true', 'an owner may ask for their own hidden entry');
select is(public.request_recording('65e00000-0000-4000-8000-000000000003') ->> 'count', '1', 'and for the third entry');

-------------------------------------------------------------------------------- speaker: the first native recording
select tests.clear_authentication();
select tests.authenticate_as('65010000-0000-4000-8000-000000000003', :'sara_session');
select is(public.request_recording('65e00000-0000-4000-8000-000000000001') ->> 'count', '3', 'the speaker asked too (three)');
-- A recording from elsewhere first: nothing is fulfilled.
update public.profiles set speaker_country = null where id = '65010000-0000-4000-8000-000000000003';
select pg_temp.upload('65010000-0000-4000-8000-000000000003/65e00000-0000-4000-8000-000000000001/co.webm');
select public.add_recording('65e00000-0000-4000-8000-000000000001', '65010000-0000-4000-8000-000000000003/65e00000-0000-4000-8000-000000000001/co.webm', 'CO');
select is(public.recording_request_state('65e00000-0000-4000-8000-000000000001') ->> 'count', '3', 'a recording from another country fulfils nothing');
update public.profiles set speaker_country = 'MX' where id = '65010000-0000-4000-8000-000000000003';
select pg_temp.upload('65010000-0000-4000-8000-000000000003/65e00000-0000-4000-8000-000000000001/mx.webm');
select public.add_recording('65e00000-0000-4000-8000-000000000001', '65010000-0000-4000-8000-000000000003/65e00000-0000-4000-8000-000000000001/mx.webm');
select is(public.recording_request_state('65e00000-0000-4000-8000-000000000001') - 'contentId',
  '{"count": 0, "requested": false, "native": true}', 'the first native recording fulfils every request');
select is(tests.error_of($$ select public.request_recording('65e00000-0000-4000-8000-000000000001') $$) - 'message',
  '{"code": "PT409", "hint": "entry_voiced"}', 'asking for a voiced entry: PT409 entry_voiced');
select is(pg_temp.inbox('65010000-0000-4000-8000-000000000001'),
  '[{"kind": "recording", "entry": "65e00000-0000-4000-8000-000000000001", "data": {"title": "chamba65", "country": "MX"}, "actor": null}]',
  'the asker is told, naming nobody: the title and the speaker''s country');
select is(pg_temp.inbox('65010000-0000-4000-8000-000000000002') -> 0 ->> 'kind', 'recording',
  'so is the other asker, though they turned every setting off (they asked for it)');
select is(pg_temp.inbox('65010000-0000-4000-8000-000000000003'), '[]', 'the speaker is not told of their own recording');
-- A second native recording tells nobody again.
select pg_temp.upload('65010000-0000-4000-8000-000000000003/65e00000-0000-4000-8000-000000000001/mx2.webm');
select public.add_recording('65e00000-0000-4000-8000-000000000001', '65010000-0000-4000-8000-000000000003/65e00000-0000-4000-8000-000000000001/mx2.webm');
select is(jsonb_array_length(pg_temp.inbox('65010000-0000-4000-8000-000000000001')), 1, 'a second native recording tells nobody again');

-------------------------------------------------------------------------------- admin: held, then shown again
select tests.clear_authentication();
-- Entry …03's only native recording is held by moderators; Otto's request waits.
insert into public.recordings (id, entry_id, user_id, path, country, moderation) values
  ('65c00000-0000-4000-8000-000000000001', '65e00000-0000-4000-8000-000000000003', '65010000-0000-4000-8000-000000000003',
   '65010000-0000-4000-8000-000000000003/65e00000-0000-4000-8000-000000000003/held.webm', 'MX', 'held');
select tests.authenticate_as('65010000-0000-4000-8000-000000000004', :'admin_session');
select is(public.recording_request_state('65e00000-0000-4000-8000-000000000003') - 'contentId',
  '{"count": 1, "requested": false, "native": false}', 'a held recording is not native: the request waits');
select is_empty($$ select * from public.recording_requests where user_id <> '65010000-0000-4000-8000-000000000004' $$,
  'an admin reads no one''s requests directly either (counts only)');
select tests.clear_authentication();
-- Moderators show it again (resolve_recording_report's update, made here directly).
update public.recordings set moderation = null where id = '65c00000-0000-4000-8000-000000000001';
select is((select jsonb_agg(n.data) from public.notifications n where n.recipient = '65010000-0000-4000-8000-000000000002'
            and n.entry_id = '65e00000-0000-4000-8000-000000000003'),
  '[{"title": "fresa65", "country": "MX"}]', 'shown again, it is the first native one: the asker is told');
select is((select count(*)::int from public.recording_requests where entry_id = '65e00000-0000-4000-8000-000000000003'), 0,
  'and the request is fulfilled');
select is((select actor_name from public.notifications where recipient = '65010000-0000-4000-8000-000000000002'
            and entry_id = '65e00000-0000-4000-8000-000000000003'), null, 'the moderator is not named');

-------------------------------------------------------------------------------- the write limit
select tests.authenticate_as('65010000-0000-4000-8000-000000000005', :'lola_session');
select is((select count(*)::int from generate_series(1, 30) i,
             lateral public.request_recording(('65e10000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid)), 30,
  'thirty requests in a minute are fine');
select is(tests.error_of($$ select public.request_recording('65e10000-0000-4000-8000-000000000031') $$) ->> 'hint',
  'rate_limited', 'the thirty-first is rate_limited');
select is(tests.error_of($$ select public.request_recording('65e10000-0000-4000-8000-000000000031') $$) ->> 'code',
  'PT429', 'with PT429');

select * from finish();
rollback;
