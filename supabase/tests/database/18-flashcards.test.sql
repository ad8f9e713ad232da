-- flashcards and reviews: the tables' policies and grants per actor (owners only; nobody
-- writes the scheduling columns or the review log directly), and the functions:
-- add_flashcard (401, 404 also for a hidden entry, 409), flashcards_of_user (newest first),
-- due_flashcards / private.due_flashcards_at (the learner's local end of day with time
-- frozen, oldest due first, never another learner's cards, the four-button preview),
-- review_flashcard (401, 400, 404 for someone else's card, the log row with before and
-- after) and export_reviews.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(76);

-- Users: learner …01 (America/New_York), other learner …02, admin …03.
select tests.create_user('18010000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset
select tests.create_user('18010000-0000-4000-8000-000000000002', 'Omar Other') as other_session \gset
select tests.create_user('18010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
update public.profiles set time_zone = 'America/New_York' where id = '18010000-0000-4000-8000-000000000001';

-- Entries (the admin's): …01, …02, …03, …05 shown (…01 with hint and example, …02 without);
-- …04 hidden.
insert into public.entries (id, title, description, country, author, owner, show, hint, example_sentence) values
  ('18e00000-0000-4000-8000-000000000001', 'chamba', 'Work, a job.', 'MX', 'Ada', '18010000-0000-4000-8000-000000000003', true, 'ch...', 'Tengo mucha chamba.'),
  ('18e00000-0000-4000-8000-000000000002', 'boludo', 'Silly (friendly).', 'AR', 'Ada', '18010000-0000-4000-8000-000000000003', true, null, null),
  ('18e00000-0000-4000-8000-000000000003', 'guay', 'Cool.', 'ES', 'Ada', '18010000-0000-4000-8000-000000000003', true, null, null),
  ('18e00000-0000-4000-8000-000000000004', 'oculta', 'Hidden.', 'CL', 'Ada', '18010000-0000-4000-8000-000000000003', false, null, null),
  ('18e00000-0000-4000-8000-000000000005', 'pana', 'Friend.', 'VE', 'Ada', '18010000-0000-4000-8000-000000000003', true, null, null);

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.add_flashcard('18e00000-0000-4000-8000-000000000001') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot add a flashcard: PT401 login_required');
select is(tests.error_of($$ select public.flashcards_of_user() $$) ->> 'hint', 'login_required', 'nor list flashcards');
select is(tests.error_of($$ select public.due_flashcards() $$) ->> 'hint', 'login_required', 'nor list due flashcards');
select is(tests.error_of($$ select public.review_flashcard('18c00000-0000-4000-8000-000000000001', 3::smallint) $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'nor review one (401 before anything else)');
select is(tests.error_of($$ select public.export_reviews() $$) ->> 'hint', 'login_required', 'nor export a review log');
select is_empty($$ select * from public.flashcards $$, 'a guest reads no flashcards (RLS: no policy for anon)');
select throws_ok($$ select * from public.reviews $$, '42501', null, 'nor the review log');
select throws_ok($$ insert into public.flashcards (entry_id) values ('18e00000-0000-4000-8000-000000000001') $$,
  '42501', null, 'nor insert a flashcard directly');
select throws_ok($$ select private.due_flashcards_at('18010000-0000-4000-8000-000000000001', now()) $$,
  '42501', null, 'nor call the due-list core');

-------------------------------------------------------------------------------- learner (owner)
select tests.clear_authentication();
select tests.authenticate_as('18010000-0000-4000-8000-000000000001', :'learner_session');

select is(public.add_flashcard('18e00000-0000-4000-8000-000000000001')
            - '_id' - 'createdAt' - 'due',
  '{"userId": "18010000-0000-4000-8000-000000000001", "contentId": "18e00000-0000-4000-8000-000000000001",
    "kind": "basic", "prompt": "chamba", "state": "new", "stability": 0, "difficulty": 0, "scheduledDays": 0, "learningSteps": 0, "reps": 0, "lapses": 0,
    "lastReview": null, "recording": null,
    "content": {"_id": "18e00000-0000-4000-8000-000000000001", "title": "chamba", "description": "Work, a job.",
                "descriptionEs": null, "exampleSentence": "Tengo mucha chamba.", "hint": "ch...", "country": "MX"}}',
  'a learner adds an entry: a New card with the Flashcard JSON''s fields');
select ok((select f.due = now() and f.created_at = now() from public.flashcards f
            where f.user_id = '18010000-0000-4000-8000-000000000001' and f.entry_id = '18e00000-0000-4000-8000-000000000001'),
  'the new card is due now');
select is(tests.error_of($$ select public.add_flashcard('18e00000-0000-4000-8000-000000000001') $$) - 'message',
  '{"code": "PT409", "hint": "flashcard_exists"}', 'the same entry again: PT409 flashcard_exists');
select is(tests.error_of($$ select public.add_flashcard('18e00000-0000-4000-8000-000000000004') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'a hidden entry: PT404 entry_not_found');
select is(tests.error_of($$ select public.add_flashcard('18e00000-0000-4000-8000-0000000000ff') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'an entry that does not exist: PT404 entry_not_found');
select is((public.add_flashcard('18e00000-0000-4000-8000-000000000002') -> 'content') - '_id',
  '{"title": "boludo", "description": "Silly (friendly).", "descriptionEs": null, "exampleSentence": "", "hint": "", "country": "AR"}',
  'an entry with no hint or example: empty strings');
select lives_ok($$ insert into public.flashcards (entry_id) values ('18e00000-0000-4000-8000-000000000003') $$,
  'the learner may insert a card directly (entry only)');
select throws_ok($$ insert into public.flashcards (entry_id, user_id) values ('18e00000-0000-4000-8000-000000000005', '18010000-0000-4000-8000-000000000002') $$,
  '42501', null, 'but not in someone else''s name');
select throws_ok($$ insert into public.flashcards (entry_id, stability, due) values ('18e00000-0000-4000-8000-000000000005', 100, now() + interval '1 year') $$,
  '42501', null, 'nor with a scheduling state of their choosing');
select throws_ok($$ insert into public.flashcards (entry_id) values ('18e00000-0000-4000-8000-000000000004') $$,
  '42501', null, 'nor for a hidden entry (RLS)');
select throws_ok($$ update public.flashcards set due = now() + interval '1 year' where user_id = '18010000-0000-4000-8000-000000000001' $$,
  '42501', null, 'the learner cannot move their own card''s due date');
select throws_ok($$ update public.flashcards set stability = 100, state = 2 where user_id = '18010000-0000-4000-8000-000000000001' $$,
  '42501', null, 'nor its stability or state');
select is((select count(*)::int from public.flashcards where user_id = '18010000-0000-4000-8000-000000000001'), 3,
  'the learner reads their three cards');

select id as chamba from public.flashcards where entry_id = '18e00000-0000-4000-8000-000000000001' \gset
select id as boludo from public.flashcards where entry_id = '18e00000-0000-4000-8000-000000000002' \gset
select id as guay from public.flashcards where entry_id = '18e00000-0000-4000-8000-000000000003' \gset

-- Distinct creation times, for the newest-first order (one transaction: now() is fixed).
select tests.clear_authentication();
update public.flashcards set created_at = now() - interval '3 hours' where id = :'chamba';
update public.flashcards set created_at = now() - interval '1 hour' where id = :'boludo';
update public.flashcards set created_at = now() - interval '2 hours' where id = :'guay';
select tests.authenticate_as('18010000-0000-4000-8000-000000000001', :'learner_session');

select is((select array_agg(c ->> '_id') from jsonb_array_elements(public.flashcards_of_user()) as c),
  array[:'boludo', :'guay', :'chamba'], 'flashcards_of_user: the learner''s cards, newest first');

-- A first review through the public function, at now().
select is(public.review_flashcard(:'chamba', 3::smallint) - '_id' - 'createdAt' - 'content' - 'stability' - 'difficulty',
  jsonb_build_object('userId', '18010000-0000-4000-8000-000000000001', 'contentId', '18e00000-0000-4000-8000-000000000001',
    'kind', 'basic', 'prompt', 'chamba',
    'state', 'learning', 'scheduledDays', 0, 'learningSteps', 1, 'reps', 1, 'lapses', 0,
    'due', now() + interval '10 minutes', 'lastReview', now(), 'recording', null),
  'Good on a New card: Learning, the second step (10 minutes)');
select is((select jsonb_build_object('user', user_id, 'card', flashcard_id, 'rating', rating, 'at', reviewed_at, 'elapsed', elapsed_days,
                                     'states', array[state_before, state_after], 'dues', array[due_before, due_after],
                                     'stability', array[stability_before, stability_after],
                                     'difficultyBefore', difficulty_before, 'days', scheduled_days)
             from public.reviews where flashcard_id = :'chamba'),
  jsonb_build_object('user', '18010000-0000-4000-8000-000000000001', 'card', :'chamba', 'rating', 3, 'at', now(), 'elapsed', 0,
                     'states', array[0, 1], 'dues', array[now(), now() + interval '10 minutes'],
                     'stability', array[0, 2.3065], 'difficultyBefore', 0, 'days', 0),
  'the review is logged with the state before and after (initial stability for Good is w2 = 2.3065)');
select ok((select difficulty_after between 1 and 10 and difficulty_after = f.difficulty
             from public.reviews r join public.flashcards f on f.id = r.flashcard_id where r.flashcard_id = :'chamba'),
  'the logged difficulty after is the card''s, within 1..10');
select is(tests.error_of(format($$ select public.review_flashcard(%L, 5::smallint) $$, :'chamba')) - 'message',
  '{"code": "PT400", "hint": "review_quality_invalid", "column": "quality"}', 'a rating of 5: PT400 on quality');
select is(tests.error_of(format($$ select public.review_flashcard(%L, 0::smallint) $$, :'chamba')) ->> 'hint',
  'review_quality_invalid', 'a rating of 0 (ts-fsrs'' Manual) is refused too');
select is(tests.error_of(format($$ select public.review_flashcard(%L, null) $$, :'chamba')) ->> 'hint',
  'review_quality_invalid', 'no rating is refused');
select is(tests.error_of($$ select public.review_flashcard('18c00000-0000-4000-8000-0000000000ff', 3::smallint) $$) - 'message',
  '{"code": "PT404", "hint": "flashcard_not_found"}', 'a card that does not exist: PT404 flashcard_not_found');
select is((select count(*)::int from public.reviews where flashcard_id = :'chamba'), 1, 'refused reviews log nothing');
select throws_ok(format($$ insert into public.reviews (flashcard_id, user_id, rating, elapsed_days, state_before, state_after, due_before, due_after,
                                                       stability_before, stability_after, difficulty_before, difficulty_after, scheduled_days)
                          values (%L, '18010000-0000-4000-8000-000000000001', 4, 0, 0, 2, now(), now() + interval '1 year', 0, 100, 0, 1, 365) $$, :'chamba'),
  '42501', null, 'the learner cannot write their review log');
select throws_ok($$ update public.reviews set rating = 4 where user_id = '18010000-0000-4000-8000-000000000001' $$,
  '42501', null, 'nor change it');
select throws_ok($$ delete from public.reviews where user_id = '18010000-0000-4000-8000-000000000001' $$,
  '42501', null, 'nor delete from it');
select is(public.export_reviews(),
  jsonb_build_array(jsonb_build_object('cardId', :'chamba', 'reviewTime', floor(extract(epoch from now()) * 1000)::bigint,
                                       'rating', 3, 'state', 0, 'elapsedDays', 0)),
  'export_reviews: the log with the optimizer''s fields, time in epoch milliseconds');

-- The due list with time frozen: Thursday 9 April 2026, 16:00 in New York (20:00 UTC; EDT,
-- UTC-4), so the learner's day ends at 04:00 UTC on the 10th.
select tests.clear_authentication();
-- (chamba was reviewed just now, in real time: its last review is moved to the frozen day.)
update public.flashcards set due = '2026-04-10T03:30:00Z', last_review = '2026-04-09T19:50:00Z' where id = :'chamba';   -- 23:30 on the 9th in New York
update public.flashcards set due = '2026-04-10T04:30:00Z' where id = :'boludo';   -- 00:30 on the 10th in New York
update public.flashcards set due = '2026-04-02T12:00:00Z' where id = :'guay';     -- a week overdue
-- The other learner's card, due long before: it must never appear in the learner's list.
insert into public.flashcards (id, user_id, entry_id, due)
values ('18c00000-0000-4000-8000-000000000002', '18010000-0000-4000-8000-000000000002', '18e00000-0000-4000-8000-000000000005', '2026-01-01T00:00:00Z');
select tests.authenticate_as('18010000-0000-4000-8000-000000000001', :'learner_session');

select is((select array_agg(c ->> '_id') from jsonb_array_elements(private.due_flashcards_at('18010000-0000-4000-8000-000000000001', '2026-04-09T20:00:00Z')) as c),
  array[:'guay', :'chamba'], 'due by the end of the learner''s day in New York, oldest due first; 00:30 tomorrow is not due');
select is((select array_agg(c ->> '_id') from jsonb_array_elements(private.due_flashcards_at('18010000-0000-4000-8000-000000000001', '2026-04-10T03:59:59Z')) as c),
  array[:'guay', :'chamba'], 'one second before local midnight: still the same day');
select is((select array_agg(c ->> '_id') from jsonb_array_elements(private.due_flashcards_at('18010000-0000-4000-8000-000000000001', '2026-04-10T04:00:00Z')) as c),
  array[:'guay', :'chamba', :'boludo'], 'at local midnight the new day''s cards are due');
select is((select array_agg(c ->> '_id') from jsonb_array_elements(private.due_flashcards_at('18010000-0000-4000-8000-000000000001', '2026-04-10T04:00:00Z', 2)) as c),
  array[:'guay', :'chamba'], 'a page of two: the two oldest due');
select is(private.due_flashcard_count_at('18010000-0000-4000-8000-000000000001', '2026-04-10T04:00:00Z'), 3,
  'and the count says three are due in all');
select is(private.due_flashcard_count_at('18010000-0000-4000-8000-000000000002', '2026-04-10T04:00:00Z'), 0,
  'another learner''s count cannot be read by passing their id (RLS)');
select is((select jsonb_array_length(public.due_flashcards(1) -> 'cards')), 1, 'due_flashcards takes the page size');
update public.profiles set time_zone = 'UTC' where id = '18010000-0000-4000-8000-000000000001';
select is((select array_agg(c ->> '_id') from jsonb_array_elements(private.due_flashcards_at('18010000-0000-4000-8000-000000000001', '2026-04-09T20:00:00Z')) as c),
  array[:'guay'], 'the same instant for a learner in UTC: their day ends at 00:00 UTC, so 03:30 is tomorrow');
update public.profiles set time_zone = 'Asia/Tokyo' where id = '18010000-0000-4000-8000-000000000001';
select is((select array_agg(c ->> '_id') from jsonb_array_elements(private.due_flashcards_at('18010000-0000-4000-8000-000000000001', '2026-04-09T20:00:00Z')) as c),
  array[:'guay', :'chamba', :'boludo'], 'and in Tokyo it is already the 10th (05:00), ending at 15:00 UTC: all three');
update public.profiles set time_zone = 'America/New_York' where id = '18010000-0000-4000-8000-000000000001';
select is(private.due_flashcards_at('18010000-0000-4000-8000-000000000002', '2026-04-09T20:00:00Z'), '[]',
  'another learner''s due list cannot be read by passing their id (RLS)');
select is((select count(*)::int from jsonb_array_elements(private.due_flashcards_at('18010000-0000-4000-8000-000000000001', '2027-01-01T00:00:00Z')) as c
            where c ->> 'userId' <> '18010000-0000-4000-8000-000000000001'), 0,
  'the learner''s list never holds another learner''s cards');

-- The due card JSON: Flashcard plus the predicted recall and the four buttons' schedule.
select is((select c - 'retrievability' - 'preview' from jsonb_array_elements(private.due_flashcards_at('18010000-0000-4000-8000-000000000001', '2026-04-09T20:00:00Z')) as c
            where c ->> '_id' = :'guay'),
  (select public.flashcards_of_user() -> 1), 'a due card carries the Flashcard JSON');
select is((select jsonb_build_object('r', c -> 'retrievability', 'preview', c -> 'preview')
             from jsonb_array_elements(private.due_flashcards_at('18010000-0000-4000-8000-000000000001', '2026-04-09T20:00:00Z')) as c
            where c ->> '_id' = :'guay'),
  jsonb_build_object('r', null, 'preview', jsonb_build_object(
    'again', jsonb_build_object('due', '2026-04-09T20:01:00+00:00'::timestamptz, 'scheduledDays', 0),
    'hard', jsonb_build_object('due', '2026-04-09T20:06:00+00:00'::timestamptz, 'scheduledDays', 0),
    'good', jsonb_build_object('due', '2026-04-09T20:10:00+00:00'::timestamptz, 'scheduledDays', 0),
    'easy', jsonb_build_object('due', '2026-04-17T20:00:00+00:00'::timestamptz, 'scheduledDays', 8))),
  'a New card: no recall yet; Again 1 min, Hard 6 min (between the 1 and 10 min steps), Good 10 min, Easy 8 days (w3 = 8.2956)');
select ok((select (c ->> 'retrievability')::float8 > 0 and (c ->> 'retrievability')::float8 < 1
             from jsonb_array_elements(private.due_flashcards_at('18010000-0000-4000-8000-000000000001', '2026-04-12T20:00:00Z')) as c
            where c ->> '_id' = :'chamba'),
  'a reviewed card some days later: a recall probability between 0 and 1');

-- A review at a frozen instant through the core: a lapse on a Review card.
select tests.clear_authentication();
update public.flashcards set state = 2, stability = 10, difficulty = 5, reps = 4, scheduled_days = 10,
                             last_review = '2026-03-30T20:00:00Z', due = '2026-04-09T20:00:00Z' where id = :'boludo';
select is(private.review_flashcard_at(:'boludo', 1::smallint, '2026-04-09T21:00:00Z') - '_id' - 'createdAt' - 'content' - 'userId' - 'contentId' - 'kind' - 'prompt' - 'stability' - 'difficulty',
  jsonb_build_object('state', 'relearning', 'scheduledDays', 0, 'learningSteps', 0, 'reps', 5, 'lapses', 1,
                     'due', '2026-04-09T21:10:00Z'::timestamptz, 'lastReview', '2026-04-09T21:00:00Z'::timestamptz, 'recording', null),
  'Again on a Review card: a lapse, Relearning for the 10-minute step');
select ok((select stability < 10 and difficulty > 5 from public.flashcards where id = :'boludo'),
  'a lapse lowers stability and raises difficulty');
select is((select jsonb_build_object('elapsed', elapsed_days, 'states', array[state_before, state_after], 'stabilityBefore', stability_before, 'dueBefore', due_before)
             from public.reviews where flashcard_id = :'boludo'),
  jsonb_build_object('elapsed', 10, 'states', array[2, 3], 'stabilityBefore', 10, 'dueBefore', '2026-04-09T20:00:00Z'::timestamptz),
  'the log has the whole days since the last review and the state before');
select is(tests.error_of($$ select private.review_flashcard_at('18c00000-0000-4000-8000-0000000000ff', 3::smallint, now()) $$) ->> 'hint',
  'flashcard_not_found', 'the core: a missing card is PT404');
select is(tests.error_of(format($$ select private.review_flashcard_at(%L, 9::smallint, now()) $$, :'boludo')) ->> 'hint',
  'review_quality_invalid', 'the core: a rating outside 1..4 is PT400');

-------------------------------------------------------------------------------- other learner
select tests.authenticate_as('18010000-0000-4000-8000-000000000002', :'other_session');

select is_empty(format($$ select * from public.flashcards where id in (%L, %L, %L) $$, :'chamba', :'boludo', :'guay'),
  'another learner sees none of the learner''s cards');
select is_empty($$ select * from public.reviews where user_id = '18010000-0000-4000-8000-000000000001' $$,
  'nor their review log');
select is((select array_agg(c ->> '_id') from jsonb_array_elements(public.flashcards_of_user()) as c),
  array['18c00000-0000-4000-8000-000000000002'], 'their own list holds only their card');
select is(tests.error_of(format($$ select public.review_flashcard(%L, 4::smallint) $$, :'chamba')) - 'message',
  '{"code": "PT404", "hint": "flashcard_not_found"}', 'reviewing someone else''s card: PT404 flashcard_not_found');
select is((select count(*)::int from public.flashcards where id = :'chamba'), 0, 'the card stays invisible to them');
delete from public.flashcards where id = :'chamba';
select throws_ok(format($$ update public.flashcards set due = now() where id = %L $$, :'chamba'),
  '42501', null, 'nor may they move its due date');
select is((public.add_flashcard('18e00000-0000-4000-8000-000000000001') ->> 'userId'), '18010000-0000-4000-8000-000000000002',
  'the same entry can be in two learners'' flashcards');
select is(public.export_reviews(), '[]', 'their export holds none of the learner''s reviews');
select is((select count(*)::int from public.flashcards where user_id = '18010000-0000-4000-8000-000000000002'), 2,
  'they read their own cards');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('18010000-0000-4000-8000-000000000003', :'admin_session');

select is_empty(format($$ select * from public.flashcards where id in (%L, %L, %L) $$, :'chamba', :'boludo', :'guay'),
  'an admin sees no learner''s cards (owners only)');
select is_empty($$ select * from public.reviews where user_id = '18010000-0000-4000-8000-000000000001' $$,
  'nor their review log');
select is(tests.error_of(format($$ select public.review_flashcard(%L, 3::smallint) $$, :'chamba')) ->> 'hint',
  'flashcard_not_found', 'nor reviews them');
delete from public.flashcards where id = :'guay';
select throws_ok($$ update public.flashcards set lapses = 0 $$, '42501', null, 'nor writes the scheduling columns');
select throws_ok($$ delete from public.reviews $$, '42501', null, 'nor deletes from the review log');

-------------------------------------------------------------------------------- learner again: nothing moved; deleting a card
select tests.authenticate_as('18010000-0000-4000-8000-000000000001', :'learner_session');

select is((select array_agg(id order by entry_id) from public.flashcards where user_id = '18010000-0000-4000-8000-000000000001'),
  array[:'chamba', :'boludo', :'guay']::uuid[], 'the others'' deletes removed none of the learner''s cards');
select ok((select entry_id = '18e00000-0000-4000-8000-000000000001' and due = '2026-04-10T03:30:00Z' from public.flashcards where id = :'chamba'),
  'nor changed them');
select is(public.review_flashcard(:'guay', 4::smallint) ->> 'state', 'review', 'Easy on a New card graduates it at once');
select is((select count(*)::int from public.reviews where user_id = '18010000-0000-4000-8000-000000000001'), 3,
  'three reviews in the learner''s log');
delete from public.flashcards where id = :'guay';
select is((select count(*)::int from public.flashcards where id = :'guay'), 0, 'the learner removes one of their cards');
select is((select array_agg(rating order by id) from public.reviews where user_id = '18010000-0000-4000-8000-000000000001' and flashcard_id is null),
  array[4::smallint], 'its reviews stay in the log, unlinked from the removed card');
select is(jsonb_array_length(public.export_reviews()), 3, 'and in the export');
select is(tests.error_of(format($$ select public.review_flashcard(%L, 3::smallint) $$, :'guay')) ->> 'hint',
  'flashcard_not_found', 'a removed card cannot be reviewed');

select * from finish();
rollback;
