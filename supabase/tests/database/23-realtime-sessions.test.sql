-- Realtime and sessions: the realtime.messages policies (receive; be counted by Presence)
-- refuse a token whose session has ended, as /api does, for every actor; a guest is unaffected.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(12);

select tests.create_user('23010000-0000-4000-8000-000000000001', 'Sara Signedout') as owner_session \gset
select tests.create_user('23010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('23010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
insert into public.entries (id, title, description, country, author, owner, show) values
  ('23e00000-0000-4000-8000-000000000001', 'guagua', 'Bus.', 'CU', 'Sara', '23010000-0000-4000-8000-000000000001', true);
select realtime.send('{"kind": "vote"}', 'notification', 'user:23010000-0000-4000-8000-000000000001', true);
select realtime.send('{"kind": "vote"}', 'notification', 'user:23010000-0000-4000-8000-000000000003', true);

-------------------------------------------------------------------------------- owner, live then signed out
select tests.authenticate_as('23010000-0000-4000-8000-000000000001', :'owner_session');
select set_config('realtime.topic', 'user:23010000-0000-4000-8000-000000000001', true);
select isnt_empty($$ select 1 from realtime.messages where topic = realtime.topic() $$, 'a live session receives its notifications');
select set_config('realtime.topic', 'entry:23e00000-0000-4000-8000-000000000001', true);
select lives_ok($$ insert into realtime.messages (topic, extension, private) values ('entry:23e00000-0000-4000-8000-000000000001', 'presence', true) $$,
  'and may be counted on an entry');
select tests.clear_authentication();
delete from auth.sessions where id = :'owner_session';
select tests.authenticate_as('23010000-0000-4000-8000-000000000001', :'owner_session');
select set_config('realtime.topic', 'user:23010000-0000-4000-8000-000000000001', true);
select is_empty($$ select 1 from realtime.messages where topic = realtime.topic() $$, 'once signed out, the same token receives nothing private');
select set_config('realtime.topic', 'entries', true);
select is_empty($$ select 1 from realtime.messages where topic = realtime.topic() $$, 'not even the home grid''s private topic');
select set_config('realtime.topic', 'entry:23e00000-0000-4000-8000-000000000001', true);
select throws_ok($$ insert into realtime.messages (topic, extension, private) values ('entry:23e00000-0000-4000-8000-000000000001', 'presence', true) $$,
  '42501', null, 'nor is counted on an entry');

-------------------------------------------------------------------------------- other user, admin: their own sessions decide
select tests.authenticate_as('23010000-0000-4000-8000-000000000002', :'other_session');
select set_config('realtime.topic', 'entry:23e00000-0000-4000-8000-000000000001', true);
select lives_ok($$ insert into realtime.messages (topic, extension, private) values ('entry:23e00000-0000-4000-8000-000000000001', 'presence', true) $$,
  'another user''s live session is not affected');
select set_config('realtime.topic', 'user:23010000-0000-4000-8000-000000000001', true);
select is_empty($$ select 1 from realtime.messages where topic = realtime.topic() $$, 'and still cannot read the owner''s notifications');
select tests.authenticate_as('23010000-0000-4000-8000-000000000003', :'admin_session');
select set_config('realtime.topic', 'user:23010000-0000-4000-8000-000000000003', true);
select isnt_empty($$ select 1 from realtime.messages where topic = realtime.topic() $$, 'an admin''s live session receives');
select tests.clear_authentication();
update auth.users set banned_until = now() + interval '1 day' where id = '23010000-0000-4000-8000-000000000003';
select tests.authenticate_as('23010000-0000-4000-8000-000000000003', :'admin_session');
select is_empty($$ select 1 from realtime.messages where topic = realtime.topic() $$, 'a banned user''s token receives nothing, admin or not');
-- A token with a made-up session id is no better.
select tests.authenticate_as('23010000-0000-4000-8000-000000000002', gen_random_uuid());
select set_config('realtime.topic', 'entries', true);
select is_empty($$ select 1 from realtime.messages where topic = realtime.topic() $$, 'a token naming no session receives nothing');

-------------------------------------------------------------------------------- guest
select tests.clear_authentication();
select tests.authenticate_as(null);
select set_config('realtime.topic', 'entry:23e00000-0000-4000-8000-000000000001', true);
select lives_ok($$ insert into realtime.messages (topic, extension, private) values ('entry:23e00000-0000-4000-8000-000000000001', 'presence', true) $$,
  'a guest has no session to end and is counted as before');
select is(private.session_is_live(), true, 'session_is_live is true for a guest');

select * from finish();
rollback;
