-- recordings: the public `recordings` bucket and its storage.objects policies (anyone listens;
-- a learner with a live session writes only <their id>/<an entry they can see>/<plain name>),
-- public.recordings and public.recording_votes with their policies, add_recording (the
-- uploaded file must be the caller's: 400 / 403 / 404 / 409), entry_recordings (best first,
-- then newest), vote_recording (up, down, switch, take back), delete_recording (speaker or
-- admin, audited), reports of a recording (held at three, resolved by an admin, audited) and
-- the 'recordings' broadcast on the entry's topic. Each actor: guest, speaker, another
-- learner, reporters, admin, and a learner whose session ended — allowed and refused.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(101);

-- Sara speaks (home country MX) …01; Otto is another learner (no home country) and owns a
-- hidden entry …02; Ada is an admin …03; Eve's session ends …04; reporters …05, …06, …07.
select tests.create_user('39010000-0000-4000-8000-000000000001', 'Sara Speaker') as sara_session \gset
select tests.create_user('39010000-0000-4000-8000-000000000002', 'Otto Other') as otto_session \gset
select tests.create_user('39010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
select tests.create_user('39010000-0000-4000-8000-000000000004', 'Eve Ended') as eve_session \gset
select tests.create_user('39010000-0000-4000-8000-000000000005', 'Rita Uno') as r1_session \gset
select tests.create_user('39010000-0000-4000-8000-000000000006', 'Rosa Dos') as r2_session \gset
select tests.create_user('39010000-0000-4000-8000-000000000007', 'Raul Tres') as r3_session \gset
-- The reporters are trusted (72 hours old, with an entry that stands): their reports hold
-- (50-report-trust covers the accounts whose reports do not).
select tests.make_trusted(id) from unnest('{39010000-0000-4000-8000-000000000005, 39010000-0000-4000-8000-000000000006,
                                            39010000-0000-4000-8000-000000000007}'::uuid[]) id;
update public.profiles set home_country = 'MX' where id = '39010000-0000-4000-8000-000000000001';
delete from auth.sessions where user_id = '39010000-0000-4000-8000-000000000004';

insert into public.entries (id, title, description, country, author, owner, show) values
  ('39e00000-0000-4000-8000-000000000001', 'chido39', 'Cool.', 'MX', 'Guest', null, true),
  ('39e00000-0000-4000-8000-000000000002', 'oculto39', 'Hidden.', 'ES', 'Otto', '39010000-0000-4000-8000-000000000002', false);
-- Another bucket, to show the recordings policies name theirs only.
insert into storage.buckets (id, name, public) values ('other39', 'other39', true);
insert into storage.objects (bucket_id, name, owner, owner_id) values
  ('other39', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/elsewhere.webm',
   '39010000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000001');

-- What entry 1's page heard ('recordings'), as the superuser sees realtime.messages.
create or replace function pg_temp.told() returns jsonb language sql security definer as $$
  select coalesce(jsonb_agg(m.payload - 'id' order by m.inserted_at, m.id), '[]'::jsonb) from realtime.messages m
   where m.event = 'recordings' and m.topic = 'entry:39e00000-0000-4000-8000-000000000001' $$;
grant execute on function pg_temp.told() to public;
create or replace function pg_temp.forget_told() returns void language sql security definer as $$
  delete from realtime.messages where topic like 'entry:39e00000-%' $$;
grant execute on function pg_temp.forget_told() to public;
-- An upload as Storage writes it: the row, owned by the caller (owner and owner_id).
create or replace function pg_temp.upload(name text, bucket text default 'recordings') returns void language sql as $$
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
  values (bucket, name, (select auth.uid()), (select auth.uid())::text,
          '{"mimetype": "audio/webm", "size": 1000}') $$;
grant execute on function pg_temp.upload(text, text) to public;
-- The recordings of entry 1 as the caller lists them: "<country>:<score>:<userVote>:<canDelete>".
create or replace function pg_temp.listed() returns text[] language sql as $$
  select coalesce(array_agg(concat_ws(':', r ->> 'country', r ->> 'voteScore', coalesce(r ->> 'userVote', '-'), r ->> 'canDelete')
                            order by n), '{}')
    from jsonb_array_elements(public.entry_recordings('39e00000-0000-4000-8000-000000000001')) with ordinality l(r, n) $$;
grant execute on function pg_temp.listed() to public;
-- Storage's deletes say so for their transaction (storage.protect_delete refuses the rest).
select set_config('storage.allow_delete_query', 'true', true);

-------------------------------------------------------------------------------- the bucket
select is((select jsonb_build_object('public', public, 'limit', file_size_limit, 'types', allowed_mime_types)
             from storage.buckets where id = 'recordings'),
  '{"public": true, "limit": 2097152, "types": ["audio/webm", "audio/ogg", "audio/mp4", "audio/mpeg", "audio/wav"]}'::jsonb,
  'the recordings bucket: public, 2 MB, five audio types');

-------------------------------------------------------------------------------- the speaker uploads
select tests.authenticate_as('39010000-0000-4000-8000-000000000001', :'sara_session');
select lives_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm') $$,
  'a learner uploads into <their id>/<entry>/');
select lives_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take_2.ogg') $$,
  'and a second take');
select throws_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000002/39e00000-0000-4000-8000-000000000001/x.webm') $$,
  '42501', null, 'not into another learner''s folder');
select throws_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000002/x.webm') $$,
  '42501', null, 'not under an entry they cannot see (someone else''s hidden one)');
select throws_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000009/x.webm') $$,
  '42501', null, 'not under an entry that does not exist');
select throws_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000001/not-an-entry/x.webm') $$,
  '42501', null, 'not under a folder that is no entry id');
select throws_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/.hidden') $$,
  '42501', null, 'not a file name starting with a dot');
select throws_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/a/b.webm') $$,
  '42501', null, 'not a folder deeper');
select throws_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000001/x.webm') $$,
  '42501', null, 'not a folder shallower');
select throws_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/' || repeat('a', 101)) $$,
  '42501', null, 'not a file name over 100 characters');
select throws_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/x.webm', 'other39') $$,
  '42501', null, 'and the recordings policies open no other bucket');
select is((select count(*)::int from storage.objects where bucket_id = 'recordings' and name like '39010000-%'), 2,
  'they read their two files');
select lives_ok($$ update storage.objects set metadata = '{"mimetype": "audio/ogg"}'
                    where bucket_id = 'recordings' and name = '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take_2.ogg' $$,
  'they may replace their own file (an upsert)');
select throws_ok($$ update storage.objects set name = '39010000-0000-4000-8000-000000000002/39e00000-0000-4000-8000-000000000001/take_2.ogg'
                     where bucket_id = 'recordings' and name = '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take_2.ogg' $$,
  '42501', null, 'but not move it into another learner''s folder');

-------------------------------------------------------------------------------- another learner's files
select tests.authenticate_as('39010000-0000-4000-8000-000000000002', :'otto_session');
select lives_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000002/39e00000-0000-4000-8000-000000000002/mine.webm') $$,
  'the owner of a hidden entry may upload under it');
select lives_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000002/39e00000-0000-4000-8000-000000000001/otto.webm') $$,
  'Otto uploads his own take of entry 1');
select is_empty($$ update storage.objects set metadata = '{}'
                    where name like '39010000-0000-4000-8000-000000000001/%' returning name $$,
  'he cannot replace Sara''s files');
select is_empty($$ delete from storage.objects where name like '39010000-0000-4000-8000-000000000001/%' returning name $$,
  'nor delete them');

-------------------------------------------------------------------------------- a guest
select tests.clear_authentication();
select tests.authenticate_as(null);
select is((select count(*)::int from storage.objects where bucket_id = 'recordings' and name like '39010000-%'), 4,
  'a guest may list and read every recording file');
select is_empty($$ select name from storage.objects where bucket_id = 'other39' $$, 'but nothing of other buckets through these policies');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('recordings', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/g.webm') $$,
  '42501', null, 'a guest cannot upload');
select is_empty($$ delete from storage.objects where bucket_id = 'recordings' returning name $$, 'nor delete a file');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm') $$) - 'message',
  '{"code": "PT401", "hint": "recording_login_required"}', 'a guest cannot register a recording: PT401 recording_login_required');
select throws_ok($$ insert into public.recordings (entry_id, path, country) values ('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm', 'MX') $$,
  '42501', null, 'nor insert one by hand');

-------------------------------------------------------------------------------- a learner whose session ended
select tests.clear_authentication();
select tests.authenticate_as('39010000-0000-4000-8000-000000000004', :'eve_session');
select throws_ok($$ select pg_temp.upload('39010000-0000-4000-8000-000000000004/39e00000-0000-4000-8000-000000000001/late.webm') $$,
  '42501', null, 'an ended session cannot upload, even into its own folder');
select is_empty($$ select name from storage.objects where bucket_id = 'recordings' $$, 'nor list the bucket');

-------------------------------------------------------------------------------- the speaker registers
select tests.authenticate_as('39010000-0000-4000-8000-000000000001', :'sara_session');
select pg_temp.forget_told();
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', 'avatars/39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm') $$) - 'message',
  '{"code": "PT400", "hint": "recording_path_invalid", "column": "path"}', 'a path outside the bucket: PT400 recording_path_invalid');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', '../39010000-0000-4000-8000-000000000001/take-1.webm') $$) ->> 'hint',
  'recording_path_invalid', 'a path with .. is not a name in the bucket');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', null) $$) ->> 'hint',
  'recording_path_invalid', 'nor is no path');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000002', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000002/x.webm') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'an entry they cannot see: PT404 entry_not_found');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000002/x.webm') $$) - 'message',
  '{"code": "PT400", "hint": "recording_path_invalid", "column": "path"}', 'a file filed under another entry: PT400 recording_path_invalid');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/elsewhere.webm') $$) - 'message',
  '{"code": "PT400", "hint": "recording_path_invalid", "column": "path"}', 'their own file in another bucket: PT400 recording_path_invalid');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/none.webm') $$) - 'message',
  '{"code": "PT404", "hint": "recording_file_not_found", "column": "path"}', 'a file never uploaded: PT404 recording_file_not_found');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000002/39e00000-0000-4000-8000-000000000001/otto.webm') $$) - 'message',
  '{"code": "PT403", "hint": "recording_file_not_yours", "column": "path"}', 'someone else''s file: PT403 recording_file_not_yours');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm', null, 0) $$) - 'message',
  '{"code": "PT400", "hint": "recording_duration_invalid", "column": "durationMs"}', 'a duration of 0 ms: PT400 recording_duration_invalid');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm', null, 15001) $$) ->> 'hint',
  'recording_duration_invalid', 'nor over 15 seconds');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm', 'XX') $$) - 'message',
  '{"code": "PT400", "hint": "unknown_country", "column": "country"}', 'an unknown country: PT400 unknown_country');
select is(pg_temp.told(), '[]'::jsonb, 'refusals tell nobody');
select is((select r - '_id' - 'createdAt' from public.add_recording('39e00000-0000-4000-8000-000000000001',
            '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm', null, 2300) r),
  '{"path": "39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm", "country": "MX", "speakerCountry": "MX",
    "contentId": "39e00000-0000-4000-8000-000000000001", "authorName": "Sara Speaker", "durationMs": 2300, "voteScore": 0,
    "userVote": null, "canDelete": true}'::jsonb,
  'their own file registers, said from their home country by default');
-- A minute older than the next, so "newest first" has something to order.
select tests.clear_authentication();
update public.recordings set created_at = created_at - interval '1 minute' where path like '39010000-%/take-1.webm';
select tests.authenticate_as('39010000-0000-4000-8000-000000000001', :'sara_session');
select is((select r ->> 'country' from public.add_recording('39e00000-0000-4000-8000-000000000001',
            'recordings/39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take_2.ogg', ' ar ') r),
  'AR', 'a second, named by its full path (bucket/name) and from a country they name');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm') $$) - 'message',
  '{"code": "PT409", "hint": "recording_exists", "column": "path"}', 'the same file twice: PT409 recording_exists');
select is(pg_temp.told(), '[{"contentId": "39e00000-0000-4000-8000-000000000001"}, {"contentId": "39e00000-0000-4000-8000-000000000001"}]'::jsonb,
  'the entry''s page is told of each: recordings {contentId}');
select is(pg_temp.listed(), '{AR:0:-:true,MX:0:-:true}', 'they list both, newest first while unvoted, theirs to delete');
-- A file removed through Storage directly (as Storage's own delete does) leaves the list.
select tests.clear_authentication();
create temporary table kept39 on commit drop as select * from storage.objects where name like '39010000-%/take_2.ogg';
delete from storage.objects where name like '39010000-%/take_2.ogg';
select tests.authenticate_as('39010000-0000-4000-8000-000000000001', :'sara_session');
select is(pg_temp.listed(), '{MX:0:-:true}', 'a recording whose file is gone is not listed');
select tests.clear_authentication();
insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata) select id, bucket_id, name, owner, owner_id, metadata from kept39;
select tests.authenticate_as('39010000-0000-4000-8000-000000000001', :'sara_session');
select throws_ok($$ update public.recordings set vote_score = 99 $$, '42501', null, 'they cannot set a score by hand');
select throws_ok($$ insert into public.recordings (entry_id, path, country) values ('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000002/39e00000-0000-4000-8000-000000000001/otto.webm', 'MX') $$,
  '42501', null, 'nor register someone else''s file by hand (the insert policy checks the object)');

-------------------------------------------------------------------------------- another learner
select tests.clear_authentication();
create temporary table ids39 on commit drop as
  select (select id from public.recordings where path like '%/take-1.webm') as mx, (select id from public.recordings where path like '%/take_2.ogg') as ar;
grant select on ids39 to public;
select tests.authenticate_as('39010000-0000-4000-8000-000000000002', :'otto_session');
select is(tests.error_of($$ select public.add_recording('39e00000-0000-4000-8000-000000000001', '39010000-0000-4000-8000-000000000002/39e00000-0000-4000-8000-000000000001/otto.webm') $$) - 'message',
  '{"code": "PT400", "hint": "country_required", "column": "country"}', 'no home country and none named: PT400 country_required');
select ok((public.add_recording('39e00000-0000-4000-8000-000000000002', '39010000-0000-4000-8000-000000000002/39e00000-0000-4000-8000-000000000002/mine.webm', 'ES') ->> '_id') is not null,
  'the owner of a hidden entry may record it');
select is(pg_temp.listed(), '{AR:0:-:false,MX:0:-:false}', 'Otto lists Sara''s recordings, not his to delete');
select pg_temp.forget_told();
select is((select v - 'recordingId' - 'contentId' from public.vote_recording((select mx from ids39), 'up') v),
  '{"voteScore": 1, "userVote": "up"}'::jsonb, 'he votes one up');
select is((select v - 'recordingId' - 'contentId' from public.vote_recording((select mx from ids39), 'down') v),
  '{"voteScore": -1, "userVote": "down"}'::jsonb, 'switches it down');
select is((select v - 'recordingId' - 'contentId' from public.vote_recording((select mx from ids39), 'down') v),
  '{"voteScore": 0, "userVote": null}'::jsonb, 'and takes it back with the same vote again');
select is((select v - 'recordingId' - 'contentId' from public.vote_recording((select ar from ids39), 'upvote') v),
  '{"voteScore": 1, "userVote": "up"}'::jsonb, 'entry votes'' words work too: AR up');
select is(pg_temp.listed(), '{AR:1:up:false,MX:0:-:false}', 'the list puts the best first and shows his vote');
select is(jsonb_array_length(pg_temp.told()), 4, 'every vote tells the entry''s page');
select is(tests.error_of($$ select public.vote_recording((select mx from ids39), 'sideways') $$) - 'message',
  '{"code": "PT400", "hint": "recording_vote_type_invalid", "column": "voteType"}', 'an unknown vote: PT400 recording_vote_type_invalid');
select is(tests.error_of($$ select public.vote_recording('39000000-0000-4000-8000-000000000000', 'up') $$) - 'message',
  '{"code": "PT404", "hint": "recording_not_found"}', 'an unknown recording: PT404 recording_not_found');
select is((select count(*)::int from public.recording_votes), 1, 'he reads his own vote only');
select throws_ok($$ insert into public.recording_votes (recording_id, user_id, value) select mx, '39010000-0000-4000-8000-000000000001', 1 from ids39 $$,
  '42501', null, 'and cannot vote in someone else''s name');
select is(tests.error_of($$ select public.delete_recording((select mx from ids39)) $$) - 'message',
  '{"code": "PT403", "hint": "recording_delete_forbidden"}', 'he cannot delete Sara''s recording: PT403 recording_delete_forbidden');
select is_empty($$ delete from public.recordings where path like '39010000-0000-4000-8000-000000000001/%' returning id $$,
  'nor by hand');

-------------------------------------------------------------------------------- the speaker's view of votes
select tests.authenticate_as('39010000-0000-4000-8000-000000000001', :'sara_session');
select is(pg_temp.listed(), '{AR:1:-:true,MX:0:-:true}', 'Sara sees the scores, not who voted');
select is_empty($$ select 1 from public.recording_votes $$, 'and reads nobody''s votes');
select is(tests.error_of($$ select public.add_recording_report((select mx from ids39), 'spam') $$) - 'message',
  '{"code": "PT400", "hint": "report_own", "column": "recordingId"}', 'she cannot report her own recording');

-------------------------------------------------------------------------------- a guest listens
select tests.clear_authentication();
select tests.authenticate_as(null);
select is(pg_temp.listed(), '{AR:1:-:false,MX:0:-:false}', 'a guest lists them, nothing theirs to delete');
select is(tests.error_of($$ select public.entry_recordings('39e00000-0000-4000-8000-000000000002') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'a hidden entry''s recordings are not there for a guest');
select is(tests.error_of($$ select public.vote_recording((select mx from ids39), 'up') $$) - 'message',
  '{"code": "PT401", "hint": "vote_login_required"}', 'a guest cannot vote: PT401 vote_login_required');
select is(tests.error_of($$ select public.delete_recording((select mx from ids39)) $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'nor delete: PT401 login_required');
select is(tests.error_of($$ select public.add_recording_report((select mx from ids39), 'spam') $$) - 'message',
  '{"code": "PT401", "hint": "report_login_required"}', 'nor report: PT401 report_login_required');
select throws_ok($$ select public.resolve_recording_report((select mx from ids39), 'remove') $$, '42501', null,
  'a guest may not call resolve_recording_report at all');

-------------------------------------------------------------------------------- three accounts report MX
select tests.clear_authentication();
select tests.authenticate_as('39010000-0000-4000-8000-000000000005', :'r1_session');
select is(tests.error_of($$ select public.add_recording_report((select mx from ids39), 'boring') $$) - 'message',
  '{"code": "PT400", "hint": "invalid_report_reason", "column": "reason"}', 'an unknown reason: PT400 invalid_report_reason');
select is(tests.error_of($$ select public.add_recording_report('39000000-0000-4000-8000-000000000000', 'spam') $$) - 'message',
  '{"code": "PT404", "hint": "recording_not_found"}', 'an unknown recording: PT404 recording_not_found');
select is(tests.error_of($$ select public.resolve_recording_report((select mx from ids39), 'remove') $$) ->> 'hint',
  'admin_required', 'a learner cannot resolve');
select is(public.add_recording_report((select mx from ids39), 'offensive', ' Rude. ') ->> 'repeated', 'false', 'a first account reports it');
select is(public.add_recording_report((select mx from ids39), 'spam') ->> 'repeated', 'true', 'again: counted once');
select tests.authenticate_as('39010000-0000-4000-8000-000000000006', :'r2_session');
select is(public.add_recording_report((select mx from ids39), 'offensive') ->> 'repeated', 'false', 'a second account');
select is(pg_temp.listed(), '{AR:1:-:false,MX:0:-:false}', 'two reports hide nothing');
select tests.authenticate_as('39010000-0000-4000-8000-000000000007', :'r3_session');
select pg_temp.forget_told();
select is(public.add_recording_report((select mx from ids39), 'wrong') ->> 'repeated', 'false', 'a third account');
select is(pg_temp.listed(), '{AR:1:-:false}', 'the third holds it: it leaves the list');
select is(pg_temp.told(), '[{"contentId": "39e00000-0000-4000-8000-000000000001"}]'::jsonb, 'and the entry''s page is told');
select is(tests.error_of($$ select public.vote_recording((select mx from ids39), 'up') $$) ->> 'hint',
  'recording_not_found', 'a held recording cannot be voted on');

select tests.authenticate_as('39010000-0000-4000-8000-000000000001', :'sara_session');
select is((select r ->> 'moderation' from jsonb_array_elements(public.entry_recordings('39e00000-0000-4000-8000-000000000001')) r
            where r ->> 'country' = 'MX'), 'held', 'its speaker still sees it, marked held');

select tests.clear_authentication();
select tests.authenticate_as(null);
select is(pg_temp.listed(), '{AR:1:-:false}', 'a guest does not');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('39010000-0000-4000-8000-000000000003', :'admin_session');
select is(pg_temp.listed(), '{AR:1:-:true,MX:0:-:true}', 'an admin lists the held one too, and may delete each');
select is((select c - '_id' - 'notes' - 'firstReportedAt' - 'lastReportedAt' - 'recordingId' - 'reporters'
             from jsonb_array_elements(public.moderation_queue('open', null, null, 100) -> 'data') c
            where c ->> 'recordingId' = (select mx from ids39)::text),
  '{"kind": "recording", "count": 3, "hidden": true, "status": "open", "reasons": {"offensive": 2, "wrong": 1}, "commentId": null,
    "contentId": "39e00000-0000-4000-8000-000000000001", "moderation": "held", "resolution": null, "resolvedAt": null,
    "resolutionNote": null,
    "preview": {"ownerName": "Sara Speaker", "country": "MX", "durationMs": 2300, "entryTitle": "chido39",
                "path": "39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm"}}'::jsonb,
  'the queue shows the recording''s case: three reporters, their reasons, held, who said it');
select is(tests.error_of($$ select public.resolve_recording_report((select mx from ids39), 'forget') $$) - 'message',
  '{"code": "PT400", "hint": "invalid_report_action", "column": "action"}', 'an unknown action: PT400 invalid_report_action');
select is(tests.error_of($$ select public.resolve_recording_report((select ar from ids39), 'remove') $$) - 'message',
  '{"code": "PT404", "hint": "report_not_found"}', 'a recording nobody reported: PT404 report_not_found');
select is((select r ->> 'moderation' from public.resolve_recording_report((select mx from ids39), 'restore', 'Fine.') r), null,
  'an admin restores it');
select is(pg_temp.listed(), '{AR:1:-:true,MX:0:-:true}', 'listed again');
select is((select jsonb_build_object('action', action, 'targetType', target_type, 'reason', reason)
             from public.audit_log where target_type = 'recording' and target_id = (select mx from ids39)::text order by id desc limit 1),
  '{"action": "restore", "targetType": "recording", "reason": "Fine."}'::jsonb, 'the restore is audited');
select is((select r ->> 'moderation' from public.resolve_recording_report((select mx from ids39), 'remove') r), 'removed',
  'removing it takes it down for good');
select pg_temp.forget_told();
select is(public.delete_recording((select ar from ids39)) - '_id',
  '{"contentId": "39e00000-0000-4000-8000-000000000001", "path": "39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take_2.ogg"}'::jsonb,
  'an admin deletes someone else''s recording, learning the file to remove');
select is((select jsonb_build_object('action', action, 'label', target_label, 'owner', details ->> 'owner')
             from public.audit_log where target_type = 'recording' and target_id = (select ar from ids39)::text),
  '{"action": "delete_recording", "label": "Sara Speaker (AR)", "owner": "39010000-0000-4000-8000-000000000001"}'::jsonb,
  'audited');
select is(pg_temp.told(), '[{"contentId": "39e00000-0000-4000-8000-000000000001"}]'::jsonb, 'and the page is told');

-------------------------------------------------------------------------------- the speaker deletes their own
select tests.authenticate_as('39010000-0000-4000-8000-000000000001', :'sara_session');
select is(public.delete_recording((select mx from ids39)) ->> 'path',
  '39010000-0000-4000-8000-000000000001/39e00000-0000-4000-8000-000000000001/take-1.webm', 'the speaker deletes their own (removed) recording');
select is(tests.error_of($$ select public.delete_recording((select mx from ids39)) $$) - 'message',
  '{"code": "PT404", "hint": "recording_not_found"}', 'twice: PT404 recording_not_found');
select is((select count(*)::int from public.audit_log where target_type = 'recording' and action = 'delete_recording'
            and target_id = (select mx from ids39)::text), 0, 'a speaker''s own delete is not an admin action');
select is_empty($$ select 1 from public.moderation_cases where recording_id = (select mx from ids39) $$,
  'its case went with it');
select lives_ok($$ delete from storage.objects where bucket_id = 'recordings' and name like '39010000-0000-4000-8000-000000000001/%' $$,
  'she deletes her own files');
select tests.clear_authentication();
select is((select count(*)::int from storage.objects where bucket_id = 'recordings' and name like '39010000-0000-4000-8000-000000000001/%'), 0, 'and they are gone');

select * from finish();
rollback;
