-- accounts: the profile follows auth.users (email, last login), user_json's shape, the
-- time-zone check, and set_admin — only admins grant or revoke, the last admin keeps theirs.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(24);

-- No other admins may exist for the last-admin rule to be tested deterministically.
update public.profiles set is_admin = false;

insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at) values
  ('71111111-1111-4111-8111-111111111111', 'authenticated', 'authenticated', 'user@test.jerga.local', '{"name": "Uma User"}', now()),
  ('72222222-2222-4222-8222-222222222222', 'authenticated', 'authenticated', 'other@test.jerga.local', '{"name": "Otto Other"}', now()),
  ('73333333-3333-4333-8333-333333333333', 'authenticated', 'authenticated', 'admin@test.jerga.local', '{"name": "Ada Admin"}', now());
update public.profiles set is_admin = true where id = '73333333-3333-4333-8333-333333333333';

-- the profile follows auth.users
select is((select email from public.profiles where id = '71111111-1111-4111-8111-111111111111'),
  'user@test.jerga.local', 'a new profile copies the e-mail');
update auth.users set email = 'uma@test.jerga.local', last_sign_in_at = '2026-05-01 12:00:00+00'
 where id = '71111111-1111-4111-8111-111111111111';
select results_eq(
  $$ select email, last_login from public.profiles where id = '71111111-1111-4111-8111-111111111111' $$,
  $$ values ('uma@test.jerga.local', '2026-05-01 12:00:00+00'::timestamptz) $$,
  'an e-mail change and a sign-in update the profile'
);

-- user_json
select is(
  (select public.user_json(p) from public.profiles p where id = '71111111-1111-4111-8111-111111111111')
    - 'createdAt',
  '{"_id": "71111111-1111-4111-8111-111111111111", "name": "Uma User", "email": "uma@test.jerga.local",
    "isAdmin": false, "lastLogin": "2026-05-01T12:00:00+00:00", "timeZone": "UTC",
    "currentStreak": 0, "longestStreak": 0, "notifications": {"comments": true, "replies": true, "votes": true, "moderation": true}, "newCardsPerDay": 20, "maxReviewsPerDay": 200, "reminders": {"email": false, "push": false, "time": "19:00"}, "language": "en", "reminderOffered": false}'::jsonb,
  'user_json has the spec''s field names'
);

-- anonymous
select tests.authenticate_as(null);
select throws_ok($$ select public.set_admin('71111111-1111-4111-8111-111111111111', true) $$,
  '42501', null, 'anon cannot call set_admin');
select throws_ok($$ select public.user_json(p) from public.profiles p $$, '42501', null, 'anon cannot read users');

-- a normal user
select tests.clear_authentication();
select tests.authenticate_as('71111111-1111-4111-8111-111111111111', null);
select throws_ok($$ select public.set_admin('71111111-1111-4111-8111-111111111111', true) $$,
  'PT403', 'only admins can grant or revoke admin rights', 'a user cannot make themself admin');
select throws_ok($$ select public.set_admin('73333333-3333-4333-8333-333333333333', false) $$,
  'PT403', null, 'a user cannot revoke an admin');
select throws_ok($$ update public.profiles set is_admin = true where id = '71111111-1111-4111-8111-111111111111' $$,
  '42501', null, 'a user cannot write is_admin directly');
select results_eq($$ select id from public.profiles $$,
  $$ values ('71111111-1111-4111-8111-111111111111'::uuid) $$,
  'a user listing users sees only themself');
select lives_ok($$ update public.profiles set time_zone = 'America/Argentina/Buenos_Aires' where id = '71111111-1111-4111-8111-111111111111' $$,
  'a user can set a real time zone');
select throws_ok($$ update public.profiles set time_zone = 'Mars/Olympus' where id = '71111111-1111-4111-8111-111111111111' $$,
  '22023', null, 'an unknown time zone is refused');
select is((select is_admin from public.profiles where id = '71111111-1111-4111-8111-111111111111'), false,
  'the user is still no admin');

-- the admin
select tests.clear_authentication();
select tests.authenticate_as('73333333-3333-4333-8333-333333333333', null);
select ok((select count(*) from public.profiles) >= 3, 'an admin lists every user');
select results_eq(
  $$ select id::text, email from public.profiles where id in ('71111111-1111-4111-8111-111111111111', '72222222-2222-4222-8222-222222222222') order by id $$,
  $$ values ('71111111-1111-4111-8111-111111111111', 'uma@test.jerga.local'), ('72222222-2222-4222-8222-222222222222', 'other@test.jerga.local') $$,
  'an admin sees other users'' e-mails'
);
select throws_ok($$ select public.set_admin('73333333-3333-4333-8333-333333333333', false) $$,
  'PT409', 'you are the only admin', 'the only admin cannot revoke their own rights');
select is((select public.set_admin('72222222-2222-4222-8222-222222222222', true) ->> 'isAdmin'), 'true',
  'an admin grants admin rights and gets the user back');
select throws_ok($$ select public.set_admin('00000000-0000-4000-8000-000000000000', true) $$,
  'PT404', null, 'granting an unknown user fails');
select throws_ok($$ select public.set_admin('72222222-2222-4222-8222-222222222222', null) $$,
  'PT400', null, 'make_admin must be given');
select is((select public.set_admin('73333333-3333-4333-8333-333333333333', false) ->> 'isAdmin'), 'false',
  'with another admin present, an admin may step down');

-- the new admin (Otto) and the former admin (Ada)
select throws_ok($$ select public.set_admin('71111111-1111-4111-8111-111111111111', true) $$,
  'PT403', null, 'a former admin can no longer grant');
select tests.clear_authentication();
select tests.authenticate_as('72222222-2222-4222-8222-222222222222', null);
select is((select public.set_admin('73333333-3333-4333-8333-333333333333', true) ->> 'isAdmin'), 'true',
  'the new admin can grant rights back');
select is((select public.set_admin('72222222-2222-4222-8222-222222222222', false) ->> 'isAdmin'), 'false',
  'and step down while another admin remains');
select throws_ok($$ select public.set_admin('72222222-2222-4222-8222-222222222222', true) $$,
  'PT403', null, 'and then cannot make themself admin again');

select tests.clear_authentication();
select results_eq(
  $$ select id::text from public.profiles where is_admin order by id $$,
  $$ values ('73333333-3333-4333-8333-333333333333') $$,
  'exactly one admin remains'
);

select * from finish();
rollback;
