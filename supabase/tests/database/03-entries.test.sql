-- entries: anyone reads shown entries and adds entries (guests without an owner); only the
-- owner or an admin edits, hides or deletes; counters, owner and timestamps are never the
-- client's to write.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(52);

-- Users: owner 1111…, other 2222…, admin 3333…
insert into auth.users (id, aud, role, email, raw_user_meta_data) values
  ('11111111-1111-4111-8111-111111111111', 'authenticated', 'authenticated', 'owner@test.jerga.local', '{"name": "Owner"}'),
  ('22222222-2222-4222-8222-222222222222', 'authenticated', 'authenticated', 'other@test.jerga.local', '{"name": "Other"}'),
  ('33333333-3333-4333-8333-333333333333', 'authenticated', 'authenticated', 'admin@test.jerga.local', '{"name": "Admin"}');
update public.profiles set is_admin = true where id = '33333333-3333-4333-8333-333333333333';

-- Entries, arranged by the superuser (RLS does not apply to it):
--   …01 shown, owner's        …02 hidden, owner's        …03 shown, a guest's
--   …04 shown, other's        …05 hidden, other's        …06 shown, owner's (to hide and delete)
insert into public.entries (id, title, description, country, author, owner, show, created_at, updated_at) values
  ('e0000000-0000-4000-8000-000000000001', 'chido', 'Cool, great.', 'MX', 'Owner', '11111111-1111-4111-8111-111111111111', true, '2025-01-01', '2025-01-01'),
  ('e0000000-0000-4000-8000-000000000002', 'vaina', 'Thing, stuff.', 'DO', 'Owner', '11111111-1111-4111-8111-111111111111', false, '2025-01-02', '2025-01-02'),
  ('e0000000-0000-4000-8000-000000000003', 'guagua', 'A bus.', 'CU', 'Anonymous', null, true, '2025-01-03', '2025-01-03'),
  ('e0000000-0000-4000-8000-000000000004', 'parce', 'Friend, buddy.', 'CO', 'Other', '22222222-2222-4222-8222-222222222222', true, '2025-01-04', '2025-01-04'),
  ('e0000000-0000-4000-8000-000000000005', 'pana', 'Friend, buddy.', 'VE', 'Other', '22222222-2222-4222-8222-222222222222', false, '2025-01-05', '2025-01-05'),
  ('e0000000-0000-4000-8000-000000000006', 'ahorita', 'Right now, or maybe never.', 'MX', 'Owner', '11111111-1111-4111-8111-111111111111', true, '2025-01-06', '2025-01-06');

select ok(
  (select relrowsecurity from pg_class where oid = 'public.entries'::regclass),
  'row level security is enabled on entries'
);
select policies_are('public', 'entries', array[
  'Anyone can read shown entries, owners and admins also hidden ones',
  'Anyone can add entries in their own name, guests without an owner',
  'Owners and admins can edit entries',
  'Owners and admins can delete entries'
], 'entries has one policy per operation');

-------------------------------------------------------------------------------- anonymous
select tests.authenticate_as(null);

select results_eq(
  $$ select id from public.entries where id::text like 'e0000000-%' order by id $$,
  array['e0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000003',
        'e0000000-0000-4000-8000-000000000004', 'e0000000-0000-4000-8000-000000000006']::uuid[],
  'anon reads shown entries'
);
select is_empty($$ select * from public.entries where id in ('e0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000005') $$,
  'anon cannot see hidden entries');
select results_eq(
  $$ insert into public.entries (title, description, country, hint, example_sentence, author)
     values ('¿Qué onda?', 'What''s up?', 'MX', 'A greeting', '¿Qué onda, güey?', 'Anonymous')
     returning hint, example_sentence, owner, show, upvotes, downvotes, comment_count, vote_score $$,
  $$ values ('A greeting', '¿Qué onda, güey?', null::uuid, true, 0, 0, 0, 0) $$,
  'a guest adds an entry: no owner, shown, counters at zero'
);
select lives_ok(
  $$ insert into public.entries (title, description, country, author, owner) values ('guay', 'Cool.', 'ES', 'Anonymous', null) $$,
  'a guest may name the owner as null explicitly'
);
select throws_ok(
  $$ insert into public.entries (title, description, country, author, owner)
     values ('fake', 'In someone else''s name.', 'ES', 'Owner', '11111111-1111-4111-8111-111111111111') $$,
  '42501', null, 'a guest cannot add an entry in a user''s name');
select throws_ok($$ insert into public.entries (title, description, country, author, show) values ('x', 'y', 'ES', 'A', false) $$,
  '42501', null, 'a guest cannot choose show');
select throws_ok($$ insert into public.entries (title, description, country, author, upvotes) values ('x', 'y', 'ES', 'A', 99) $$,
  '42501', null, 'a guest cannot set upvotes');
select throws_ok($$ insert into public.entries (title, description, country, author, downvotes) values ('x', 'y', 'ES', 'A', 99) $$,
  '42501', null, 'a guest cannot set downvotes');
select throws_ok($$ insert into public.entries (title, description, country, author, comment_count) values ('x', 'y', 'ES', 'A', 99) $$,
  '42501', null, 'a guest cannot set the comment count');
select throws_ok($$ insert into public.entries (title, description, country, author, created_at) values ('x', 'y', 'ES', 'A', '2000-01-01') $$,
  '42501', null, 'a guest cannot backdate an entry');
select throws_ok($$ insert into public.entries (id, title, description, country, author) values ('e0000000-0000-4000-8000-0000000000ff', 'x', 'y', 'ES', 'A') $$,
  '42501', null, 'a guest cannot choose the id');
select throws_ok($$ insert into public.entries (title, description, country, author) values (repeat('a', 1001), 'y', 'ES', 'A') $$,
  '23514', null, 'a title longer than 1000 characters is refused');
select throws_ok($$ insert into public.entries (title, description, country, author) values ('   ', 'y', 'ES', 'A') $$,
  '23514', null, 'a blank title is refused');
select throws_ok($$ insert into public.entries (title, description, country, author) values ('x', repeat('d', 1001), 'ES', 'A') $$,
  '23514', null, 'a description longer than 1000 characters is refused');
select lives_ok($$ insert into public.entries (title, description, country, author) values (repeat('a', 1000), repeat('d', 1000), 'ES', 'A') $$,
  'a title and description of exactly 1000 characters are accepted');
select throws_ok($$ insert into public.entries (title, description, country, author) values ('x', 'y', 'ES', ' ') $$,
  '23514', null, 'a blank author is refused');
select throws_ok($$ insert into public.entries (title, description, country, author) values ('x', 'y', 'BR', 'A') $$,
  '23503', null, 'a country outside the 21 is refused');
select throws_ok($$ update public.entries set title = 'vandal' where id = 'e0000000-0000-4000-8000-000000000003' $$,
  '42501', null, 'a guest cannot edit entries, not even guest entries');
select throws_ok($$ delete from public.entries where id = 'e0000000-0000-4000-8000-000000000003' $$,
  '42501', null, 'a guest cannot delete entries');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('11111111-1111-4111-8111-111111111111', null);

select isnt_empty($$ select * from public.entries where id = 'e0000000-0000-4000-8000-000000000002' $$,
  'the owner sees their own hidden entry');
select is_empty($$ select * from public.entries where id = 'e0000000-0000-4000-8000-000000000005' $$,
  'the owner cannot see another user''s hidden entry');
select results_eq(
  $$ insert into public.entries (title, description, country, author) values ('neta', 'Truth.', 'MX', 'Owner') returning owner $$,
  array['11111111-1111-4111-8111-111111111111'::uuid],
  'a user''s new entry is owned by them by default'
);
select throws_ok(
  $$ insert into public.entries (title, description, country, author, owner)
     values ('neta', 'Truth.', 'MX', 'Other', '22222222-2222-4222-8222-222222222222') $$,
  '42501', null, 'a user cannot add an entry in another user''s name');
select throws_ok(
  $$ insert into public.entries (title, description, country, author, owner) values ('neta', 'Truth.', 'MX', 'Anonymous', null) $$,
  '42501', null, 'a logged-in user cannot add an ownerless entry');
select results_eq(
  $$ update public.entries
        set title = 'chido (MX)', description = 'Cool, great, nice.', country = 'MX', author = 'Olivia',
            hint = 'Opposite of gacho', example_sentence = '¡Qué chido!'
      where id = 'e0000000-0000-4000-8000-000000000001'
      returning title, description, author, hint, example_sentence, updated_at = now(), created_at = '2025-01-01'::timestamptz $$,
  $$ values ('chido (MX)', 'Cool, great, nice.', 'Olivia', 'Opposite of gacho', '¡Qué chido!', true, true) $$,
  'the owner edits their entry; updated_at moves, created_at stays'
);
select results_eq(
  $$ update public.entries set show = false where id = 'e0000000-0000-4000-8000-000000000006' returning show $$,
  array[false], 'the owner hides their entry'
);
select isnt_empty($$ select * from public.entries where id = 'e0000000-0000-4000-8000-000000000006' $$,
  'the owner still sees the entry they hid');
select results_eq(
  $$ delete from public.entries where id = 'e0000000-0000-4000-8000-000000000006' returning id $$,
  array['e0000000-0000-4000-8000-000000000006'::uuid], 'the owner deletes their entry'
);
select throws_ok($$ update public.entries set upvotes = 100 where id = 'e0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'the owner cannot write upvotes');
select throws_ok($$ update public.entries set downvotes = 0 where id = 'e0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'the owner cannot write downvotes');
select throws_ok($$ update public.entries set comment_count = 7 where id = 'e0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'the owner cannot write the comment count');
select throws_ok($$ update public.entries set owner = '22222222-2222-4222-8222-222222222222' where id = 'e0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'the owner cannot hand the entry to someone else');
select throws_ok($$ update public.entries set created_at = '2000-01-01' where id = 'e0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'the owner cannot backdate the entry');
select throws_ok($$ update public.entries set updated_at = '2000-01-01' where id = 'e0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'the owner cannot write updated_at');
select throws_ok($$ update public.entries set title = repeat('a', 1001) where id = 'e0000000-0000-4000-8000-000000000001' $$,
  '23514', null, 'an edit must keep the title within 1000 characters');
select is_empty(
  $$ update public.entries set title = 'mine now' where id in ('e0000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000004') returning id $$,
  'the owner''s edit of a guest''s or another user''s entry affects no row');
select is_empty(
  $$ delete from public.entries where id in ('e0000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000004') returning id $$,
  'the owner''s delete of a guest''s or another user''s entry affects no row');

-------------------------------------------------------------------------------- other user
select tests.clear_authentication();
select tests.authenticate_as('22222222-2222-4222-8222-222222222222', null);

select is_empty($$ select * from public.entries where id = 'e0000000-0000-4000-8000-000000000002' $$,
  'another user cannot see the owner''s hidden entry');
select isnt_empty($$ select * from public.entries where id = 'e0000000-0000-4000-8000-000000000005' $$,
  'the other user sees their own hidden entry');
select is_empty(
  $$ update public.entries set title = 'Hijacked', show = false where id = 'e0000000-0000-4000-8000-000000000001' returning id $$,
  'another user''s edit of the owner''s entry affects no row');
select is_empty(
  $$ update public.entries set show = true where id = 'e0000000-0000-4000-8000-000000000002' returning id $$,
  'another user cannot unhide the owner''s hidden entry');
select is_empty($$ delete from public.entries where id = 'e0000000-0000-4000-8000-000000000001' returning id $$,
  'another user''s delete of the owner''s entry affects no row');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('33333333-3333-4333-8333-333333333333', null);

select results_eq(
  $$ select id from public.entries where id::text like 'e0000000-%' and not show order by id $$,
  array['e0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000005']::uuid[],
  'an admin sees every hidden entry'
);
select results_eq(
  $$ update public.entries set description = 'Friend, buddy (Medellín).' where id = 'e0000000-0000-4000-8000-000000000004' returning description $$,
  array['Friend, buddy (Medellín).'], 'an admin edits another user''s entry'
);
select results_eq(
  $$ update public.entries set show = false where id = 'e0000000-0000-4000-8000-000000000003' returning show $$,
  array[false], 'an admin hides a guest''s entry'
);
select results_eq(
  $$ delete from public.entries where id = 'e0000000-0000-4000-8000-000000000002' returning id $$,
  array['e0000000-0000-4000-8000-000000000002'::uuid], 'an admin deletes another user''s entry'
);
select throws_ok($$ update public.entries set upvotes = 1000 where id = 'e0000000-0000-4000-8000-000000000004' $$,
  '42501', null, 'an admin cannot write counters either');
select throws_ok(
  $$ insert into public.entries (title, description, country, author, owner)
     values ('x', 'y', 'ES', 'Owner', '11111111-1111-4111-8111-111111111111') $$,
  '42501', null, 'an admin cannot add an entry in another user''s name');

-------------------------------------------------------------------------------- afterwards
select tests.authenticate_as(null);
select is_empty($$ select * from public.entries where id = 'e0000000-0000-4000-8000-000000000003' $$,
  'anon no longer sees the guest entry the admin hid');

select tests.clear_authentication();
select results_eq(
  $$ select id, title, show, upvotes, downvotes, comment_count, owner from public.entries
      where id::text like 'e0000000-%' order by id $$,
  $$ values
       ('e0000000-0000-4000-8000-000000000001'::uuid, 'chido (MX)', true, 0, 0, 0, '11111111-1111-4111-8111-111111111111'::uuid),
       ('e0000000-0000-4000-8000-000000000003'::uuid, 'guagua', false, 0, 0, 0, null),
       ('e0000000-0000-4000-8000-000000000004'::uuid, 'parce', true, 0, 0, 0, '22222222-2222-4222-8222-222222222222'::uuid),
       ('e0000000-0000-4000-8000-000000000005'::uuid, 'pana', false, 0, 0, 0, '22222222-2222-4222-8222-222222222222'::uuid) $$,
  'only the allowed edits and deletes took effect'
);

select * from finish();
rollback;
