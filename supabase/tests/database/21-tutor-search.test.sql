-- The tutor's entry search as ranked by 20260501000300: whole-word title closeness for typos
-- (a near-miss that only starts like the word is not offered), countries the message names
-- (English or Spanish, with or without accents, two-word names), and the cut of anything
-- under half the best score. Shown entries only; signed-in callers only.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(13);

select tests.create_user('21010000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset

-- The seed's entries are hidden for this test, so the search sees only these.
update public.entries set show = false;
insert into public.entries (id, title, description, country, author, show, upvotes) values
  ('21e00000-0000-4000-8000-000000000001', 'chamba', 'Work, a job.', 'MX', 'Ada', true, 30),
  ('21e00000-0000-4000-8000-000000000002', 'championes', 'Sneakers, trainers.', 'UY', 'Ada', true, 90),
  ('21e00000-0000-4000-8000-000000000003', 'chévere', 'Great, cool.', 'VE', 'Ada', true, 10),
  ('21e00000-0000-4000-8000-000000000004', 'pura vida', 'All good; hello and goodbye.', 'CR', 'Ada', true, 50),
  ('21e00000-0000-4000-8000-000000000005', 'brete', 'A job.', 'CR', 'Ada', true, 5),
  ('21e00000-0000-4000-8000-000000000006', 'currar', 'To work.', 'ES', 'Ada', true, 20),
  ('21e00000-0000-4000-8000-000000000007', 'guay', 'Cool.', 'ES', 'Ada', true, 40),
  ('21e00000-0000-4000-8000-000000000008', 'tico secreto', 'A hidden Costa Rican word.', 'CR', 'Ada', false, 999);

select tests.authenticate_as('21010000-0000-4000-8000-000000000001', :'learner_session');

select is((select array_agg(e.title order by t.n) from private.tutor_entry_ids('¿Qué significa chamba?', 5) with ordinality as t(id, score, n)
             join public.entries e on e.id = t.id),
  array['chamba'], 'one clear match is not padded with titles that only start alike (championes)');
select is((select array_agg(e.title order by t.n) from private.tutor_entry_ids('chamva', 5) with ordinality as t(id, score, n)
             join public.entries e on e.id = t.id),
  array['chamba'], 'the typo "chamva" finds chamba, and not the better-voted championes');
select is((select array_agg(e.title order by t.n) from private.tutor_entry_ids('chebere', 5) with ordinality as t(id, score, n)
             join public.entries e on e.id = t.id),
  array['chévere'], '"chebere" (b for v, no accent) finds chévere');
select is((select array_agg(e.title order by t.n) from private.tutor_entry_ids('I want slang from Costa Rica', 5) with ordinality as t(id, score, n)
             join public.entries e on e.id = t.id),
  array['pura vida', 'brete'], 'a two-word country named in English brings its shown entries, best voted first (never the hidden one)');
select is((select array_agg(e.title order by t.n) from private.tutor_entry_ids('palabras de espana', 5) with ordinality as t(id, score, n)
             join public.entries e on e.id = t.id),
  array['guay', 'currar'], 'a country named in Spanish without its accent ("espana") works too');
select is((select e.title from private.tutor_entry_ids('¿Cómo se dice job en Costa Rica?', 5) with ordinality as t(id, score, n)
             join public.entries e on e.id = t.id where t.n = 1),
  'brete', 'an entry matching both the words and the country comes first');
select ok((select bool_and(e.country = 'CR' or e.title = 'chamba')
             from private.tutor_entry_ids('¿Cómo se dice job en Costa Rica?', 5) as t join public.entries e on e.id = t.entry_id),
  'entries matching only the words, far below the best, are cut (chamba may stay, currar and guay do not)');
select is((select count(*)::int from private.tutor_entry_ids('rica costa', 5)), 0, 'the country''s words out of order name no country');
select is((select count(*)::int from private.tutor_entry_ids('Peru', 5)), 0, 'a named country with no shown entries finds nothing (and does not fail)');
select ok((select bool_and(t.score > 0) from private.tutor_entry_ids('work job cool', 5) as t), 'every score is positive');
select is((select count(*)::int from private.tutor_entry_ids('work job cool', 2)), 2, 'max_entries still caps the list');

-- A better-voted entry whose title only contains the word comes after the one titled by it.
select tests.clear_authentication();
insert into public.entries (id, title, description, country, author, show, upvotes) values
  ('21e00000-0000-4000-8000-000000000009', 'chamba de finde', 'A weekend side job.', 'MX', 'Ada', true, 500);
select tests.authenticate_as('21010000-0000-4000-8000-000000000001', :'learner_session');
select is((select array_agg(e.title order by t.n) from private.tutor_entry_ids('¿qué significa chamva?', 5) with ordinality as t(id, score, n)
             join public.entries e on e.id = t.id),
  array['chamba', 'chamba de finde'], 'the entry titled by the (misspelt) word comes before a better-voted one that only contains it');

select tests.clear_authentication();
select tests.authenticate_as(null);
select throws_ok($$ select * from private.tutor_entry_ids('Costa Rica', 5) $$, '42501', null, 'guests cannot call the search');

select * from finish();
rollback;
