-- Editing only an entry's Spanish meaning moves its updated_at (the sitemap's lastmod, the
-- preview card's ETag), for its owner; another learner's attempt changes nothing; a guest's
-- read sees the new time.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(4);

select tests.create_user('63010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('63010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset

insert into public.entries (id, title, description, country, author, owner, updated_at) values
  ('63e00000-0000-4000-8000-000000000001', 'chamba63', 'work', 'MX', 'Olga', '63010000-0000-4000-8000-000000000001', '2020-01-01 00:00:00+00');

-------------------------------------------------------------------------------- another learner
select tests.authenticate_as('63010000-0000-4000-8000-000000000002', :'other_session');
select throws_ok($$ select public.update_entry('63e00000-0000-4000-8000-000000000001', '{"descriptionEs": "trabajo"}') $$,
  null, 'another learner may not edit the Spanish meaning');
select tests.clear_authentication();
select is((select updated_at from public.entries where title = 'chamba63'), '2020-01-01 00:00:00+00'::timestamptz,
  'and the entry''s time has not moved');

-------------------------------------------------------------------------------- owner
select tests.authenticate_as('63010000-0000-4000-8000-000000000001', :'owner_session');
select lives_ok($$ select public.update_entry('63e00000-0000-4000-8000-000000000001', '{"descriptionEs": "trabajo"}') $$,
  'its owner edits only the Spanish meaning');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select ok((select updated_at from public.entries where title = 'chamba63') > '2020-01-01 00:00:00+00'::timestamptz,
  'a guest reads the entry with its time moved to the edit');

select * from finish();
rollback;
