-- issue 32, counts that add up: public.due_flashcards answers, beside `total` (today's whole
-- session), `learning`: how many of those cards are in a (re)learning step, so that the header
-- (the smallest page) shows them as learning, not as left, as the session does. Own cards
-- only. Per actor: guest, owner, another learner, admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(9);

select tests.create_user('58010000-0000-4000-8000-000000000001', 'Olivia Owner') as owner_session \gset
select tests.create_user('58010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('58010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

insert into public.entries (id, title, description, country, author, owner, show) values
  ('58e00000-0000-4000-8000-000000000001', 'micro 58', 'A bus.', 'CL', 'Ada', '58010000-0000-4000-8000-000000000003', true),
  ('58e00000-0000-4000-8000-000000000002', 'pega 58', 'A job.', 'CL', 'Ada', '58010000-0000-4000-8000-000000000003', true),
  ('58e00000-0000-4000-8000-000000000003', 'fome 58', 'Boring.', 'CL', 'Ada', '58010000-0000-4000-8000-000000000003', true),
  ('58e00000-0000-4000-8000-000000000004', 'cachai 58', 'Get it?', 'CL', 'Ada', '58010000-0000-4000-8000-000000000003', true);

-- The owner's cards: New due, Review due, one in a learning step a minute from now (today),
-- one relearning due in three days (not today); the other learner's card in a step, due.
insert into public.flashcards (id, user_id, entry_id, due, state, stability, difficulty, reps, last_review) values
  ('58c00000-0000-4000-8000-000000000001', '58010000-0000-4000-8000-000000000001', '58e00000-0000-4000-8000-000000000001',
   now() - interval '1 hour', 0, 0, 0, 0, null),
  ('58c00000-0000-4000-8000-000000000002', '58010000-0000-4000-8000-000000000001', '58e00000-0000-4000-8000-000000000002',
   now() - interval '1 hour', 2, 4.5, 5, 3, now() - interval '4 days'),
  ('58c00000-0000-4000-8000-000000000003', '58010000-0000-4000-8000-000000000001', '58e00000-0000-4000-8000-000000000003',
   least(now() + interval '1 minute', private.local_day_end('58010000-0000-4000-8000-000000000001', now()) - interval '1 second'), 1, 1, 5, 1, now() - interval '9 minutes'),
  ('58c00000-0000-4000-8000-000000000004', '58010000-0000-4000-8000-000000000001', '58e00000-0000-4000-8000-000000000004',
   private.local_day_end('58010000-0000-4000-8000-000000000001', now()) + interval '3 days', 3, 1, 5, 4, now() - interval '1 day'),
  ('58c00000-0000-4000-8000-000000000005', '58010000-0000-4000-8000-000000000002', '58e00000-0000-4000-8000-000000000001',
   now() - interval '1 minute', 1, 1, 5, 1, now() - interval '11 minutes');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select is(tests.error_of($$ select public.due_flashcards(100) $$) - 'message', '{"code": "PT401", "hint": "login_required"}',
  'a guest is told to log in: PT401 login_required');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('58010000-0000-4000-8000-000000000001', :'owner_session');
select is((public.due_flashcards(100) ->> 'total')::integer, 3, 'the owner''s session today: New, Review and the card in its step');
select is((public.due_flashcards(100) ->> 'learning')::integer, 1, 'learning: the card in a step due today, not the one due in three days');
select is((public.due_flashcards(1) ->> 'learning')::integer, 1, 'counted whatever the page size (the header asks for one card)');
select is((public.due_flashcards_ahead(100) ->> 'learning')::integer, 1, 'the list with the next day says the same');

select tests.clear_authentication();
update public.profiles set new_cards_per_day = 0, max_reviews_per_day = 0 where id = '58010000-0000-4000-8000-000000000001';
select tests.authenticate_as('58010000-0000-4000-8000-000000000001', :'owner_session');
select is(array[(public.due_flashcards(100) ->> 'total')::integer, (public.due_flashcards(100) ->> 'learning')::integer], array[1, 1],
  'with no New or Review card left by the limits, the card in its step is all there is, and it is learning');

-------------------------------------------------------------------------------- another learner
select tests.clear_authentication();
select tests.authenticate_as('58010000-0000-4000-8000-000000000002', :'other_session');
select is((public.due_flashcards(100) ->> 'learning')::integer, 1, 'another learner counts their own card in a step only');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('58010000-0000-4000-8000-000000000003', :'admin_session');
select is(array[(public.due_flashcards(100) ->> 'total')::integer, (public.due_flashcards(100) ->> 'learning')::integer], array[0, 0],
  'an admin counts no one else''s cards');

select tests.clear_authentication();
select is(has_function_privilege('anon', 'private.learning_flashcard_count_at(uuid, timestamptz)', 'execute'), false,
  'guests cannot call the count helper');

select * from finish();
rollback;
