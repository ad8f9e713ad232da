-- delete_account: who may delete which account (the account itself with its current
-- password, an admin someone else's, never an admin's or the last admin's), and what goes
-- (flashcards, votes, notifications, sessions) and what stays (entries, comments as by
-- "deleted user", the audit row).
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(17);

-- Users: leaver …01 (with a password), other …02, admin …03, second admin …04.
select tests.create_user('27010000-0000-4000-8000-000000000001', 'Lea Leaver') as leaver_session \gset
select tests.create_user('27010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('27010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
select tests.create_user('27010000-0000-4000-8000-000000000004', 'Abel Admin', true) as admin2_session \gset
update auth.users set encrypted_password = extensions.crypt('correct-horse-9', extensions.gen_salt('bf', 4))
 where id = '27010000-0000-4000-8000-000000000001';

insert into public.entries (id, title, description, country, author, owner) values
  ('27e00000-0000-4000-8000-000000000001', 'guagua', 'Bus.', 'CU', 'Lea', '27010000-0000-4000-8000-000000000001'),
  ('27e00000-0000-4000-8000-000000000002', 'chamo', 'Kid.', 'VE', 'Otto', '27010000-0000-4000-8000-000000000002');
insert into public.comments (id, entry_id, owner, owner_name, text) values
  ('27c00000-0000-4000-8000-000000000001', '27e00000-0000-4000-8000-000000000002', '27010000-0000-4000-8000-000000000001', 'Lea Leaver', 'En Caracas sí.');
insert into public.votes (entry_id, user_id, value) values ('27e00000-0000-4000-8000-000000000002', '27010000-0000-4000-8000-000000000001', 1);
insert into public.flashcards (user_id, entry_id) values ('27010000-0000-4000-8000-000000000001', '27e00000-0000-4000-8000-000000000002');

-------------------------------------------------------------------------------- anonymous
select tests.authenticate_as(null);
select throws_ok($$ select public.delete_account('x') $$, '42501', null, 'a guest may not call delete_account at all');

-------------------------------------------------------------------------------- other learner
select tests.clear_authentication();
select tests.authenticate_as('27010000-0000-4000-8000-000000000002', :'other_session');
select is(tests.error_of($$ select public.delete_account(null, '27010000-0000-4000-8000-000000000001') $$) ->> 'hint', 'admin_required',
  'a learner cannot delete someone else''s account');

-------------------------------------------------------------------------------- owner (the account itself)
select tests.authenticate_as('27010000-0000-4000-8000-000000000001', :'leaver_session');
select is(tests.error_of($$ select public.delete_account('wrong-horse') $$) - 'message',
  '{"code": "PT403", "hint": "current_password_incorrect", "column": "currentPassword"}', 'the wrong current password: 403, nothing goes');
select is(tests.error_of($$ select public.delete_account(null) $$) ->> 'hint', 'current_password_incorrect', 'no password: the same');
select is(public.delete_account('correct-horse-9') ->> 'deleted', 'true', 'the right password deletes the account');
select tests.clear_authentication();
select is((select count(*)::int from auth.users where id = '27010000-0000-4000-8000-000000000001'), 0, 'the user is gone');
select is((select count(*)::int from auth.sessions where user_id = '27010000-0000-4000-8000-000000000001'), 0, 'with every session');
select is((select count(*)::int from public.flashcards where user_id = '27010000-0000-4000-8000-000000000001'), 0, 'their flashcards go');
select is((select upvotes from public.entries where id = '27e00000-0000-4000-8000-000000000002'), 0, 'their votes go, the tally follows');
select is((select owner::text || '/' || author from public.entries where id = '27e00000-0000-4000-8000-000000000001'), null,
  'their entry stays, without an owner');
select is((select author from public.entries where id = '27e00000-0000-4000-8000-000000000001'), 'Lea', 'its Author kept');
select is((select public.comment_json(c) -> 'owner' from public.comments c where id = '27c00000-0000-4000-8000-000000000001'),
  '{"_id": null, "name": "deleted user"}', 'their comment stays, by "deleted user"');
select is((select action || ':' || target_label from public.audit_log where target_id = '27010000-0000-4000-8000-000000000001'),
  'delete_account:Lea Leaver', 'the audit log keeps the event');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('27010000-0000-4000-8000-000000000003', :'admin_session');
select is(tests.error_of($$ select public.delete_account(null, '27010000-0000-4000-8000-000000000004') $$) ->> 'hint', 'delete_admin',
  'an admin cannot delete another admin (revoke first)');
select is(public.delete_account(null, '27010000-0000-4000-8000-000000000002') ->> 'deleted', 'true', 'an admin deletes a learner''s account');
select is((select (details ->> 'byAdmin') || ':' || actor_name from public.audit_log where target_id = '27010000-0000-4000-8000-000000000002'),
  'true:Ada Admin', 'audited as the admin''s');
select is(tests.error_of($$ select public.delete_account(null, '27010000-0000-4000-8000-0000000000ff') $$) ->> 'hint', 'user_not_found',
  'an unknown account: user_not_found');

select * from finish();
rollback;
