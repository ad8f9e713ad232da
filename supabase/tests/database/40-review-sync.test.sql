-- review sync and daily limits: public.rate_flashcard (a review_id taken once, reviewed_at's
-- window, duration_ms, out-of-order reviews replayed so any sync order ends in the same
-- state, the streak day counted in the same call and reported once by update_streak),
-- export_reviews' durationMs, public.set_daily_limits and the due list within the limits in
-- the learner's local day (time frozen through the private cores). Per actor: guest, owner,
-- another learner, admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(55);

-- Users: learner …01 (America/Bogota, UTC-5), other learner …02, admin …03, learner …04
-- (limits, America/Los_Angeles), learner …05 (streak, UTC).
select tests.create_user('40010000-0000-4000-8000-000000000001', 'Lucia Learner') as learner_session \gset
select tests.create_user('40010000-0000-4000-8000-000000000002', 'Oscar Other') as other_session \gset
select tests.create_user('40010000-0000-4000-8000-000000000003', 'Alma Admin', true) as admin_session \gset
select tests.create_user('40010000-0000-4000-8000-000000000004', 'Lima Limits') as limits_session \gset
select tests.create_user('40010000-0000-4000-8000-000000000005', 'Sol Streak') as streak_session \gset
update public.profiles set time_zone = 'America/Bogota' where id = '40010000-0000-4000-8000-000000000001';
update public.profiles set time_zone = 'America/Los_Angeles' where id = '40010000-0000-4000-8000-000000000004';

insert into public.entries (id, title, description, country, author, owner, show)
select ('40e00000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid, 'palabra ' || n, 'A word.', 'MX', 'Alma',
       '40010000-0000-4000-8000-000000000003', true
  from generate_series(1, 20) n;

-- Cards added three days ago: the learner's …01 (idempotence), …02 and …03 (the same three
-- reviews in order and out of order), …04 (the window); the other learner's …05; the streak
-- learner's …06.
insert into public.flashcards (id, user_id, entry_id, created_at, due) values
  ('40c00000-0000-4000-8000-000000000001', '40010000-0000-4000-8000-000000000001', '40e00000-0000-4000-8000-000000000001', now() - interval '3 days', now() - interval '3 days'),
  ('40c00000-0000-4000-8000-000000000002', '40010000-0000-4000-8000-000000000001', '40e00000-0000-4000-8000-000000000002', now() - interval '3 days', now() - interval '3 days'),
  ('40c00000-0000-4000-8000-000000000003', '40010000-0000-4000-8000-000000000001', '40e00000-0000-4000-8000-000000000003', now() - interval '3 days', now() - interval '3 days'),
  ('40c00000-0000-4000-8000-000000000004', '40010000-0000-4000-8000-000000000001', '40e00000-0000-4000-8000-000000000004', now() - interval '3 days', now() - interval '3 days'),
  ('40c00000-0000-4000-8000-000000000005', '40010000-0000-4000-8000-000000000002', '40e00000-0000-4000-8000-000000000001', now() - interval '3 days', now() - interval '3 days'),
  ('40c00000-0000-4000-8000-000000000006', '40010000-0000-4000-8000-000000000005', '40e00000-0000-4000-8000-000000000001', now() - interval '3 days', now() - interval '3 days');

-- A card's state, for comparing two cards.
create function pg_temp.card_state(card uuid)
returns jsonb
language sql
as $$
  select jsonb_build_object('state', f.state, 'steps', f.learning_steps, 'stability', f.stability, 'difficulty', f.difficulty,
                            'scheduled', f.scheduled_days, 'due', f.due, 'reps', f.reps, 'lapses', f.lapses, 'last', f.last_review)
    from public.flashcards f where f.id = card
$$;
-- A card's log, oldest first, without what differs between two cards (ids).
create function pg_temp.card_log(card uuid)
returns jsonb
language sql
as $$
  select jsonb_agg(jsonb_build_object('rating', r.rating, 'at', r.reviewed_at, 'elapsed', r.elapsed_days,
                                      'before', r.state_before, 'after', r.state_after, 'dueBefore', r.due_before,
                                      'dueAfter', r.due_after, 'sBefore', r.stability_before, 'sAfter', r.stability_after,
                                      'dBefore', r.difficulty_before, 'dAfter', r.difficulty_after, 'scheduled', r.scheduled_days)
                   order by r.reviewed_at, r.id)
    from public.reviews r where r.flashcard_id = card
$$;
grant execute on all functions in schema pg_temp to public;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.rate_flashcard('40c00000-0000-4000-8000-000000000001', 3::smallint, '40a00000-0000-4000-8000-000000000001') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot rate a card: PT401 login_required');
select is(tests.error_of($$ select public.set_daily_limits(5, 50) $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'nor set daily limits');
select throws_ok($$ select private.record_review_at('40c00000-0000-4000-8000-000000000001', 3::smallint, now()) $$,
  '42501', null, 'nor call the review core');
select throws_ok($$ select private.replay_flashcard('40c00000-0000-4000-8000-000000000001') $$,
  '42501', null, 'nor the replay');
select throws_ok($$ update public.profiles set new_cards_per_day = 999 $$, '42501', null, 'nor write anyone''s limits');

-------------------------------------------------------------------------------- learner (owner): a review id is taken once
select tests.clear_authentication();
select tests.authenticate_as('40010000-0000-4000-8000-000000000001', :'learner_session');

select is((public.rate_flashcard('40c00000-0000-4000-8000-000000000001', 3::smallint, '40a00000-0000-4000-8000-000000000001',
                                 now() - interval '2 days', 4200) -> 'card') ->> 'state',
  'learning', 'a review made offline two days ago is taken: Good on a New card, Learning');
select pg_temp.card_state('40c00000-0000-4000-8000-000000000001') as after_first \gset
select is(public.rate_flashcard('40c00000-0000-4000-8000-000000000001', 1::smallint, '40a00000-0000-4000-8000-000000000001') ->> 'duplicate',
  'true', 'the same review id again (even with another rating) is a success marked duplicate');
select is(pg_temp.card_state('40c00000-0000-4000-8000-000000000001'), :'after_first'::jsonb, 'and changes nothing on the card');
select results_eq($$ select count(*)::int, min(duration_ms), min(rating)::int from public.reviews where flashcard_id = '40c00000-0000-4000-8000-000000000001' $$,
  $$ values (1, 4200, 3) $$, 'the log holds the review once, with its duration and first rating');
select is((public.rate_flashcard('40c00000-0000-4000-8000-000000000001', 3::smallint, '40a00000-0000-4000-8000-000000000001') -> 'card') ->> 'lastReview',
  (select to_jsonb(last_review) #>> '{}' from public.flashcards where id = '40c00000-0000-4000-8000-000000000001'),
  'a duplicate answers the card''s current state');
select is(public.rate_flashcard('40c00000-0000-4000-8000-000000000001', 3::smallint, '40a00000-0000-4000-8000-000000000001', now() - interval '40 days') ->> 'duplicate',
  'true', 'a review already taken is a duplicate even when its retry is dated past the window');
select is(tests.error_of($$ select public.rate_flashcard('40c00000-0000-4000-8000-000000000002', 3::smallint, '40a00000-0000-4000-8000-000000000001') $$) - 'message',
  '{"code": "PT409", "hint": "review_id_reused", "column": "reviewId"}', 'the review id of another card: PT409 review_id_reused');

-------------------------------------------------------------------------------- learner: the window and the duration
select is(tests.error_of($$ select public.rate_flashcard('40c00000-0000-4000-8000-000000000004', 3::smallint, null, now() + interval '6 minutes') $$) - 'message',
  '{"code": "PT400", "hint": "review_time_invalid", "column": "reviewedAt"}', 'dated more than 5 minutes ahead: PT400 review_time_invalid');
select is(tests.error_of($$ select public.rate_flashcard('40c00000-0000-4000-8000-000000000004', 3::smallint, null, now() - interval '30 days 1 second') $$) ->> 'hint',
  'review_time_invalid', 'dated more than 30 days back: review_time_invalid');
select is(tests.error_of($$ select public.rate_flashcard('40c00000-0000-4000-8000-000000000004', 3::smallint, null, now(), 3600001) $$) - 'message',
  '{"code": "PT400", "hint": "review_duration_invalid", "column": "durationMs"}', 'a duration over an hour: PT400 review_duration_invalid');
select is(tests.error_of($$ select public.rate_flashcard('40c00000-0000-4000-8000-000000000004', 3::smallint, null, now(), -1) $$) ->> 'hint',
  'review_duration_invalid', 'a negative duration: review_duration_invalid');
select is(tests.error_of($$ select public.rate_flashcard('40c00000-0000-4000-8000-000000000004', 5::smallint) $$) ->> 'hint',
  'review_quality_invalid', 'a rating out of 1..4: review_quality_invalid');
select is_empty($$ select 1 from public.reviews where flashcard_id = '40c00000-0000-4000-8000-000000000004' $$,
  'none of the refused reviews was logged');
select lives_ok($$ select public.rate_flashcard('40c00000-0000-4000-8000-000000000004', 3::smallint, null, now() + interval '4 minutes 59 seconds', 0) $$,
  'just under 5 minutes ahead is accepted (clock drift)');
select lives_ok($$ select public.rate_flashcard('40c00000-0000-4000-8000-000000000004', 3::smallint, null, now() - interval '29 days', 3600000) $$,
  '29 days back, shown for a whole hour, is accepted');

-------------------------------------------------------------------------------- learner: out of order, the same end state
-- Three reviews, A two days ago, B yesterday, C an hour ago: card …02 gets them in order,
-- card …03 as C, A, B (two devices syncing late). Both were added at the same instant.
select public.rate_flashcard('40c00000-0000-4000-8000-000000000002', 3::smallint, '40b00000-0000-4000-8000-00000000000a', now() - interval '2 days');
select public.rate_flashcard('40c00000-0000-4000-8000-000000000002', 3::smallint, '40b00000-0000-4000-8000-00000000000b', now() - interval '1 day');
select public.rate_flashcard('40c00000-0000-4000-8000-000000000002', 2::smallint, '40b00000-0000-4000-8000-00000000000c', now() - interval '1 hour');

select public.rate_flashcard('40c00000-0000-4000-8000-000000000003', 2::smallint, '40b00000-0000-4000-8000-00000000001c', now() - interval '1 hour');
select pg_temp.card_state('40c00000-0000-4000-8000-000000000003') as after_c \gset
select throws_ok($$ select private.record_review_at('40c00000-0000-4000-8000-000000000003', 3::smallint, now() - interval '2 days') $$,
  '42501', null, 'the owner cannot run the review core directly either (only rate_flashcard, which checks the card)');
select is(public.rate_flashcard('40c00000-0000-4000-8000-000000000003', 3::smallint, '40b00000-0000-4000-8000-00000000001a', now() - interval '2 days') ->> 'duplicate',
  'false', 'an older review arriving late is taken');
select isnt(pg_temp.card_state('40c00000-0000-4000-8000-000000000003'), :'after_c'::jsonb, 'and changes the card (the log was replayed)');
select public.rate_flashcard('40c00000-0000-4000-8000-000000000003', 3::smallint, '40b00000-0000-4000-8000-00000000001b', now() - interval '1 day');

select is(pg_temp.card_state('40c00000-0000-4000-8000-000000000003'), pg_temp.card_state('40c00000-0000-4000-8000-000000000002'),
  'C, A, B ends in the same FSRS state as A, B, C');
select is(pg_temp.card_log('40c00000-0000-4000-8000-000000000003'), pg_temp.card_log('40c00000-0000-4000-8000-000000000002'),
  'and the same log, each row''s before and after as if they had come in order');
select is((select last_review from public.flashcards where id = '40c00000-0000-4000-8000-000000000003'), now() - interval '1 hour',
  'the card''s last review is the newest one, not the last to arrive');
select is((public.rate_flashcard('40c00000-0000-4000-8000-000000000003', 3::smallint, '40b00000-0000-4000-8000-00000000001a') -> 'card')
            - 'content' - 'prompt',
          (public.rate_flashcard('40c00000-0000-4000-8000-000000000003', 3::smallint, '40b00000-0000-4000-8000-00000000001c') -> 'card')
            - 'content' - 'prompt',
  'replaying an already-synced review again changes nothing');

-------------------------------------------------------------------------------- learner: the export carries durations
select is((select e from jsonb_array_elements(public.export_reviews()) e
            where e ->> 'cardId' = '40c00000-0000-4000-8000-000000000001') ->> 'durationMs', '4200',
  'export_reviews: durationMs where the client measured it');
select ok((select bool_and(not (e ? 'durationMs')) from jsonb_array_elements(public.export_reviews()) e
            where e ->> 'cardId' = '40c00000-0000-4000-8000-000000000002'),
  'and no durationMs where it did not');

-------------------------------------------------------------------------------- learner: daily limits
select is(tests.error_of($$ select public.set_daily_limits(1000, null) $$) - 'message',
  '{"code": "PT400", "hint": "new_cards_per_day_invalid", "column": "newCardsPerDay"}', 'newCardsPerDay 1000: PT400 new_cards_per_day_invalid');
select is(tests.error_of($$ select public.set_daily_limits(-1, null) $$) ->> 'hint', 'new_cards_per_day_invalid', 'newCardsPerDay -1: refused');
select is(tests.error_of($$ select public.set_daily_limits(null, 10000) $$) - 'message',
  '{"code": "PT400", "hint": "max_reviews_per_day_invalid", "column": "maxReviewsPerDay"}', 'maxReviewsPerDay 10000: PT400 max_reviews_per_day_invalid');
select is(public.set_daily_limits(0, 9999) - array['_id', 'name', 'email', 'isAdmin', 'createdAt', 'lastLogin', 'timeZone', 'currentStreak', 'longestStreak', 'notifications', 'reminders', 'language', 'reminderOffered'],
  '{"newCardsPerDay": 0, "maxReviewsPerDay": 9999}', 'the bounds are accepted and returned with the profile');
select is(public.set_daily_limits(null, 150) ->> 'newCardsPerDay', '0', 'null keeps a limit');
select is(public.current_profile() ->> 'maxReviewsPerDay', '150', 'the profile returns them');

-------------------------------------------------------------------------------- learner: the streak day in the same call
select tests.clear_authentication();
select tests.authenticate_as('40010000-0000-4000-8000-000000000005', :'streak_session');
select is(public.rate_flashcard('40c00000-0000-4000-8000-000000000006', 3::smallint) -> 'streak',
  '{"updated": true, "streak": 1, "longest": 1, "freezes": 0, "freezesUsed": 0, "freezeEarned": false}',
  'the first rating of the day counts the streak day in the same call');
select is(public.rate_flashcard('40c00000-0000-4000-8000-000000000006', 3::smallint) -> 'streak' ->> 'updated', 'false',
  'the second rating counts nothing more');
select is(public.update_streak() - 'longest' - 'freezes',
  '{"updated": true, "streak": 1, "freezesUsed": 0, "freezeEarned": false}',
  'updateStreak after the ratings reports the counted day once (the spec''s clients show their toast)');
select is(public.update_streak() ->> 'updated', 'false', 'and then updated false (idempotent)');

-------------------------------------------------------------------------------- another learner
select tests.clear_authentication();
select tests.authenticate_as('40010000-0000-4000-8000-000000000002', :'other_session');
select is(tests.error_of($$ select public.rate_flashcard('40c00000-0000-4000-8000-000000000001', 1::smallint, '40a00000-0000-4000-8000-0000000000ff') $$) - 'message',
  '{"code": "PT404", "hint": "flashcard_not_found"}', 'another learner cannot rate the learner''s card: PT404');
select is(public.rate_flashcard('40c00000-0000-4000-8000-000000000005', 3::smallint, '40a00000-0000-4000-8000-000000000001') ->> 'duplicate',
  'false', 'review ids are per learner: the same UUID on their own card is a new review');
select is_empty($$ select 1 from public.reviews where user_id = '40010000-0000-4000-8000-000000000001' $$,
  'another learner reads none of the learner''s log');
select is(private.due_flashcards_at('40010000-0000-4000-8000-000000000001', now()), '[]'::jsonb,
  'nor the learner''s due list, whatever id is passed');
select is(tests.error_of($$ update public.profiles set new_cards_per_day = 1 where id = '40010000-0000-4000-8000-000000000001' returning 1 $$), null,
  'an update of the learner''s limits runs');
select is((select new_cards_per_day::int from public.profiles where id = '40010000-0000-4000-8000-000000000002'), 20,
  'their own limits are the defaults (20 new cards, …)');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select is((select new_cards_per_day::int from public.profiles where id = '40010000-0000-4000-8000-000000000001'), 0,
  '… and the other learner''s update changed nothing of the learner''s (RLS)');
select tests.authenticate_as('40010000-0000-4000-8000-000000000003', :'admin_session');
select is(tests.error_of($$ select public.rate_flashcard('40c00000-0000-4000-8000-000000000001', 1::smallint) $$) ->> 'hint',
  'flashcard_not_found', 'an admin cannot rate a learner''s card either');
select is_empty($$ select 1 from public.reviews where user_id = '40010000-0000-4000-8000-000000000001' $$,
  'nor read their log');
select is((select count(*)::int from public.profiles p where p.id = '40010000-0000-4000-8000-000000000001' and p.max_reviews_per_day = 150), 1,
  'an admin reads a learner''s limits (profiles are readable by admins)');
update public.profiles set max_reviews_per_day = 1 where id = '40010000-0000-4000-8000-000000000001';
select tests.clear_authentication();
select is((select max_reviews_per_day::int from public.profiles where id = '40010000-0000-4000-8000-000000000001'), 150,
  'but cannot change them (only owners update their profile)');

-------------------------------------------------------------------------------- the due list within the limits (time frozen)
-- Learner …04 in Los Angeles at 2026-10-10 10:00 local: 5 New cards, 3 Review cards due,
-- 1 Learning card due, 1 Review card due tomorrow. Limits: 2 new, 1 review a day.
update public.profiles set new_cards_per_day = 2, max_reviews_per_day = 1 where id = '40010000-0000-4000-8000-000000000004';
insert into public.flashcards (id, user_id, entry_id, created_at, due, state, stability, difficulty, last_review)
select ('40d00000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid, '40010000-0000-4000-8000-000000000004',
       ('40e00000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid, '2026-10-01 09:00-07',
       case when n <= 5 then '2026-10-01 09:00-07'::timestamptz + n * interval '1 minute'
            when n <= 8 then '2026-10-10 06:00-07'::timestamptz + n * interval '1 minute'
            when n = 9 then '2026-10-10 10:05-07'::timestamptz
            else '2026-10-11 09:00-07'::timestamptz end,
       case when n <= 5 then 0 when n <= 8 then 2 when n = 9 then 1 else 2 end,
       case when n <= 5 then 0 else 5 end, case when n <= 5 then 0 else 5 end,
       case when n <= 5 then null else '2026-10-05 09:00-07'::timestamptz end
  from generate_series(1, 10) n;
select tests.authenticate_as('40010000-0000-4000-8000-000000000004', :'limits_session');

select is((select array_agg(c ->> '_id' order by c ->> '_id') from jsonb_array_elements(private.due_flashcards_at('40010000-0000-4000-8000-000000000004', '2026-10-10 10:00-07')) c),
  array['40d00000-0000-4000-8000-000000000001', '40d00000-0000-4000-8000-000000000002', '40d00000-0000-4000-8000-000000000006',
        '40d00000-0000-4000-8000-000000000009'],
  'the session: the 2 oldest New cards, the oldest due Review card, and the Learning card (steps are never held back)');
select is(private.due_flashcard_count_at('40010000-0000-4000-8000-000000000004', '2026-10-10 10:00-07'), 4, 'and the count agrees');

-- Today (local) a New card was introduced and a Review card reviewed; yesterday's late
-- review (23:30 local, already the 10th in UTC) belongs to yesterday.
select tests.clear_authentication();
insert into public.reviews (flashcard_id, user_id, rating, reviewed_at, elapsed_days, state_before, state_after, due_before, due_after,
                            stability_before, stability_after, difficulty_before, difficulty_after, scheduled_days) values
  (null, '40010000-0000-4000-8000-000000000004', 3, '2026-10-10 08:00-07', 0, 0, 1, now(), now(), 0, 1, 0, 5, 0),
  (null, '40010000-0000-4000-8000-000000000004', 3, '2026-10-10 08:30-07', 0, 2, 2, now(), now(), 5, 9, 5, 5, 3),
  (null, '40010000-0000-4000-8000-000000000004', 3, '2026-10-09 23:30-07', 0, 0, 1, now(), now(), 0, 1, 0, 5, 0);
select tests.authenticate_as('40010000-0000-4000-8000-000000000004', :'limits_session');
select results_eq($$ select new_today, reviews_today, new_left, reviews_left from private.daily_allowance('40010000-0000-4000-8000-000000000004', '2026-10-10 10:00-07') $$,
  $$ values (1, 1, 1, 0) $$, 'today in Los Angeles: one New card introduced, one review done; one new card left, no review');
select is((select array_agg(c ->> '_id' order by c ->> '_id') from jsonb_array_elements(private.due_flashcards_at('40010000-0000-4000-8000-000000000004', '2026-10-10 10:00-07')) c),
  array['40d00000-0000-4000-8000-000000000001', '40d00000-0000-4000-8000-000000000009'],
  'so the session has one New card and the Learning card left');
select is(private.due_flashcard_count_at('40010000-0000-4000-8000-000000000004', '2026-10-11 01:00-07'), 4,
  'the next local day starts afresh: 2 New cards, 1 review (of four due by then) and the Learning card');

select * from finish();
rollback;
