-- the next day's due cards (issue 20, offline tomorrow): public.due_flashcards_ahead answers
-- today's due list as public.due_flashcards does, plus nextDay {from, cards}: when the
-- learner's next local day starts and the cards due before its end, own cards only. Per
-- actor: guest, owner, another learner, admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(12);

select tests.create_user('47010000-0000-4000-8000-000000000001', 'Olivia Owner') as owner_session \gset
select tests.create_user('47010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('47010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
update public.profiles set time_zone = 'America/Santiago'
 where id in ('47010000-0000-4000-8000-000000000001', '47010000-0000-4000-8000-000000000002');

insert into public.entries (id, title, description, country, author, owner, show) values
  ('47e00000-0000-4000-8000-000000000001', 'micro 47', 'A bus.', 'CL', 'Ada', '47010000-0000-4000-8000-000000000003', true),
  ('47e00000-0000-4000-8000-000000000002', 'pega 47', 'A job.', 'CL', 'Ada', '47010000-0000-4000-8000-000000000003', true),
  ('47e00000-0000-4000-8000-000000000003', 'fome 47', 'Boring.', 'CL', 'Ada', '47010000-0000-4000-8000-000000000003', true);

-- The owner's cards: one due an hour ago (today), one due an hour into their next local day,
-- one due three days on; the other learner's card due an hour into their next day too.
insert into public.flashcards (id, user_id, entry_id, due, state, stability, difficulty, reps, last_review) values
  ('47c00000-0000-4000-8000-000000000001', '47010000-0000-4000-8000-000000000001', '47e00000-0000-4000-8000-000000000001',
   now() - interval '1 hour', 0, 0, 0, 0, null),
  ('47c00000-0000-4000-8000-000000000002', '47010000-0000-4000-8000-000000000001', '47e00000-0000-4000-8000-000000000002',
   private.local_day_end('47010000-0000-4000-8000-000000000001', now()) + interval '1 hour', 2, 4.5, 5, 3, now() - interval '4 days'),
  ('47c00000-0000-4000-8000-000000000003', '47010000-0000-4000-8000-000000000001', '47e00000-0000-4000-8000-000000000003',
   private.local_day_end('47010000-0000-4000-8000-000000000001', now()) + interval '3 days', 2, 9, 5, 4, now() - interval '4 days'),
  ('47c00000-0000-4000-8000-000000000004', '47010000-0000-4000-8000-000000000002', '47e00000-0000-4000-8000-000000000002',
   private.local_day_end('47010000-0000-4000-8000-000000000002', now()) + interval '1 hour', 2, 4.5, 5, 3, now() - interval '4 days');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.due_flashcards_ahead(100) $$) - 'message', '{"code": "PT401", "hint": "login_required"}',
  'a guest is told to log in: PT401 login_required');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('47010000-0000-4000-8000-000000000001', :'owner_session');

select is(array(select c ->> '_id' from jsonb_array_elements(public.due_flashcards_ahead(100) -> 'cards') c),
  array['47c00000-0000-4000-8000-000000000001'], 'today''s cards are those of public.due_flashcards');
select is(public.due_flashcards_ahead(100) - 'nextDay', public.due_flashcards(100),
  'beside nextDay, the reply is public.due_flashcards'' own');
select is((public.due_flashcards_ahead(100) #>> '{nextDay,from}')::timestamptz,
  private.local_day_end('47010000-0000-4000-8000-000000000001', now()),
  'nextDay starts at the end of the learner''s local day (their time zone)');
select is(array(select c ->> '_id' from jsonb_array_elements(public.due_flashcards_ahead(100) #> '{nextDay,cards}') c),
  array['47c00000-0000-4000-8000-000000000001', '47c00000-0000-4000-8000-000000000002'],
  'nextDay''s cards: those due before the end of the next local day, oldest due first, not later ones');
select ok((select bool_and(c ? 'due' and c ? 'preview') from jsonb_array_elements(public.due_flashcards_ahead(100) #> '{nextDay,cards}') c),
  'each with its due and button previews');
select is(jsonb_array_length(public.due_flashcards_ahead(1) #> '{nextDay,cards}'), 1, 'max_cards pages nextDay too');

select tests.clear_authentication();
update public.profiles set max_reviews_per_day = 0 where id = '47010000-0000-4000-8000-000000000001';
select tests.authenticate_as('47010000-0000-4000-8000-000000000001', :'owner_session');
select is(array(select c ->> '_id' from jsonb_array_elements(public.due_flashcards_ahead(100) #> '{nextDay,cards}') c),
  array['47c00000-0000-4000-8000-000000000001'], 'the next day obeys the learner''s daily limits (no reviews allowed: no Review card)');

-------------------------------------------------------------------------------- other learner
select tests.authenticate_as('47010000-0000-4000-8000-000000000002', :'other_session');

select is(array(select c ->> '_id' from jsonb_array_elements(public.due_flashcards_ahead(100) #> '{nextDay,cards}') c),
  array['47c00000-0000-4000-8000-000000000004'], 'another learner gets their own next day, none of the owner''s cards');
select is(jsonb_array_length(public.due_flashcards_ahead(100) -> 'cards'), 0, 'and nothing of the owner''s today');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('47010000-0000-4000-8000-000000000003', :'admin_session');

select is(jsonb_array_length(public.due_flashcards_ahead(100) #> '{nextDay,cards}'), 0,
  'an admin gets no learner''s cards ahead either');

-------------------------------------------------------------------------------- ended session
select tests.authenticate_as('47010000-0000-4000-8000-000000000001', gen_random_uuid());
select is(tests.error_of($$ select public.due_flashcards_ahead(100) $$) - 'message', '{"code": "PT401", "hint": "session_ended"}',
  'a token whose session ended is refused: PT401 session_ended');

select * from finish();
rollback;
