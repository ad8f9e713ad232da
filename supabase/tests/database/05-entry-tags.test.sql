-- entry_tags: anyone reads the tags of entries they can see; logged-in users tag shown
-- entries in their own name; whoever added a tag, the entry's owner and admins remove it.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(26);

-- Users: owner 1111… (owns the entries), tagger 2222…, bystander 4444…, admin 3333…
insert into auth.users (id, aud, role, email, raw_user_meta_data) values
  ('11111111-1111-4111-8111-111111111111', 'authenticated', 'authenticated', 'owner@test.jerga.local', '{"name": "Owner"}'),
  ('22222222-2222-4222-8222-222222222222', 'authenticated', 'authenticated', 'tagger@test.jerga.local', '{"name": "Tagger"}'),
  ('33333333-3333-4333-8333-333333333333', 'authenticated', 'authenticated', 'admin@test.jerga.local', '{"name": "Admin"}'),
  ('44444444-4444-4444-8444-444444444444', 'authenticated', 'authenticated', 'bystander@test.jerga.local', '{"name": "Bystander"}');
update public.profiles set is_admin = true where id = '33333333-3333-4333-8333-333333333333';

-- Entries: …01 shown and …02 hidden, both the owner's; …03 shown, the bystander's.
insert into public.entries (id, title, description, country, author, owner, show) values
  ('e0000000-0000-4000-8000-000000000001', 'janguear', 'To hang out.', 'PR', 'Owner', '11111111-1111-4111-8111-111111111111', true),
  ('e0000000-0000-4000-8000-000000000002', 'chavos', 'Money.', 'PR', 'Owner', '11111111-1111-4111-8111-111111111111', false),
  ('e0000000-0000-4000-8000-000000000003', 'pisto', 'Money.', 'GT', 'Bystander', '44444444-4444-4444-8444-444444444444', true);
insert into public.tags (id, name, owner) values
  ('c0000000-0000-4000-8000-000000000001', 'pgtap party', '11111111-1111-4111-8111-111111111111'),
  ('c0000000-0000-4000-8000-000000000002', 'pgtap money', '11111111-1111-4111-8111-111111111111'),
  ('c0000000-0000-4000-8000-000000000003', 'pgtap friends', '22222222-2222-4222-8222-222222222222');
-- Existing links: the tagger tagged the owner's shown entry and the bystander's entry;
-- the owner tagged their own hidden entry.
insert into public.entry_tags (entry_id, tag_id, added_by) values
  ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222'),
  ('e0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111'),
  ('e0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000002', '22222222-2222-4222-8222-222222222222'),
  ('e0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000003', '22222222-2222-4222-8222-222222222222');

select ok(
  (select relrowsecurity from pg_class where oid = 'public.entry_tags'::regclass),
  'row level security is enabled on entry_tags'
);
select policies_are('public', 'entry_tags', array[
  'Anyone can read the tags of entries they can see',
  'Logged-in users can tag shown entries in their own name',
  'Whoever added a tag, the entry''s owner and admins can remove it'
], 'entry_tags has the read, tag and remove policies');

-------------------------------------------------------------------------------- anonymous
select tests.authenticate_as(null);

select results_eq(
  $$ select tag_id from public.entry_tags where entry_id = 'e0000000-0000-4000-8000-000000000001' $$,
  array['c0000000-0000-4000-8000-000000000001'::uuid], 'anon reads the tags of a shown entry'
);
select is_empty($$ select * from public.entry_tags where entry_id = 'e0000000-0000-4000-8000-000000000002' $$,
  'anon cannot see the tags of a hidden entry');
select throws_ok(
  $$ insert into public.entry_tags (entry_id, tag_id) values ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002') $$,
  '42501', null, 'anon cannot tag entries');
select throws_ok(
  $$ delete from public.entry_tags where entry_id = 'e0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'anon cannot remove tags');

-------------------------------------------------------------------------------- tagger (another user)
select tests.clear_authentication();
select tests.authenticate_as('22222222-2222-4222-8222-222222222222', null);

select results_eq(
  $$ insert into public.entry_tags (entry_id, tag_id)
     values ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000003') returning added_by $$,
  array['22222222-2222-4222-8222-222222222222'::uuid],
  'a user tags a shown entry, recorded as added by them'
);
select throws_ok(
  $$ insert into public.entry_tags (entry_id, tag_id, added_by)
     values ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111') $$,
  '42501', null, 'a user cannot tag in another user''s name');
select throws_ok(
  $$ insert into public.entry_tags (entry_id, tag_id)
     values ('e0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000003') $$,
  '42501', null, 'a user cannot tag another user''s hidden entry');
select is_empty($$ select * from public.entry_tags where entry_id = 'e0000000-0000-4000-8000-000000000002' $$,
  'a user cannot see the tags of another user''s hidden entry');
select throws_ok(
  $$ insert into public.entry_tags (entry_id, tag_id)
     values ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000003') $$,
  '23505', null, 'the same tag cannot be put on an entry twice');
select throws_ok(
  $$ insert into public.entry_tags (entry_id, tag_id, created_at)
     values ('e0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001', '2000-01-01') $$,
  '42501', null, 'a user cannot backdate a link');
select throws_ok(
  $$ update public.entry_tags set tag_id = 'c0000000-0000-4000-8000-000000000002'
      where entry_id = 'e0000000-0000-4000-8000-000000000001' and tag_id = 'c0000000-0000-4000-8000-000000000003' $$,
  '42501', null, 'links cannot be edited, only added and removed');
select results_eq(
  $$ delete from public.entry_tags
      where entry_id = 'e0000000-0000-4000-8000-000000000003' and tag_id = 'c0000000-0000-4000-8000-000000000003'
      returning tag_id $$,
  array['c0000000-0000-4000-8000-000000000003'::uuid],
  'whoever added a tag can remove it, even from someone else''s entry'
);

-------------------------------------------------------------------------------- bystander
select tests.clear_authentication();
select tests.authenticate_as('44444444-4444-4444-8444-444444444444', null);

select is_empty(
  $$ delete from public.entry_tags where entry_id = 'e0000000-0000-4000-8000-000000000001' returning tag_id $$,
  'a user who neither added the tag nor owns the entry removes nothing'
);

-------------------------------------------------------------------------------- entry owner
select tests.clear_authentication();
select tests.authenticate_as('11111111-1111-4111-8111-111111111111', null);

select results_eq(
  $$ select tag_id from public.entry_tags where entry_id = 'e0000000-0000-4000-8000-000000000002' $$,
  array['c0000000-0000-4000-8000-000000000002'::uuid], 'the owner sees the tags of their hidden entry'
);
select results_eq(
  $$ delete from public.entry_tags
      where entry_id = 'e0000000-0000-4000-8000-000000000001' and tag_id = 'c0000000-0000-4000-8000-000000000001'
      returning added_by $$,
  array['22222222-2222-4222-8222-222222222222'::uuid],
  'the entry''s owner removes a tag someone else put on it'
);
select is_empty(
  $$ delete from public.entry_tags
      where entry_id = 'e0000000-0000-4000-8000-000000000003' and tag_id = 'c0000000-0000-4000-8000-000000000002'
      returning tag_id $$,
  'the owner of one entry cannot remove tags from another user''s entry'
);
select lives_ok(
  $$ insert into public.entry_tags (entry_id, tag_id) values ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002') $$,
  'the owner tags their own shown entry'
);
select throws_ok(
  $$ insert into public.entry_tags (entry_id, tag_id) values ('e0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001') $$,
  '42501', null, 'hidden entries take no new tags, even from their owner');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('33333333-3333-4333-8333-333333333333', null);

select results_eq(
  $$ select tag_id from public.entry_tags where entry_id = 'e0000000-0000-4000-8000-000000000002' $$,
  array['c0000000-0000-4000-8000-000000000002'::uuid], 'an admin sees the tags of hidden entries'
);
select results_eq(
  $$ delete from public.entry_tags
      where entry_id = 'e0000000-0000-4000-8000-000000000003' and tag_id = 'c0000000-0000-4000-8000-000000000002'
      returning tag_id $$,
  array['c0000000-0000-4000-8000-000000000002'::uuid],
  'an admin removes a tag they did not add from an entry they do not own'
);
select throws_ok(
  $$ insert into public.entry_tags (entry_id, tag_id, added_by)
     values ('e0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001', '44444444-4444-4444-8444-444444444444') $$,
  '42501', null, 'an admin cannot tag in another user''s name');

-------------------------------------------------------------------------------- afterwards
select tests.clear_authentication();
select results_eq(
  $$ select entry_id, tag_id, added_by from public.entry_tags where entry_id::text like 'e0000000-%' order by entry_id, tag_id $$,
  $$ values
       ('e0000000-0000-4000-8000-000000000001'::uuid, 'c0000000-0000-4000-8000-000000000002'::uuid, '11111111-1111-4111-8111-111111111111'::uuid),
       ('e0000000-0000-4000-8000-000000000001'::uuid, 'c0000000-0000-4000-8000-000000000003'::uuid, '22222222-2222-4222-8222-222222222222'::uuid),
       ('e0000000-0000-4000-8000-000000000002'::uuid, 'c0000000-0000-4000-8000-000000000002'::uuid, '11111111-1111-4111-8111-111111111111'::uuid) $$,
  'only the allowed links were added and removed'
);
delete from public.entries where id = 'e0000000-0000-4000-8000-000000000001';
select is_empty($$ select * from public.entry_tags where entry_id = 'e0000000-0000-4000-8000-000000000001' $$,
  'deleting an entry removes its tags');
delete from auth.users where id = '11111111-1111-4111-8111-111111111111';
select is((select added_by from public.entry_tags where entry_id = 'e0000000-0000-4000-8000-000000000002'), null,
  'a link outlives the account of whoever added it');

select * from finish();
rollback;
