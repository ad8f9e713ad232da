-- usage marks: the table's policy and grants per actor, public.set_usage, entry_usage,
-- my_usage and set_home_country. One mark per learner, entry and country; marking again
-- replaces it, null takes it back; entries.rude_in follows the rule (≥ 1 offensive mark and
-- ≥ a third of the country's marks) and nobody writes it directly; locals count the marks
-- of learners living in that country; every change broadcasts the tallies on entry:<id>;
-- marks meet the write limits; a plain insert (the seed's) works and keeps rude_in.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(53);

-- Users: owner …01 (of the entries), learner …02 (lives in Mexico), other …03 (lives in
-- Spain), admin …04, and three more learners …05–…07 for the rude_in rule.
select tests.create_user('33010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('33010000-0000-4000-8000-000000000002', 'Lupe Learner') as learner_session \gset
select tests.create_user('33010000-0000-4000-8000-000000000003', 'Otto Other') as other_session \gset
select tests.create_user('33010000-0000-4000-8000-000000000004', 'Ada Admin', true) as admin_session \gset
select tests.create_user('33010000-0000-4000-8000-000000000005', 'Pepa Five') as five_session \gset
select tests.create_user('33010000-0000-4000-8000-000000000006', 'Seis Six') as six_session \gset
select tests.create_user('33010000-0000-4000-8000-000000000007', 'Siete Seven') as seven_session \gset
update public.profiles set home_country = 'ES' where id = '33010000-0000-4000-8000-000000000003';

-- Entries: …01 shown, …02 hidden (both the owner's), …03 shown (for the seed's insert).
insert into public.entries (id, title, description, country, author, owner, show) values
  ('33e00000-0000-4000-8000-000000000001', 'coger', 'To take; to have sex in much of Latin America.', 'ES', 'Olga', '33010000-0000-4000-8000-000000000001', true),
  ('33e00000-0000-4000-8000-000000000002', 'pajita', 'Drinking straw.', 'ES', 'Olga', '33010000-0000-4000-8000-000000000001', false),
  ('33e00000-0000-4000-8000-000000000003', 'popote', 'Drinking straw.', 'MX', 'Olga', '33010000-0000-4000-8000-000000000001', true);

-- The tallies of a country with no locals (a shorthand for the expected values).
create function pg_temp.tally(used int, understood int, unknown int, offensive int,
                              l_used int default 0, l_understood int default 0, l_unknown int default 0, l_offensive int default 0)
returns jsonb language sql immutable as $$
  select jsonb_build_object('used', used, 'understood', understood, 'unknown', unknown, 'offensive', offensive,
    'locals', jsonb_build_object('used', l_used, 'understood', l_understood, 'unknown', l_unknown, 'offensive', l_offensive))
$$;
grant execute on function pg_temp.tally(int, int, int, int, int, int, int, int) to public;
create function pg_temp.rude_in(id uuid) returns char(2)[] language sql security definer as $$
  select rude_in from public.entries where entries.id = rude_in.id
$$;
grant execute on function pg_temp.rude_in(uuid) to public;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(public.entry_usage('33e00000-0000-4000-8000-000000000001'), '{}', 'a guest reads an entry''s tallies: none yet');
select is(public.entry_usage('33e00000-0000-4000-8000-000000000002'), null, 'a hidden entry''s tallies: null');
select is(public.my_usage('33e00000-0000-4000-8000-000000000001'), '{}', 'a guest has no marks of their own');
select is(tests.error_of($$ select public.set_usage('33e00000-0000-4000-8000-000000000001', 'MX', 'used') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot mark: PT401 login_required');
select throws_ok($$ insert into public.usage_marks (entry_id, country, user_id, usage) values ('33e00000-0000-4000-8000-000000000001', 'MX', '33010000-0000-4000-8000-000000000002', 'used') $$,
  '42501', null, 'a guest cannot insert a mark directly');
select throws_ok($$ select private.save_usage_mark('33e00000-0000-4000-8000-000000000001', 'MX', 'used') $$,
  '42501', null, 'nor call the definer that writes marks');
select is(tests.error_of($$ select public.set_home_country('MX') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest has no home country to set: PT401');

-------------------------------------------------------------------------------- learner (lives in Mexico)
select tests.clear_authentication();
select tests.authenticate_as('33010000-0000-4000-8000-000000000002', :'learner_session');

select is(public.set_home_country(' mx ') ->> 'homeCountry', 'MX', 'a learner sets their home country (any case, trimmed)');
select is(public.current_profile() ->> 'homeCountry', 'MX', 'and their profile carries it');
select is(tests.error_of($$ select public.set_home_country('US') $$) - 'message',
  '{"code": "PT400", "hint": "unknown_country", "column": "homeCountry"}', 'a country outside the 21: PT400 unknown_country');
select ok(not (public.set_home_country(null) ? 'homeCountry'), 'null clears it (the profile has no homeCountry then)');
select is(public.set_home_country('MX') ->> 'homeCountry', 'MX', 'and it can be set again');

select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'mx', 'used') - 'contentId',
  jsonb_build_object('usage', jsonb_build_object('MX', pg_temp.tally(1, 0, 0, 0, 1)), 'rudeIn', '[]'::jsonb, 'myUsage', '{"MX": "used"}'::jsonb),
  'a learner marks a word used in Mexico: the tallies (a local''s mark), rudeIn and their marks');
select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'MX', 'understood') -> 'usage',
  jsonb_build_object('MX', pg_temp.tally(0, 1, 0, 0, 0, 1)), 'marking again replaces the mark');
select is((select count(*)::int from public.usage_marks where entry_id = '33e00000-0000-4000-8000-000000000001'), 1,
  'one mark per learner, entry and country');
select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'AR', 'unknown') -> 'usage',
  jsonb_build_object('MX', pg_temp.tally(0, 1, 0, 0, 0, 1), 'AR', pg_temp.tally(0, 0, 1, 0)),
  'another country is another mark (not a local''s: they live in Mexico)');
select is(public.my_usage('33e00000-0000-4000-8000-000000000001'), '{"AR": "unknown", "MX": "understood"}', 'my_usage lists their marks');
select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'AR', null) -> 'usage',
  jsonb_build_object('MX', pg_temp.tally(0, 1, 0, 0, 0, 1)), 'null takes the mark back (the country leaves the tallies)');
select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'AR', null) -> 'myUsage',
  '{"MX": "understood"}', 'taking back a mark that is not there changes nothing');

select is(tests.error_of($$ select public.set_usage('33e00000-0000-4000-8000-000000000001', 'MX', 'rude') $$) - 'message',
  '{"code": "PT400", "hint": "usage_invalid", "column": "usage"}', 'a usage other than the four: PT400 usage_invalid');
select is(tests.error_of($$ select public.set_usage('33e00000-0000-4000-8000-000000000001', 'US', 'used') $$) - 'message',
  '{"code": "PT400", "hint": "unknown_country", "column": "country"}', 'a country outside the 21: PT400 unknown_country');
select is(tests.error_of($$ select public.set_usage('33e00000-0000-4000-8000-000000000001', null, 'used') $$) ->> 'hint',
  'unknown_country', 'no country: unknown_country');
select is(tests.error_of($$ select public.set_usage('33e00000-0000-4000-8000-0000000000ff', 'MX', 'used') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'an entry that does not exist: PT404 entry_not_found');
select is(tests.error_of($$ select public.set_usage('33e00000-0000-4000-8000-000000000002', 'MX', 'used') $$) ->> 'hint',
  'entry_not_found', 'an entry hidden from the learner: entry_not_found');
select is(tests.error_of($$ select private.save_usage_mark('33e00000-0000-4000-8000-000000000002', 'MX', 'used') $$) ->> 'hint',
  'entry_not_found', 'the definer behind set_usage refuses a hidden entry by itself too');
select throws_ok($$ insert into public.usage_marks (entry_id, country, usage) values ('33e00000-0000-4000-8000-000000000003', 'MX', 'used') $$,
  '42501', null, 'a learner cannot insert a mark directly (set_usage is the one door)');
select throws_ok($$ update public.usage_marks set usage = 'offensive' $$, '42501', null, 'nor change one directly');
select throws_ok($$ delete from public.usage_marks $$, '42501', null, 'nor delete one directly');
select throws_ok($$ update public.entries set rude_in = '{MX}' where id = '33e00000-0000-4000-8000-000000000001' $$,
  '42501', null, 'nobody writes rude_in (not even an owner could: no column grant)');

-------------------------------------------------------------------------------- other learner (lives in Spain): locals, privacy, rude_in
select tests.authenticate_as('33010000-0000-4000-8000-000000000003', :'other_session');

select is_empty($$ select * from public.usage_marks $$, 'a learner does not see others'' marks (only tallies)');
select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'ES', 'offensive') -> 'rudeIn', '["ES"]',
  'one offensive mark where nobody else marked: rude in Spain');
select is(pg_temp.rude_in('33e00000-0000-4000-8000-000000000001'), '{ES}', 'entries.rude_in is kept by the trigger');
select is(public.entry_usage('33e00000-0000-4000-8000-000000000001') -> 'ES', pg_temp.tally(0, 0, 0, 1, 0, 0, 0, 1),
  'a mark from someone living in Spain counts as a local''s');
select is((select count(*)::int from public.usage_marks), 1, 'they read their own mark');

select tests.clear_authentication();
select is((select payload - 'id' from realtime.messages where topic = 'entry:33e00000-0000-4000-8000-000000000001' and event = 'usage'
              and payload -> 'usage' ? 'ES'),
  jsonb_build_object('contentId', '33e00000-0000-4000-8000-000000000001', 'rudeIn', '["ES"]'::jsonb,
                     'usage', jsonb_build_object('MX', pg_temp.tally(0, 1, 0, 0, 0, 1), 'ES', pg_temp.tally(0, 0, 0, 1, 0, 0, 0, 1))),
  'the change is broadcast on entry:<id> as event usage with the tallies and rudeIn');
select tests.authenticate_as('33010000-0000-4000-8000-000000000003', :'other_session');

-- The rule against one troll: ≥ a third of the country's marks must be offensive.
select tests.authenticate_as('33010000-0000-4000-8000-000000000005', :'five_session');
select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'ES', 'used') -> 'rudeIn', '["ES"]', '1 offensive of 2: still rude');
select tests.authenticate_as('33010000-0000-4000-8000-000000000006', :'six_session');
select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'ES', 'understood') -> 'rudeIn', '["ES"]', '1 offensive of 3 (a third): still rude');
select tests.authenticate_as('33010000-0000-4000-8000-000000000007', :'seven_session');
select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'ES', 'used') -> 'rudeIn', '[]', '1 offensive of 4: one troll is outweighed');
select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'ES', 'offensive') -> 'rudeIn', '["ES"]', '2 of 4: rude again');
select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'ES', null) -> 'rudeIn', '["ES"]', 'that mark taken back: 1 of 3, rude');
select tests.authenticate_as('33010000-0000-4000-8000-000000000003', :'other_session');
select is(public.set_usage('33e00000-0000-4000-8000-000000000001', 'ES', 'understood') -> 'rudeIn', '[]',
  'the only offensive mark changed: no longer rude anywhere');

-------------------------------------------------------------------------------- owner: their hidden entry
select tests.authenticate_as('33010000-0000-4000-8000-000000000001', :'owner_session');
select is(public.set_usage('33e00000-0000-4000-8000-000000000002', 'ES', 'used') -> 'myUsage', '{"ES": "used"}',
  'an owner may mark their own hidden entry');
select is(public.entry_usage('33e00000-0000-4000-8000-000000000002') -> 'ES', pg_temp.tally(1, 0, 0, 0), 'and read its tallies');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('33010000-0000-4000-8000-000000000004', :'admin_session');
select is(public.set_usage('33e00000-0000-4000-8000-000000000002', 'ES', 'offensive') -> 'rudeIn', '["ES"]',
  'an admin may mark a hidden entry (they can see it)');
select is((select count(*)::int from public.usage_marks), 1, 'an admin reads only their own marks too (tallies are for everyone)');
select throws_ok($$ update public.entries set rude_in = '{}' where id = '33e00000-0000-4000-8000-000000000002' $$,
  '42501', null, 'an admin cannot write rude_in either');

-------------------------------------------------------------------------------- write limits
-- Forget this file's minute windows, then 120 re-marks in a minute pass and the 121st is refused.
select tests.clear_authentication();
delete from private.rate_limits where client like '33010000-%';
select tests.authenticate_as('33010000-0000-4000-8000-000000000005', :'five_session');
select lives_ok($$ do $body$ begin
    for i in 1..120 loop
      perform public.set_usage('33e00000-0000-4000-8000-000000000003', 'CL', case when i % 2 = 0 then 'used' else 'understood' end);
    end loop;
  end $body$ $$, 'a learner going through the map marks and re-marks 120 times in a minute');
select is(tests.error_of($$ select public.set_usage('33e00000-0000-4000-8000-000000000003', 'CL', 'unknown') $$) ->> 'hint',
  'rate_limited', 'the 121st write in the minute is refused: rate_limited');
select is(public.set_usage('33e00000-0000-4000-8000-000000000003', 'CL', null) -> 'myUsage', '{}',
  'taking a mark back is not counted');

-------------------------------------------------------------------------------- the seed: a plain insert as postgres
select tests.clear_authentication();
set local request.jwt.claims to '';
insert into public.usage_marks (entry_id, country, user_id, usage) values
  ('33e00000-0000-4000-8000-000000000003', 'GQ', '33010000-0000-4000-8000-000000000006', 'offensive'),
  ('33e00000-0000-4000-8000-000000000003', 'PR', '33010000-0000-4000-8000-000000000006', 'used');
select is(pg_temp.rude_in('33e00000-0000-4000-8000-000000000003'), '{GQ}', 'a plain insert (the seed''s) works and keeps rude_in');
select is(public.entry_usage('33e00000-0000-4000-8000-000000000003') - 'CL',
  jsonb_build_object('GQ', pg_temp.tally(0, 0, 0, 1), 'PR', pg_temp.tally(1, 0, 0, 0)), 'and the tallies count it');
delete from auth.users where id = '33010000-0000-4000-8000-000000000006';
select is(pg_temp.rude_in('33e00000-0000-4000-8000-000000000003'), '{}', 'a deleted account''s marks go with it, and rude_in follows');
delete from public.entries where id = '33e00000-0000-4000-8000-000000000003';
select is((select count(*)::int from public.usage_marks where entry_id = '33e00000-0000-4000-8000-000000000003'), 0,
  'an entry''s marks go with it');

select * from finish();
rollback;
