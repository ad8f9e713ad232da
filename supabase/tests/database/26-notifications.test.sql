-- notifications: the inbox's table, policies and grants per actor (anonymous, owner =
-- recipient, other learner, admin), what the triggers put in it (comments, replies, votes
-- grouped per entry, moderation outcomes), the settings that stop a kind, replies one level
-- deep, notifications_page and mark_notifications_read.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(29);

-- Users: owner …01, voters/commenters …02 and …03, admin …04.
select tests.create_user('26010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('26010000-0000-4000-8000-000000000002', 'Vera Voter') as vera_session \gset
select tests.create_user('26010000-0000-4000-8000-000000000003', 'Vito Voter') as vito_session \gset
select tests.create_user('26010000-0000-4000-8000-000000000004', 'Ada Admin', true) as admin_session \gset

insert into public.entries (id, title, description, country, author, owner) values
  ('26e00000-0000-4000-8000-000000000001', '¡Qué chimba!', 'Great!', 'CO', 'Olga', '26010000-0000-4000-8000-000000000001'),
  ('26e00000-0000-4000-8000-000000000002', 'parcero', 'Mate.', 'CO', 'Olga', '26010000-0000-4000-8000-000000000001');

-------------------------------------------------------------------------------- anonymous
select tests.authenticate_as(null);
select throws_ok($$ select * from public.notifications $$, '42501', null, 'a guest reads no notifications (no grant)');
select is(tests.error_of($$ select public.notifications_page() $$) ->> 'hint', 'login_required', 'the inbox asks a guest to log in');
select is(tests.error_of($$ select public.mark_notifications_read(null, true) $$) ->> 'hint', 'login_required', 'and so does marking read');

-------------------------------------------------------------------------------- other learners act
select tests.clear_authentication();
select tests.authenticate_as('26010000-0000-4000-8000-000000000002', :'vera_session');
select public.cast_vote('26e00000-0000-4000-8000-000000000001', 'upvote') is not null as voted \gset
select public.add_comment('26e00000-0000-4000-8000-000000000001', 'Muy paisa.') ->> '_id' as vera_comment \gset
select throws_ok($$ insert into public.notifications (recipient, kind) values ('26010000-0000-4000-8000-000000000001', 'vote') $$,
  '42501', null, 'nobody writes a notification directly');
select is_empty($$ select * from public.notifications $$, 'a learner reads nobody else''s notifications');

select tests.authenticate_as('26010000-0000-4000-8000-000000000003', :'vito_session');
select public.cast_vote('26e00000-0000-4000-8000-000000000001', 'downvote') is not null as voted \gset
select is(public.add_comment('26e00000-0000-4000-8000-000000000001', 'De acuerdo.', :'vera_comment') ->> 'parentId', :'vera_comment',
  'a reply carries its parentId');
select is(public.add_comment('26e00000-0000-4000-8000-000000000001', 'Y yo.',
            (select id from public.comments where parent_id = :'vera_comment')) ->> 'parentId', :'vera_comment',
  'a reply to a reply joins the thread: replies are one level deep');
select is(tests.error_of(format($$ select public.add_comment('26e00000-0000-4000-8000-000000000002', 'Hola', %L) $$, :'vera_comment')) ->> 'hint',
  'comment_not_found', 'a reply to a comment of another entry: comment_not_found');
select is(public.add_comment('26e00000-0000-4000-8000-000000000001', 'Sin padre.') ? 'parentId', false, 'a top-level comment has no parentId');

-------------------------------------------------------------------------------- owner (recipient)
select tests.authenticate_as('26010000-0000-4000-8000-000000000001', :'owner_session');
select results_eq(
  $$ select kind, count(*)::int from public.notifications group by kind order by kind $$,
  $$ values ('comment', 4), ('vote', 1) $$,
  'the owner has a notification per comment and one vote row for the entry');
select is((select public.notification_json(n) ->> 'text' from public.notifications n where kind = 'vote'), '2 people voted on ¡Qué chimba!',
  'votes on one entry are grouped while unread, each person once');
select is(public.notifications_page() -> 'unread', '5', 'notifications_page counts the unread');
select is(jsonb_array_length(public.notifications_page(null, null, 2) -> 'data'), 2, 'a page at a time');
select is((public.notifications_page() -> 'data' -> 0 ->> 'read'), 'false', 'newest first, unread');
select is(public.mark_notifications_read(array(select id from public.notifications where kind = 'vote')), 4, 'marks the vote row read; four left');
select is(tests.error_of($$ select public.mark_notifications_read(null, false) $$) ->> 'hint', 'invalid_input', 'marking nothing: invalid_input');

-- A new vote after the group was read starts a new row.
select tests.authenticate_as('26010000-0000-4000-8000-000000000002', :'vera_session');
select public.cast_vote('26e00000-0000-4000-8000-000000000001', 'downvote') is not null as voted \gset
select tests.authenticate_as('26010000-0000-4000-8000-000000000001', :'owner_session');
select is((select count(*)::int from public.notifications where kind = 'vote' and read_at is null), 1, 'a vote after reading starts a new unread row');
select is(public.mark_notifications_read(null, true), 0, 'marks everything read');
update public.notifications set read_at = null where kind = 'comment';
select is((select count(*)::int from public.notifications where read_at is null), 4, 'the recipient may mark their own unread again (read_at only)');
select throws_ok($$ update public.notifications set kind = 'vote' $$, '42501', null, 'but change nothing else');
select throws_ok($$ delete from public.notifications $$, '42501', null, 'nor delete them');

-- Settings: turned off, a kind is neither stored nor sent.
select is(public.set_notification_settings(votes => false) -> 'notifications',
  '{"comments": true, "replies": true, "votes": false, "moderation": true}', 'the owner turns vote notifications off');
select tests.authenticate_as('26010000-0000-4000-8000-000000000003', :'vito_session');
select public.cast_vote('26e00000-0000-4000-8000-000000000002', 'upvote') is not null as voted \gset
select tests.authenticate_as('26010000-0000-4000-8000-000000000001', :'owner_session');
select is_empty($$ select * from public.notifications where entry_id = '26e00000-0000-4000-8000-000000000002' $$, 'a vote then leaves no notification');
update public.profiles set notify_votes = false where id = '26010000-0000-4000-8000-000000000002';
select tests.clear_authentication();
select is((select notify_votes from public.profiles where id = '26010000-0000-4000-8000-000000000002'), true,
  'nobody changes another learner''s settings (RLS: no row)');
select tests.authenticate_as('26010000-0000-4000-8000-000000000001', :'owner_session');

-- Replies: the parent's writer hears of them.
select tests.authenticate_as('26010000-0000-4000-8000-000000000002', :'vera_session');
select results_eq($$ select kind, actor_name from public.notifications order by created_at $$,
  $$ values ('reply', 'Vito Voter'), ('reply', 'Vito Voter') $$, 'the parent comment''s writer is told of each reply');

-------------------------------------------------------------------------------- moderation outcomes
select tests.clear_authentication();
update public.entries set moderation = 'held', show = false where id = '26e00000-0000-4000-8000-000000000001';
update public.entries set moderation = null, show = true where id = '26e00000-0000-4000-8000-000000000001';
select tests.authenticate_as('26010000-0000-4000-8000-000000000001', :'owner_session');
select results_eq($$ select public.notification_json(n) ->> 'text' from public.notifications n where kind = 'moderation' order by 1 $$,
  $$ values ('Moderators are looking at ¡Qué chimba!'), ('Moderators restored ¡Qué chimba!') $$,
  'the owner hears what moderation decided');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('26010000-0000-4000-8000-000000000004', :'admin_session');
select is_empty($$ select * from public.notifications $$, 'an admin reads no one else''s notifications');
select is(public.notifications_page() -> 'unread', '0', 'and has none of their own');
update public.notifications set read_at = now();
select tests.clear_authentication();
select is((select count(*)::int from public.notifications where read_at is null and recipient = '26010000-0000-4000-8000-000000000001'), 6,
  'an admin''s update reaches no one else''s row: the owner''s six stay unread');

select * from finish();
rollback;
