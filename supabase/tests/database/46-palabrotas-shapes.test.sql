-- Issue 21's SQL, per actor (guest, owner, another learner, admin): entry_votes (palabrotas'
-- Vote list), rate_flashcard_previewed (a rating with its button previews),
-- delete_own_account (palabrotas' delete-account: typed DELETE and a recent sign-in), the
-- palabrotas' reset and verification links (remember_account_link, use_account_link,
-- caller_email_confirmed) and avatars (the bucket, its storage.objects policies, public.avatars).
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(42);

select tests.create_user('46010000-0000-4000-8000-000000000001', 'Lola Learner') as learner_session \gset
select tests.create_user('46010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('46010000-0000-4000-8000-000000000003', 'Ana Admin', true) as admin_session \gset
select tests.create_user('46010000-0000-4000-8000-000000000004', 'Dora Leaving') as leaving_session \gset

insert into public.entries (id, title, description, country, author, owner, show) values
  ('46e00000-0000-4000-8000-000000000001', 'bacán46', 'Great.', 'CL', 'Otto', '46010000-0000-4000-8000-000000000002', true);
insert into public.votes (entry_id, user_id, value) values
  ('46e00000-0000-4000-8000-000000000001', '46010000-0000-4000-8000-000000000001', 1);
insert into public.flashcards (id, user_id, entry_id) values
  ('46f00000-0000-4000-8000-000000000001', '46010000-0000-4000-8000-000000000001', '46e00000-0000-4000-8000-000000000001');

-- Claims of a session whose holder proved who they are `ago` before now (the token's amr).
create or replace function pg_temp.claims_at(user_id uuid, session_id uuid, ago interval) returns text language sql as $$
  select jsonb_build_object('sub', user_id, 'role', 'authenticated', 'session_id', session_id,
                            'amr', jsonb_build_array(jsonb_build_object('method', 'password', 'timestamp', extract(epoch from now() - ago)::bigint)))::text $$;
grant execute on function pg_temp.claims_at(uuid, uuid, interval) to public;
-- An upload as Storage writes it: the row, owned by the caller.
create or replace function pg_temp.upload(name text) returns void language sql as $$
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
  values ('avatars', name, (select auth.uid()), (select auth.uid())::text, '{"mimetype": "image/png", "size": 1000}') $$;
grant execute on function pg_temp.upload(text) to public;
select set_config('storage.allow_delete_query', 'true', true);

-------------------------------------------------------------------------------- the avatars bucket
select is((select jsonb_build_object('public', public, 'limit', file_size_limit, 'types', allowed_mime_types) from storage.buckets where id = 'avatars'),
  '{"public": true, "limit": 1048576, "types": ["image/png", "image/jpeg", "image/webp", "image/gif"]}', 'avatars: public, 1 MB, images only');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select is(jsonb_array_length(public.entry_votes('46e00000-0000-4000-8000-000000000001')), 1, 'a guest reads an entry''s votes');
select is((public.entry_votes('46e00000-0000-4000-8000-000000000001') -> 0) - '_id' - 'createdAt' - 'updatedAt',
  '{"user": {"_id": "46010000-0000-4000-8000-000000000001", "name": "Lola Learner"}, "content": "46e00000-0000-4000-8000-000000000001", "userId": "46010000-0000-4000-8000-000000000001", "voteType": "upvote", "contentId": "46e00000-0000-4000-8000-000000000001"}',
  'in palabrotas'' fields, the voter with its name');
select is(tests.error_of($$ select public.entry_votes('46e00000-0000-4000-8000-0000000000ff') $$) ->> 'hint', 'entry_not_found', 'an unknown entry is 404');
select is(tests.error_of($$ select public.rate_flashcard_previewed('46f00000-0000-4000-8000-000000000001', 3::smallint) $$) ->> 'hint', 'login_required',
  'a guest cannot rate: PT401');
select is(tests.error_of($$ select private.delete_own_account('DELETE') $$) ->> 'code', '42501', 'a guest cannot call delete_own_account at all');
select is(tests.error_of($$ select private.caller_email_confirmed() $$) ->> 'code', '42501', 'nor caller_email_confirmed');
select lives_ok($$ select private.remember_account_link('reset_password', 'nadie46@example.com', repeat('a', 64)) $$, 'a guest asks for a reset link of an unknown address');
select lives_ok($$ select private.remember_account_link('reset_password', 'Lola.Learner@test.jerga.local', repeat('b', 64)) $$, 'and of a known one (any case)');
select is(tests.error_of($$ select private.remember_account_link('reset_password', 'x@example.com', 'not-a-hash') $$) ->> 'hint', 'invalid_input', 'only a SHA-256 is kept');
select is(tests.error_of($$ select private.use_account_link('reset_password', repeat('a', 64)) $$) ->> 'hint', 'reset_link_invalid', 'the unknown address kept nothing');
select is(tests.error_of($$ select private.use_account_link('reset_password', repeat('b', 64)) $$) ->> 'hint', 'reset_link_invalid',
  'a reset token counts only once Auth''s recovery link was followed');
select is(jsonb_array_length(public.avatars_of_user('46010000-0000-4000-8000-000000000001')), 0, 'a guest reads a learner''s avatars (none yet)');
select is(tests.error_of($$ select public.add_avatar('46010000-0000-4000-8000-000000000001/a.png') $$) ->> 'hint', 'avatar_login_required', 'a guest cannot add one');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('avatars', '46010000-0000-4000-8000-000000000001/g.png') $$,
  '42501', null, 'nor upload into the bucket');

-- The learner follows Auth's recovery link (a session signed in by 'recovery').
select tests.clear_authentication();
insert into auth.sessions (id, user_id, created_at, updated_at) values ('46500000-0000-4000-8000-000000000001', '46010000-0000-4000-8000-000000000001', now(), now());
insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
values (gen_random_uuid(), '46500000-0000-4000-8000-000000000001', now(), now(), 'recovery');
select tests.authenticate_as(null);
select is(private.use_account_link('reset_password', repeat('b', 64)) ->> 'userId', '46010000-0000-4000-8000-000000000001', 'then the token gives its account, once');
select is(tests.error_of($$ select private.use_account_link('reset_password', repeat('b', 64)) $$) ->> 'hint', 'reset_link_invalid', 'not twice');
select tests.clear_authentication();
select is((select count(*)::int from auth.sessions where user_id = '46010000-0000-4000-8000-000000000001'), 0, 'and every session of the account ended');
select tests.create_user('46010000-0000-4000-8000-000000000011', 'Lola Again') as learner_session \gset
delete from public.flashcards where user_id = '46010000-0000-4000-8000-000000000011';
update public.flashcards set user_id = '46010000-0000-4000-8000-000000000011' where id = '46f00000-0000-4000-8000-000000000001';

-------------------------------------------------------------------------------- learner (owner)
select tests.authenticate_as('46010000-0000-4000-8000-000000000011', :'learner_session');
select is(private.caller_email_confirmed(), true, 'a learner asks whether their own address is confirmed');
select is((public.rate_flashcard_previewed('46f00000-0000-4000-8000-000000000001', 3::smallint) -> 'card') ->> 'reps', '1', 'the owner rates their card');
select is((select array_agg(k order by k) from jsonb_object_keys(public.rate_flashcard_previewed('46f00000-0000-4000-8000-000000000001', 1::smallint) -> 'preview') k),
  array['again', 'easy', 'good', 'hard'], 'with what each button would schedule now');
select lives_ok($$ select pg_temp.upload('46010000-0000-4000-8000-000000000011/perfil.png') $$, 'uploads an image into their own folder');
select throws_ok($$ select pg_temp.upload('46010000-0000-4000-8000-000000000002/perfil.png') $$, '42501', null, 'not into another''s');
select throws_ok($$ select pg_temp.upload('46010000-0000-4000-8000-000000000011/hondo/perfil.png') $$, '42501', null, 'nor deeper');
select throws_ok($$ select pg_temp.upload('46010000-0000-4000-8000-000000000011/nota.txt') $$, '42501', null, 'nor a file not named as an image');
select is(public.add_avatar('46010000-0000-4000-8000-000000000011/perfil.png', '  Llama  ') - '_id' - 'createdAt',
  '{"path": "46010000-0000-4000-8000-000000000011/perfil.png", "userId": "46010000-0000-4000-8000-000000000011", "description": "Llama"}',
  'names the uploaded image as an avatar');
select is(tests.error_of($$ select public.add_avatar('46010000-0000-4000-8000-000000000011/otra.png') $$) ->> 'hint', 'avatar_file_not_found', 'not an image never uploaded');
select throws_ok($$ insert into public.avatars (path) values ('46010000-0000-4000-8000-000000000011/otra.png') $$, '42501', null,
  'nor straight into the table without the file');

-------------------------------------------------------------------------------- another learner
select tests.authenticate_as('46010000-0000-4000-8000-000000000002', :'other_session');
select is(tests.error_of($$ select public.rate_flashcard_previewed('46f00000-0000-4000-8000-000000000001', 3::smallint) $$) ->> 'hint', 'flashcard_not_found',
  'another learner cannot rate the card: 404');
select is(tests.error_of($$ select public.add_avatar('46010000-0000-4000-8000-000000000011/perfil.png') $$) ->> 'hint', 'avatar_path_invalid', 'nor name the learner''s image');
select is_empty($$ delete from public.avatars where user_id = '46010000-0000-4000-8000-000000000011' returning id $$, 'nor remove the learner''s avatar');
select is_empty($$ delete from storage.objects where bucket_id = 'avatars' and name like '46010000-0000-4000-8000-000000000011/%' returning name $$, 'nor its file');
select is(jsonb_array_length(public.avatars_of_user('46010000-0000-4000-8000-000000000011')), 1, 'but sees it, as anyone does');
select is(tests.error_of($$ select private.delete_own_account('DELETE') $$) ->> 'hint', 'reauthentication_required',
  'a token without a recent sign-in cannot delete the account without a password');

-------------------------------------------------------------------------------- the account leaving
select set_config('request.jwt.claims', pg_temp.claims_at('46010000-0000-4000-8000-000000000004', :'leaving_session', interval '1 hour'), true);
select is(tests.error_of($$ select private.delete_own_account('DELETE') $$) ->> 'hint', 'reauthentication_required', 'signed in an hour ago: refused');
select set_config('request.jwt.claims', pg_temp.claims_at('46010000-0000-4000-8000-000000000004', :'leaving_session', interval '1 minute'), true);
select is(tests.error_of($$ select private.delete_own_account('delete') $$) ->> 'hint', 'delete_confirmation_required', 'DELETE must be typed as it is');
select is(private.delete_own_account('DELETE') ->> 'deleted', 'true', 'signed in a minute ago, DELETE typed: the account goes');
select tests.clear_authentication();
select is((select count(*)::int from auth.users where id = '46010000-0000-4000-8000-000000000004'), 0, 'gone from auth.users');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('46010000-0000-4000-8000-000000000003', :'admin_session');
select is_empty($$ delete from public.avatars where user_id = '46010000-0000-4000-8000-000000000011' returning id $$, 'an admin does not remove a learner''s avatar here either');
select is(tests.error_of($$ select public.rate_flashcard_previewed('46f00000-0000-4000-8000-000000000001', 3::smallint) $$) ->> 'hint', 'flashcard_not_found',
  'nor rate their card');
select is(jsonb_array_length(public.entry_votes('46e00000-0000-4000-8000-000000000001')), 1, 'and reads votes as anyone');
select set_config('request.jwt.claims', pg_temp.claims_at('46010000-0000-4000-8000-000000000003', :'admin_session', interval '1 minute'), true);
select is(private.delete_own_account('DELETE') ->> 'deleted', 'true', 'an admin, not the only one, deletes their own account the same way');

select * from finish();
rollback;
