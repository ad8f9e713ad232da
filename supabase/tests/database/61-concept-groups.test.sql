-- concept groups by id (the /compare/:groupId page): public.concept_group reads one group's
-- members as the caller may see them, by country, each with its vote score; null when the
-- caller sees none. The concept search names each group's id. Each actor (guest, owner,
-- other learner, admin): a hidden member is shown to its owner and admins only, and a group
-- whose only members are hidden is not found by anyone else.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(17);

select tests.create_user('61010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('61010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('61010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- The straw group (1-3; Chile's is hidden, Olga's) and a group of two hidden entries (4-5, Olga's).
insert into public.entries (id, title, description, description_es, country, author, owner, show, upvotes, downvotes) values
  ('61e00000-0000-4000-8000-000000000001', 'popote61', 'A drinking straw61.', 'Tubito61.', 'MX', 'Olga', '61010000-0000-4000-8000-000000000001', true, 3, 1),
  ('61e00000-0000-4000-8000-000000000002', 'pajita61', 'A drinking straw61.', null, 'ES', 'Guest', null, true, 7, 0),
  ('61e00000-0000-4000-8000-000000000003', 'bombilla61', 'The metal straw61.', null, 'CL', 'Olga', '61010000-0000-4000-8000-000000000001', false, 0, 0),
  ('61e00000-0000-4000-8000-000000000004', 'ñandú61', 'A big bird61.', null, 'AR', 'Olga', '61010000-0000-4000-8000-000000000001', false, 0, 0),
  ('61e00000-0000-4000-8000-000000000005', 'suri61', 'A big bird61.', null, 'BO', 'Olga', '61010000-0000-4000-8000-000000000001', false, 0, 0);
insert into public.variant_links (entry_a, entry_b, created_by) values
  ('61e00000-0000-4000-8000-000000000001', '61e00000-0000-4000-8000-000000000002', null),
  ('61e00000-0000-4000-8000-000000000001', '61e00000-0000-4000-8000-000000000003', null),
  ('61e00000-0000-4000-8000-000000000004', '61e00000-0000-4000-8000-000000000005', null);

select concept_id as straw from public.concept_members where entry_id = '61e00000-0000-4000-8000-000000000001' \gset
select concept_id as bird from public.concept_members where entry_id = '61e00000-0000-4000-8000-000000000004' \gset

-- A group's members as their titles, in the order given.
create or replace function pg_temp.titles(grp jsonb) returns text language sql as $$
  select string_agg(m.value ->> 'title', ',' order by m.ordinality) from jsonb_array_elements(grp -> 'entries') with ordinality m $$;

-------------------------------------------------------------------------------- a guest
select tests.authenticate_as(null);
select is(pg_temp.titles(public.concept_group(:'straw')), 'pajita61,popote61',
  'a guest reads the straw group''s shown members by country (ES, MX), not the hidden Chilean one');
select is(public.concept_group(:'straw') -> 'entries' -> 1,
  jsonb_build_object('_id', '61e00000-0000-4000-8000-000000000001', 'title', 'popote61', 'country', 'MX',
                     'description', 'A drinking straw61.', 'descriptionEs', 'Tubito61.', 'voteScore', 2),
  'each member as the search shows it, with its vote score (upvotes minus downvotes)');
select is(public.concept_group(:'straw') ->> 'groupId', :'straw', 'the reply names its group');
select is(public.concept_group(:'bird'), null, 'a group whose members are all hidden is not found by a guest');
select is(public.concept_group('61000000-0000-4000-8000-0000000000ff'), null, 'nor one that does not exist');
select is(public.concept_group(null), null, 'nor a null id');
select is(public.search_concepts('popote61') -> 0 ->> 'groupId', :'straw', 'the concept search names each group''s id');
select is((select array_agg(k order by k) from jsonb_object_keys(public.search_concepts('popote61') -> 0) as k),
  array['entries', 'groupId'], 'a search''s group is {groupId, entries}');

-------------------------------------------------------------------------------- the owner of the hidden entries
select tests.authenticate_as('61010000-0000-4000-8000-000000000001', :'owner_session');
select is(pg_temp.titles(public.concept_group(:'straw')), 'bombilla61,pajita61,popote61',
  'the owner sees their hidden member in the group');
select is(pg_temp.titles(public.concept_group(:'bird')), 'ñandú61,suri61', 'and reads their all-hidden group');
select is(public.search_concepts('bombilla61') -> 0 ->> 'groupId', :'straw', 'and finds its id by their hidden entry');

-------------------------------------------------------------------------------- another learner
select tests.clear_authentication();
select tests.authenticate_as('61010000-0000-4000-8000-000000000002', :'other_session');
select is(pg_temp.titles(public.concept_group(:'straw')), 'pajita61,popote61', 'another learner does not see someone''s hidden member');
select is(public.concept_group(:'bird'), null, 'nor reads a group of someone''s hidden entries');

-------------------------------------------------------------------------------- an admin
select tests.clear_authentication();
select tests.authenticate_as('61010000-0000-4000-8000-000000000003', :'admin_session');
select is(pg_temp.titles(public.concept_group(:'straw')), 'bombilla61,pajita61,popote61', 'an admin sees hidden members');
select is(pg_temp.titles(public.concept_group(:'bird')), 'ñandú61,suri61', 'and all-hidden groups');

-------------------------------------------------------------------------------- the function itself
select tests.clear_authentication();
select is((select prosecdef from pg_proc where oid = 'public.concept_group(uuid)'::regprocedure), false,
  'concept_group runs as the caller (security invoker): the read policies decide');
select ok(not has_function_privilege('public', 'public.concept_group(uuid)', 'execute')
          and has_function_privilege('anon', 'public.concept_group(uuid)', 'execute'),
  'executable by the API roles, not by PUBLIC');

select * from finish();
rollback;
