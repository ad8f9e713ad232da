-- live updates: what votes, comments and tag changes broadcast (realtime.messages rows, as
-- realtime.send() writes them), and who may receive which topic (the select policy on
-- realtime.messages, checked as Realtime checks it: the joining user's role and claims, with
-- realtime.topic() set). Nobody but the database publishes.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(28);

-- Users: owner …01 (of the entries), fan …02, other …03.
select tests.create_user('17010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('17010000-0000-4000-8000-000000000002', 'Fede Fan') as fan_session \gset
select tests.create_user('17010000-0000-4000-8000-000000000003', 'Otto Other') as other_session \gset

-- Entries: …01 shown, …02 hidden (both the owner's). A tag to put on.
insert into public.entries (id, title, description, country, author, owner, show) values
  ('17e00000-0000-4000-8000-000000000001', 'chido', 'Cool.', 'MX', 'Olga', '17010000-0000-4000-8000-000000000001', true),
  ('17e00000-0000-4000-8000-000000000002', 'vaina', 'Thing.', 'DO', 'Olga', '17010000-0000-4000-8000-000000000001', false);
insert into public.tags (id, name) values ('17700000-0000-4000-8000-000000000001', 'Chilango');
-- Only this test's messages count below (other suites' committed messages share 'entries').
create temporary view sent as
  select topic, event, payload - 'id' as payload, private from realtime.messages
   where (topic = 'entries' and payload ->> 'contentId' like '17e00000-%')
      or topic in ('entry:17e00000-0000-4000-8000-000000000001', 'entry:17e00000-0000-4000-8000-000000000002',
                   'user:17010000-0000-4000-8000-000000000001', 'user:17010000-0000-4000-8000-000000000002');
grant select on sent to public;

-------------------------------------------------------------------------------- what a vote sends
select tests.authenticate_as('17010000-0000-4000-8000-000000000002', :'fan_session');
select public.cast_vote('17e00000-0000-4000-8000-000000000001', 'upvote');
select tests.clear_authentication();

select is((select payload from sent where topic = 'entry:17e00000-0000-4000-8000-000000000001' and event = 'vote'),
  '{"contentId": "17e00000-0000-4000-8000-000000000001", "upvotes": 1, "downvotes": 0, "voteCount": 1}',
  'a vote sends the entry''s new tallies on entry:<id> (after the tally trigger)');
select is((select payload from sent where topic = 'entries' and event = 'score'),
  '{"contentId": "17e00000-0000-4000-8000-000000000001", "upvotes": 1, "downvotes": 0, "voteCount": 1}',
  'and on the home grid''s topic');
select is((select payload - '_id' - 'createdAt' from sent where topic = 'user:17010000-0000-4000-8000-000000000001' and event = 'notification'),
  '{"kind": "vote", "contentId": "17e00000-0000-4000-8000-000000000001", "commentId": null, "title": "chido", "voteType": "upvote",
    "by": "Fede Fan", "actorName": "Fede Fan", "count": 1, "action": null, "read": false, "text": "Fede Fan voted on chido"}',
  'and tells the entry''s owner (the inbox''s notification, sent live)');
select is((select bool_and(private) from sent), true, 'all on private channels: only the database publishes');

-------------------------------------------------------------------------------- what a comment and a tag send
select tests.authenticate_as('17010000-0000-4000-8000-000000000002', :'fan_session');
select public.add_comment('17e00000-0000-4000-8000-000000000001', '¡Qué chido!') ->> '_id' as comment_id \gset
select public.tag_entry('17e00000-0000-4000-8000-000000000001', '17700000-0000-4000-8000-000000000001');
select public.delete_comment(:'comment_id');
select tests.clear_authentication();

select is((select payload -> 'comment' ->> 'text' from sent where event = 'comment_added'), '¡Qué chido!',
  'a comment is sent whole on entry:<id>');
select is((select payload ->> 'commentCount' from sent where event = 'comment_added'), '1', 'with the entry''s new count');
select is((select payload - 'contentId' - '_id' - 'createdAt' - 'commentId' from sent
             where topic = 'user:17010000-0000-4000-8000-000000000001' and payload ->> 'kind' = 'comment'),
  '{"kind": "comment", "title": "chido", "by": "Fede Fan", "actorName": "Fede Fan", "count": 1, "action": null, "read": false,
    "text": "Fede Fan commented on chido"}', 'and the owner is told who commented');
select is((select payload from sent where event = 'comment_deleted'),
  jsonb_build_object('_id', :'comment_id'::uuid, 'contentId', '17e00000-0000-4000-8000-000000000001'::uuid, 'commentCount', 0),
  'a deleted comment is sent with the new count');
select is((select payload -> 'tags' -> 0 ->> 'name' from sent where event = 'tags'), 'Chilango', 'a tag change sends the entry''s tags');

select tests.authenticate_as('17010000-0000-4000-8000-000000000001', :'owner_session');
select public.cast_vote('17e00000-0000-4000-8000-000000000001', 'upvote');
select public.add_comment('17e00000-0000-4000-8000-000000000001', 'Gracias.');
select tests.clear_authentication();
select is((select count(*)::int from sent where topic = 'user:17010000-0000-4000-8000-000000000001'), 2,
  'the owner''s own vote and comment tell nobody (still the two notifications from the fan)');

-------------------------------------------------------------------------------- anonymous (guest) receiving
select tests.authenticate_as(null);
select set_config('realtime.topic', 'entries', true);
select isnt_empty($$ select 1 from realtime.messages where topic = 'entries' $$, 'a guest may receive the home grid''s scores');
select set_config('realtime.topic', 'entry:17e00000-0000-4000-8000-000000000001', true);
select isnt_empty($$ select 1 from realtime.messages where topic = realtime.topic() $$, 'and a shown entry''s updates');
select set_config('realtime.topic', 'entry:17e00000-0000-4000-8000-000000000002', true);
select is_empty($$ select 1 from realtime.messages $$, 'not a hidden entry''s');
select set_config('realtime.topic', 'entry:not-a-uuid', true);
select is_empty($$ select 1 from realtime.messages $$, 'nor a topic that names no entry (and it does not fail)');
select set_config('realtime.topic', 'user:17010000-0000-4000-8000-000000000001', true);
select is_empty($$ select 1 from realtime.messages $$, 'nor a learner''s notifications');
select throws_ok($$ insert into realtime.messages (topic, extension, event, payload, private) values ('entries', 'broadcast', 'score', '{"voteCount": 9999}', true) $$,
  '42501', null, 'a guest cannot publish on the home grid''s topic');
select set_config('realtime.topic', 'entry:17e00000-0000-4000-8000-000000000001', true);
select lives_ok($$ insert into realtime.messages (topic, extension, private) values ('entry:17e00000-0000-4000-8000-000000000001', 'presence', true) $$,
  'a guest may be counted on a shown entry''s page (presence)');
select throws_ok($$ insert into realtime.messages (topic, extension, event, payload, private) values ('entry:17e00000-0000-4000-8000-000000000001', 'broadcast', 'vote', '{}', true) $$,
  '42501', null, 'but not broadcast there');
select set_config('realtime.topic', 'entry:17e00000-0000-4000-8000-000000000002', true);
select throws_ok($$ insert into realtime.messages (topic, extension, private) values ('entry:17e00000-0000-4000-8000-000000000002', 'presence', true) $$,
  '42501', null, 'nor be counted on a hidden entry''s page');

-------------------------------------------------------------------------------- owner receiving
select tests.clear_authentication();
select tests.authenticate_as('17010000-0000-4000-8000-000000000001', :'owner_session');
select set_config('realtime.topic', 'user:17010000-0000-4000-8000-000000000001', true);
select isnt_empty($$ select 1 from realtime.messages where topic = realtime.topic() $$, 'the owner receives their notifications');
select set_config('realtime.topic', 'entry:17e00000-0000-4000-8000-000000000002', true);
select lives_ok($$ select 1 from realtime.messages $$, 'and may join their hidden entry''s topic');
select lives_ok($$ insert into realtime.messages (topic, extension, private) values ('entry:17e00000-0000-4000-8000-000000000002', 'presence', true) $$,
  'and be counted there');
select throws_ok($$ insert into realtime.messages (topic, extension, event, payload, private) values ('user:17010000-0000-4000-8000-000000000001', 'broadcast', 'notification', '{}', true) $$,
  '42501', null, 'nobody publishes on their own notifications topic either');

-------------------------------------------------------------------------------- other user receiving
select tests.clear_authentication();
select tests.authenticate_as('17010000-0000-4000-8000-000000000003', :'other_session');
select set_config('realtime.topic', 'user:17010000-0000-4000-8000-000000000001', true);
select is_empty($$ select 1 from realtime.messages $$, 'another user cannot receive the owner''s notifications');
select set_config('realtime.topic', 'user:17010000-0000-4000-8000-000000000003', true);
select lives_ok($$ select 1 from realtime.messages $$, 'but may join their own (empty) topic');
select set_config('realtime.topic', 'entry:17e00000-0000-4000-8000-000000000002', true);
select is_empty($$ select 1 from realtime.messages $$, 'nor a hidden entry''s');
select set_config('realtime.topic', 'entry:17e00000-0000-4000-8000-000000000001', true);
select isnt_empty($$ select 1 from realtime.messages where topic = realtime.topic() $$, 'a shown entry''s, yes');

select tests.clear_authentication();
select policies_are('realtime', 'messages', array[
  'Anyone can receive updates of what they can see, learners their own notifications',
  'Anyone can be counted on the entries they can see'],
  'realtime.messages has its select policy and the presence-only insert policy: no client broadcasts');

select * from finish();
rollback;
