-- words_of_the_day, private.choose_word_of_the_day, public.word_of_the_day (server code)
-- and public.word_of_the_day_entry (the /api's). Per actor: guests and learners read the
-- day's word (the same one) and the table's rows of entries they can see; nobody writes the
-- table, not even an admin; only the service role names a day's word without bounds; the
-- /api's days run from a year back to tomorrow. The rules, over a simulated span of days
-- on content of our own: each day's word is fixed once chosen, well-voted entries first,
-- no repeat within 365 days while the content allows, consecutive days in other countries,
-- a rotation through countries; a word since hidden or deleted is chosen again, never served.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(32);

select tests.create_user('57010000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset
select tests.create_user('57010000-0000-4000-8000-000000000002', 'Ada Admin', true) as admin_session \gset

-- Content of our own: every other entry hidden (rolled back at the end). Nine well-voted
-- entries, three each in AR, MX and CL, and three with no votes, one in each.
update public.entries set show = false where show;
insert into public.entries (id, title, description, country, author, upvotes) values
  ('57e00000-0000-4000-8000-000000000001', 'che', 'Hey.', 'AR', 'Tests', 5),
  ('57e00000-0000-4000-8000-000000000002', 'boludo', 'Mate.', 'AR', 'Tests', 4),
  ('57e00000-0000-4000-8000-000000000003', 'bondi', 'Bus.', 'AR', 'Tests', 3),
  ('57e00000-0000-4000-8000-000000000004', 'chido', 'Cool.', 'MX', 'Tests', 5),
  ('57e00000-0000-4000-8000-000000000005', 'güey', 'Dude.', 'MX', 'Tests', 4),
  ('57e00000-0000-4000-8000-000000000006', 'neta', 'Truth.', 'MX', 'Tests', 3),
  ('57e00000-0000-4000-8000-000000000007', 'cachai', 'Get it?', 'CL', 'Tests', 5),
  ('57e00000-0000-4000-8000-000000000008', 'fome', 'Boring.', 'CL', 'Tests', 4),
  ('57e00000-0000-4000-8000-000000000009', 'pololo', 'Boyfriend.', 'CL', 'Tests', 3),
  ('57e00000-0000-4000-8000-000000000010', 'pibe', 'Kid.', 'AR', 'Tests', 0),
  ('57e00000-0000-4000-8000-000000000011', 'naco', 'Tacky.', 'MX', 'Tests', 0),
  ('57e00000-0000-4000-8000-000000000012', 'pega', 'Job.', 'CL', 'Tests', 0);
-- Days the /api may ask for, decided by this transaction's clock.
select (now() at time zone 'utc')::date as today \gset
-- Today's row may be left by the /api's tests (committed); its seed entry is hidden now.

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select ok(public.word_of_the_day_entry(:'today') ->> '_id' like '57e00000-%', 'a guest reads today''s word: a shown entry');
select is(public.word_of_the_day_entry(:'today'), public.word_of_the_day_entry(:'today'), 'the same entry on every read');
select ok(public.word_of_the_day_entry(:'today') ?& array['_id', 'title', 'description', 'country', 'tags', 'voteCount', 'userVote', 'inFlashcards'],
  'shaped as the lists shape an entry (entry_json)');
select is((select count(*)::int from public.words_of_the_day where day = :'today'), 1, 'a guest reads the day''s row');
select is(tests.error_of($$ select public.word_of_the_day_entry((now() at time zone 'utc')::date + 2) $$) - 'message',
  '{"code": "PT400", "hint": "invalid_input", "column": "date"}', 'the day after tomorrow: PT400 invalid_input on date');
select is(tests.error_of($$ select public.word_of_the_day_entry((now() at time zone 'utc')::date - 366) $$) ->> 'hint',
  'invalid_input', 'more than a year back: invalid_input');
select is(tests.error_of($$ select public.word_of_the_day_entry(null) $$) ->> 'hint', 'invalid_input', 'no day: invalid_input');
select ok(public.word_of_the_day_entry(:'today'::date + 1) is not null and public.word_of_the_day_entry(:'today'::date - 365) is not null,
  'tomorrow and a year back are served');
select throws_ok($$ insert into public.words_of_the_day (day, entry_id) values ('2031-01-01', '57e00000-0000-4000-8000-000000000001') $$,
  '42501', null, 'a guest cannot choose a day''s word');
select throws_ok($$ select public.word_of_the_day('2031-01-01') $$, '42501', null, 'nor call the server''s function');

-------------------------------------------------------------------------------- learner (signed in)
select tests.clear_authentication();
select tests.authenticate_as('57010000-0000-4000-8000-000000000001', :'learner_session');

select is(public.word_of_the_day_entry(:'today') ->> '_id', (select entry_id::text from public.words_of_the_day where day = :'today'),
  'a learner reads the same word as the guest');
select throws_ok($$ update public.words_of_the_day set entry_id = '57e00000-0000-4000-8000-000000000002' $$, '42501', null,
  'a learner cannot change a day''s word');
select throws_ok($$ delete from public.words_of_the_day $$, '42501', null, 'nor delete one');
select throws_ok($$ select private.choose_word_of_the_day('2031-01-01') is null $$, '42501', null,
  'nor call the chooser directly, around the bounds');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('57010000-0000-4000-8000-000000000002', :'admin_session');

select throws_ok($$ insert into public.words_of_the_day (day, entry_id) values ('2031-01-01', '57e00000-0000-4000-8000-000000000001') $$,
  '42501', null, 'an admin cannot write the table either');
select throws_ok($$ select public.word_of_the_day('2031-01-01') $$, '42501', null, 'nor call the server''s function');

-------------------------------------------------------------------------------- service role (the reminders tick): a simulated span
select tests.clear_authentication();
select tests.authenticate_as_service_role();

-- Twelve days from 2031-01-01, asked in order.
create temporary table span on commit drop as
  select d::date as day, public.word_of_the_day(d::date) as entry_id
    from generate_series('2031-01-01'::date, '2031-01-12'::date, interval '1 day') d;
select tests.clear_authentication();
create temporary table span_entries on commit drop as
  select s.day, s.entry_id, e.country, e.vote_score from span s join public.entries e on e.id = s.entry_id;

select is((select count(distinct entry_id)::int from span_entries), 12, 'twelve days, twelve entries: no repeat while the content allows');
select is((select count(*)::int from span_entries where day <= '2031-01-09' and vote_score > 0), 9, 'the well-voted entries come first');
select is((select count(*)::int from span_entries a join span_entries b on b.day = a.day + 1 where a.country = b.country), 0,
  'consecutive days are never in the same country');
select is((select count(distinct country)::int from span_entries where day <= '2031-01-03'), 3, 'the first three days rotate through the three countries');
select is((select count(*)::int from span_entries a join span_entries b on b.day = a.day + 3 where a.day <= '2031-01-09' and a.country <> b.country), 0,
  'a steady rotation: each country comes back every third day');
select is((select array_agg(entry_id order by day) from span), (select array_agg(public.word_of_the_day(day) order by day) from span),
  'asked again, every day keeps its word');
select is(public.word_of_the_day('2031-01-13') = any (select entry_id from span), true, 'the content exhausted, a repeat rather than nothing');
select isnt((select e.country from public.entries e where e.id = public.word_of_the_day('2031-01-13')),
  (select country from span_entries where day = '2031-01-12'), 'still in another country than the day before');
select ok(public.word_of_the_day('2032-06-01') is not null
  and public.word_of_the_day('2032-06-01') = any (select entry_id from span), 'more than a year later, old words come back');

-- A word later hidden, or deleted, is chosen again for its day, and never served.
select tests.clear_authentication();
update public.entries set show = false where id = (select entry_id from span where day = '2031-01-01');
delete from public.entries where id = (select entry_id from span where day = '2031-01-02');
select tests.authenticate_as_service_role();
select isnt(public.word_of_the_day('2031-01-01'), (select entry_id from span where day = '2031-01-01'), 'a hidden word is replaced for its day');
select is((select e.show from public.entries e where e.id = public.word_of_the_day('2031-01-01')), true, 'by a shown entry');
select ok(public.word_of_the_day('2031-01-02') is not null, 'a deleted word is replaced for its day');
select is(public.word_of_the_day('2031-01-01'), public.word_of_the_day('2031-01-01'), 'and the replacement stays');

-- Through the /api's function: today's word hidden, a guest never gets it.
select tests.clear_authentication();
-- (Through the function: the entry deleted above may have been today's word too, its row gone.)
select public.word_of_the_day(:'today') as todays_word \gset
update public.entries set show = false where id = :'todays_word';
select tests.authenticate_as(null);
select isnt(public.word_of_the_day_entry(:'today') ->> '_id', :'todays_word', 'a guest is served another word once today''s is hidden');
select is_empty($$ select 1 from public.words_of_the_day w where w.entry_id = '$$ || :'todays_word' || $$' $$,
  'and cannot see the hidden word''s day row');

-- Nothing shown at all: no word, not an error.
select tests.clear_authentication();
update public.entries set show = false where show;
select tests.authenticate_as_service_role();
select is(public.word_of_the_day('2033-01-01'), null, 'no shown entry: no word (null)');

select * from finish();
rollback;
