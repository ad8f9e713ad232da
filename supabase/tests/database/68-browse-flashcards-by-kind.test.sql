-- the card browser's kind filter (issue 34): public.browse_flashcards(kind => ...) lists the
-- caller's cards of that kind only (listening among them), null lists every kind, an unknown
-- kind is PT400 flashcard_kind_invalid; per actor: guest (PT401), learner, another learner and
-- admin (each sees only their own cards, whatever the filter).
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(8);

select tests.create_user('68010000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset
select tests.create_user('68010000-0000-4000-8000-000000000002', 'Omar Other') as other_session \gset
select tests.create_user('68010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

insert into public.entries (id, title, description, country, author, owner, show) values
  ('68e00000-0000-4000-8000-000000000001', 'chamba 68', 'Work, a job.', 'MX', 'Ada', '68010000-0000-4000-8000-000000000003', true);
insert into public.recordings (entry_id, user_id, path, country) values
  ('68e00000-0000-4000-8000-000000000001', '68010000-0000-4000-8000-000000000002',
   '68010000-0000-4000-8000-000000000002/68e00000-0000-4000-8000-000000000001/mx.webm', 'MX');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select is(tests.error_of($$ select public.browse_flashcards(kind => 'listening') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest is told to log in');

-------------------------------------------------------------------------------- learner (owner)
select tests.clear_authentication();
select tests.authenticate_as('68010000-0000-4000-8000-000000000001', :'learner_session');
select public.add_flashcard('68e00000-0000-4000-8000-000000000001', 'basic');
select public.add_flashcard('68e00000-0000-4000-8000-000000000001', 'listening');
select public.add_flashcard('68e00000-0000-4000-8000-000000000001', 'reverse');

select is(array(select b ->> 'kind' from public.browse_flashcards(kind => 'listening') b), array['listening'],
  'kind => listening: the listening card only');
select is(array(select b ->> 'kind' from public.browse_flashcards(kind => 'reverse', q => 'chamba') b), array['reverse'],
  'with the other filters too');
select is((select count(*)::int from public.browse_flashcards()), 3, 'no kind: every kind');
select is(tests.error_of($$ select public.browse_flashcards(kind => 'audio') $$) - 'message',
  '{"code": "PT400", "hint": "flashcard_kind_invalid", "column": "kind"}', 'an unknown kind: PT400 flashcard_kind_invalid');

-------------------------------------------------------------------------------- another learner
select tests.clear_authentication();
select tests.authenticate_as('68010000-0000-4000-8000-000000000002', :'other_session');
select is_empty($$ select public.browse_flashcards(kind => 'listening') $$, 'another learner sees none of the learner''s listening cards');
select is(public.add_flashcard('68e00000-0000-4000-8000-000000000001', 'listening') ->> 'kind', 'listening', 'and lists only their own once they add one');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('68010000-0000-4000-8000-000000000003', :'admin_session');
select is_empty($$ select public.browse_flashcards(kind => 'listening') $$, 'an admin browses their own cards only, too');

select * from finish();
rollback;
