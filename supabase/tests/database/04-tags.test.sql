-- tags: anyone reads them; logged-in users create them in their own name; names are at
-- most 20 characters and unique regardless of case; only admins delete them.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(28);

-- Users: owner 1111… (created the tag "pgtap comida"), other 2222…, admin 3333…
insert into auth.users (id, aud, role, email, raw_user_meta_data) values
  ('11111111-1111-4111-8111-111111111111', 'authenticated', 'authenticated', 'owner@test.jerga.local', '{"name": "Owner"}'),
  ('22222222-2222-4222-8222-222222222222', 'authenticated', 'authenticated', 'other@test.jerga.local', '{"name": "Other"}'),
  ('33333333-3333-4333-8333-333333333333', 'authenticated', 'authenticated', 'admin@test.jerga.local', '{"name": "Admin"}');
update public.profiles set is_admin = true where id = '33333333-3333-4333-8333-333333333333';

insert into public.tags (id, name, owner) values
  ('c0000000-0000-4000-8000-000000000001', 'pgtap comida', '11111111-1111-4111-8111-111111111111'),
  ('c0000000-0000-4000-8000-000000000002', 'pgtap fiesta', '22222222-2222-4222-8222-222222222222');
insert into public.entries (id, title, description, country, author, owner) values
  ('e0000000-0000-4000-8000-000000000001', 'jamar', 'To eat.', 'CU', 'Owner', '11111111-1111-4111-8111-111111111111');
insert into public.entry_tags (entry_id, tag_id, added_by) values
  ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111');

select ok(
  (select relrowsecurity from pg_class where oid = 'public.tags'::regclass),
  'row level security is enabled on tags'
);
select policies_are('public', 'tags', array[
  'Anyone can read tags',
  'Logged-in users can create tags in their own name',
  'Admins can delete tags',
  'Owners and admins can name tags in Spanish'
], 'tags has the read, create, Spanish name and delete policies');

-------------------------------------------------------------------------------- anonymous
select tests.authenticate_as(null);

select results_eq(
  $$ select name from public.tags where id::text like 'c0000000-%' order by name $$,
  array['pgtap comida', 'pgtap fiesta'], 'anon reads tags'
);
select throws_ok($$ insert into public.tags (name) values ('pgtap guest') $$,
  '42501', null, 'anon cannot create tags');
select throws_ok($$ update public.tags set name = 'pgtap food' where id = 'c0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'anon cannot rename tags');
select throws_ok($$ delete from public.tags where id = 'c0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'anon cannot delete tags');

-------------------------------------------------------------------------------- owner (a plain user)
select tests.clear_authentication();
select tests.authenticate_as('11111111-1111-4111-8111-111111111111', null);

select results_eq($$ select name from public.tags where id = 'c0000000-0000-4000-8000-000000000002' $$,
  array['pgtap fiesta'], 'a user reads tags others created');
select results_eq(
  $$ insert into public.tags (name) values ('pgtap transporte') returning name, owner $$,
  $$ values ('pgtap transporte', '11111111-1111-4111-8111-111111111111'::uuid) $$,
  'a user creates a tag, owned by them by default'
);
select lives_ok(
  $$ insert into public.tags (name, owner) values ('pgtap trabajo', '11111111-1111-4111-8111-111111111111') $$,
  'a user may name themselves as the owner');
select throws_ok(
  $$ insert into public.tags (name, owner) values ('pgtap impostor', '22222222-2222-4222-8222-222222222222') $$,
  '42501', null, 'a user cannot create a tag in another user''s name');
select throws_ok($$ insert into public.tags (name, owner) values ('pgtap nobody', null) $$,
  '42501', null, 'a user cannot create an ownerless tag');
select throws_ok($$ insert into public.tags (name) values ('PGTAP COMIDA') $$,
  '23505', null, 'tag names are unique regardless of case');
select throws_ok($$ insert into public.tags (name) values ('Pgtap Fiesta') $$,
  '23505', null, 'a capitalised copy of another user''s tag is refused too');
select throws_ok($$ insert into public.tags (name) values ('abcdefghijklmnopqrstu') $$,
  '23514', null, 'a name of 21 characters is refused');
select lives_ok($$ insert into public.tags (name) values ('abcdefghijklmnopqrst') $$,
  'a name of exactly 20 characters is accepted');
select throws_ok($$ insert into public.tags (name) values ('') $$,
  '23514', null, 'an empty name is refused');
select throws_ok($$ insert into public.tags (name) values (' padded ') $$,
  '23514', null, 'a name with surrounding spaces is refused');
select throws_ok($$ insert into public.tags (id, name) values ('c0000000-0000-4000-8000-0000000000ff', 'pgtap chosen id') $$,
  '42501', null, 'a user cannot choose a tag''s id');
select throws_ok($$ update public.tags set name = 'pgtap food' where id = 'c0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'a user cannot rename even their own tag');
select is_empty($$ delete from public.tags where id = 'c0000000-0000-4000-8000-000000000001' returning id $$,
  'a user''s delete of their own tag affects no row: only admins delete');

-------------------------------------------------------------------------------- other user
select tests.clear_authentication();
select tests.authenticate_as('22222222-2222-4222-8222-222222222222', null);

select is_empty($$ delete from public.tags where id = 'c0000000-0000-4000-8000-000000000001' returning id $$,
  'another user''s delete of a tag affects no row');
select throws_ok($$ update public.tags set owner = '22222222-2222-4222-8222-222222222222' where id = 'c0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'another user cannot take over a tag');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('33333333-3333-4333-8333-333333333333', null);

select throws_ok(
  $$ insert into public.tags (name, owner) values ('pgtap impostor', '11111111-1111-4111-8111-111111111111') $$,
  '42501', null, 'an admin cannot create a tag in another user''s name');
select throws_ok($$ update public.tags set name = 'pgtap food' where id = 'c0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'an admin cannot rename tags through the API');
select results_eq(
  $$ delete from public.tags where id = 'c0000000-0000-4000-8000-000000000001' returning name $$,
  array['pgtap comida'], 'an admin deletes another user''s tag'
);

-------------------------------------------------------------------------------- afterwards
select tests.clear_authentication();
select is_empty(
  $$ select * from public.entry_tags where tag_id = 'c0000000-0000-4000-8000-000000000001' $$,
  'deleting a tag removes it from the entries that carried it'
);
select results_eq(
  $$ select name from public.tags where id::text like 'c0000000-%' or owner = '11111111-1111-4111-8111-111111111111' order by name $$,
  array['abcdefghijklmnopqrst', 'pgtap fiesta', 'pgtap trabajo', 'pgtap transporte'],
  'only the allowed creations and deletions took effect'
);
-- A deleted creator leaves the tag in place, ownerless.
delete from auth.users where id = '22222222-2222-4222-8222-222222222222';
select is((select owner from public.tags where id = 'c0000000-0000-4000-8000-000000000002'), null,
  'a tag outlives its creator''s account');

select * from finish();
rollback;
