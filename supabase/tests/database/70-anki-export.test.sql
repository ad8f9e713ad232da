-- anki_export (issue 35): the caller's Anki package contents in one json — their collection
-- key (made on first use, the same on every call, each learner's own), their cards with the
-- schedule and FSRS memory state, their entries' fields with the cloze text and best native
-- recording, and their reviews of those cards oldest first — and nothing of anyone else's.
-- Actors: guest (refused, 42501), learner, another learner, admin (only their own, though an
-- admin reads hidden entries). A card of an entry that was hidden since leaves with its
-- reviews. 20 calls an hour per learner, then PT429 rate_limited.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(19);

-- Users: learner …01, other learner …02, admin …03.
select tests.create_user('70010000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset
select tests.create_user('70010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('70010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- Entries (the admin's): …01 chamba (example with the word, a native take), …02 chido (no
-- example), …03 oculta (hidden after the learner took it).
insert into public.entries (id, title, description, country, author, owner, show, example_sentence, hint, description_es) values
  ('70e00000-0000-4000-8000-000000000001', 'chamba', 'Work, a job.', 'MX', 'Ada', '70010000-0000-4000-8000-000000000003', true,
   'Tengo mucha chamba hoy.', 'Mexico', 'Trabajo.'),
  ('70e00000-0000-4000-8000-000000000002', 'chido', 'Cool.', 'MX', 'Ada', '70010000-0000-4000-8000-000000000003', true, null, null, null),
  ('70e00000-0000-4000-8000-000000000003', 'oculta', 'Hidden.', 'MX', 'Ada', '70010000-0000-4000-8000-000000000003', true, null, null, null);
-- chamba's takes: the native one the export must carry (…01), an older native one (…02), a
-- better-voted one from Colombia (…03) and a newer native one held by moderators (…04).
insert into public.recordings (id, entry_id, user_id, path, country, duration_ms, vote_score, created_at, moderation) values
  ('70a00000-0000-4000-8000-000000000001', '70e00000-0000-4000-8000-000000000001', '70010000-0000-4000-8000-000000000002',
   '70010000-0000-4000-8000-000000000002/70e00000-0000-4000-8000-000000000001/take.wav', 'MX', 900, 0, now() - interval '1 day', null),
  ('70a00000-0000-4000-8000-000000000002', '70e00000-0000-4000-8000-000000000001', '70010000-0000-4000-8000-000000000002',
   '70010000-0000-4000-8000-000000000002/70e00000-0000-4000-8000-000000000001/old.wav', 'MX', 900, 0, now() - interval '2 days', null),
  ('70a00000-0000-4000-8000-000000000003', '70e00000-0000-4000-8000-000000000001', '70010000-0000-4000-8000-000000000002',
   '70010000-0000-4000-8000-000000000002/70e00000-0000-4000-8000-000000000001/co.wav', 'CO', 900, 5, now() - interval '3 days', null),
  ('70a00000-0000-4000-8000-000000000004', '70e00000-0000-4000-8000-000000000001', '70010000-0000-4000-8000-000000000002',
   '70010000-0000-4000-8000-000000000002/70e00000-0000-4000-8000-000000000001/held.wav', 'MX', 900, 0, now(), 'held');
-- Cards as rate_flashcard leaves them: the learner's basic (in review), cloze (new,
-- suspended), chido basic, oculta basic; the other learner's and the admin's basic of chamba.
insert into public.flashcards (id, user_id, entry_id, kind, state, due, stability, difficulty, scheduled_days, reps, lapses, last_review, suspended, created_at) values
  ('70c00000-0000-4000-8000-000000000001', '70010000-0000-4000-8000-000000000001', '70e00000-0000-4000-8000-000000000001', 'basic',
   2, '2026-12-10 08:00+00', 8.5, 4.25, 8, 2, 0, '2026-12-02 08:00+00', false, '2026-12-01 08:00+00'),
  ('70c00000-0000-4000-8000-000000000002', '70010000-0000-4000-8000-000000000001', '70e00000-0000-4000-8000-000000000001', 'cloze',
   0, '2026-12-01 08:00+00', 0, 0, 0, 0, 0, null, true, '2026-12-01 08:01+00'),
  ('70c00000-0000-4000-8000-000000000003', '70010000-0000-4000-8000-000000000001', '70e00000-0000-4000-8000-000000000002', 'basic',
   0, '2026-12-01 08:00+00', 0, 0, 0, 0, 0, null, false, '2026-12-01 08:02+00'),
  ('70c00000-0000-4000-8000-000000000004', '70010000-0000-4000-8000-000000000001', '70e00000-0000-4000-8000-000000000003', 'basic',
   1, '2026-12-02 08:10+00', 2, 5, 0, 1, 0, '2026-12-02 08:00+00', false, '2026-12-01 08:03+00'),
  ('70c00000-0000-4000-8000-000000000005', '70010000-0000-4000-8000-000000000002', '70e00000-0000-4000-8000-000000000001', 'basic',
   1, '2026-12-02 08:10+00', 2, 5, 0, 1, 0, '2026-12-02 08:00+00', false, '2026-12-01 09:00+00'),
  ('70c00000-0000-4000-8000-000000000006', '70010000-0000-4000-8000-000000000003', '70e00000-0000-4000-8000-000000000001', 'basic',
   0, '2026-12-01 08:00+00', 0, 0, 0, 0, 0, null, false, '2026-12-01 10:00+00');
insert into public.reviews (flashcard_id, user_id, rating, reviewed_at, elapsed_days, state_before, state_after, due_before, due_after,
                            stability_before, stability_after, difficulty_before, difficulty_after, scheduled_days, duration_ms) values
  ('70c00000-0000-4000-8000-000000000001', '70010000-0000-4000-8000-000000000001', 3, '2026-12-01 08:00+00', 0, 0, 1,
   '2026-12-01 08:00+00', '2026-12-01 08:10+00', 0, 2, 0, 5, 0, 1200),
  ('70c00000-0000-4000-8000-000000000001', '70010000-0000-4000-8000-000000000001', 4, '2026-12-02 08:00+00', 1, 1, 2,
   '2026-12-01 08:10+00', '2026-12-10 08:00+00', 2, 8.5, 5, 4.25, 8, null),
  ('70c00000-0000-4000-8000-000000000004', '70010000-0000-4000-8000-000000000001', 3, '2026-12-02 08:00+00', 0, 0, 1,
   '2026-12-02 08:00+00', '2026-12-02 08:10+00', 0, 2, 0, 5, 0, 800),
  ('70c00000-0000-4000-8000-000000000005', '70010000-0000-4000-8000-000000000002', 1, '2026-12-02 08:00+00', 0, 0, 1,
   '2026-12-02 08:00+00', '2026-12-02 08:10+00', 0, 2, 0, 5, 0, 500);
update public.entries set show = false where id = '70e00000-0000-4000-8000-000000000003';

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select throws_ok($$ select public.anki_export() $$, '42501', null, 'a guest cannot export: 42501');
select throws_ok($$ select private.own_anki_collection_key() $$, '42501', null, 'nor ask for a collection key');

-------------------------------------------------------------------------------- learner (owner)
select tests.clear_authentication();
select tests.authenticate_as('70010000-0000-4000-8000-000000000001', :'learner_session');

create temporary table learner_export as select public.anki_export()::jsonb as data;

select ok((select data ->> 'collectionKey' ~ '^[A-Za-z0-9]{8,32}$' from learner_export), 'the export names a collection key');
select is((select public.anki_export()::jsonb ->> 'collectionKey'), (select data ->> 'collectionKey' from learner_export),
  'the same key on the next export');
select is((select jsonb_agg(c ->> 'id' order by c ->> 'id') from learner_export, jsonb_array_elements(data -> 'cards') c),
  '["70c00000-0000-4000-8000-000000000001", "70c00000-0000-4000-8000-000000000002", "70c00000-0000-4000-8000-000000000003"]',
  'the learner''s cards, not the one of an entry hidden since, nor anyone else''s');
select is((select c from learner_export, jsonb_array_elements(data -> 'cards') c where c ->> 'id' = '70c00000-0000-4000-8000-000000000001'),
  jsonb_build_object('id', '70c00000-0000-4000-8000-000000000001', 'entryId', '70e00000-0000-4000-8000-000000000001', 'kind', 'basic',
    'state', 2, 'due', 1796889600000, 'scheduledDays', 8, 'stability', 8.5, 'difficulty', 4.25, 'reps', 2, 'lapses', 0,
    'lastReview', 1796198400000, 'suspended', false, 'learningSteps', 0, 'createdAt', 1796112000000),
  'a card with its schedule and FSRS memory state, times in epoch ms');
select is((select (c ->> 'suspended')::boolean from learner_export, jsonb_array_elements(data -> 'cards') c where c ->> 'kind' = 'cloze'), true,
  'a suspended card says so');
select is((select e from learner_export, jsonb_array_elements(data -> 'entries') e where e ->> 'id' = '70e00000-0000-4000-8000-000000000001'),
  jsonb_build_object('id', '70e00000-0000-4000-8000-000000000001', 'title', 'chamba', 'description', 'Work, a job.',
    'descriptionEs', 'Trabajo.', 'country', 'MX', 'countryName', 'Mexico', 'example', 'Tengo mucha chamba hoy.', 'hint', 'Mexico',
    'cloze', 'Tengo mucha _____ hoy.', 'clozeAnswer', 'chamba',
    'recording', jsonb_build_object('_id', '70a00000-0000-4000-8000-000000000001',
      'path', '70010000-0000-4000-8000-000000000002/70e00000-0000-4000-8000-000000000001/take.wav')),
  'an entry''s fields, the cloze card''s text with what it blanks, and the best native recording');
select is((select jsonb_agg(e -> 'recording' ->> '_id' order by e ->> 'id') from learner_export, jsonb_array_elements(data -> 'entries') e),
  (select jsonb_agg(private.native_recording(e) ->> '_id' order by e.id) from public.entries e
    where e.id in ('70e00000-0000-4000-8000-000000000001', '70e00000-0000-4000-8000-000000000002')),
  'each entry''s recording is the one the flashcard reply carries (private.native_recording), or null');
select is((select jsonb_agg(e ->> 'title' order by e ->> 'title') from learner_export, jsonb_array_elements(data -> 'entries') e),
  '["chamba", "chido"]', 'each entry of the learner''s cards once; the hidden one is gone');
select is((select data -> 'reviews' from learner_export),
  '{"cardId": ["70c00000-0000-4000-8000-000000000001", "70c00000-0000-4000-8000-000000000001"],
    "reviewedAt": [1796112000000, 1796198400000], "rating": [3, 4], "stateBefore": [0, 1], "scheduledDays": [0, 8],
    "difficultyAfter": [5, 4.25], "durationMs": [1200, null], "elapsedDays": [0, 1], "dueAfter": [1796112600000, 1796889600000]}',
  'the learner''s reviews of those cards as columns, oldest first (none of the hidden entry''s card, none of another learner)');

-------------------------------------------------------------------------------- another learner
select tests.clear_authentication();
select tests.authenticate_as('70010000-0000-4000-8000-000000000002', :'other_session');

create temporary table other_export as select public.anki_export()::jsonb as data;
select isnt((select data ->> 'collectionKey' from other_export), (select data ->> 'collectionKey' from learner_export),
  'another learner has a key of their own');
select is((select jsonb_agg(c ->> 'id') from other_export, jsonb_array_elements(data -> 'cards') c),
  '["70c00000-0000-4000-8000-000000000005"]', 'another learner gets only their own card');
select is((select data #> '{reviews,rating}' from other_export), '[1]', 'and only their own review');
select throws_ok($$ select private.anki_collection_key('70010000-0000-4000-8000-000000000001') $$, '42501', null,
  'nor can they ask for the learner''s key');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('70010000-0000-4000-8000-000000000003', :'admin_session');

select is((select jsonb_build_object('cards', jsonb_agg(c ->> 'id'), 'reviews', (public.anki_export()::jsonb -> 'reviews'))
             from jsonb_array_elements(public.anki_export()::jsonb -> 'cards') c),
  '{"cards": ["70c00000-0000-4000-8000-000000000006"], "reviews": {"cardId": [], "reviewedAt": [], "rating": [], "stateBefore": [], "scheduledDays": [], "difficultyAfter": [], "durationMs": [], "elapsedDays": [], "dueAfter": []}}', 'an admin exports only their own cards and reviews');

-------------------------------------------------------------------------------- rate limit
select tests.clear_authentication();
select tests.authenticate_as('70010000-0000-4000-8000-000000000001', :'learner_session');

select is(tests.error_of($$ select count(public.anki_export()) from generate_series(1, 20) $$) - 'message' - 'detail',
  '{"code": "PT429", "hint": "rate_limited"}', 'more than 20 exports an hour: PT429 rate_limited');
select tests.clear_authentication();
select is((select count(*)::integer from private.rate_limits where bucket = 'anki_export' and client = '70010000-0000-4000-8000-000000000002'), 1,
  'each learner counts on their own');

select is((select data ->> 'collectionKey' from learner_export),
  (select key from private.anki_collections where user_id = '70010000-0000-4000-8000-000000000001'),
  'the key is the learner''s, made on their first export');

select * from finish();
rollback;
