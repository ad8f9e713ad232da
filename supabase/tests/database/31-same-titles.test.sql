-- same titles: before adding an entry, the app asks which entries already have its title in
-- that country. Case, accents, punctuation and spacing are ignored; each actor sees only the
-- matches the read policy lets them see (a hidden one: its owner and admins).
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(11);

select tests.create_user('31010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('31010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('31010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
insert into public.entries (id, title, description, country, author, owner, show, upvotes) values
  ('31e00000-0000-4000-8000-000000000001', '¡Qué chimbita31!', 'Great.', 'CO', 'Olga', '31010000-0000-4000-8000-000000000001', true, 1),
  ('31e00000-0000-4000-8000-000000000002', 'que  CHIMBITA31', 'Great, again.', 'CO', 'Otto', '31010000-0000-4000-8000-000000000002', true, 5),
  ('31e00000-0000-4000-8000-000000000003', 'Qué chimbita31', 'Hidden.', 'CO', 'Olga', '31010000-0000-4000-8000-000000000001', false, 9),
  ('31e00000-0000-4000-8000-000000000004', 'qué chimbita31', 'Elsewhere.', 'MX', 'Olga', '31010000-0000-4000-8000-000000000001', true, 0),
  ('31e00000-0000-4000-8000-000000000005', 'qué chimbita31 total', 'Longer.', 'CO', 'Olga', '31010000-0000-4000-8000-000000000001', true, 0);

create or replace function pg_temp.ids(matches jsonb) returns text[] language sql as $$
  select coalesce(array_agg(m.value ->> '_id' order by m.ordinality), '{}') from jsonb_array_elements(matches) with ordinality m $$;

select is(private.title_key('  ¡Qué   CHIMBA!  '), 'que chimba', 'a title''s key: lower case, no accents, punctuation and spacing folded');
select is(private.title_key('¿¡!?'), '', 'punctuation alone has an empty key');

select tests.authenticate_as(null);
select is(pg_temp.ids(public.same_title_entries('QUE CHIMBITA31', 'co')),
  array['31e00000-0000-4000-8000-000000000002', '31e00000-0000-4000-8000-000000000001'],
  'a guest is shown the shown matches in that country, best-voted first (not the hidden one, not Mexico''s, not a longer title)');
select is(public.same_title_entries('¡¿?!', 'CO'), '[]'::jsonb, 'a title of punctuation alone matches nothing');
select is(public.same_title_entries('qué chimbita31', 'ZZ'), '[]'::jsonb, 'an unknown country matches nothing');
select is((select count(*)::int from private.same_title_ids('qué chimbita31', 'CO')), 2,
  'the id helper gives a guest no id of a hidden entry');

select tests.clear_authentication();
select tests.authenticate_as('31010000-0000-4000-8000-000000000001', :'owner_session');
select is(pg_temp.ids(public.same_title_entries('que chimbita31', 'CO')),
  array['31e00000-0000-4000-8000-000000000003', '31e00000-0000-4000-8000-000000000002', '31e00000-0000-4000-8000-000000000001'],
  'the owner is shown their hidden entry too');
select is(public.same_title_entries('que chimbita31', 'CO') -> 0 ->> 'show', 'false', 'marked as not shown');

select tests.authenticate_as('31010000-0000-4000-8000-000000000002', :'other_session');
select is(pg_temp.ids(public.same_title_entries('que chimbita31', 'CO')),
  array['31e00000-0000-4000-8000-000000000002', '31e00000-0000-4000-8000-000000000001'],
  'another learner is not shown someone else''s hidden entry');
select is((select count(*)::int from private.same_title_ids('qué chimbita31', 'CO')), 2, 'nor its id');

select tests.authenticate_as('31010000-0000-4000-8000-000000000003', :'admin_session');
select is(jsonb_array_length(public.same_title_entries('que chimbita31', 'CO')), 3, 'an admin is shown every match');

select * from finish();
rollback;
