-- profiles: created by trigger for every auth user; a user reads and edits only their own
-- name and time zone, admins read every profile, nobody writes is_admin or streaks.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(34);

-- Users, as GoTrue would insert them (the superuser arranges; the trigger makes profiles):
--   owner 1111…  name from metadata "name"
--   other 2222…  name from metadata "full_name" (Google sign-in)
--   admin 3333…  no name: falls back to the e-mail's local part
insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at) values
  ('11111111-1111-4111-8111-111111111111', 'authenticated', 'authenticated', 'owner@test.jerga.local',
   '{"name": "  Olivia Owner  "}', '2025-03-01 10:00:00+00'),
  ('22222222-2222-4222-8222-222222222222', 'authenticated', 'authenticated', 'other@test.jerga.local',
   '{"full_name": "Óscar Other"}', now()),
  ('33333333-3333-4333-8333-333333333333', 'authenticated', 'authenticated', 'ada.admin@test.jerga.local',
   '{}', now());
update public.profiles set is_admin = true where id = '33333333-3333-4333-8333-333333333333';

select ok(
  (select relrowsecurity from pg_class where oid = 'public.profiles'::regclass),
  'row level security is enabled on profiles'
);
select policies_are('public', 'profiles', array[
  'Users can read their own profile and admins every profile',
  'Users can edit their own profile'
], 'profiles has exactly the read and edit policies');

-- the sign-up trigger
select results_eq(
  $$ select name from public.profiles
      where id in ('11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222',
                   '33333333-3333-4333-8333-333333333333')
      order by id $$,
  array['Olivia Owner', 'Óscar Other', 'ada.admin'],
  'the trigger names a profile from "name", then "full_name", then the e-mail''s local part'
);
select results_eq(
  $$ select is_admin, current_streak, longest_streak, last_streak_day, time_zone, created_at
       from public.profiles where id = '11111111-1111-4111-8111-111111111111' $$,
  $$ values (false, 0, 0, null::date, 'UTC', '2025-03-01 10:00:00+00'::timestamptz) $$,
  'a new profile is no admin, has no streak, counts days in UTC and keeps the sign-up time'
);

-- anonymous: no access at all
select tests.authenticate_as(null);

select throws_ok($$ select * from public.profiles $$, '42501', null, 'anon cannot read profiles');
select throws_ok($$ update public.profiles set name = 'Hacker' $$, '42501', null, 'anon cannot edit profiles');
select throws_ok($$ insert into public.profiles (id) values ('44444444-4444-4444-8444-444444444444') $$,
  '42501', null, 'anon cannot create profiles');
select is((select private.is_admin()), false, 'anon is no admin');

-- owner: their own row only
select tests.clear_authentication();
select tests.authenticate_as('11111111-1111-4111-8111-111111111111', null);

select results_eq($$ select id from public.profiles $$,
  array['11111111-1111-4111-8111-111111111111'::uuid], 'a user reads only their own profile');
select is_empty($$ select * from public.profiles where id = '22222222-2222-4222-8222-222222222222' $$,
  'another user''s profile is hidden');
select is((select private.is_admin()), false, 'a plain user is no admin');
select results_eq(
  $$ update public.profiles set name = 'Olivia O.', time_zone = 'America/Mexico_City'
      where id = '11111111-1111-4111-8111-111111111111' returning name, time_zone $$,
  $$ values ('Olivia O.', 'America/Mexico_City') $$,
  'a user edits their own name and time zone'
);
select throws_ok($$ update public.profiles set is_admin = true where id = '11111111-1111-4111-8111-111111111111' $$,
  '42501', null, 'a user cannot make themselves admin');
select throws_ok($$ update public.profiles set current_streak = 100 where id = '11111111-1111-4111-8111-111111111111' $$,
  '42501', null, 'a user cannot set their current streak');
select throws_ok($$ update public.profiles set longest_streak = 100 where id = '11111111-1111-4111-8111-111111111111' $$,
  '42501', null, 'a user cannot set their longest streak');
select throws_ok($$ update public.profiles set last_streak_day = current_date where id = '11111111-1111-4111-8111-111111111111' $$,
  '42501', null, 'a user cannot set their last streak day');
select throws_ok($$ update public.profiles set created_at = now() - interval '10 years' where id = '11111111-1111-4111-8111-111111111111' $$,
  '42501', null, 'a user cannot backdate their profile');
select throws_ok($$ update public.profiles set last_login = now() where id = '11111111-1111-4111-8111-111111111111' $$,
  '42501', null, 'a user cannot write last_login');
select throws_ok($$ update public.profiles set id = '44444444-4444-4444-8444-444444444444' where id = '11111111-1111-4111-8111-111111111111' $$,
  '42501', null, 'a user cannot change their id');
select throws_ok($$ update public.profiles set name = repeat('x', 101) where id = '11111111-1111-4111-8111-111111111111' $$,
  '23514', null, 'a name longer than 100 characters is refused');
select throws_ok($$ insert into public.profiles (id, name) values ('11111111-1111-4111-8111-111111111111', 'Twin') $$,
  '42501', null, 'a user cannot insert profiles');
select throws_ok($$ delete from public.profiles where id = '11111111-1111-4111-8111-111111111111' $$,
  '42501', null, 'a user cannot delete their profile');

-- other user: cannot touch the owner's profile
select tests.clear_authentication();
select tests.authenticate_as('22222222-2222-4222-8222-222222222222', null);

select is_empty($$ select * from public.profiles where id = '11111111-1111-4111-8111-111111111111' $$,
  'the other user cannot read the owner''s profile');
select is_empty(
  $$ update public.profiles set name = 'Hijacked' where id = '11111111-1111-4111-8111-111111111111' returning id $$,
  'the other user''s edit of the owner''s profile affects no row'
);
select results_eq($$ select name from public.profiles $$, array['Óscar Other'],
  'the other user reads their own profile');

-- admin: reads everyone, still cannot edit others or grant admin through the API
select tests.clear_authentication();
select tests.authenticate_as('33333333-3333-4333-8333-333333333333', null);

select is((select private.is_admin()), true, 'the admin is recognised as admin');
select set_has(
  $$ select id from public.profiles $$,
  $$ values ('11111111-1111-4111-8111-111111111111'::uuid), ('22222222-2222-4222-8222-222222222222'::uuid),
            ('33333333-3333-4333-8333-333333333333'::uuid) $$,
  'an admin reads every profile'
);
select is_empty(
  $$ update public.profiles set name = 'Renamed by admin' where id = '22222222-2222-4222-8222-222222222222' returning id $$,
  'an admin''s edit of another profile affects no row (profiles are edited by their user)'
);
select throws_ok($$ update public.profiles set is_admin = true where id = '22222222-2222-4222-8222-222222222222' $$,
  '42501', null, 'an admin cannot grant admin through the API either');
select results_eq(
  $$ update public.profiles set name = 'Ada' where id = '33333333-3333-4333-8333-333333333333' returning name $$,
  array['Ada'], 'an admin edits their own name'
);

-- what really happened, read back by the superuser
select tests.clear_authentication();
select results_eq(
  $$ select name, time_zone, is_admin, current_streak from public.profiles
      where id = '11111111-1111-4111-8111-111111111111' $$,
  $$ values ('Olivia O.', 'America/Mexico_City', false, 0) $$,
  'the owner''s profile has only the owner''s own edits'
);
select is((select name from public.profiles where id = '22222222-2222-4222-8222-222222222222'), 'Óscar Other',
  'the other user''s profile is unchanged');
select is((select is_admin from public.profiles where id = '22222222-2222-4222-8222-222222222222'), false,
  'the other user is still no admin');
select is((select count(*)::int from public.profiles
            where id in ('11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222',
                         '33333333-3333-4333-8333-333333333333')), 3,
  'no profile was deleted');

select * from finish();
rollback;
