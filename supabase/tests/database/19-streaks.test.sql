-- streaks: private.update_streak_at, current_streak_at, longest_streak_at and review_days_at
-- with time frozen (each rule, local midnight, daylight saving, time-zone changes, freezes,
-- the calendar), then the public functions as they are called: guests are asked to log in,
-- another user never sees a learner's streak or reviews, and the owner cannot write the
-- streak columns.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(96);

-- Learners, one per story so each starts from a fresh profile:
--   …01 Lola (America/Los_Angeles): the basic rules and local midnight
--   …02 Marta (Europe/Madrid): both daylight-saving days, and the calendar
--   …03 Nora (America/New_York): daylight saving
--   …04 Hana (Honolulu ↔ Kiritimati): time-zone changes forward and back
--   …05 Kiri (Kiritimati → Pago Pago): "today" earlier than the last counted day
--   …06 Fina (UTC): freezes earned, capped, consumed
--   …07 Sara (UTC): set-up states for the freeze edge cases
--   …08 Paula, …09 Otto: the public functions (owner and another user)
select tests.create_user('19010000-0000-4000-8000-000000000001', 'Lola Learner');
select tests.create_user('19010000-0000-4000-8000-000000000002', 'Marta Madrid');
select tests.create_user('19010000-0000-4000-8000-000000000003', 'Nora York');
select tests.create_user('19010000-0000-4000-8000-000000000004', 'Hana Hawaii');
select tests.create_user('19010000-0000-4000-8000-000000000005', 'Kiri Line');
select tests.create_user('19010000-0000-4000-8000-000000000006', 'Fina Freeze');
select tests.create_user('19010000-0000-4000-8000-000000000007', 'Sara Setup');
select tests.create_user('19010000-0000-4000-8000-000000000008', 'Paula Public') as paula_session \gset
select tests.create_user('19010000-0000-4000-8000-000000000009', 'Otto Other') as otto_session \gset

update public.profiles set time_zone = 'America/Los_Angeles' where id = '19010000-0000-4000-8000-000000000001';
update public.profiles set time_zone = 'Europe/Madrid' where id = '19010000-0000-4000-8000-000000000002';
update public.profiles set time_zone = 'America/New_York' where id = '19010000-0000-4000-8000-000000000003';
update public.profiles set time_zone = 'Pacific/Honolulu' where id = '19010000-0000-4000-8000-000000000004';
update public.profiles set time_zone = 'Pacific/Kiritimati' where id = '19010000-0000-4000-8000-000000000005';

-- A rating in the log at a chosen instant (the scheduler's columns do not matter here).
create function pg_temp.review(user_id uuid, at timestamptz)
returns void
language sql
as $$
  insert into public.reviews (flashcard_id, user_id, rating, reviewed_at, elapsed_days, state_before, state_after,
                              due_before, due_after, stability_before, stability_after, difficulty_before,
                              difficulty_after, scheduled_days)
  values (null, user_id, 3, at, 0, 0, 1, at, at + interval '10 minutes', 0, 2.3, 0, 2.1, 0)
$$;

-- Shorthand for the core under test.
create function pg_temp.streak(user_id uuid, at timestamptz)
returns jsonb
language sql
as $$ select private.update_streak_at(user_id, at) $$;

-------------------------------------------------------------------------------- the basic rules (Los Angeles, PDT = UTC-7)
select is(pg_temp.streak('19010000-0000-4000-8000-000000000001', '2026-06-01 12:00-07'),
  '{"updated": false, "streak": 0, "longest": 0, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'no review today: updated false and nothing counted');
select is((select last_streak_day from public.profiles where id = '19010000-0000-4000-8000-000000000001'), null::date,
  'and nothing is written');

select pg_temp.review('19010000-0000-4000-8000-000000000001', '2026-06-01 23:30-07');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000001', '2026-06-01 23:20-07') ->> 'updated', 'false',
  'a review later today has not happened yet at the frozen instant');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000001', '2026-06-01 23:45-07'),
  '{"updated": true, "streak": 1, "longest": 1, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'the first day with a review starts the streak at 1');
select results_eq(
  $$ select current_streak, longest_streak, last_streak_day, last_streak_day_ends_at, streak_freezes::int
       from public.profiles where id = '19010000-0000-4000-8000-000000000001' $$,
  $$ values (1, 1, '2026-06-01'::date, '2026-06-02 00:00-07'::timestamptz, 0) $$,
  'the local day (not the UTC one, already 06-02) is stored, with the instant it ends');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000001', '2026-06-01 23:50-07'),
  '{"updated": false, "streak": 1, "longest": 1, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'the same local day again: updated false, the streak unchanged');

-- 23:30 and 00:30 local are both 2026-06-02 in UTC, yet two local days.
select pg_temp.review('19010000-0000-4000-8000-000000000001', '2026-06-02 00:30-07');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000001', '2026-06-02 00:40-07') - 'longest' - 'freezes',
  '{"updated": true, "streak": 2, "freezesUsed": 0, "freezeEarned": false}',
  'after local midnight (same UTC date) the next local day extends to 2');

-- 2026-06-03 05:00Z is still 06-02 in Los Angeles: it does not make 06-03 count.
select pg_temp.review('19010000-0000-4000-8000-000000000001', '2026-06-03 05:00Z');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000001', '2026-06-03 09:00-07') ->> 'updated', 'false',
  'a review on today''s UTC date but yesterday''s local date does not count today');
select pg_temp.review('19010000-0000-4000-8000-000000000001', '2026-06-03 10:00-07');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000001', '2026-06-03 10:05-07') ->> 'streak', '3',
  'a review in the local day: 3');

select is(private.current_streak_at('19010000-0000-4000-8000-000000000001', '2026-06-04 21:00-07'),
  '{"streak": 3, "freezes": 0}', 'live read the next day, not reviewed yet: the streak still stands');
select is(private.current_streak_at('19010000-0000-4000-8000-000000000001', '2026-06-05 00:01-07'),
  '{"streak": 0, "freezes": 0}', 'live read once a whole day was missed without freezes: 0');
select is((select current_streak from public.profiles where id = '19010000-0000-4000-8000-000000000001'), 3,
  'the live read writes nothing');

select pg_temp.review('19010000-0000-4000-8000-000000000001', '2026-06-06 08:00-07');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000001', '2026-06-06 08:05-07'),
  '{"updated": true, "streak": 1, "longest": 3, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'after missed days without freezes: restart at 1, the longest kept');
select is(private.longest_streak_at('19010000-0000-4000-8000-000000000001', '2026-06-06 08:05-07'), '{"streak": 3}', 'longest_streak reads 3');
select is(private.current_streak_at('19010000-0000-4000-8000-000000000001', '2026-06-06 20:00-07'),
  '{"streak": 1, "freezes": 0}', 'live read on the counted day: the new streak');

-------------------------------------------------------------------------------- daylight saving (Madrid)
-- 2026-03-29 has 23 hours (02:00 CET → 03:00 CEST): it runs from 03-28 23:00Z to 03-29 22:00Z.
select pg_temp.review('19010000-0000-4000-8000-000000000002', '2026-03-28 23:30+01');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000002', '2026-03-28 23:35+01') ->> 'streak', '1',
  'Madrid: the day before the spring change counts 1');
select pg_temp.review('19010000-0000-4000-8000-000000000002', '2026-03-29 00:15+01');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000002', '2026-03-29 00:20+01') ->> 'streak', '2',
  'the 23-hour day counts from its midnight');
select pg_temp.review('19010000-0000-4000-8000-000000000002', '2026-03-29 23:30+02');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000002', '2026-03-29 23:35+02') ->> 'updated', 'false',
  '23:30 CEST is still the same (short) day');
select pg_temp.review('19010000-0000-4000-8000-000000000002', '2026-03-30 00:10+02');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000002', '2026-03-30 00:15+02') ->> 'streak', '3',
  '00:10 CEST on 03-30 (22:10Z, less than 24 hours after the day began) is the next day');
select is((select last_streak_day_ends_at from public.profiles where id = '19010000-0000-4000-8000-000000000002'),
  '2026-03-30 22:00Z'::timestamptz, 'the day is stored as ending at local midnight, CEST');

-- 2026-10-25 has 25 hours (03:00 CEST → 02:00 CET): from 10-24 22:00Z to 10-25 23:00Z.
select pg_temp.review('19010000-0000-4000-8000-000000000002', '2026-10-24 22:00+02');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000002', '2026-10-24 22:05+02') - 'freezes' - 'freezesUsed' - 'freezeEarned',
  '{"updated": true, "streak": 1, "longest": 3}', 'Madrid in October: months later the streak restarts at 1');
select pg_temp.review('19010000-0000-4000-8000-000000000002', '2026-10-25 23:30+01');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000002', '2026-10-25 23:35+01') ->> 'streak', '2',
  '23:30 CET on the 25-hour day (more than 24 hours after it began) is still that day: 2');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000002', '2026-10-25 23:40+01') ->> 'updated', 'false',
  'and counted once');
select pg_temp.review('19010000-0000-4000-8000-000000000002', '2026-10-26 00:10+01');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000002', '2026-10-26 00:15+01') ->> 'streak', '3',
  'ten minutes after its midnight the next day counts 3');

-------------------------------------------------------------------------------- daylight saving (New York)
-- 2026-03-08 (02:00 EST → 03:00 EDT) and 2026-11-01 (02:00 EDT → 01:00 EST).
select pg_temp.review('19010000-0000-4000-8000-000000000003', '2026-03-07 23:59-05');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000003', '2026-03-07 23:59:30-05') ->> 'streak', '1',
  'New York, 03-07: 1');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000003', '2026-03-08 00:00:30-05') ->> 'updated', 'false',
  'a minute later it is 03-08: the 23:59 review is yesterday''s and does not count today');
select pg_temp.review('19010000-0000-4000-8000-000000000003', '2026-03-08 23:59-04');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000003', '2026-03-08 23:59:30-04') ->> 'streak', '2',
  '23:59 EDT on the spring-forward day: 2');
select pg_temp.review('19010000-0000-4000-8000-000000000003', '2026-03-09 00:01-04');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000003', '2026-03-09 00:02-04') ->> 'streak', '3',
  'two minutes later, the next day: 3');
select pg_temp.review('19010000-0000-4000-8000-000000000003', '2026-10-31 23:00-04');
select pg_temp.review('19010000-0000-4000-8000-000000000003', '2026-11-01 01:30-04');
select pg_temp.review('19010000-0000-4000-8000-000000000003', '2026-11-01 01:30-05');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000003', '2026-10-31 23:05-04') ->> 'streak', '1',
  'New York in the autumn: restart at 1');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000003', '2026-11-01 01:35-04') ->> 'streak', '2',
  'the first 01:30 of the fall-back day: 2');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000003', '2026-11-01 01:35-05') ->> 'updated', 'false',
  'the repeated 01:30 hour is the same day: not counted again');

-------------------------------------------------------------------------------- time-zone changes (Honolulu UTC-10 ↔ Kiritimati UTC+14)
select pg_temp.review('19010000-0000-4000-8000-000000000004', '2026-05-04 12:00-10');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000004', '2026-05-04 12:05-10') ->> 'streak', '1',
  'Honolulu, Monday 05-04: 1');
update public.profiles set time_zone = 'Pacific/Kiritimati' where id = '19010000-0000-4000-8000-000000000004';
-- Ten minutes later it is Tuesday 05-05 12:15 in Kiritimati, and Monday's review (12:00 +14) lies in that day.
select is(pg_temp.streak('19010000-0000-4000-8000-000000000004', '2026-05-04 12:15-10'),
  '{"updated": false, "streak": 1, "longest": 1, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'jumping a day forward: the review already counted for Monday does not count Tuesday too');
select is(private.current_streak_at('19010000-0000-4000-8000-000000000004', '2026-05-04 12:15-10'),
  '{"streak": 1, "freezes": 0}', 'and the live streak is unbroken');
select pg_temp.review('19010000-0000-4000-8000-000000000004', '2026-05-06 00:30+14');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000004', '2026-05-06 00:35+14') - 'longest',
  '{"updated": true, "streak": 2, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'the next Kiritimati day (Wednesday, 12 hours later in real time) extends to 2: no day lost, no freeze needed');
update public.profiles set time_zone = 'Pacific/Honolulu' where id = '19010000-0000-4000-8000-000000000004';
-- Back in Honolulu it is Tuesday 05-05 01:00, the day in which that Wednesday-Kiritimati review fell.
select is(pg_temp.streak('19010000-0000-4000-8000-000000000004', '2026-05-05 01:00-10') ->> 'updated', 'false',
  'jumping a day back: the same review is not counted again for Honolulu''s Tuesday');
select is(private.current_streak_at('19010000-0000-4000-8000-000000000004', '2026-05-05 01:00-10'),
  '{"streak": 2, "freezes": 0}', 'the live streak stays 2');
select pg_temp.review('19010000-0000-4000-8000-000000000004', '2026-05-06 08:00-10');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000004', '2026-05-06 08:05-10') - 'longest',
  '{"updated": true, "streak": 3, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'Honolulu''s Wednesday extends to 3: no day lost going back either');
select is((select last_streak_day from public.profiles where id = '19010000-0000-4000-8000-000000000004'), '2026-05-06'::date,
  'the last counted day is Honolulu''s date');

-- Kiritimati (+14) → Pago Pago (-11): 25 hours back, "today" falls before the last counted day.
select pg_temp.review('19010000-0000-4000-8000-000000000005', '2026-05-04 00:30+14');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000005', '2026-05-04 00:35+14') ->> 'streak', '1',
  'Kiritimati, 05-04: 1');
update public.profiles set time_zone = 'Pacific/Pago_Pago' where id = '19010000-0000-4000-8000-000000000005';
select is(pg_temp.streak('19010000-0000-4000-8000-000000000005', '2026-05-04 00:40+14'),
  '{"updated": false, "streak": 1, "longest": 1, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'in Pago Pago it is 05-02, before the last counted day (05-04), though the review is in it: updated false');
select pg_temp.review('19010000-0000-4000-8000-000000000005', '2026-05-03 12:00-11');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000005', '2026-05-03 12:05-11') ->> 'updated', 'false',
  'Pago Pago''s 05-03 mostly overlaps the counted Kiritimati day: not a new day');
select pg_temp.review('19010000-0000-4000-8000-000000000005', '2026-05-04 00:30-11');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000005', '2026-05-04 00:35-11') ->> 'streak', '2',
  'Pago Pago''s 05-04 follows it: 2, nothing lost');

-------------------------------------------------------------------------------- freezes (UTC)
select pg_temp.review('19010000-0000-4000-8000-000000000006', d + interval '12 hours')
  from generate_series('2026-07-01 00:00Z'::timestamptz, '2026-07-21 00:00Z', interval '1 day') d;
create temporary table fina_days on commit drop as
  select (d at time zone 'UTC')::date as day, pg_temp.streak('19010000-0000-4000-8000-000000000006', d + interval '12:05') as reply
    from generate_series('2026-07-01 00:00Z'::timestamptz, '2026-07-21 00:00Z', interval '1 day') d
   order by d;
select is((select array_agg((reply ->> 'streak')::int order by day) from fina_days),
  array[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21],
  'three weeks of daily reviews: 1 to 21');
select is((select array_agg(to_char(day, 'DD') order by day) from fina_days where (reply ->> 'freezeEarned')::boolean),
  array['07', '14'], 'a freeze is earned on reaching 7 and 14, not on 21 (two held already)');
select is((select array_agg((reply ->> 'freezes')::int order by day) from fina_days where to_char(day, 'DD') in ('06', '07', '13', '14', '21')),
  array[0, 1, 1, 2, 2], 'freezes held: 1 from day 7, 2 from day 14, capped at 2');

select is(private.current_streak_at('19010000-0000-4000-8000-000000000006', '2026-07-24 23:59Z'),
  '{"streak": 21, "freezes": 2}', 'live read: two missed days, two freezes: the streak stands');
select is(private.current_streak_at('19010000-0000-4000-8000-000000000006', '2026-07-23 10:00Z'),
  '{"streak": 21, "freezes": 2}', 'and with one missed day');
select pg_temp.review('19010000-0000-4000-8000-000000000006', '2026-07-23 12:00Z');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000006', '2026-07-23 12:05Z'),
  '{"updated": true, "streak": 22, "longest": 22, "freezes": 1, "freezesUsed": 1, "freezeEarned": false}',
  'one missed day: a freeze consumed, the streak goes on to 22');
select pg_temp.review('19010000-0000-4000-8000-000000000006', d + interval '12 hours')
  from generate_series('2026-07-24 00:00Z'::timestamptz, '2026-07-29 00:00Z', interval '1 day') d;
select is((select array_agg(pg_temp.streak('19010000-0000-4000-8000-000000000006', d + interval '12:05') ->> 'freezes' order by d)
             from generate_series('2026-07-24 00:00Z'::timestamptz, '2026-07-29 00:00Z', interval '1 day') d),
  array['1', '1', '1', '1', '1', '2'], 'reaching 28 earns the freeze back');
select is(private.current_streak_at('19010000-0000-4000-8000-000000000006', '2026-08-01 00:00Z'),
  '{"streak": 28, "freezes": 2}', 'live read after two missed days with two freezes: 28');
select is(private.current_streak_at('19010000-0000-4000-8000-000000000006', '2026-08-02 00:00Z'),
  '{"streak": 0, "freezes": 2}', 'three missed days, two freezes: live streak 0 (the freezes are still held)');
select pg_temp.review('19010000-0000-4000-8000-000000000006', '2026-08-01 12:00Z');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000006', '2026-08-01 12:05Z'),
  '{"updated": true, "streak": 29, "longest": 29, "freezes": 0, "freezesUsed": 2, "freezeEarned": false}',
  'two missed days: both freezes consumed, 29');
select pg_temp.review('19010000-0000-4000-8000-000000000006', '2026-08-03 12:00Z');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000006', '2026-08-03 12:05Z'),
  '{"updated": true, "streak": 1, "longest": 29, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'a missed day with no freeze: restart at 1');

-- Set-up states (as the superuser) for the remaining edges.
update public.profiles
   set current_streak = 10, longest_streak = 12, streak_freezes = 1,
       last_streak_day = '2026-09-01', last_streak_day_ends_at = '2026-09-02 00:00Z'
 where id = '19010000-0000-4000-8000-000000000007';
select is(private.current_streak_at('19010000-0000-4000-8000-000000000007', '2026-09-04 08:00Z'),
  '{"streak": 0, "freezes": 1}', 'live read: two missed days, one freeze: 0');
select pg_temp.review('19010000-0000-4000-8000-000000000007', '2026-09-04 08:00Z');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000007', '2026-09-04 08:05Z'),
  '{"updated": true, "streak": 1, "longest": 12, "freezes": 1, "freezesUsed": 0, "freezeEarned": false}',
  'two missed days and one freeze: restart at 1, the freeze kept (not spent on a broken streak)');
update public.profiles
   set current_streak = 6, longest_streak = 6, streak_freezes = 1,
       last_streak_day = '2026-09-10', last_streak_day_ends_at = '2026-09-11 00:00Z'
 where id = '19010000-0000-4000-8000-000000000007';
select pg_temp.review('19010000-0000-4000-8000-000000000007', '2026-09-12 20:00Z');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000007', '2026-09-12 20:05Z'),
  '{"updated": true, "streak": 7, "longest": 7, "freezes": 1, "freezesUsed": 1, "freezeEarned": true}',
  'a freeze spent on the way to 7 is earned back on reaching it');
update public.profiles
   set current_streak = 13, longest_streak = 13, streak_freezes = 2,
       last_streak_day = '2026-09-20', last_streak_day_ends_at = '2026-09-21 00:00Z'
 where id = '19010000-0000-4000-8000-000000000007';
select pg_temp.review('19010000-0000-4000-8000-000000000007', '2026-09-21 20:00Z');
select is(pg_temp.streak('19010000-0000-4000-8000-000000000007', '2026-09-21 20:05Z') - 'longest',
  '{"updated": true, "streak": 14, "freezes": 2, "freezesUsed": 0, "freezeEarned": false}',
  'reaching 14 with two held: no third freeze');
select throws_ok($$ update public.profiles set streak_freezes = 3 where id = '19010000-0000-4000-8000-000000000007' $$,
  '23514', null, 'nobody holds more than 2 freezes (check constraint)');

-------------------------------------------------------------------------------- the review calendar (Madrid)
select is(private.review_days_at('19010000-0000-4000-8000-000000000002', '2026-10-26 12:00Z', 366),
  '{"timeZone": "Europe/Madrid", "days": [
     {"date": "2026-03-28", "reviews": 1}, {"date": "2026-03-29", "reviews": 2}, {"date": "2026-03-30", "reviews": 1},
     {"date": "2026-10-24", "reviews": 1}, {"date": "2026-10-25", "reviews": 1}, {"date": "2026-10-26", "reviews": 1}]}',
  'reviews grouped by Madrid date across both daylight-saving days, oldest first, only days with reviews');
select is(private.review_days_at('19010000-0000-4000-8000-000000000002', '2026-10-26 12:00Z', 2),
  '{"timeZone": "Europe/Madrid", "days": [{"date": "2026-10-25", "reviews": 1}, {"date": "2026-10-26", "reviews": 1}]}',
  'the last 2 local days include today');
select is(private.review_days_at('19010000-0000-4000-8000-000000000002', '2026-10-25 22:45Z', 1),
  '{"timeZone": "Europe/Madrid", "days": [{"date": "2026-10-25", "reviews": 1}]}',
  'at 23:45 CET (22:45Z) on the 25-hour day, today still holds its 22:30Z review');
select is(private.review_days_at('19010000-0000-4000-8000-000000000002', '2026-03-30 12:00Z', 1) -> 'days',
  '[{"date": "2026-03-30", "reviews": 1}]', 'a 1-day calendar after the 23-hour day: only 03-30');
select is(private.review_days_at('19010000-0000-4000-8000-000000000001', '2026-06-06 12:00Z', 7),
  '{"timeZone": "America/Los_Angeles", "days": [
     {"date": "2026-06-01", "reviews": 1}, {"date": "2026-06-02", "reviews": 2},
     {"date": "2026-06-03", "reviews": 1}, {"date": "2026-06-06", "reviews": 1}]}',
  'Los Angeles: 05:00Z on 06-03 is grouped under 06-02');
select is(private.review_days_at('19010000-0000-4000-8000-000000000002', '2027-03-29 12:00Z', 366) -> 'days',
  '[{"date": "2026-03-29", "reviews": 2}, {"date": "2026-03-30", "reviews": 1},
    {"date": "2026-10-24", "reviews": 1}, {"date": "2026-10-25", "reviews": 1}, {"date": "2026-10-26", "reviews": 1}]',
  '366 days back from 2027-03-29 starts at 2026-03-29: 03-28 falls out');
select is(tests.error_of($$ select private.review_days_at('19010000-0000-4000-8000-000000000002', now(), 367) $$) - 'message',
  '{"code": "PT400", "hint": "invalid_input", "column": "days"}', '367 days: PT400 invalid_input on days');
select is(tests.error_of($$ select private.review_days_at('19010000-0000-4000-8000-000000000002', now(), 0) $$) - 'message',
  '{"code": "PT400", "hint": "invalid_input", "column": "days"}', '0 days: PT400 invalid_input on days');
select is(tests.error_of($$ select private.review_days_at('19010000-0000-4000-8000-000000000002', now(), null) $$) ->> 'hint',
  'invalid_input', 'no number of days: invalid_input');
select is(private.review_days_at('19010000-0000-4000-8000-000000000007', '2026-01-01 00:00Z', 365),
  '{"timeZone": "UTC", "days": []}', 'a learner with no reviews in range: no days');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.update_streak() $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot count a streak day: PT401 login_required');
select is(tests.error_of($$ select public.current_streak() $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'nor read a current streak');
select is(tests.error_of($$ select public.longest_streak() $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'nor a longest streak');
select is(tests.error_of($$ select public.review_days() $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'nor a review calendar');
select throws_ok($$ select private.current_streak_at('19010000-0000-4000-8000-000000000001', now()) $$,
  '42501', null, 'a guest cannot call the private cores');

-------------------------------------------------------------------------------- owner (Paula, UTC)
select tests.clear_authentication();
select pg_temp.review('19010000-0000-4000-8000-000000000008', now());
select tests.authenticate_as('19010000-0000-4000-8000-000000000008', :'paula_session');

select is(public.current_streak(), '{"streak": 0, "freezes": 0}', 'before counting: streak 0');
select is(public.update_streak(),
  '{"updated": true, "streak": 1, "longest": 1, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'a learner who reviewed today counts the day: 1');
select is(public.update_streak() ->> 'updated', 'false', 'asking again the same day: updated false');
select is(public.current_streak(), '{"streak": 1, "freezes": 0}', 'current_streak reads 1');
select is(public.longest_streak(), '{"streak": 1}', 'longest_streak reads 1');
select is(public.review_days(),
  jsonb_build_object('timeZone', 'UTC', 'days', jsonb_build_array(
    jsonb_build_object('date', to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD'), 'reviews', 1))),
  'review_days: today, one review');
select is(public.review_days(1) -> 'days' -> 0 ->> 'reviews', '1', 'review_days(1) still includes today');
select is(tests.error_of($$ select public.review_days(400) $$) - 'message',
  '{"code": "PT400", "hint": "invalid_input", "column": "days"}', 'review_days(400): PT400 invalid_input');
select throws_ok($$ update public.profiles set streak_freezes = 2 where id = '19010000-0000-4000-8000-000000000008' $$,
  '42501', null, 'the owner cannot give themselves freezes');
select throws_ok($$ update public.profiles set last_streak_day_ends_at = null where id = '19010000-0000-4000-8000-000000000008' $$,
  '42501', null, 'nor move the end of their last counted day');
select throws_ok($$ update public.profiles set current_streak = 99 where id = '19010000-0000-4000-8000-000000000008' $$,
  '42501', null, 'nor set their streak');
select throws_ok($$ select private.update_streak_at('19010000-0000-4000-8000-000000000008', now() + interval '1 day') $$,
  '42501', null, 'nor count a day at a time of their choosing');
select lives_ok($$ update public.profiles set time_zone = 'Asia/Tokyo' where id = '19010000-0000-4000-8000-000000000008' $$,
  'the owner may change their time zone');
select is(public.review_days() ->> 'timeZone', 'Asia/Tokyo', 'and the calendar follows it');

-------------------------------------------------------------------------------- another user (Otto)
select tests.clear_authentication();
select tests.authenticate_as('19010000-0000-4000-8000-000000000009', :'otto_session');

select is(public.update_streak(),
  '{"updated": false, "streak": 0, "longest": 0, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'another user''s update counts only their own reviews (none): updated false');
select is(public.current_streak(), '{"streak": 0, "freezes": 0}', 'their own streak, not Paula''s');
select is(public.review_days(), '{"timeZone": "UTC", "days": []}', 'their own calendar, empty');
select is(private.review_days_at('19010000-0000-4000-8000-000000000008', now(), 366) -> 'days', '[]',
  'Paula''s calendar through the core with her id: nothing (RLS on reviews)');
select is(private.current_streak_at('19010000-0000-4000-8000-000000000008', now()), '{"streak": 0, "freezes": 0}',
  'nor her streak (RLS on profiles)');
select is(private.longest_streak_at('19010000-0000-4000-8000-000000000008', now()), '{"streak": 0}', 'nor her longest');
select is_empty($$ select 1 from public.profiles where id = '19010000-0000-4000-8000-000000000008' $$,
  'her profile row is hidden');

select tests.clear_authentication();
select results_eq(
  $$ select current_streak, streak_freezes::int from public.profiles where id = '19010000-0000-4000-8000-000000000008' $$,
  $$ values (1, 0) $$, 'Paula''s streak and freezes are as she left them');

select * from finish();
rollback;
