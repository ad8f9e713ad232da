-- the kept next day's spare cards (issue 20, the next day offline within its limits):
-- public.due_flashcards_ahead's nextDay.spare holds the New and Review cards that would come
-- next in that day's session after its cards, as many of each as today's session may still
-- take (what is left of today's limits), own cards only. Per actor: guest, owner, another
-- learner, admin, an ended session.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(11);

select tests.create_user('44010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('44010000-0000-4000-8000-000000000002', 'Omar Other') as other_session \gset
select tests.create_user('44010000-0000-4000-8000-000000000003', 'Alba Admin', true) as admin_session \gset
update public.profiles set time_zone = 'America/Santiago', new_cards_per_day = 2, max_reviews_per_day = 1
 where id in ('44010000-0000-4000-8000-000000000001', '44010000-0000-4000-8000-000000000002');

insert into public.entries (id, title, description, country, author, owner, show)
select ('44e00000-0000-4000-8000-00000000000' || n)::uuid, 'palabra 44-' || n, 'A word.', 'CL', 'Alba',
       '44010000-0000-4000-8000-000000000003', true
  from generate_series(1, 7) n;

-- The owner's cards: five New ones due today (N1..N5, oldest first), a Review card due today
-- (R1) and one due an hour into the next local day (R2). The other learner: one New card.
insert into public.flashcards (id, user_id, entry_id, due, state, stability, difficulty, reps, last_review)
select ('44c00000-0000-4000-8000-00000000000' || n)::uuid, '44010000-0000-4000-8000-000000000001',
       ('44e00000-0000-4000-8000-00000000000' || n)::uuid, now() - interval '10 hours' + n * interval '1 minute', 0, 0, 0, 0, null
  from generate_series(1, 5) n;
insert into public.flashcards (id, user_id, entry_id, due, state, stability, difficulty, reps, last_review) values
  ('44c00000-0000-4000-8000-000000000006', '44010000-0000-4000-8000-000000000001', '44e00000-0000-4000-8000-000000000006',
   now() - interval '1 hour', 2, 4.5, 5, 3, now() - interval '4 days'),
  ('44c00000-0000-4000-8000-000000000007', '44010000-0000-4000-8000-000000000001', '44e00000-0000-4000-8000-000000000007',
   private.local_day_end('44010000-0000-4000-8000-000000000001', now()) + interval '1 hour', 2, 4.5, 5, 3, now() - interval '4 days'),
  ('44c00000-0000-4000-8000-000000000008', '44010000-0000-4000-8000-000000000002', '44e00000-0000-4000-8000-000000000001',
   now() - interval '1 hour', 0, 0, 0, 0, null);

create function pg_temp.ids(list jsonb) returns text[] language sql as $$
  select coalesce(array_agg(right(c ->> '_id', 1) order by ord), '{}') from jsonb_array_elements(list) with ordinality t(c, ord)
$$;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.due_flashcards_ahead(100) $$) - 'message', '{"code": "PT401", "hint": "login_required"}',
  'a guest is told to log in: PT401 login_required');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('44010000-0000-4000-8000-000000000001', :'owner_session');

select is(pg_temp.ids(public.due_flashcards_ahead(100) #> '{nextDay,cards}'), array['1', '2', '6'],
  'the next day''s cards stay within a whole day''s limits (2 New, 1 Review)');
select is(pg_temp.ids(public.due_flashcards_ahead(100) #> '{nextDay,spare}'), array['3', '4', '7'],
  'spare: the New and Review cards that come next, as many as today''s session may still take (2 New, 1 Review)');
select ok((select bool_and(c ? 'due' and c ? 'preview' and c ->> 'state' in ('new', 'review'))
             from jsonb_array_elements(public.due_flashcards_ahead(100) #> '{nextDay,spare}') c),
  'each spare card with its state, due and button previews');
select is(jsonb_array_length(public.due_flashcards_ahead(1) #> '{nextDay,spare}'), 2, 'max_cards bounds each kind of spare');
select is(public.due_flashcards_ahead(100) - 'nextDay', public.due_flashcards(100), 'beside nextDay, the reply is still public.due_flashcards''');

-- A New card introduced today: today's session may take one more New card, the spare follows.
select lives_ok($$ select public.rate_flashcard('44c00000-0000-4000-8000-000000000001', 3::smallint) $$, 'the owner rates N1 today');
select is(pg_temp.ids(public.due_flashcards_ahead(100) #> '{nextDay,spare}'), array['4', '7'],
  'with one New card left today, one spare New card (after N2 and N3, now the next day''s New cards)');

-------------------------------------------------------------------------------- other learner
select tests.authenticate_as('44010000-0000-4000-8000-000000000002', :'other_session');

select is(pg_temp.ids(public.due_flashcards_ahead(100) #> '{nextDay,spare}'), '{}'::text[],
  'another learner''s spare holds none of the owner''s cards (their one card is in their cards)');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('44010000-0000-4000-8000-000000000003', :'admin_session');

select is(jsonb_array_length(public.due_flashcards_ahead(100) #> '{nextDay,spare}'), 0, 'an admin gets no learner''s spare cards');

-------------------------------------------------------------------------------- ended session
select tests.authenticate_as('44010000-0000-4000-8000-000000000001', gen_random_uuid());
select is(tests.error_of($$ select public.due_flashcards_ahead(100) $$) - 'message', '{"code": "PT401", "hint": "session_ended"}',
  'a token whose session ended is refused: PT401 session_ended');

select * from finish();
rollback;
