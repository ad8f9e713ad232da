-- Reminder settings (issue 32, migrations 20261208000010 and 20261208000200): public.set_reminders
-- and set_language, and the same columns written straight through PostgREST, per actor. A guest
-- is asked to log in; the owner turns reminders on and off, sets the time (HH:MM, 00:00..23:59)
-- and the language, and notes the end-of-session offer once; bad times and languages are
-- refused by the function (PT400 naming the field) and by the columns' checks; another learner
-- and an admin change nothing of someone else's (admins read every profile, they do not set
-- another learner's reminders); reminded_on is the tick's alone.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(31);

-- Users: owner …01, other …02, admin …03.
select tests.create_user('55010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('55010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('55010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- The owner's settings as the superuser sees them.
create function pg_temp.owner_settings() returns jsonb language sql as $$
  select jsonb_build_object('email', remind_by_email, 'push', remind_by_push, 'time', to_char(remind_at, 'HH24:MI'),
                            'language', language, 'offered', reminder_offered_at is not null)
    from public.profiles where id = '55010000-0000-4000-8000-000000000001'
$$;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.set_reminders(email => true) $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot set reminders: PT401 login_required');
select is(tests.error_of($$ select public.set_language('es') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'nor a language');
select throws_ok($$ update public.profiles set remind_by_email = true $$, '42501', null,
  'a guest cannot write reminder columns directly');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('55010000-0000-4000-8000-000000000001', :'owner_session');

select is(public.current_profile() -> 'reminders', '{"email": false, "push": false, "time": "19:00"}',
  'reminders start off, at 19:00');
select is(public.current_profile() ->> 'reminderOffered', 'false', 'and never offered');
select is(public.set_reminders(email => true, remind_at => '07:30') -> 'reminders', '{"email": true, "push": false, "time": "07:30"}',
  'the owner turns e-mail reminders on at 07:30: their profile comes back');
select is(public.set_reminders(push => true) -> 'reminders', '{"email": true, "push": true, "time": "07:30"}',
  'a partial update keeps what it does not name');
select is(public.set_reminders(email => false, remind_at => '23:59') -> 'reminders', '{"email": false, "push": true, "time": "23:59"}',
  'turned off again, the last minute of the day');
select is(public.set_reminders(remind_at => '00:00') #>> '{reminders,time}', '00:00', 'midnight is a time');

select is(tests.error_of(format('select public.set_reminders(remind_at => %L)', bad)) - 'message',
  '{"code": "PT400", "hint": "reminder_time_invalid", "column": "reminders.time"}',
  format('a reminder at %L: PT400 reminder_time_invalid on reminders.time', bad))
  from unnest(array['7pm', '24:00', '19:60', '19:00:30', '7:30', '']) bad;
select is(pg_temp.owner_settings() ->> 'time', '00:00', 'a refused time changes nothing');

select is(public.set_language('es') ->> 'language', 'es', 'the owner reads Jerga in Spanish: the language is saved');
select is(tests.error_of($$ select public.set_language('fr') $$) - 'message',
  '{"code": "PT400", "hint": "language_invalid", "column": "language"}', 'an unknown language: PT400 language_invalid');

select is(public.set_reminders(offered => true) ->> 'reminderOffered', 'true', 'the end-of-session offer is noted');
update public.profiles set reminder_offered_at = '2026-01-01T00:00:00Z' where id = '55010000-0000-4000-8000-000000000001';
select is(public.set_reminders(offered => true, email => true) #>> '{reminders,email}', 'true', 'offered again with Yes: e-mail on');
select is((select reminder_offered_at from public.profiles where id = '55010000-0000-4000-8000-000000000001'),
  '2026-01-01T00:00:00Z'::timestamptz, 'the first offer''s time is kept');

-- Straight through PostgREST: the same rules as columns.
select lives_ok($$ update public.profiles set remind_by_push = false, remind_at = '18:15', language = 'en'
                    where id = '55010000-0000-4000-8000-000000000001' $$, 'the owner writes good values directly');
select throws_ok($$ update public.profiles set remind_at = '24:00' where id = '55010000-0000-4000-8000-000000000001' $$,
  '23514', null, 'a direct 24:00 is refused by the column''s check');
select throws_ok($$ update public.profiles set remind_at = '19:00:30' where id = '55010000-0000-4000-8000-000000000001' $$,
  '23514', null, 'a direct time with seconds is refused');
select throws_ok($$ update public.profiles set remind_at = '19:60' where id = '55010000-0000-4000-8000-000000000001' $$,
  '22008', null, 'a direct 19:60 is no time');
select throws_ok($$ update public.profiles set language = 'fr' where id = '55010000-0000-4000-8000-000000000001' $$,
  '23514', null, 'a direct unknown language is refused');
select throws_ok($$ update public.profiles set reminded_on = current_date where id = '55010000-0000-4000-8000-000000000001' $$,
  '42501', null, 'reminded_on is the tick''s: the owner cannot write it');

-------------------------------------------------------------------------------- other user
select tests.clear_authentication();
select tests.authenticate_as('55010000-0000-4000-8000-000000000002', :'other_session');

select is_empty($$ update public.profiles set remind_by_email = false, remind_at = '05:00'
                   where id = '55010000-0000-4000-8000-000000000001' returning id $$,
  'another learner changes nothing of the owner''s reminders (RLS)');
select is(public.set_reminders(email => true, remind_at => '06:00') -> 'reminders', '{"email": true, "push": false, "time": "06:00"}',
  'set_reminders sets the caller''s own');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('55010000-0000-4000-8000-000000000003', :'admin_session');

select is_empty($$ update public.profiles set remind_by_email = false, language = 'es'
                   where id = '55010000-0000-4000-8000-000000000001' returning id $$,
  'an admin reads every profile but changes nobody else''s reminders');

select tests.clear_authentication();
select is(pg_temp.owner_settings(), '{"email": true, "push": false, "time": "18:15", "language": "en", "offered": true}',
  'the owner''s settings are as the owner left them');

select * from finish();
rollback;
