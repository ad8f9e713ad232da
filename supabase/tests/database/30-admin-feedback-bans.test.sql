-- admin feedback, bans and counts (20260703000200): mark_feedback_handled (admins only,
-- audited, the log still append-only), bannedUntil in list_users (private.running_bans,
-- admins only), and comment_count through hold, remove, restore and delete. By actor:
-- anonymous, owner (sent the feedback, wrote the entry and a comment), other learner, admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(54);

-- Users: owner …01, other learner …02, admin …03, second admin …04 (a reporter), banned-to-be …05.
select tests.create_user('30010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('30010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('30010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
select tests.create_user('30010000-0000-4000-8000-000000000004', 'Abe Admin', true) as admin2_session \gset
select tests.create_user('30010000-0000-4000-8000-000000000005', 'Bea Banned') as banned_session \gset
-- The three who report Olga's comment are trusted (72 hours old, with an entry that stands).
select tests.make_trusted(id) from unnest('{30010000-0000-4000-8000-000000000002, 30010000-0000-4000-8000-000000000003,
                                            30010000-0000-4000-8000-000000000004}'::uuid[]) id;

insert into public.feedback (id, name, email, message, user_id) values
  ('30f00000-0000-4000-8000-000000000001', 'Olga', 'olga@example.com', 'Más de Chile, por favor.', '30010000-0000-4000-8000-000000000001'),
  ('30f00000-0000-4000-8000-000000000002', 'Gina', 'gina@example.com', 'Un error en la ficha.', null);
insert into public.entries (id, title, description, country, author, owner) values
  ('30e00000-0000-4000-8000-000000000001', 'chévere', 'Great.', 'VE', 'Olga', '30010000-0000-4000-8000-000000000001');
insert into public.comments (id, entry_id, owner, owner_name, text) values
  ('30c00000-0000-4000-8000-000000000001', '30e00000-0000-4000-8000-000000000001', '30010000-0000-4000-8000-000000000001', 'Olga Owner', 'Lo dicen en Caracas.'),
  ('30c00000-0000-4000-8000-000000000002', '30e00000-0000-4000-8000-000000000001', '30010000-0000-4000-8000-000000000002', 'Otto Other', 'Y en Maracaibo.');

create temporary view comment_count as
  select comment_count from public.entries where id = '30e00000-0000-4000-8000-000000000001';
create temporary view feedback_audit as
  select action, actor, target_type from public.audit_log where target_id like '30f0%' order by id;
create temporary view sent as
  select event, payload from realtime.messages where payload ->> 'contentId' = '30e00000-0000-4000-8000-000000000001';
grant select on comment_count, feedback_audit, sent to public;

-------------------------------------------------------------------------------- the recount
select is_empty($$ select e.id from public.entries e
                    where e.comment_count <> (select count(*) from public.comments c where c.entry_id = e.id and c.moderation is null) $$,
  'every entry counts exactly its comments that are not held or removed');
select is((select comment_count from comment_count), 2, 'two shown comments count two');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select throws_ok($$ select public.mark_feedback_handled('30f00000-0000-4000-8000-000000000001', true) $$, '42501', null,
  'a guest may not call mark_feedback_handled at all');
select throws_ok($$ update public.feedback set handled_at = now() $$, '42501', null, 'nor mark feedback handled directly');
select throws_ok($$ select * from private.running_bans() $$, '42501', null, 'nor read bans');
select is(tests.error_of($$ select * from public.list_users() $$) ->> 'hint', 'page_login_required', 'the users list asks a guest to log in');

-------------------------------------------------------------------------------- owner (sent the feedback)
select tests.clear_authentication();
select tests.authenticate_as('30010000-0000-4000-8000-000000000001', :'owner_session');

select is(tests.error_of($$ select public.mark_feedback_handled('30f00000-0000-4000-8000-000000000001', true) $$) - 'message',
  '{"code": "PT403", "hint": "admin_required"}', 'the sender cannot mark their own feedback handled: PT403 admin_required');
select throws_ok($$ update public.feedback set handled_at = now(), handled_by = auth.uid() $$, '42501', null,
  'nor write handled_at directly (no grant)');
select is_empty($$ select * from public.feedback $$, 'nor read feedback, their own included');
select is(tests.error_of($$ select * from public.list_users() $$) - 'message', '{"code": "PT403", "hint": "admin_required"}',
  'a learner cannot list users');
select is_empty($$ select * from private.running_bans() $$, 'running_bans tells a learner nothing');

-------------------------------------------------------------------------------- other learner
select tests.authenticate_as('30010000-0000-4000-8000-000000000002', :'other_session');

select is(tests.error_of($$ select public.mark_feedback_handled('30f00000-0000-4000-8000-000000000002', true) $$) ->> 'hint',
  'admin_required', 'another learner cannot mark feedback handled');
select is(tests.error_of($$ select public.mark_feedback_handled('30f00000-0000-4000-8000-0000000000ff', true) $$) ->> 'hint',
  'admin_required', 'and learns nothing about which ids exist');

-------------------------------------------------------------------------------- admin: feedback
select tests.authenticate_as('30010000-0000-4000-8000-000000000003', :'admin_session');

select is((select array_agg(x.k order by x.k) from jsonb_object_keys(public.list_feedback() -> 0) x(k)),
  array['_id', 'createdAt', 'email', 'handled', 'handledAt', 'handledBy', 'message', 'name', 'userId'],
  'the list keeps its fields and adds handled, handledAt and handledBy');
select is((select (f ->> 'handled')::boolean from jsonb_array_elements(public.list_feedback()) f where f ->> '_id' = '30f00000-0000-4000-8000-000000000001'),
  false, 'feedback starts open');
select public.mark_feedback_handled('30f00000-0000-4000-8000-000000000001', true) as handled_reply \gset
select is((:'handled_reply'::jsonb) ->> 'handled', 'true', 'an admin marks feedback handled');
select is((:'handled_reply'::jsonb) -> 'handledBy', '{"_id": "30010000-0000-4000-8000-000000000003", "name": "Ada Admin"}',
  'the reply says who');
select ok(((:'handled_reply'::jsonb) ->> 'handledAt')::timestamptz = now(), 'and when (this transaction)');
select results_eq($$ select handled_at = now(), handled_by from public.feedback where id = '30f00000-0000-4000-8000-000000000001' $$,
  $$ values (true, '30010000-0000-4000-8000-000000000003'::uuid) $$, 'the row stores who and when');
select results_eq($$ select * from feedback_audit $$,
  $$ values ('feedback_handled', '30010000-0000-4000-8000-000000000003'::uuid, 'feedback') $$,
  'with an audit row in the same transaction');
select is((select target_label from public.audit_log where target_id = '30f00000-0000-4000-8000-000000000001'),
  'Olga: Más de Chile, por favor.', 'labelled by sender and message');
select is(public.mark_feedback_handled('30f00000-0000-4000-8000-000000000001', true) ->> 'handled', 'true', 'marking it again is a success');
select is((select count(*)::int from feedback_audit), 1, 'that changes nothing and writes no second row');
select is(public.mark_feedback_handled('30f00000-0000-4000-8000-000000000001', false) - 'createdAt',
  '{"_id": "30f00000-0000-4000-8000-000000000001", "name": "Olga", "email": "olga@example.com", "message": "Más de Chile, por favor.",
    "userId": "30010000-0000-4000-8000-000000000001", "handled": false, "handledAt": null, "handledBy": null}',
  'reopening clears who and when');
select results_eq($$ select action from feedback_audit $$, $$ values ('feedback_handled'), ('feedback_reopened') $$, 'and is audited too');
select is(tests.error_of($$ select public.mark_feedback_handled('30f00000-0000-4000-8000-0000000000ff', true) $$) - 'message',
  '{"code": "PT404", "hint": "feedback_not_found"}', 'an unknown id: PT404 feedback_not_found');
select is(tests.error_of($$ select public.mark_feedback_handled('30f00000-0000-4000-8000-000000000002', null) $$) - 'message',
  '{"code": "PT400", "hint": "invalid_input", "column": "handled"}', 'handled must be true or false: PT400');
select throws_ok($$ update public.feedback set handled_at = null $$, '42501', null, 'an admin too writes it only through the function');
select is(public.audit_entries() -> 0 ->> 'action', 'feedback_reopened', 'the audit log shows it, newest first');
select throws_ok($$ update public.audit_log set reason = 'nothing' where target_type = 'feedback' $$, '42501', null,
  'an admin cannot change the feedback audit rows');
select throws_ok($$ delete from public.audit_log where target_type = 'feedback' $$, '42501', null, 'nor delete them');

-------------------------------------------------------------------------------- admin: bans in the users list
create temporary view listed as select u ->> '_id' as id, u from public.list_users() u;
select is((select (u ? 'bannedUntil') and u ->> 'bannedUntil' is null from listed where id = '30010000-0000-4000-8000-000000000005'),
  true, 'an account without a ban: bannedUntil null');
select ok((select u ?& array['_id', 'name', 'email', 'isAdmin', 'createdAt', 'lastLogin', 'timeZone', 'currentStreak', 'longestStreak', 'notifications']
             from listed where id = '30010000-0000-4000-8000-000000000005'),
  'the users list keeps every field it had');
select lives_ok($$ select public.ban_user('30010000-0000-4000-8000-000000000005', true, 'Spam.', now() + interval '7 days') $$,
  'an admin bans an account for a week');
select is((select (u ->> 'bannedUntil')::timestamptz from listed where id = '30010000-0000-4000-8000-000000000005'),
  now() + interval '7 days', 'the list says until when');
select results_eq($$ select user_id from private.running_bans() where user_id::text like '3001%' $$,
  $$ values ('30010000-0000-4000-8000-000000000005'::uuid) $$, 'running_bans shows an admin the running ban');
select tests.clear_authentication();
update auth.users set banned_until = now() - interval '1 hour' where id = '30010000-0000-4000-8000-000000000002';
select tests.authenticate_as('30010000-0000-4000-8000-000000000003', :'admin_session');
select is((select u ->> 'bannedUntil' from listed where id = '30010000-0000-4000-8000-000000000002'), null,
  'a ban that has ended is no ban: null');
select lives_ok($$ select public.ban_user('30010000-0000-4000-8000-000000000005', true) $$, 'banned for good instead');
select ok((select (u ->> 'bannedUntil')::timestamptz > now() + interval '99 years' from listed where id = '30010000-0000-4000-8000-000000000005'),
  'for good: a hundred years');
select lives_ok($$ select public.ban_user('30010000-0000-4000-8000-000000000005', false) $$, 'and lifts it');
select is((select u ->> 'bannedUntil' from listed where id = '30010000-0000-4000-8000-000000000005'), null, 'the list says so');
select is(tests.error_of($$ select public.ban_user('30010000-0000-4000-8000-000000000004', true) $$) ->> 'hint', 'ban_admin',
  'another admin cannot be banned (the table offers no Ban there)');

-------------------------------------------------------------------------------- comment_count through moderation
-- Three trusted accounts report Olga's comment: held, out of the count.
select tests.authenticate_as('30010000-0000-4000-8000-000000000002', :'other_session');
select public.add_report(null, '30c00000-0000-4000-8000-000000000001', 'spam') is not null as reported \gset
select tests.authenticate_as('30010000-0000-4000-8000-000000000004', :'admin2_session');
select public.add_report(null, '30c00000-0000-4000-8000-000000000001', 'spam') is not null as reported \gset
select tests.authenticate_as('30010000-0000-4000-8000-000000000003', :'admin_session');
select public.add_report(null, '30c00000-0000-4000-8000-000000000001', 'spam') is not null as reported \gset
select is((select moderation from public.comments where id = '30c00000-0000-4000-8000-000000000001'), 'held', 'the third report holds the comment');
select is((select comment_count from comment_count), 1, 'a held comment leaves the count');
select is((select payload ->> 'commentCount' from sent where event = 'comment_hidden'), '1', 'the entry''s page hears the new count');
select lives_ok($$ select public.resolve_report(null, '30c00000-0000-4000-8000-000000000001', 'remove') $$, 'an admin removes it');
select is((select comment_count from comment_count), 1, 'held to removed: still out, not counted twice');
select lives_ok($$ select public.resolve_report(null, '30c00000-0000-4000-8000-000000000001', 'restore') $$, 'and restores it');
select is((select comment_count from comment_count), 2, 'a restored comment counts again');

-- Held again, then deleted by its writer: it had already left the count.
select tests.clear_authentication();
update public.comments set moderation = 'held' where id = '30c00000-0000-4000-8000-000000000001';
select tests.authenticate_as('30010000-0000-4000-8000-000000000001', :'owner_session');
select lives_ok($$ select public.delete_comment('30c00000-0000-4000-8000-000000000001') $$, 'the writer deletes their held comment');
select is((select comment_count from comment_count), 1, 'deleting a held comment does not count it out twice');
select tests.clear_authentication();
insert into public.comments (id, entry_id, owner, owner_name, text, moderation) values
  ('30c00000-0000-4000-8000-000000000003', '30e00000-0000-4000-8000-000000000001', '30010000-0000-4000-8000-000000000002', 'Otto Other', 'Retenido.', 'held');
select is((select comment_count from comment_count), 1, 'a comment written held is not counted');
select tests.authenticate_as('30010000-0000-4000-8000-000000000002', :'other_session');
select lives_ok($$ select public.delete_comment('30c00000-0000-4000-8000-000000000002') $$, 'the other learner deletes their shown comment');
select is((select comment_count from comment_count), 0, 'a shown comment deleted leaves the count');

select * from finish();
rollback;
