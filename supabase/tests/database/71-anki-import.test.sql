-- Bringing reviews back from Anki: public.start_anki_import and public.import_anki_reviews per
-- actor. Guests are refused; a learner's reviews land only on their own cards, each once (a
-- review within a second of one already there is present), in time order, old history
-- welcome; the replayed card equals rating the same reviews through rate_flashcard; another
-- collection's key is refused and changes nothing; an admin is no different; an import is one
-- write (not one per review) and imports have their own limit; imported days count for the streak.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(26);

-- Users: learner …01, other …02, admin …03, twin …04 (rates through rate_flashcard).
select tests.create_user('71010000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset
select tests.create_user('71010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('71010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
select tests.create_user('71010000-0000-4000-8000-000000000004', 'Tim Twin') as twin_session \gset

insert into public.entries (id, title, description, country, author, owner, show) values
  ('71e00000-0000-4000-8000-000000000001', 'chamba', 'Work.', 'MX', 'Tests', '71010000-0000-4000-8000-000000000002', true),
  ('71e00000-0000-4000-8000-000000000002', 'parce', 'Friend.', 'CO', 'Tests', '71010000-0000-4000-8000-000000000002', true);
insert into public.flashcards (user_id, entry_id, kind) values
  ('71010000-0000-4000-8000-000000000001', '71e00000-0000-4000-8000-000000000001', 'basic'),
  ('71010000-0000-4000-8000-000000000001', '71e00000-0000-4000-8000-000000000001', 'reverse'),
  ('71010000-0000-4000-8000-000000000001', '71e00000-0000-4000-8000-000000000002', 'basic'),
  ('71010000-0000-4000-8000-000000000002', '71e00000-0000-4000-8000-000000000001', 'basic'),
  ('71010000-0000-4000-8000-000000000003', '71e00000-0000-4000-8000-000000000001', 'basic'),
  ('71010000-0000-4000-8000-000000000004', '71e00000-0000-4000-8000-000000000001', 'basic');
insert into private.anki_collections (user_id, key) values
  ('71010000-0000-4000-8000-000000000001', 'learnerkey71'),
  ('71010000-0000-4000-8000-000000000002', 'otherkey0071'),
  ('71010000-0000-4000-8000-000000000003', 'adminkey0071');

-- Epoch milliseconds, as Anki's revlog ids hold them.
-- Epoch milliseconds, as Anki's revlog ids count time.
create function pg_temp.ms(at timestamptz) returns bigint language sql immutable as $$ select floor(extract(epoch from at) * 1000)::bigint $$;

-- The package's reviews: chamba basic twice (10 and 5 days ago), chamba reverse
-- once, parce basic 40 days ago (history beyond the offline queue's 30 days), a card the
-- learner does not hold (parce reverse), a rescheduling (rating 0) and one dated tomorrow.
create temporary table given (reviews jsonb);
insert into given select jsonb_build_array(
  jsonb_build_object('entryId', '71e00000-0000-4000-8000-000000000001', 'kind', 'basic', 'at', pg_temp.ms(now() - interval '10 days'), 'rating', 3, 'durationMs', 4200),
  jsonb_build_object('entryId', '71e00000-0000-4000-8000-000000000001', 'kind', 'basic', 'at', pg_temp.ms(now() - interval '5 days'), 'rating', 1, 'durationMs', 9000),
  jsonb_build_object('entryId', '71e00000-0000-4000-8000-000000000001', 'kind', 'reverse', 'at', pg_temp.ms(now() - interval '5 days'), 'rating', 4, 'durationMs', null),
  jsonb_build_object('entryId', '71e00000-0000-4000-8000-000000000002', 'kind', 'basic', 'at', pg_temp.ms(now() - interval '40 days'), 'rating', 3, 'durationMs', 60000),
  jsonb_build_object('entryId', '71e00000-0000-4000-8000-000000000002', 'kind', 'reverse', 'at', pg_temp.ms(now() - interval '4 days'), 'rating', 3, 'durationMs', 1000),
  jsonb_build_object('entryId', '71e00000-0000-4000-8000-000000000001', 'kind', 'basic', 'at', pg_temp.ms(now() - interval '3 days'), 'rating', 0, 'durationMs', 0),
  jsonb_build_object('entryId', '71e00000-0000-4000-8000-000000000001', 'kind', 'basic', 'at', pg_temp.ms(now() + interval '1 day'), 'rating', 3, 'durationMs', 0));
grant select on given to anon, authenticated;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select throws_ok($$ select public.import_anki_reviews('learnerkey71', (select reviews from given)) $$,
  '42501', null, 'a guest cannot import reviews');
select throws_ok($$ select public.start_anki_import() $$, '42501', null, 'nor start an import');

-------------------------------------------------------------------------------- learner
select tests.authenticate_as('71010000-0000-4000-8000-000000000001');

select is(public.start_anki_import(), 'learnerkey71', 'starting an import names the learner''s own collection key');
select is(tests.error_of($$ select public.import_anki_reviews('otherkey0071', (select reviews from given)) $$) - 'message',
  '{"code": "PT422", "hint": "anki_package_foreign"}', 'another learner''s key: PT422 anki_package_foreign');
select is(tests.error_of($$ select public.import_anki_reviews('learnerkey71', '{"not": "a list"}') $$) ->> 'hint',
  'invalid_input', 'reviews that are not a list: invalid_input');
select is(public.import_anki_reviews('learnerkey71', (select reviews from given)),
  '{"added": 4, "present": 0, "skipped": 3, "cards": 3}',
  'an import adds the reviews of the learner''s cards and skips the card not held, the rescheduling and the one from tomorrow');
select is((select count(*)::int from public.reviews where user_id = '71010000-0000-4000-8000-000000000001'), 4,
  'the four reviews are in the learner''s log');
select is((select array_agg(r.duration_ms order by r.reviewed_at) from public.reviews r
            join public.flashcards f on f.id = r.flashcard_id
           where f.user_id = '71010000-0000-4000-8000-000000000001' and f.entry_id = '71e00000-0000-4000-8000-000000000001' and f.kind = 'basic'),
  array[4200, 9000], 'with the time each took');
select is((select reps from public.flashcards where user_id = '71010000-0000-4000-8000-000000000001' and entry_id = '71e00000-0000-4000-8000-000000000002'),
  1, 'a review 40 days old is history, taken like any other');
select is(public.import_anki_reviews('learnerkey71', (select reviews from given)),
  '{"added": 0, "present": 4, "skipped": 3, "cards": 0}', 'the same package again adds nothing: every review is present');
select is(public.import_anki_reviews('learnerkey71', jsonb_build_array(
    jsonb_build_object('entryId', '71e00000-0000-4000-8000-000000000001', 'kind', 'reverse',
                       'at', pg_temp.ms(now() - interval '5 days' + interval '900 milliseconds'), 'rating', 3))) - 'cards',
  '{"added": 0, "present": 1, "skipped": 0}', 'a review within a second of one already there is present');
select is(current_setting('jerga.anki_import', true), '', 'the import''s write-limit exemption ends with its insert');
select tests.clear_authentication();
select is((select count(*)::int from private.rate_limits where bucket like 'writes:reviews:%' and client = '71010000-0000-4000-8000-000000000001'),
  0, 'imported reviews are not counted one by one against the reviews write limit');
select is((select hits from private.rate_limits where bucket = 'anki_imports' and client = '71010000-0000-4000-8000-000000000001'),
  3, 'each import counted once, as an import (the refused one not at all)');

-- The streak: the days studied in Anki count, oldest first (40 days ago, then 10 and 5 days ago
-- with gaps: a streak of 1 from the last of them); the calendar shows them.
select is((select current_streak from public.profiles where id = '71010000-0000-4000-8000-000000000001'), 1,
  'imported days count for the streak through the rating''s rule (gaps restart it)');
select is((select last_streak_day from public.profiles where id = '71010000-0000-4000-8000-000000000001'),
  ((now() - interval '5 days') at time zone (select time_zone from public.profiles where id = '71010000-0000-4000-8000-000000000001'))::date,
  'the last counted day is the last day studied');

-------------------------------------------------------------------------------- twin: the same ratings through rate_flashcard
select tests.authenticate_as('71010000-0000-4000-8000-000000000004');
select public.rate_flashcard(f.id, 3::smallint, null, date_trunc('milliseconds', now() - interval '10 days'), 4200) from public.flashcards f
 where f.user_id = '71010000-0000-4000-8000-000000000004';
select public.rate_flashcard(f.id, 1::smallint, null, date_trunc('milliseconds', now() - interval '5 days'), 9000) from public.flashcards f
 where f.user_id = '71010000-0000-4000-8000-000000000004';
select tests.clear_authentication();
select is(
  (select row(f.state, f.learning_steps, f.stability, f.difficulty, f.scheduled_days, f.due, f.reps, f.lapses, f.last_review)::text
     from public.flashcards f where f.user_id = '71010000-0000-4000-8000-000000000001' and f.entry_id = '71e00000-0000-4000-8000-000000000001' and f.kind = 'basic'),
  (select row(f.state, f.learning_steps, f.stability, f.difficulty, f.scheduled_days, f.due, f.reps, f.lapses, f.last_review)::text
     from public.flashcards f where f.user_id = '71010000-0000-4000-8000-000000000004'),
  'the imported card''s schedule equals rating the same reviews in Jerga');
select is(
  (select array_agg(row(r.rating, r.elapsed_days, r.state_before, r.state_after, r.stability_after, r.difficulty_after, r.scheduled_days)::text order by r.reviewed_at)
     from public.reviews r join public.flashcards f on f.id = r.flashcard_id
    where f.user_id = '71010000-0000-4000-8000-000000000001' and f.entry_id = '71e00000-0000-4000-8000-000000000001' and f.kind = 'basic'),
  (select array_agg(row(r.rating, r.elapsed_days, r.state_before, r.state_after, r.stability_after, r.difficulty_after, r.scheduled_days)::text order by r.reviewed_at)
     from public.reviews r where r.user_id = '71010000-0000-4000-8000-000000000004'),
  'and so does its log, review by review');

-------------------------------------------------------------------------------- other learner
select tests.authenticate_as('71010000-0000-4000-8000-000000000002');

select is(tests.error_of($$ select public.import_anki_reviews('learnerkey71', (select reviews from given)) $$) ->> 'hint',
  'anki_package_foreign', 'another learner cannot import the learner''s package');
select is(public.import_anki_reviews('otherkey0071', (select reviews from given)) - 'present' - 'skipped',
  '{"added": 2, "cards": 1}', 'their own import lands on their own card of the entry');
select tests.clear_authentication();
select is((select count(*)::int from public.reviews where user_id = '71010000-0000-4000-8000-000000000001'), 4,
  'the learner''s log is unchanged by the other learner''s imports');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('71010000-0000-4000-8000-000000000003');
select is(tests.error_of($$ select public.import_anki_reviews('learnerkey71', (select reviews from given)) $$) ->> 'hint',
  'anki_package_foreign', 'an admin cannot import into a learner''s collection either');
select is(public.import_anki_reviews('adminkey0071', (select reviews from given)) ->> 'added', '2',
  'an admin imports into their own cards like anyone');

-------------------------------------------------------------------------------- write limits
select tests.clear_authentication();
-- 150 reviews of one card a minute apart: over the reviews limit of 120 a minute were they counted one by one.
select tests.authenticate_as('71010000-0000-4000-8000-000000000001');
select is(public.import_anki_reviews('learnerkey71', (select jsonb_agg(jsonb_build_object(
    'entryId', '71e00000-0000-4000-8000-000000000002', 'kind', 'basic',
    'at', pg_temp.ms(now() - interval '20 days' + i * interval '1 minute'), 'rating', 3)) from generate_series(1, 150) i)) ->> 'added',
  '150', 'an import of 150 reviews is one write: the per-review limit does not refuse it');
select tests.clear_authentication();
update private.rate_limits set hits = 10 where bucket = 'anki_imports' and client = '71010000-0000-4000-8000-000000000001';
select tests.authenticate_as('71010000-0000-4000-8000-000000000001');
select is(tests.error_of($$ select public.import_anki_reviews('learnerkey71', '[]') $$) - 'message' - 'detail',
  '{"code": "PT429", "hint": "rate_limited"}', 'the eleventh import within the hour: PT429 rate_limited');
select tests.clear_authentication();
update private.rate_limits set hits = 20 where bucket = 'anki_import_packages' and client = '71010000-0000-4000-8000-000000000001';
select tests.authenticate_as('71010000-0000-4000-8000-000000000001');
select is(tests.error_of($$ select public.start_anki_import() $$) ->> 'hint', 'rate_limited',
  'reading a 21st package within the hour: rate_limited');

select * from finish();
rollback;
