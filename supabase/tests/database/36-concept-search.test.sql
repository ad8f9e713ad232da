-- concept search: the groups (entries linked as one meaning across countries) whose members
-- match a search by title, English or Spanish meaning or example, ignoring case, accents and
-- punctuation; best first; members by country. Each actor (guest, owner, other learner,
-- admin) sees only the members the read policy lets them see, and a hidden member neither
-- shows nor makes its group found. And the tutor's grounding for "how do you say X in Y".
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(35);

select tests.create_user('36010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('36010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('36010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- The straw group (1-4, Chile's hidden, Olga's), the bus group (5-6), a group that only names
-- the bus in a meaning (10-11), a group found only by its hidden member (8-9), and an entry
-- in no group (7). Made-up marker words keep other entries out of the way.
insert into public.entries (id, title, description, description_es, example_sentence, country, author, owner, show, upvotes) values
  ('36e00000-0000-4000-8000-000000000001', 'popote36', 'A drinking strawz36.', 'Tubito36 para sorber.', 'Pásame un popote36, frase36.', 'MX', 'Olga', '36010000-0000-4000-8000-000000000001', true, 3),
  ('36e00000-0000-4000-8000-000000000002', 'pajita36', 'A drinking strawz36.', null, null, 'ES', 'Otto', '36010000-0000-4000-8000-000000000002', true, 7),
  ('36e00000-0000-4000-8000-000000000003', 'sorbete36', 'A drinking strawz36.', null, 'Un sorbito36 de jugo.', 'AR', 'Guest', null, true, 1),
  ('36e00000-0000-4000-8000-000000000004', 'bombilla36', 'The metal strawz36 of mate.', null, null, 'CL', 'Olga', '36010000-0000-4000-8000-000000000001', false, 0),
  ('36e00000-0000-4000-8000-000000000005', 'guagua36', 'Bus36.', 'Autobús36.', 'Cogí la guagua36, frase36.', 'CU', 'Guest', null, true, 0),
  ('36e00000-0000-4000-8000-000000000006', 'camión36', 'Bus36.', null, null, 'MX', 'Guest', null, true, 0),
  ('36e00000-0000-4000-8000-000000000007', 'chévere36', 'Great36.', null, null, 'VE', 'Guest', null, true, 0),
  ('36e00000-0000-4000-8000-000000000008', 'ñandú36', 'A big bird36.', null, null, 'AR', 'Olga', '36010000-0000-4000-8000-000000000001', false, 0),
  ('36e00000-0000-4000-8000-000000000009', 'suri36', 'A big bird36.', null, null, 'BO', 'Guest', null, true, 0),
  ('36e00000-0000-4000-8000-000000000010', 'bondi36', 'A city bus, bigger than a guagua36.', null, 'Frase36 del bondi.', 'AR', 'Guest', null, true, 9),
  ('36e00000-0000-4000-8000-000000000011', 'micro36', 'A city bus.', null, null, 'CL', 'Guest', null, true, 0);
-- As the seed does it: plain inserts as postgres, the pair in either order.
insert into public.variant_links (entry_a, entry_b, created_by) values
  ('36e00000-0000-4000-8000-000000000001', '36e00000-0000-4000-8000-000000000002', null),
  ('36e00000-0000-4000-8000-000000000003', '36e00000-0000-4000-8000-000000000002', null),
  ('36e00000-0000-4000-8000-000000000003', '36e00000-0000-4000-8000-000000000004', null),
  ('36e00000-0000-4000-8000-000000000005', '36e00000-0000-4000-8000-000000000006', null),
  ('36e00000-0000-4000-8000-000000000008', '36e00000-0000-4000-8000-000000000009', null),
  ('36e00000-0000-4000-8000-000000000010', '36e00000-0000-4000-8000-000000000011', null);

-- Each group as its members' titles, in the order given.
create or replace function pg_temp.titles(groups jsonb) returns text language sql as $$
  select coalesce(string_agg(g.titles, ' / ' order by g.n), '')
    from (select g.ordinality as n, string_agg(m.value ->> 'title', ',' order by m.ordinality) as titles
            from jsonb_array_elements(groups) with ordinality g
            cross join lateral jsonb_array_elements(g.value -> 'entries') with ordinality m
           group by g.ordinality) as g $$;

-------------------------------------------------------------------------------- a guest
select tests.authenticate_as(null);
select is(pg_temp.titles(public.search_concepts('POPOTE36')), 'sorbete36,pajita36,popote36',
  'a guest finds the straw group by a title, in capitals; members by country (AR, ES, MX), not the hidden Chilean one');
select is(public.search_concepts('popote36') -> 0 -> 'entries' -> 2,
  jsonb_build_object('_id', '36e00000-0000-4000-8000-000000000001', 'title', 'popote36', 'country', 'MX',
                     'description', 'A drinking strawz36.', 'descriptionEs', 'Tubito36 para sorber.'),
  'each member as {_id, title, country, description, descriptionEs}');
select is(pg_temp.titles(public.search_concepts('strawz36')), 'sorbete36,pajita36,popote36', 'by an English meaning');
select is(pg_temp.titles(public.search_concepts('tubito36')), 'sorbete36,pajita36,popote36', 'by a Spanish meaning');
select is(pg_temp.titles(public.search_concepts('sorbito36')), 'sorbete36,pajita36,popote36', 'by an example sentence');
select is(pg_temp.titles(public.search_concepts('CAMION36')), 'guagua36,camión36', 'without accents, a title with one');
select is(pg_temp.titles(public.search_concepts('autobus36')), 'guagua36,camión36', 'and a Spanish meaning with one');
select is(pg_temp.titles(public.search_concepts('¿Guagua36?')), 'guagua36,camión36 / bondi36,micro36',
  'punctuation ignored; the group with the exact title first, then the one naming it in a meaning');
-- Among them (other tests' committed groups may start the same way: popote3xyz).
select ok(pg_temp.titles(public.search_concepts('popote3')) like '%sorbete36,pajita36,popote36%', 'a title''s start finds it');
select ok(pg_temp.titles(public.search_concepts('po')) like '%sorbete36,pajita36,popote36%', 'a two-letter key finds titles starting with it');
select is(public.search_concepts('chevere36'), '[]'::jsonb, 'an entry in no group is not a concept');
select is(public.search_concepts('bombilla36'), '[]'::jsonb, 'a hidden member does not make its group found by a guest');
select is(public.search_concepts('nandu36'), '[]'::jsonb, 'nor a group whose only match is hidden');
select is(jsonb_build_array((public.search_concepts('bird36') -> 0) - 'groupId'), '[{"entries": [{"_id": "36e00000-0000-4000-8000-000000000009", "title": "suri36", "country": "BO", "description": "A big bird36.", "descriptionEs": null}]}]'::jsonb,
  'found by a shown member, a group shows a guest its shown members only');
select is(jsonb_array_length(public.search_concepts('frase36')), 3, 'three groups say frase36');
select is(jsonb_array_length(public.search_concepts('frase36', 2)), 2, 'at most max_groups groups');
select is(pg_temp.titles(public.search_concepts('frase36', 1000)), 'bondi36,micro36 / sorbete36,pajita36,popote36 / guagua36,camión36',
  'a huge max_groups is only a cap; all three found in examples, so the shorter title first, then the better voted');
select is(public.search_concepts(''), '[]'::jsonb, 'a blank search finds nothing');
select is(public.search_concepts('   ¿?¡!  '), '[]'::jsonb, 'nor punctuation alone');
select is(public.search_concepts(null), '[]'::jsonb, 'nor null');
select is(public.search_concepts('%'), '[]'::jsonb, 'LIKE wildcards are not wildcards');
select is(public.search_concepts(repeat('popote36 ', 5000)), '[]'::jsonb, 'a 45,000-character search is cut, and answers');
select is((select count(*)::int from private.concept_search_hits('bombilla36', 20)), 0,
  'the id helper gives a guest nothing of a hidden member');
select throws_ok($$ select public.tutor_concept('strawz36', 'AR') $$, '42501', null, 'a guest has no tutor to ground');

-------------------------------------------------------------------------------- the owner of the hidden entries
select tests.clear_authentication();
select tests.authenticate_as('36010000-0000-4000-8000-000000000001', :'owner_session');
select is(pg_temp.titles(public.search_concepts('bombilla36')), 'sorbete36,bombilla36,pajita36,popote36',
  'the owner finds the group by their hidden entry, and sees it among the members');
select is(pg_temp.titles(public.search_concepts('nandu36')), 'ñandú36,suri36', 'and their hidden-only match');
select is(public.tutor_concept('strawz36', 'cl') -> 'entries' -> 0 ->> 'title', 'sorbete36',
  'the tutor cites shown entries only: with no shown Chilean form, the others by country');

-------------------------------------------------------------------------------- another learner
select tests.authenticate_as('36010000-0000-4000-8000-000000000002', :'other_session');
select is(public.search_concepts('bombilla36'), '[]'::jsonb, 'another learner does not find a group by someone''s hidden entry');
select is(pg_temp.titles(public.search_concepts('strawz36')), 'sorbete36,pajita36,popote36', 'nor sees it in the group');
select is((select string_agg(e.value ->> 'title', ',' order by e.ordinality) from jsonb_array_elements(public.tutor_concept('Strawz36', ' mx ') -> 'entries') with ordinality e),
  'popote36,sorbete36,pajita36', 'the tutor''s grounding: the named country''s form first, then the others by country');
select is(public.tutor_concept('strawz36', 'MX') -> 'entries' -> 0 ->> 'exampleSentence', 'Pásame un popote36, frase36.',
  'each as the tutor cites entries (with example, hint, tags)');
select is(public.tutor_concept('zzqx36', 'MX'), null, 'null when no group has it');
select ok(public.tutor_concept('strawz3', 'MX') is null and jsonb_array_length(public.search_concepts('strawz3')) = 1,
  'nor for a piece of a word: the search finds the group by it, the tutor does not name it');
select is(public.tutor_concept('tubito36', 'AR') -> 'entries' -> 0 ->> 'title', 'sorbete36', 'a whole word of a Spanish meaning is enough');

-------------------------------------------------------------------------------- an admin
select tests.authenticate_as('36010000-0000-4000-8000-000000000003', :'admin_session');
select is(pg_temp.titles(public.search_concepts('bombilla36')), 'sorbete36,bombilla36,pajita36,popote36',
  'an admin finds and sees hidden members too');

select * from finish();
rollback;
