-- account functions: public.current_profile, update_profile (name rules, a real time zone, a
-- null argument keeps its field), list_users (admins only; keyset pages newest first, page
-- size clamped to 1..1000) and set_admin as replaced in 20260201000500 (PT codes; guests
-- may not execute it at all).
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(47);

-- No other admins, so the last-admin rule is deterministic.
update public.profiles set is_admin = false;

-- Users: Uma …01, Otto …02, Ada the admin …03; Pia …04 and Pepe …05 signed up at the same moment.
select tests.create_user('12010000-0000-4000-8000-000000000001', 'Uma User') as uma_session \gset
select tests.create_user('12010000-0000-4000-8000-000000000002', 'Otto Other') as otto_session \gset
select tests.create_user('12010000-0000-4000-8000-000000000003', 'Ada Admin', true) as ada_session \gset
select tests.create_user('12010000-0000-4000-8000-000000000004', 'Pia Same') as pia_session \gset
select tests.create_user('12010000-0000-4000-8000-000000000005', 'Pepe Same') as pepe_session \gset
select tests.create_user('12010000-0000-4000-8000-000000000006', 'Nemo Noprofile') as nemo_session \gset
-- They are the newest accounts (far in the future), so list_users' first pages are theirs.
update public.profiles set created_at = case id
    when '12010000-0000-4000-8000-000000000001' then '2990-01-01T00:00:00Z'::timestamptz
    when '12010000-0000-4000-8000-000000000002' then '2990-01-02T00:00:00Z'
    when '12010000-0000-4000-8000-000000000003' then '2990-01-03T00:00:00Z'
    else '2990-01-04T00:00:00Z' end
 where id::text like '12010000-%';
-- Nemo's profile is gone (as if removed by hand): the functions must cope.
delete from public.profiles where id = '12010000-0000-4000-8000-000000000006';
-- Enough accounts for the page-size ceiling, all older than everyone else. Triggers are off
-- for this bulk (replica mode): the time-zone check would take seconds, and the profiles are
-- written here as the sign-up trigger would write them.
set local session_replication_role = replica;
insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
select ('12f00000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'authenticated', 'authenticated',
       'bulk-' || i || '@test.jerga.local', jsonb_build_object('name', 'Bulk ' || i), '1990-01-01', '1990-01-01'
  from generate_series(1, 1000) i;
insert into public.profiles (id, name, email, created_at)
select id, raw_user_meta_data ->> 'name', email, created_at from auth.users where id::text like '12f00000-%';
set local session_replication_role = origin;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.current_profile() $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest has no profile: PT401 login_required');
select is(tests.error_of($$ select public.update_profile('Hacker') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot update a profile: PT401 login_required');
select is(tests.error_of($$ select * from public.list_users() $$) - 'message',
  '{"code": "PT401", "hint": "page_login_required"}', 'a guest cannot list users: PT401 page_login_required');
select throws_ok($$ select public.set_admin('12010000-0000-4000-8000-000000000001', true) $$, '42501', null,
  'a guest cannot execute set_admin at all');
select ok(not has_function_privilege('anon', 'public.set_admin(uuid, boolean)', 'execute'),
  'anon holds no execute right on set_admin');

-------------------------------------------------------------------------------- a user
select tests.clear_authentication();
select tests.authenticate_as('12010000-0000-4000-8000-000000000001', :'uma_session');

select is(public.current_profile() - 'createdAt' - 'lastLogin',
  '{"_id": "12010000-0000-4000-8000-000000000001", "name": "Uma User", "email": "uma.user@test.jerga.local",
    "isAdmin": false, "timeZone": "UTC", "currentStreak": 0, "longestStreak": 0, "notifications": {"comments": true, "replies": true, "votes": true, "moderation": true}, "newCardsPerDay": 20, "maxReviewsPerDay": 200, "reminders": {"email": false, "push": false, "time": "19:00"}, "language": "en", "reminderOffered": false}',
  'a user reads their own profile');
select is(public.update_profile(E'  Uma U. \t') - 'createdAt' - 'lastLogin',
  '{"_id": "12010000-0000-4000-8000-000000000001", "name": "Uma U.", "email": "uma.user@test.jerga.local",
    "isAdmin": false, "timeZone": "UTC", "currentStreak": 0, "longestStreak": 0, "notifications": {"comments": true, "replies": true, "votes": true, "moderation": true}, "newCardsPerDay": 20, "maxReviewsPerDay": 200, "reminders": {"email": false, "push": false, "time": "19:00"}, "language": "en", "reminderOffered": false}',
  'a user changes their name (trimmed); the time zone is kept');
select is(public.update_profile(time_zone => ' America/Bogota ') ->> 'timeZone', 'America/Bogota',
  'a user sets a real time zone (trimmed)');
select is(public.update_profile(null, null) - 'createdAt' - 'lastLogin',
  '{"_id": "12010000-0000-4000-8000-000000000001", "name": "Uma U.", "email": "uma.user@test.jerga.local",
    "isAdmin": false, "timeZone": "America/Bogota", "currentStreak": 0, "longestStreak": 0, "notifications": {"comments": true, "replies": true, "votes": true, "moderation": true}, "newCardsPerDay": 20, "maxReviewsPerDay": 200, "reminders": {"email": false, "push": false, "time": "19:00"}, "language": "en", "reminderOffered": false}',
  'null arguments keep both fields');
select is(public.update_profile() ->> 'name', 'Uma U.', 'no arguments change nothing either');
select is(tests.error_of($$ select public.update_profile('   ') $$) - 'message',
  '{"code": "PT400", "hint": "name_required", "column": "name"}', 'a blank name: PT400 name_required');
select is(tests.error_of($$ select public.update_profile('') $$) ->> 'hint', 'name_required', 'an empty name: name_required');
select is(tests.error_of($$ select public.update_profile(repeat('n', 101)) $$) - 'message',
  '{"code": "PT400", "hint": "name_too_long", "column": "name"}', 'a name over 100 characters: name_too_long');
select is(public.update_profile(repeat('n', 100)) ->> 'name', repeat('n', 100), 'a name of 100 characters is accepted');
select is(tests.error_of($$ select public.update_profile(time_zone => 'Mars/Olympus') $$) - 'message',
  '{"code": "PT400", "hint": "time_zone_invalid", "column": "timeZone"}', 'an unknown time zone: PT400 time_zone_invalid on timeZone');
select is(tests.error_of($$ select public.update_profile(time_zone => '') $$) ->> 'hint', 'time_zone_invalid',
  'an empty time zone is no time zone');
select is(tests.error_of($$ select public.update_profile('Uma', 'Mars/Olympus') $$) ->> 'hint', 'time_zone_invalid',
  'a valid name beside an invalid zone is refused as a whole');
select is(public.current_profile() ->> 'name', repeat('n', 100), 'so the refused name was not written');
select is(public.update_profile('Uma User', 'Europe/Madrid') ->> 'timeZone', 'Europe/Madrid', 'both fields at once');
select is(tests.error_of($$ select * from public.list_users() $$) - 'message',
  '{"code": "PT403", "hint": "admin_required"}', 'a user cannot list users: PT403 admin_required');
select is(tests.error_of($$ select public.set_admin('12010000-0000-4000-8000-000000000001', true) $$) - 'message',
  '{"code": "PT403", "hint": "admin_required"}', 'a user cannot make themself admin: PT403 admin_required');
select is(tests.error_of($$ select public.set_admin('12010000-0000-4000-8000-000000000003', false) $$) ->> 'hint',
  'admin_required', 'nor revoke an admin');

-- Another user's profile is untouched by all this.
select tests.clear_authentication();
select results_eq(
  $$ select name, time_zone from public.profiles where id = '12010000-0000-4000-8000-000000000002' $$,
  $$ values ('Otto Other', 'UTC') $$, 'update_profile changes only the caller''s own profile');

-------------------------------------------------------------------------------- a user without a profile, a token without a user
select tests.authenticate_as('12010000-0000-4000-8000-000000000006', :'nemo_session');
select is(public.current_profile(), null, 'a user without a profile gets null');
select is(tests.error_of($$ select public.update_profile('Nemo') $$) - 'message',
  '{"code": "PT404", "hint": "user_not_found"}', 'and cannot update one: PT404 user_not_found');

select set_config('request.jwt.claims', '{"role": "authenticated"}', true);
select is(tests.error_of($$ select * from public.list_users() $$) ->> 'hint', 'page_login_required',
  'a token without a user cannot list users: page_login_required');
select is(tests.error_of($$ select public.set_admin('12010000-0000-4000-8000-000000000001', true) $$) - 'message',
  '{"code": "PT401", "hint": "page_login_required"}', 'nor call set_admin: PT401 page_login_required');

-------------------------------------------------------------------------------- the admin: list_users
select tests.authenticate_as('12010000-0000-4000-8000-000000000003', :'ada_session');

select results_eq(
  $$ select u ->> '_id' from public.list_users(2) u $$,
  array['12010000-0000-4000-8000-000000000005', '12010000-0000-4000-8000-000000000004'],
  'an admin lists users newest first; a tie on created_at is ordered by id, descending');
select results_eq(
  $$ select u ->> '_id' from public.list_users(2, '2990-01-04T00:00:00Z', '12010000-0000-4000-8000-000000000004') u $$,
  array['12010000-0000-4000-8000-000000000003', '12010000-0000-4000-8000-000000000002'],
  'the next page starts after the last one seen');
select results_eq(
  $$ select u ->> '_id' from public.list_users(2, '2990-01-04T00:00:00Z', '12010000-0000-4000-8000-000000000005') u $$,
  array['12010000-0000-4000-8000-000000000004', '12010000-0000-4000-8000-000000000003'],
  'a page after the first of two users with the same created_at begins with the second');
select is((select u from public.list_users(1, '2990-01-02T00:00:00Z', '12010000-0000-4000-8000-000000000002') u) - 'createdAt' - 'lastLogin',
  '{"_id": "12010000-0000-4000-8000-000000000001", "name": "Uma User", "email": "uma.user@test.jerga.local",
    "isAdmin": false, "timeZone": "Europe/Madrid", "currentStreak": 0, "longestStreak": 0, "notifications": {"comments": true, "replies": true, "votes": true, "moderation": true}, "newCardsPerDay": 20, "maxReviewsPerDay": 200, "reminders": {"email": false, "push": false, "time": "19:00"}, "language": "en", "reminderOffered": false,
    "bannedUntil": null}',
  'each user as the /api replies with it, e-mail included');
select is((select count(*)::integer from public.list_users(0)), 1, 'a page size of 0 is raised to 1');
select is((select count(*)::integer from public.list_users(-5)), 1, 'a negative page size is raised to 1');
select is((select count(*)::integer from public.list_users()), 500, 'the default page is 500');
select is((select count(*)::integer from public.list_users(null)), 500, 'a null page size is the default');
select is((select count(*)::integer from public.list_users(5000)), 1000, 'a page is never longer than 1000');
select ok((select count(*) from public.profiles) > 1000, '(there are more than 1000 users to list)');

-------------------------------------------------------------------------------- the admin: set_admin
select is(public.set_admin('12010000-0000-4000-8000-000000000002', true) - 'createdAt' - 'lastLogin',
  '{"_id": "12010000-0000-4000-8000-000000000002", "name": "Otto Other", "email": "otto.other@test.jerga.local",
    "isAdmin": true, "timeZone": "UTC", "currentStreak": 0, "longestStreak": 0, "notifications": {"comments": true, "replies": true, "votes": true, "moderation": true}, "newCardsPerDay": 20, "maxReviewsPerDay": 200, "reminders": {"email": false, "push": false, "time": "19:00"}, "language": "en", "reminderOffered": false}',
  'an admin grants admin rights and gets the user back');
select is(tests.error_of($$ select public.set_admin('12010000-0000-4000-8000-000000000002', null) $$) - 'message',
  '{"code": "PT400", "hint": "invalid_input", "column": "isAdmin"}', 'make_admin must be true or false: PT400 on isAdmin');
select is(tests.error_of($$ select public.set_admin('12000000-0000-4000-8000-0000000000ff', true) $$) - 'message',
  '{"code": "PT404", "hint": "user_not_found"}', 'an unknown user: PT404 user_not_found');
select is(public.set_admin('12010000-0000-4000-8000-000000000002', false) ->> 'isAdmin', 'false', 'an admin revokes admin rights');
select is(tests.error_of($$ select public.set_admin('12010000-0000-4000-8000-000000000003', false) $$) - 'message',
  '{"code": "PT409", "hint": "last_admin"}', 'the only admin cannot step down: PT409 last_admin');
select is(public.set_admin('12010000-0000-4000-8000-000000000002', true) ->> 'isAdmin', 'true', 'with Otto admin again');
select is(public.set_admin('12010000-0000-4000-8000-000000000003', false) ->> 'isAdmin', 'false',
  'the admin may step down while another admin remains');
select is(tests.error_of($$ select * from public.list_users() $$) ->> 'hint', 'admin_required',
  'a former admin can no longer list users');
select is(tests.error_of($$ select public.set_admin('12010000-0000-4000-8000-000000000003', true) $$) ->> 'hint', 'admin_required',
  'nor make themself admin again');

select tests.clear_authentication();
select results_eq(
  $$ select id::text from public.profiles where is_admin order by id $$,
  array['12010000-0000-4000-8000-000000000002'], 'exactly the one admin left');

select * from finish();
rollback;
