-- The daily reminder's rules (migration 20261208000100): private.claim_reminders, a tick at
-- `at`, claims learners whose local time (profiles.time_zone) has reached remind_at within the
-- hour, not yet reminded on their local date, with cards due, not reviewed today, confirmed,
-- not banned and not deleted, and sets reminded_on so that a second tick claims nobody; it
-- returns what the mail needs (language, due count, streak at stake, the two flags).
-- private.unsubscribe_from_reminder_mail turns the mail off (idempotent) and gives the
-- learner's language. Actors: anonymous and a learner may call neither; the service role
-- may. The tick is at 2026-12-08 19:00 UTC throughout (time passed in, not read).
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(30);

-- Learners (…54010000-…-0000000000NN): every one asks for the mail unless said otherwise.
--  01 Ana   UTC, 19:00, a card due, streak 3 counted yesterday  -> claimed, streak at stake
--  02 Bea   America/Mexico_City (UTC-6), 13:00, Spanish, push too -> claimed
--  03 Cy    UTC, 19:00, only a card due next week              -> nothing due
--  04 Dee   UTC, 19:00, a card due, reviewed at 10:00 today    -> reviewed today
--  05 Eve   UTC, 19:00, a card due, banned until tomorrow       -> banned
--  06 Fay   UTC, 19:00, a card due, never confirmed             -> unconfirmed
--  07 Gus   UTC, 19:00, a card due, reminders off               -> off
--  08 Hal   UTC, 18:01, a card due                              -> caught up (59 minutes late)
--  09 Ivy   UTC, 18:00, a card due                              -> an hour late: dropped
--  10 Jo    Asia/Tokyo (UTC+9), 04:00 (Dec 9 there), reminded Dec 8 there -> claimed for Dec 9
--  11 Kim   UTC, 19:00, a card due, reminded today already      -> not twice
--  12 Lu    UTC, 19:00, a card due, deleted (GoTrue's soft delete) -> deleted
--  13 Mo    UTC, 19:01, a card due                              -> not yet
--  14 Ned   UTC, 19:00, push only, a card due, suspended card only -> nothing due
do $$
declare
  n integer;
begin
  for n in 1..14 loop
    perform tests.create_user(('54010000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Learner 54 ' || n);
  end loop;
end;
$$;
insert into public.entries (id, title, description, country, author, owner, show) values
  ('54e00000-0000-4000-8000-000000000001', 'chamba54', 'Work.', 'MX', 'Tests', null, true);
update public.profiles p
   set remind_by_email = true, remind_at = '19:00', time_zone = 'UTC'
 where p.id::text like '54010000-%';
update public.profiles set time_zone = 'America/Mexico_City', remind_at = '13:00', language = 'es', remind_by_push = true
 where id = '54010000-0000-4000-8000-000000000002';
update public.profiles set current_streak = 3, longest_streak = 3, last_streak_day = '2026-12-07',
                           last_streak_day_ends_at = '2026-12-08 00:00+00'
 where id = '54010000-0000-4000-8000-000000000001';
update auth.users set banned_until = '2026-12-09 00:00+00' where id = '54010000-0000-4000-8000-000000000005';
update auth.users set email_confirmed_at = null where id = '54010000-0000-4000-8000-000000000006';
update public.profiles set remind_by_email = false where id = '54010000-0000-4000-8000-000000000007';
update public.profiles set remind_at = '18:01' where id = '54010000-0000-4000-8000-000000000008';
update public.profiles set remind_at = '18:00' where id = '54010000-0000-4000-8000-000000000009';
update public.profiles set time_zone = 'Asia/Tokyo', remind_at = '04:00', reminded_on = '2026-12-08'
 where id = '54010000-0000-4000-8000-000000000010';
update public.profiles set reminded_on = '2026-12-08' where id = '54010000-0000-4000-8000-000000000011';
update auth.users set deleted_at = '2026-12-01 00:00+00' where id = '54010000-0000-4000-8000-000000000012';
update public.profiles set remind_at = '19:01' where id = '54010000-0000-4000-8000-000000000013';
update public.profiles set remind_by_email = false, remind_by_push = true where id = '54010000-0000-4000-8000-000000000014';

-- One new card each, due before the tick; Cy's is due next week, Ned's is suspended.
insert into public.flashcards (user_id, entry_id, due, suspended)
select p.id, '54e00000-0000-4000-8000-000000000001',
       case when p.id = '54010000-0000-4000-8000-000000000003' then timestamptz '2026-12-15 12:00+00' else timestamptz '2026-12-08 08:00+00' end,
       p.id = '54010000-0000-4000-8000-000000000014'
  from public.profiles p where p.id::text like '54010000-%';
insert into public.reviews (flashcard_id, user_id, rating, reviewed_at, elapsed_days, state_before, state_after, due_before, due_after,
                            stability_before, stability_after, difficulty_before, difficulty_after, scheduled_days)
select f.id, f.user_id, 3, '2026-12-08 10:00+00', 0, 0, 1, f.due, f.due + interval '10 minutes', 0, 1, 5, 5, 0
  from public.flashcards f where f.user_id = '54010000-0000-4000-8000-000000000004';

-- Anonymous and a learner: neither function is theirs.
select tests.authenticate_as(null);
select throws_ok($$ select * from private.claim_reminders('2026-12-08 19:00+00') $$, '42501', null, 'anonymous callers cannot claim reminders');
select throws_ok($$ select private.unsubscribe_from_reminder_mail('54010000-0000-4000-8000-000000000001', '192.0.2.54', true) $$,
                 '42501', null, 'anonymous callers cannot call the unsubscribe function directly');
select tests.authenticate_as('54010000-0000-4000-8000-000000000001');
select throws_ok($$ select * from private.claim_reminders('2026-12-08 19:00+00') $$, '42501', null, 'a learner cannot claim reminders');
select throws_ok($$ select private.unsubscribe_from_reminder_mail('54010000-0000-4000-8000-000000000002', '192.0.2.54', true) $$,
                 '42501', null, 'a learner cannot turn another''s mail off through the function');
select throws_ok($$ update public.profiles set reminded_on = '2026-12-08' where id = '54010000-0000-4000-8000-000000000001' $$,
                 '42501', null, 'a learner cannot write reminded_on');

-- Learners the rest of the suite left with reminders on are not this file's: off, until the
-- rollback, so each claim below sees only the learners made here.
select tests.clear_authentication();
update public.profiles set remind_by_email = false, remind_by_push = false where id::text not like '54010000-%';

-- The service role: one tick at 19:00 UTC.
select tests.authenticate_as_service_role();
create temporary table claimed54 as select * from private.claim_reminders('2026-12-08 19:00+00');
select tests.clear_authentication();
select is((select array_agg(c.user_id order by c.user_id) from claimed54 c),
          array['54010000-0000-4000-8000-000000000001', '54010000-0000-4000-8000-000000000002',
                '54010000-0000-4000-8000-000000000008', '54010000-0000-4000-8000-000000000010']::uuid[],
          'a tick claims exactly the learners due a reminder now (Ana, Bea, Hal caught up, Jo in Tokyo)');
select is((select to_jsonb(c) - 'user_id' from claimed54 c where c.user_id = '54010000-0000-4000-8000-000000000001'),
          jsonb_build_object('email', 'learner.54.1@test.jerga.local', 'name', 'Learner 54 1', 'language', 'en', 'due_cards', 1,
                             'current_streak', 3, 'streak_at_stake', true, 'by_email', true, 'by_push', false,
                             'local_date', '2026-12-08'),
          'Ana''s row: her address, name, language, one card due, a streak of 3 at stake, mail on, push off');
select is((select (c.language, c.by_email, c.by_push, c.streak_at_stake)::text from claimed54 c where c.user_id = '54010000-0000-4000-8000-000000000002'),
          '(es,t,t,f)', 'Bea''s row: Spanish, both flags, no streak at stake');
select is((select reminded_on from public.profiles where id = '54010000-0000-4000-8000-000000000002'), date '2026-12-08',
          'reminded_on is the learner''s local date (13:00 on Dec 8 in Mexico City)');
select is((select reminded_on from public.profiles where id = '54010000-0000-4000-8000-000000000010'), date '2026-12-09',
          'reminded_on is the learner''s local date (04:00 on Dec 9 in Tokyo)');
select ok(not exists (select 1 from claimed54 where user_id = '54010000-0000-4000-8000-000000000003'), 'nothing due: not reminded');
select ok(not exists (select 1 from claimed54 where user_id = '54010000-0000-4000-8000-000000000004'), 'reviewed today: not reminded');
select ok(not exists (select 1 from claimed54 where user_id = '54010000-0000-4000-8000-000000000005'), 'banned: not reminded');
select ok(not exists (select 1 from claimed54 where user_id = '54010000-0000-4000-8000-000000000006'), 'unconfirmed: not reminded');
select ok(not exists (select 1 from claimed54 where user_id = '54010000-0000-4000-8000-000000000007'), 'reminders off: not reminded');
select ok(not exists (select 1 from claimed54 where user_id = '54010000-0000-4000-8000-000000000009'), 'an hour past the time: dropped');
select ok(not exists (select 1 from claimed54 where user_id = '54010000-0000-4000-8000-000000000011'), 'reminded today already: not twice');
select ok(not exists (select 1 from claimed54 where user_id = '54010000-0000-4000-8000-000000000012'), 'deleted: not reminded');
select ok(not exists (select 1 from claimed54 where user_id = '54010000-0000-4000-8000-000000000013'), 'the time not reached yet: not reminded');
select ok(not exists (select 1 from claimed54 where user_id = '54010000-0000-4000-8000-000000000014'), 'only a suspended card: nothing due');

-- The same tick again, and the next minute: nobody twice; Mo's time comes.
select tests.authenticate_as_service_role();
select is_empty($$ select * from private.claim_reminders('2026-12-08 19:00+00') $$, 'a second tick at the same time claims nobody');
select is((select array_agg(user_id) from private.claim_reminders('2026-12-08 19:01:30+00')),
          array['54010000-0000-4000-8000-000000000013']::uuid[], 'the next minute claims only the learner whose time it is');
select is((select count(*)::integer from private.claim_reminders('2026-12-08 19:00+00', 0)), 0, 'max_learners 0 claims nobody');
-- The next day, Ana (still not reviewed) is due again; the batch size holds.
select is((select count(*)::integer from private.claim_reminders('2026-12-09 19:00+00', 1)), 1, 'the next day reminds again, max_learners at a time');

-- Unsubscribing: confirm turns the mail off (twice is once), a look does not, an unknown learner is null.
select is(private.unsubscribe_from_reminder_mail('54010000-0000-4000-8000-000000000002', '192.0.2.54', false), 'es',
          'a look (GET) gives the learner''s language');
select tests.clear_authentication();
select is((select remind_by_email from public.profiles where id = '54010000-0000-4000-8000-000000000002'), true, 'a look leaves the mail on');
select tests.authenticate_as_service_role();
select is(private.unsubscribe_from_reminder_mail('54010000-0000-4000-8000-000000000002', '192.0.2.54', true)
          || private.unsubscribe_from_reminder_mail('54010000-0000-4000-8000-000000000002', '192.0.2.54', true), 'eses',
          'unsubscribing twice answers twice');
select tests.clear_authentication();
select is((select (remind_by_email, remind_by_push)::text from public.profiles where id = '54010000-0000-4000-8000-000000000002'), '(f,t)',
          'the mail is off, push untouched');
select tests.authenticate_as_service_role();
select is(private.unsubscribe_from_reminder_mail(null, '192.0.2.54', true), null, 'a token that did not verify changes nothing and gives null');
select is((tests.error_of($$ select private.unsubscribe_from_reminder_mail(null, '192.0.2.55', true) from generate_series(1, 61) $$)) ->> 'hint',
          'rate_limited', 'the 61st request a minute from one address is refused (PT429 rate_limited)');
select tests.clear_authentication();

select * from finish();
rollback;
