-- listening flashcards (issue 34): every card's JSON carries its entry's best native
-- recording (from the entry's own country, not moderated; best voted, then newest) or null;
-- the listening kind only for an entry with one (add_flashcard's PT400
-- listening_needs_recording, and the insert trigger for direct inserts), flashcard_kinds'
-- order. Actors: guest, learner, another learner (a speaker whose own held take is not
-- native), admin (who reads held takes, and still may not use one).
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(22);

-- Users: learner …01, speaker …02 (another learner), admin …03.
select tests.create_user('67010000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset
select tests.create_user('67010000-0000-4000-8000-000000000002', 'Sara Speaker') as speaker_session \gset
select tests.create_user('67010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- Entries (the admin's), all MX: …01 with two native takes and one from Colombia; …02 with a
-- take from Colombia only; …03 with a held native take only; …04 with none; …05 hidden with
-- a native take.
insert into public.entries (id, title, description, country, author, owner, show, example_sentence) values
  ('67e00000-0000-4000-8000-000000000001', 'chamba', 'Work, a job.', 'MX', 'Ada', '67010000-0000-4000-8000-000000000003', true, 'Tengo chamba.'),
  ('67e00000-0000-4000-8000-000000000002', 'chido', 'Cool.', 'MX', 'Ada', '67010000-0000-4000-8000-000000000003', true, null),
  ('67e00000-0000-4000-8000-000000000003', 'neta', 'The truth.', 'MX', 'Ada', '67010000-0000-4000-8000-000000000003', true, null),
  ('67e00000-0000-4000-8000-000000000004', 'padre', 'Great.', 'MX', 'Ada', '67010000-0000-4000-8000-000000000003', true, null),
  ('67e00000-0000-4000-8000-000000000005', 'oculta', 'Hidden.', 'MX', 'Ada', '67010000-0000-4000-8000-000000000003', false, null);
-- The speaker's takes (as the upload and add_recording leave them; files are not read here).
insert into public.recordings (id, entry_id, user_id, path, country, duration_ms, vote_score, created_at, moderation) values
  ('67a00000-0000-4000-8000-000000000001', '67e00000-0000-4000-8000-000000000001', '67010000-0000-4000-8000-000000000002',
   '67010000-0000-4000-8000-000000000002/67e00000-0000-4000-8000-000000000001/old.webm', 'MX', 900, 0, now() - interval '2 days', null),
  ('67a00000-0000-4000-8000-000000000002', '67e00000-0000-4000-8000-000000000001', '67010000-0000-4000-8000-000000000002',
   '67010000-0000-4000-8000-000000000002/67e00000-0000-4000-8000-000000000001/new.webm', 'MX', 1200, 0, now() - interval '1 day', null),
  ('67a00000-0000-4000-8000-000000000003', '67e00000-0000-4000-8000-000000000001', '67010000-0000-4000-8000-000000000002',
   '67010000-0000-4000-8000-000000000002/67e00000-0000-4000-8000-000000000001/co.webm', 'CO', 800, 5, now(), null),
  ('67a00000-0000-4000-8000-000000000004', '67e00000-0000-4000-8000-000000000002', '67010000-0000-4000-8000-000000000002',
   '67010000-0000-4000-8000-000000000002/67e00000-0000-4000-8000-000000000002/co.webm', 'CO', 700, 0, now(), null),
  ('67a00000-0000-4000-8000-000000000005', '67e00000-0000-4000-8000-000000000003', '67010000-0000-4000-8000-000000000002',
   '67010000-0000-4000-8000-000000000002/67e00000-0000-4000-8000-000000000003/held.webm', 'MX', 600, 0, now(), 'held'),
  ('67a00000-0000-4000-8000-000000000006', '67e00000-0000-4000-8000-000000000005', '67010000-0000-4000-8000-000000000002',
   '67010000-0000-4000-8000-000000000002/67e00000-0000-4000-8000-000000000005/mx.webm', 'MX', 600, 0, now(), null);

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.add_flashcard('67e00000-0000-4000-8000-000000000001', 'listening') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot add a listening card: PT401');
select throws_ok($$ insert into public.flashcards (entry_id, kind) values ('67e00000-0000-4000-8000-000000000001', 'listening') $$,
  '42501', null, 'nor insert one directly');

-------------------------------------------------------------------------------- learner (owner)
select tests.clear_authentication();
select tests.authenticate_as('67010000-0000-4000-8000-000000000001', :'learner_session');

select is(public.add_flashcard('67e00000-0000-4000-8000-000000000001', 'listening') - '_id' - 'createdAt' - 'due' - 'content',
  '{"userId": "67010000-0000-4000-8000-000000000001", "contentId": "67e00000-0000-4000-8000-000000000001",
    "kind": "listening", "prompt": "Listen — Mexico", "state": "new", "stability": 0, "difficulty": 0, "scheduledDays": 0,
    "learningSteps": 0, "reps": 0, "lapses": 0, "lastReview": null,
    "recording": {"_id": "67a00000-0000-4000-8000-000000000002", "durationMs": 1200, "speakerCountry": "MX",
                  "path": "67010000-0000-4000-8000-000000000002/67e00000-0000-4000-8000-000000000001/new.webm"}}',
  'a listening card of an entry with native takes: its front names only the country; it carries the newest of the equally voted native takes (not the better-voted one from Colombia)');
select is(tests.error_of($$ select public.add_flashcard('67e00000-0000-4000-8000-000000000001', 'listening') $$) - 'message',
  '{"code": "PT409", "hint": "flashcard_exists"}', 'the same listening card twice: PT409');
select is(tests.error_of($$ select public.add_flashcard('67e00000-0000-4000-8000-000000000002', 'listening') $$) - 'message',
  '{"code": "PT400", "hint": "listening_needs_recording", "column": "kind"}',
  'an entry heard only from another country: PT400 listening_needs_recording');
select is(tests.error_of($$ select public.add_flashcard('67e00000-0000-4000-8000-000000000003', 'listening') $$) ->> 'hint',
  'listening_needs_recording', 'nor one whose only native take is held by moderators');
select is(tests.error_of($$ select public.add_flashcard('67e00000-0000-4000-8000-000000000004', 'listening') $$) ->> 'hint',
  'listening_needs_recording', 'nor one with no recording at all');
select is(tests.error_of($$ select public.add_flashcard('67e00000-0000-4000-8000-000000000005', 'listening') $$) ->> 'hint',
  'entry_not_found', 'a hidden entry: 404, whatever it has');
select is(tests.error_of($$ insert into public.flashcards (entry_id, kind) values ('67e00000-0000-4000-8000-000000000004', 'listening') $$) ->> 'hint',
  'listening_needs_recording', 'a direct insert is held to the same rule by the trigger');
select is(tests.error_of($$ select public.add_flashcard('67e00000-0000-4000-8000-000000000001', 'listen') $$) ->> 'hint',
  'flashcard_kind_invalid', 'an unknown kind is still its own 400');

select is(public.add_flashcard('67e00000-0000-4000-8000-000000000002') -> 'recording', 'null',
  'a basic card of an entry heard only from elsewhere: recording null');
select is(public.add_flashcard('67e00000-0000-4000-8000-000000000001') #>> '{recording,_id}', '67a00000-0000-4000-8000-000000000002',
  'a basic card carries the native take too');
select is(public.flashcard_kinds('67e00000-0000-4000-8000-000000000001'), '["basic", "listening"]',
  'flashcard_kinds: listening last, in the menu''s order');
select is((select jsonb_agg(c ->> 'kind' || ':' || coalesce(c #>> '{recording,_id}', '-') order by c ->> 'kind', c ->> 'contentId')
             from jsonb_array_elements(public.due_flashcards(100) -> 'cards') c),
  '["basic:67a00000-0000-4000-8000-000000000002", "basic:-", "listening:67a00000-0000-4000-8000-000000000002"]',
  'the due list: each card with its entry''s native take or null');

-------------------------------------------------------------------------------- another learner (the speaker)
select tests.clear_authentication();
select tests.authenticate_as('67010000-0000-4000-8000-000000000002', :'speaker_session');

select is(tests.error_of($$ select public.add_flashcard('67e00000-0000-4000-8000-000000000003', 'listening') $$) ->> 'hint',
  'listening_needs_recording', 'the speaker of a held take may read it, yet it is no native recording for a card');
select is(public.add_flashcard('67e00000-0000-4000-8000-000000000001', 'listening') ->> 'kind', 'listening',
  'another learner adds their own listening card');
select is_empty($$ select id from public.flashcards where user_id = '67010000-0000-4000-8000-000000000001' $$,
  'and sees none of the first learner''s cards');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('67010000-0000-4000-8000-000000000003', :'admin_session');

select is(tests.error_of($$ select public.add_flashcard('67e00000-0000-4000-8000-000000000003', 'listening') $$) ->> 'hint',
  'listening_needs_recording', 'an admin reads the held take, and still gets no listening card from it');
select is(public.add_flashcard('67e00000-0000-4000-8000-000000000001', 'listening') #>> '{recording,path}',
  '67010000-0000-4000-8000-000000000002/67e00000-0000-4000-8000-000000000001/new.webm', 'but one of a voiced entry');

-- A vote makes the older take the best: the cards follow it (nothing is stored on the card).
select tests.clear_authentication();
update public.recordings set vote_score = 2 where id = '67a00000-0000-4000-8000-000000000001';
select tests.authenticate_as('67010000-0000-4000-8000-000000000001', :'learner_session');
select is((select f ->> 'recording' from jsonb_array_elements(public.flashcards_of_user()) f where f ->> 'kind' = 'listening')::jsonb ->> '_id',
  '67a00000-0000-4000-8000-000000000001', 'a better-voted native take becomes the card''s');

-- Both native takes held: the existing card stays, with nothing to play (null), not the Colombian take.
select tests.clear_authentication();
update public.recordings set moderation = 'held' where entry_id = '67e00000-0000-4000-8000-000000000001' and country = 'MX';
select tests.authenticate_as('67010000-0000-4000-8000-000000000001', :'learner_session');
select is((select jsonb_agg(f -> 'recording') from jsonb_array_elements(public.flashcards_of_user()) f
            where f ->> 'contentId' = '67e00000-0000-4000-8000-000000000001'),
  '[null, null]', 'once no native take stands, its cards carry none (the listening card is kept, with nothing to play)');
select is((select count(*)::int from public.flashcards where kind = 'listening'), 1, 'the learner''s listening card is still there');

select * from finish();
rollback;
