-- the voice queue (issue 34): voice_queue (a country's shown entries with no native recording,
-- most requested, then best voted, then id, all descending; keyset pages; total and
-- remaining; PT400 country_required / unknown_country), voices_summary (every country by
-- code), and the bookkeeping behind them (private.voice_needs and voice_counts, kept by
-- triggers) following entries added, voted on, hidden, moved and deleted and recordings added,
-- held and deleted. Nobody reads or writes the bookkeeping directly. Actors: guest, learner,
-- admin (everyone reads the same queue).
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(28);

select tests.create_user('66010000-0000-4000-8000-000000000001', 'Ana Asker') as ana_session \gset
select tests.create_user('66010000-0000-4000-8000-000000000002', 'Otto Other') as otto_session \gset
select tests.create_user('66010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
-- Bolivia is the test's own country: its seeded entries are hidden first (they leave the queue).
update public.entries set show = false where country = 'BO';
insert into public.entries (id, title, description, country, author, show) values
  ('66e00000-0000-4000-8000-000000000001', 'uno66', 'One.', 'BO', 'Guest', true),
  ('66e00000-0000-4000-8000-000000000002', 'dos66', 'Two.', 'BO', 'Guest', true),
  ('66e00000-0000-4000-8000-000000000003', 'tres66', 'Three.', 'BO', 'Guest', true),
  ('66e00000-0000-4000-8000-000000000004', 'cuatro66', 'Four.', 'BO', 'Guest', true),
  ('66e00000-0000-4000-8000-000000000005', 'cinco66', 'Five.', 'BO', 'Guest', false);
update public.entries set upvotes = 4 where id = '66e00000-0000-4000-8000-000000000003';
update public.entries set upvotes = 4 where id = '66e00000-0000-4000-8000-000000000004';
update public.entries set upvotes = 9 where id = '66e00000-0000-4000-8000-000000000001';

create or replace function pg_temp.ids(page jsonb) returns text language sql as $$
  select string_agg(right(x ->> 'contentId', 1), '' order by o) from jsonb_array_elements(page -> 'data') with ordinality as t(x, o) $$;
grant execute on function pg_temp.ids(jsonb) to public;

-------------------------------------------------------------------------------- learners ask
select tests.authenticate_as('66010000-0000-4000-8000-000000000001', :'ana_session');
select public.request_recording('66e00000-0000-4000-8000-000000000002');
select tests.clear_authentication();
select tests.authenticate_as('66010000-0000-4000-8000-000000000002', :'otto_session');
select public.request_recording('66e00000-0000-4000-8000-000000000002');
select public.request_recording('66e00000-0000-4000-8000-000000000004');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.clear_authentication();
select tests.authenticate_as(null);
select is(pg_temp.ids(public.voice_queue('BO')), '2413',
  'most requested first (2: two), then (4: one), then best voted (1: 9), then … (3: 4 votes, no request)');
select is(public.voice_queue('bo') - 'data', '{"country": "BO", "total": 4, "remaining": 4}', 'any case; total and remaining of the shown entries');
select is(public.voice_queue('BO') -> 'data' -> 0,
  '{"contentId": "66e00000-0000-4000-8000-000000000002", "title": "dos66", "description": "Two.", "exampleSentence": null,
    "country": "BO", "voteScore": 0, "requests": 2}', 'an item: the entry''s words, score and requests');
select is(pg_temp.ids(public.voice_queue('BO', 2)), '24', 'a page of two');
select is(pg_temp.ids(public.voice_queue('BO', 2, 1, 0, '66e00000-0000-4000-8000-000000000004')), '13', 'the next page after (1, 0, …04)');
select is(pg_temp.ids(public.voice_queue('BO', 5, 0, 4, '66e00000-0000-4000-8000-000000000003')), null, 'after the last: nothing');
select is(tests.error_of($$ select public.voice_queue('XX') $$) - 'message',
  '{"code": "PT400", "hint": "unknown_country", "column": "country"}', 'an unknown country: PT400 unknown_country');
select is(tests.error_of($$ select public.voice_queue(' ') $$) ->> 'hint', 'country_required', 'no country: country_required');
select is(tests.error_of($$ select public.voice_queue(null) $$) ->> 'hint', 'country_required', 'null: country_required');
select is((select x from jsonb_array_elements(public.voices_summary() -> 'data') x where x ->> 'country' = 'BO'),
  '{"country": "BO", "total": 4, "voiced": 0}', 'the summary counts the country');
select is(jsonb_array_length(public.voices_summary() -> 'data'), 21, 'every country, once');
select is((select string_agg(x ->> 'country', ',' order by o) from jsonb_array_elements(public.voices_summary() -> 'data') with ordinality t(x, o)),
  (select string_agg(code, ',' order by code) from public.countries), 'by code');
select throws_ok($$ select * from private.voice_needs $$, '42501', null, 'a guest cannot read the bookkeeping');
select throws_ok($$ select * from private.voice_counts $$, '42501', null, 'nor the counts');

-------------------------------------------------------------------------------- learner
select tests.clear_authentication();
select tests.authenticate_as('66010000-0000-4000-8000-000000000001', :'ana_session');
select is(pg_temp.ids(public.voice_queue('BO')), '2413', 'a learner reads the same queue');
select throws_ok($$ update private.voice_needs set requests = 99 $$, '42501', null, 'a learner cannot write the bookkeeping');
select throws_ok($$ select private.refresh_voice_need('66e00000-0000-4000-8000-000000000001') $$, '42501', null, 'nor call its refresh');
select public.withdraw_recording_request('66e00000-0000-4000-8000-000000000002');
select is(pg_temp.ids(public.voice_queue('BO')), '4213', 'one request withdrawn: 2 and 4 tie (one request, no votes); the higher id first');

-------------------------------------------------------------------------------- the bookkeeping follows every change
select tests.clear_authentication();
-- A native recording of …01 (said from BO), and a Peruvian one of …03 (not native).
insert into public.recordings (id, entry_id, user_id, path, country) values
  ('66c00000-0000-4000-8000-000000000001', '66e00000-0000-4000-8000-000000000001', '66010000-0000-4000-8000-000000000002',
   '66010000-0000-4000-8000-000000000002/66e00000-0000-4000-8000-000000000001/bo.webm', 'BO'),
  ('66c00000-0000-4000-8000-000000000002', '66e00000-0000-4000-8000-000000000003', '66010000-0000-4000-8000-000000000002',
   '66010000-0000-4000-8000-000000000002/66e00000-0000-4000-8000-000000000003/pe.webm', 'PE');
select tests.authenticate_as(null);
select is(pg_temp.ids(public.voice_queue('BO')) || ' ' || (public.voice_queue('BO') ->> 'remaining'), '423 3',
  'a native recording takes its entry out of the queue; one from elsewhere does not');
select tests.clear_authentication();
update public.recordings set moderation = 'held' where id = '66c00000-0000-4000-8000-000000000001';
select is(pg_temp.ids(public.voice_queue('BO')), '4213', 'held by moderators, it is not native: back in the queue');
delete from public.recordings where id = '66c00000-0000-4000-8000-000000000001';
update public.entries set show = true where id = '66e00000-0000-4000-8000-000000000005';
update public.entries set show = false where id = '66e00000-0000-4000-8000-000000000002';
select is(pg_temp.ids(public.voice_queue('BO')) || ' ' || (public.voice_queue('BO') ->> 'total'), '4135 4',
  'an entry shown joins, one hidden leaves (total too)');
update public.entries set country = 'PE' where id = '66e00000-0000-4000-8000-000000000003';
select is(pg_temp.ids(public.voice_queue('BO')) || ' ' || (public.voice_queue('BO') ->> 'total'), '415 3', 'an entry moved to Peru leaves');
select is((select (x ->> 'voiced')::int from jsonb_array_elements(public.voices_summary() -> 'data') x where x ->> 'country' = 'PE')
          - (select count(*)::int from public.entries e where e.country = 'PE' and e.show
               and exists (select 1 from public.recordings r where r.entry_id = e.id and r.country = e.country and r.moderation is null)), 0,
  'and there its Peruvian recording makes it voiced (the summary agrees with the tables)');
delete from public.entries where id = '66e00000-0000-4000-8000-000000000004';
select is(pg_temp.ids(public.voice_queue('BO')) || ' ' || (public.voice_queue('BO') ->> 'total'), '15 2', 'a deleted entry leaves');
select is((select count(*)::int from private.voice_needs v where not exists (select 1 from public.entries e where e.id = v.entry_id)), 0,
  'no bookkeeping row outlives its entry');
select is((select jsonb_agg(jsonb_build_object(c.country, jsonb_build_array(c.total, c.voiced)) order by c.country)
             from private.voice_counts c,
                  lateral (select count(*)::int as total,
                                  count(*) filter (where exists (select 1 from public.recordings r
                                                                  where r.entry_id = e.id and r.country = e.country and r.moderation is null))::int as voiced
                             from public.entries e where e.country = c.country and e.show) recount
            where (c.total, c.voiced) is distinct from (recount.total, recount.voiced)), null,
  'every country''s counts equal a recount from the tables');

-- Held by setting moderation alone (the BEFORE trigger hides it): it leaves the queue too.
update public.entries set moderation = 'held' where id = '66e00000-0000-4000-8000-000000000005';
select is(pg_temp.ids(public.voice_queue('BO')) || ' ' || (public.voice_queue('BO') ->> 'total'), '1 1', 'an entry held by moderators leaves');
update public.entries set moderation = null, show = true where id = '66e00000-0000-4000-8000-000000000005';

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('66010000-0000-4000-8000-000000000003', :'admin_session');
select is(pg_temp.ids(public.voice_queue('BO')), '15', 'an admin reads the same queue (hidden entries are not queued for anyone)');

select * from finish();
rollback;
