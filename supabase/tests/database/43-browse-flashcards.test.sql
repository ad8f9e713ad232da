-- the card browser: public.browse_flashcards (search, country, tag, state and suspended
-- filters, keyset pages, own cards only), public.suspend_flashcard (a suspended card is not
-- in today's session, a resumed one is again), public.reset_flashcard (New, due now, its
-- log detached so a later replay starts from the reset). Per actor: guest, owner, another
-- learner, admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(31);

select tests.create_user('43010000-0000-4000-8000-000000000001', 'Bruno Browser') as owner_session \gset
select tests.create_user('43010000-0000-4000-8000-000000000002', 'Olga Other') as other_session \gset
select tests.create_user('43010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

insert into public.entries (id, title, description, description_es, country, author, owner, show) values
  ('43e00000-0000-4000-8000-000000000001', 'chamba 43', 'Work, a job.', 'Trabajo.', 'MX', 'Ada', '43010000-0000-4000-8000-000000000003', true),
  ('43e00000-0000-4000-8000-000000000002', 'guagua 43', 'A bus.', null, 'CU', 'Ada', '43010000-0000-4000-8000-000000000003', true),
  ('43e00000-0000-4000-8000-000000000003', 'pibe 43', 'A kid (100% porteño).', null, 'AR', 'Ada', '43010000-0000-4000-8000-000000000003', true);
insert into public.tags (id, name) values ('43a00000-0000-4000-8000-000000000001', 'Trabajo43');
insert into public.entry_tags (entry_id, tag_id) values ('43e00000-0000-4000-8000-000000000001', '43a00000-0000-4000-8000-000000000001');

-- The owner's three cards (oldest first: chamba, guagua, pibe; pibe in Review with a log);
-- the other learner's card of chamba.
insert into public.flashcards (id, user_id, entry_id, created_at, due, state, stability, difficulty, reps, last_review) values
  ('43c00000-0000-4000-8000-000000000001', '43010000-0000-4000-8000-000000000001', '43e00000-0000-4000-8000-000000000001', now() - interval '3 days', now() - interval '1 hour', 0, 0, 0, 0, null),
  ('43c00000-0000-4000-8000-000000000002', '43010000-0000-4000-8000-000000000001', '43e00000-0000-4000-8000-000000000002', now() - interval '2 days', now() - interval '1 hour', 0, 0, 0, 0, null),
  ('43c00000-0000-4000-8000-000000000003', '43010000-0000-4000-8000-000000000001', '43e00000-0000-4000-8000-000000000003', now() - interval '1 day', now() - interval '1 hour', 2, 4.5, 5, 3, now() - interval '5 days'),
  ('43c00000-0000-4000-8000-000000000004', '43010000-0000-4000-8000-000000000002', '43e00000-0000-4000-8000-000000000001', now() - interval '1 day', now() - interval '1 hour', 0, 0, 0, 0, null);
insert into public.reviews (flashcard_id, user_id, rating, reviewed_at, elapsed_days, state_before, state_after, due_before, due_after,
                            stability_before, stability_after, difficulty_before, difficulty_after, scheduled_days)
values ('43c00000-0000-4000-8000-000000000003', '43010000-0000-4000-8000-000000000001', 3, now() - interval '5 days', 0, 0, 2,
        now() - interval '5 days', now() - interval '1 hour', 0, 4.5, 0, 5, 4);

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.browse_flashcards() $$) - 'message', '{"code": "PT401", "hint": "login_required"}',
  'a guest cannot browse cards: PT401 login_required');
select is(tests.error_of($$ select public.suspend_flashcard('43c00000-0000-4000-8000-000000000001', true) $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'nor suspend one');
select is(tests.error_of($$ select public.reset_flashcard('43c00000-0000-4000-8000-000000000001') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'nor reset one');
select throws_ok($$ select private.reset_own_flashcard('43c00000-0000-4000-8000-000000000001') $$, '42501', null,
  'nor call the reset core');
select throws_ok($$ update public.flashcards set suspended = true $$, '42501', null, 'nor write the column');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('43010000-0000-4000-8000-000000000001', :'owner_session');

select is(array(select b ->> 'prompt' from public.browse_flashcards() b), array['pibe 43', 'guagua 43', 'chamba 43'],
  'the owner browses their own cards, newest first, no one else''s');
select is(array(select b ->> 'prompt' from public.browse_flashcards(q => 'JOB') b), array['chamba 43'],
  'searched in the meaning, case aside');
select is(array(select b ->> 'prompt' from public.browse_flashcards(q => 'trabajo') b), array['chamba 43'],
  'and in the Spanish meaning');
select is(array(select b ->> 'prompt' from public.browse_flashcards(q => '100%') b), array['pibe 43'],
  'a % in the search is taken literally');
select is(array(select b ->> 'prompt' from public.browse_flashcards(q => '_') b), array[]::text[],
  'and so is an _');
select is(array(select b ->> 'prompt' from public.browse_flashcards(country => 'cu') b), array['guagua 43'],
  'filtered by country');
select is(array(select b ->> 'prompt' from public.browse_flashcards(tag => 'trabajo43') b), array['chamba 43'],
  'filtered by tag name, case aside');
select is((select b -> 'tags' from public.browse_flashcards(tag => 'Trabajo43') b), '["Trabajo43"]'::jsonb,
  'each card says its entry''s tags');
select is(array(select b ->> 'prompt' from public.browse_flashcards(state => 'review') b), array['pibe 43'],
  'filtered by FSRS state');
select is(tests.error_of($$ select public.browse_flashcards(state => 'asleep') $$) ->> 'hint', 'invalid_input',
  'an unknown state is PT400 invalid_input');
select is(array(select b ->> 'prompt' from public.browse_flashcards(page_size => 2) b), array['pibe 43', 'guagua 43'],
  'a page of two');
select is(array(select b ->> 'prompt' from public.browse_flashcards(page_size => 2, after_created_at => now() - interval '2 days',
                                                                     after_id => '43c00000-0000-4000-8000-000000000002') b),
  array['chamba 43'], 'and the page after it');

select is((public.suspend_flashcard('43c00000-0000-4000-8000-000000000002', true)) ->> 'suspended', 'true',
  'the owner suspends a card');
select ok(not exists (select 1 from private.session_flashcards('43010000-0000-4000-8000-000000000001', now(), 100) s
                       where s.id = '43c00000-0000-4000-8000-000000000002'),
  'a suspended card is not in today''s session');
select is((public.due_flashcards() ->> 'total')::integer, 2, 'nor counted in it');
select is(array(select b ->> 'prompt' from public.browse_flashcards(state => 'suspended') b), array['guagua 43'],
  'the browser finds the suspended ones');
select is((public.suspend_flashcard('43c00000-0000-4000-8000-000000000002', false)) ->> 'suspended', 'false',
  'and resumes it');
select ok(exists (select 1 from private.session_flashcards('43010000-0000-4000-8000-000000000001', now(), 100) s
                   where s.id = '43c00000-0000-4000-8000-000000000002'),
  'resumed, it is due again');

select is((select jsonb_build_object('state', r ->> 'state', 'reps', r -> 'reps', 'stability', r -> 'stability', 'lastReview', r -> 'lastReview')
             from public.reset_flashcard('43c00000-0000-4000-8000-000000000003') r),
  '{"state": "new", "reps": 0, "stability": 0, "lastReview": null}'::jsonb, 'the owner resets a card to New');
select tests.clear_authentication();
select is((select count(*)::integer from public.reviews where flashcard_id = '43c00000-0000-4000-8000-000000000003'), 0,
  'its log is no longer the card''s');
select is((select count(*)::integer from public.reviews where user_id = '43010000-0000-4000-8000-000000000001'), 1,
  'but stays the learner''s');

-------------------------------------------------------------------------------- another learner
select tests.authenticate_as('43010000-0000-4000-8000-000000000002', :'other_session');

select is(array(select b ->> '_id' from public.browse_flashcards() b), array['43c00000-0000-4000-8000-000000000004'],
  'another learner browses only their own card');
select is(tests.error_of($$ select public.suspend_flashcard('43c00000-0000-4000-8000-000000000001', true) $$) ->> 'hint',
  'flashcard_not_found', 'cannot suspend someone else''s: not found');
select is(tests.error_of($$ select public.reset_flashcard('43c00000-0000-4000-8000-000000000001') $$) ->> 'hint',
  'flashcard_not_found', 'nor reset it');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('43010000-0000-4000-8000-000000000003', :'admin_session');

select is(tests.error_of($$ select public.suspend_flashcard('43c00000-0000-4000-8000-000000000001', true) $$) ->> 'hint',
  'flashcard_not_found', 'an admin cannot suspend a learner''s card either: cards are their learner''s alone');
select tests.clear_authentication();
select is((select suspended from public.flashcards where id = '43c00000-0000-4000-8000-000000000001'), false,
  'the card is as its learner left it');

select * from finish();
rollback;
