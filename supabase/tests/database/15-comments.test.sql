-- comments: the table's policies and column grants per actor, and public.add_comment,
-- comments_of_entry and delete_comment. Text trimmed, 1 to 2000 characters; shown entries
-- only; newest first; the writer or an admin deletes; the entry's comment_count stays
-- exact and nobody writes it directly; guests read and are asked to log in.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(31);

-- Users: owner …01 (of the entries), writer …02, other …03, admin …04.
select tests.create_user('15010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('15010000-0000-4000-8000-000000000002', 'Wanda Writer') as writer_session \gset
select tests.create_user('15010000-0000-4000-8000-000000000003', 'Otto Other') as other_session \gset
select tests.create_user('15010000-0000-4000-8000-000000000004', 'Ada Admin', true) as admin_session \gset

-- Entries: …01 shown, …02 hidden (both the owner's).
insert into public.entries (id, title, description, country, author, owner, show) values
  ('15e00000-0000-4000-8000-000000000001', 'chido', 'Cool.', 'MX', 'Olga', '15010000-0000-4000-8000-000000000001', true),
  ('15e00000-0000-4000-8000-000000000002', 'vaina', 'Thing.', 'DO', 'Olga', '15010000-0000-4000-8000-000000000001', false);
-- An older comment by the owner on each entry.
insert into public.comments (id, entry_id, owner, owner_name, text, created_at) values
  ('15c00000-0000-4000-8000-000000000001', '15e00000-0000-4000-8000-000000000001', '15010000-0000-4000-8000-000000000001', 'Olga Owner', 'Se dice mucho en el DF.', '2025-01-01'),
  ('15c00000-0000-4000-8000-000000000002', '15e00000-0000-4000-8000-000000000002', '15010000-0000-4000-8000-000000000001', 'Olga Owner', 'Borrador.', '2025-01-01');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(public.comments_of_entry('15e00000-0000-4000-8000-000000000001'),
  '[{"_id": "15c00000-0000-4000-8000-000000000001", "contentId": "15e00000-0000-4000-8000-000000000001", "text": "Se dice mucho en el DF.",
     "owner": {"_id": "15010000-0000-4000-8000-000000000001", "name": "Olga Owner"}, "createdAt": "2025-01-01T00:00:00+00:00"}]',
  'a guest reads a shown entry''s comments with the spec''s fields');
select is(tests.error_of($$ select public.comments_of_entry('15e00000-0000-4000-8000-000000000002') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'a hidden entry''s comments: PT404 entry_not_found');
select is_empty($$ select * from public.comments where entry_id = '15e00000-0000-4000-8000-000000000002' $$,
  'a guest sees no comments of a hidden entry (RLS)');
select is(tests.error_of($$ select public.add_comment('15e00000-0000-4000-8000-000000000001', 'Hola') $$) - 'message',
  '{"code": "PT401", "hint": "comment_login_required"}', 'a guest cannot comment: PT401 comment_login_required');
select is(tests.error_of($$ select public.delete_comment('15c00000-0000-4000-8000-000000000001') $$) ->> 'hint',
  'login_required', 'nor delete a comment');
select throws_ok($$ insert into public.comments (entry_id, owner_name, text) values ('15e00000-0000-4000-8000-000000000001', 'x', 'y') $$,
  '42501', null, 'a guest cannot insert a comment directly');

-------------------------------------------------------------------------------- writer (signed in, not the owner)
select tests.clear_authentication();
select tests.authenticate_as('15010000-0000-4000-8000-000000000002', :'writer_session');

select is(public.add_comment('15e00000-0000-4000-8000-000000000001', E'  ¡Qué chido! \n') - '_id' - 'createdAt',
  '{"contentId": "15e00000-0000-4000-8000-000000000001", "text": "¡Qué chido!", "owner": {"_id": "15010000-0000-4000-8000-000000000002", "name": "Wanda Writer"}}',
  'a learner comments: trimmed, in their name');
select is(public.comments_of_entry('15e00000-0000-4000-8000-000000000001') -> 0 ->> 'text', '¡Qué chido!', 'newest first');
select is(tests.error_of($$ select public.add_comment('15e00000-0000-4000-8000-000000000001', '   ') $$) - 'message',
  '{"code": "PT400", "hint": "comment_required", "column": "text"}', 'a blank comment: PT400 comment_required on text');
select is(tests.error_of($$ select public.add_comment('15e00000-0000-4000-8000-000000000001', null) $$) ->> 'hint',
  'comment_required', 'no text: comment_required');
select is(tests.error_of($$ select public.add_comment('15e00000-0000-4000-8000-000000000001', repeat('é', 2001)) $$) - 'message',
  '{"code": "PT400", "hint": "comment_too_long", "column": "text"}', 'over 2000 characters: comment_too_long');
select is(public.add_comment('15e00000-0000-4000-8000-000000000001', repeat('é', 2000)) ->> 'text', repeat('é', 2000),
  '2000 characters (not bytes) are accepted');
select is(tests.error_of($$ select public.add_comment('15e00000-0000-4000-8000-000000000002', 'Hola') $$) ->> 'hint',
  'entry_not_found', 'a hidden entry: entry_not_found');
select is(tests.error_of($$ select public.add_comment('15e00000-0000-4000-8000-0000000000ff', 'Hola') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'an entry that does not exist: PT404 entry_not_found');
select is(tests.error_of($$ select public.delete_comment('15c00000-0000-4000-8000-000000000001') $$) - 'message',
  '{"code": "PT403", "hint": "forbidden"}', 'a learner cannot delete someone else''s comment: PT403 forbidden');
select throws_ok($$ insert into public.comments (entry_id, owner, owner_name, text) values ('15e00000-0000-4000-8000-000000000001', '15010000-0000-4000-8000-000000000003', 'Otto', 'x') $$,
  '42501', null, 'nobody comments in someone else''s name');
select throws_ok($$ update public.comments set text = 'edited' where owner = '15010000-0000-4000-8000-000000000002' $$,
  '42501', null, 'comments are not edited');
select throws_ok($$ update public.entries set comment_count = 0 where id = '15e00000-0000-4000-8000-000000000001' $$,
  '42501', null, 'nobody writes comment_count directly');

-------------------------------------------------------------------------------- other user
select tests.clear_authentication();
select tests.authenticate_as('15010000-0000-4000-8000-000000000003', :'other_session');

select is(public.add_comment('15e00000-0000-4000-8000-000000000001', 'Yo digo "padre".') ->> 'text', 'Yo digo "padre".', 'another user comments');
select is(public.delete_comment((select id from public.comments where owner = '15010000-0000-4000-8000-000000000003')) ->> 'text',
  'Yo digo "padre".', 'and deletes their own comment');
select is(tests.error_of($$ select public.delete_comment('15c00000-0000-4000-8000-0000000000ff') $$) - 'message',
  '{"code": "PT404", "hint": "comment_not_found"}', 'a comment that does not exist: PT404 comment_not_found');
select is(tests.error_of($$ select public.delete_comment('15c00000-0000-4000-8000-000000000002') $$) ->> 'hint',
  'comment_not_found', 'a comment on a hidden entry is not found');

-------------------------------------------------------------------------------- owner (of the entries)
select tests.clear_authentication();
select tests.authenticate_as('15010000-0000-4000-8000-000000000001', :'owner_session');

select is(jsonb_array_length(public.comments_of_entry('15e00000-0000-4000-8000-000000000002')), 1, 'the owner reads their hidden entry''s comments');
select throws_ok($$ select public.add_comment('15e00000-0000-4000-8000-000000000002', 'Nota') $$,
  '42501', null, 'nobody comments on a hidden entry, not even its owner (RLS: 42501)');
select is(tests.error_of($$ select public.delete_comment((select id from public.comments where owner = '15010000-0000-4000-8000-000000000002' limit 1)) $$) ->> 'hint',
  'forbidden', 'an entry''s owner cannot delete others'' comments on it');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('15010000-0000-4000-8000-000000000004', :'admin_session');

select is(public.delete_comment('15c00000-0000-4000-8000-000000000002') ->> 'text', 'Borrador.', 'an admin deletes a comment on a hidden entry');
select is(public.delete_comment((select id from public.comments where owner = '15010000-0000-4000-8000-000000000002' and text = '¡Qué chido!')) ->> 'text',
  '¡Qué chido!', 'and any learner''s comment');

-------------------------------------------------------------------------------- afterwards (as the superuser)
select tests.clear_authentication();
select results_eq(
  $$ select e.id, e.comment_count from public.entries e where e.id::text like '15e00000%' order by e.id $$,
  $$ select e.id, (select count(*)::int from public.comments c where c.entry_id = e.id) from public.entries e where e.id::text like '15e00000%' order by e.id $$,
  'each entry''s comment_count equals its comments after every insert and delete');
select is((select comment_count from public.entries where id = '15e00000-0000-4000-8000-000000000001'), 2, 'two comments left on the shown entry');
delete from public.entries where id = '15e00000-0000-4000-8000-000000000001';
select is_empty($$ select * from public.comments where entry_id = '15e00000-0000-4000-8000-000000000001' $$,
  'deleting an entry deletes its comments (and the count trigger copes)');
select policies_are('public', 'comments', array[
  'Readers see shown comments, writers and admins held ones too',
  'Learners can comment on shown entries in their own name',
  'Commenters and admins can delete comments'], 'comments has exactly its three policies');

select * from finish();
rollback;
