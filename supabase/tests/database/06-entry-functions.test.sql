-- The entry functions: entry_json (the /api shape of an entry), list_entries (search,
-- filters, order, keyset pagination) and the private search helpers.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(53);

-- Start from no entries at all (rolled back at the end), so the seed and other tests'
-- rows cannot change what the lists below contain.
delete from public.entries;

-- Users: owner 1111…, other 2222…, admin 3333…
insert into auth.users (id, aud, role, email, raw_user_meta_data) values
  ('11111111-1111-4111-8111-111111111111', 'authenticated', 'authenticated', 'owner@test.jerga.local', '{"name": "Owner"}'),
  ('22222222-2222-4222-8222-222222222222', 'authenticated', 'authenticated', 'other@test.jerga.local', '{"name": "Other"}'),
  ('33333333-3333-4333-8333-333333333333', 'authenticated', 'authenticated', 'admin@test.jerga.local', '{"name": "Admin"}');
update public.profiles set is_admin = true where id = '33333333-3333-4333-8333-333333333333';

insert into public.tags (id, name) values
  ('c0000000-0000-4000-8000-000000000001', 'pgtap amigos'),
  ('c0000000-0000-4000-8000-000000000002', 'pgtap comida'),
  ('c0000000-0000-4000-8000-000000000003', 'pgtap unused'),
  ('c0000000-0000-4000-8000-000000000004', 'pgtap Bebida');

-- Scores (upvotes - downvotes) and dates chosen so each order is unambiguous; "100% real"
-- and "1000 real" tie on score and date, so their id decides.
insert into public.entries (id, title, description, country, hint, example_sentence, author, owner, show, upvotes, downvotes, created_at) values
  ('e0000000-0000-4000-8000-000000000001', 'Café con leche', 'Coffee with hot milk.', 'ES', 'Breakfast', '¿Me pone un café con leche?', 'Owner', '11111111-1111-4111-8111-111111111111', true, 6, 1, '2025-06-10 09:00+00'),
  ('e0000000-0000-4000-8000-000000000002', 'cafe de olla', 'Spiced coffee from a clay pot.', 'MX', null, null, 'Anonymous', null, true, 3, 0, '2025-06-09 09:00+00'),
  ('e0000000-0000-4000-8000-000000000003', 'parce', 'Friend, buddy.', 'CO', null, null, 'Other', '22222222-2222-4222-8222-222222222222', true, 2, 0, '2025-06-03 09:00+00'),
  ('e0000000-0000-4000-8000-000000000004', '100% real', 'Totally true.', 'AR', null, null, 'Anonymous', null, true, 1, 0, '2025-06-07 12:00+00'),
  ('e0000000-0000-4000-8000-000000000005', '1000 real', 'A thousand reals.', 'AR', null, null, 'Anonymous', null, true, 1, 0, '2025-06-07 12:00+00'),
  ('e0000000-0000-4000-8000-000000000006', 'a_b', 'With an underscore.', 'CL', null, null, 'Anonymous', null, true, 0, 0, '2025-06-05 09:00+00'),
  ('e0000000-0000-4000-8000-000000000007', 'axb', 'Without one.', 'CL', null, null, 'Anonymous', null, true, 0, 0, '2025-06-04 09:00+00'),
  ('e0000000-0000-4000-8000-000000000008', 'Café oculto', 'Hidden coffee.', 'ES', null, null, 'Owner', '11111111-1111-4111-8111-111111111111', false, 10, 0, '2025-06-11 09:00+00'),
  ('e0000000-0000-4000-8000-000000000009', 'fome', 'Boring.', 'CL', null, null, 'Anonymous', null, true, 0, 2, '2025-06-12 09:00+00');
insert into public.entry_tags (entry_id, tag_id) values
  ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002'),
  ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000004'),
  ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001'),
  ('e0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002'),
  ('e0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001');

-------------------------------------------------------------------------------- private helpers
select volatility_is('private', 'search_normalize', array['text'], 'immutable',
  'search_normalize is immutable, so generated columns and indexes may use it');
select is(private.search_normalize('Qué PASÓ con el Ñandú'), 'que paso con el nandu',
  'search_normalize lower-cases and strips accents, ñ included');
select is(private.search_normalize('GÜEY'), 'guey', 'search_normalize strips the diaeresis');
select is(private.search_normalize(null), '', 'search_normalize turns null into an empty string');
select is(private.like_pattern(' 100% '), '%100\%%', 'like_pattern trims and escapes %');
select is(private.like_pattern('a_b'), '%a\_b%', 'like_pattern escapes _');
select is(private.like_pattern('C:\Temp'), '%c:\\temp%', 'like_pattern escapes the escape character');
select is((select search_text from public.entries where id = 'e0000000-0000-4000-8000-000000000001'),
  'cafe con leche coffee with hot milk.', 'search_text is the normalised title and description');
select ok((select search_document @@ plainto_tsquery('spanish', 'leche') and search_document @@ plainto_tsquery('english', 'milk')
             from public.entries where id = 'e0000000-0000-4000-8000-000000000001'),
  'the search document is searchable in Spanish and in English');

-------------------------------------------------------------------------------- anonymous
select tests.authenticate_as(null);

select is(private.search_normalize('CAFÉ'), 'cafe', 'anon may call search_normalize');

-- entry_json
select set_eq(
  $$ select jsonb_object_keys(public.entry_json(e)) from public.entries e where id = 'e0000000-0000-4000-8000-000000000001' $$,
  array['_id', 'title', 'description', 'descriptionEs', 'country', 'hint', 'exampleSentence', 'author', 'owner', 'addedBy', 'ownerDeleted', 'show',
        'voteCount', 'upvotes', 'downvotes', 'userVote', 'inFlashcards', 'commentCount', 'rudeIn', 'createdAt', 'updatedAt', 'tags'],
  'entry_json has the spec''s field names'
);
select is(
  (select public.entry_json(e) - 'tags' - 'createdAt' - 'updatedAt' from public.entries e where id = 'e0000000-0000-4000-8000-000000000001'),
  jsonb_build_object(
    '_id', 'e0000000-0000-4000-8000-000000000001', 'title', 'Café con leche', 'description', 'Coffee with hot milk.',
    'country', 'ES', 'hint', 'Breakfast', 'exampleSentence', '¿Me pone un café con leche?', 'author', 'Owner',
    'owner', '11111111-1111-4111-8111-111111111111', 'show', true,
    'addedBy', jsonb_build_object('_id', '11111111-1111-4111-8111-111111111111', 'name', 'Owner'), 'ownerDeleted', false,
    'voteCount', 5, 'upvotes', 6, 'downvotes', 1, 'userVote', null, 'inFlashcards', false, 'commentCount', 0,
    'descriptionEs', null, 'rudeIn', '[]'::jsonb),
  'entry_json carries every field, voteCount being upvotes minus downvotes, no vote of a guest''s own'
);
select is(
  (select (public.entry_json(e) ->> 'createdAt')::timestamptz from public.entries e where id = 'e0000000-0000-4000-8000-000000000001'),
  '2025-06-10 09:00+00'::timestamptz, 'createdAt round-trips as a timestamp'
);
select is(
  (select public.entry_json(e) -> 'tags' from public.entries e where id = 'e0000000-0000-4000-8000-000000000001'),
  '[{"_id": "c0000000-0000-4000-8000-000000000001", "name": "pgtap amigos", "canRemove": false},
    {"_id": "c0000000-0000-4000-8000-000000000004", "name": "pgtap Bebida", "canRemove": false},
    {"_id": "c0000000-0000-4000-8000-000000000002", "name": "pgtap comida", "canRemove": false}]'::jsonb,
  'tags is an array of {_id, name, canRemove}, sorted by name regardless of case'
);
select is(
  (select public.entry_json(e) -> 'tags' from public.entries e where id = 'e0000000-0000-4000-8000-000000000006'),
  '[]'::jsonb, 'an entry without tags has an empty tags array'
);
select is(
  (select jsonb_build_array(public.entry_json(e) -> 'hint', public.entry_json(e) -> 'exampleSentence', public.entry_json(e) -> 'owner')
     from public.entries e where id = 'e0000000-0000-4000-8000-000000000006'),
  '[null, null, null]'::jsonb, 'missing optional fields and a guest''s owner are JSON nulls, not absent'
);

-- list_entries: order
select is(
  (select array_agg(e ->> 'title' order by n) from public.list_entries() with ordinality as l(e, n)),
  array['Café con leche', 'cafe de olla', 'parce', '1000 real', '100% real', 'a_b', 'axb', 'fome'],
  'by default every shown entry is listed by votes, then newest, then id'
);
select is(
  (select array_agg(e ->> 'title' order by n) from public.list_entries(sort => 'newest') with ordinality as l(e, n)),
  array['fome', 'Café con leche', 'cafe de olla', '1000 real', '100% real', 'a_b', 'axb', 'parce'],
  '"newest" lists by creation time, then id'
);
select is(
  (select e from public.list_entries(search => 'con leche') e),
  (select public.entry_json(e) from public.entries e where id = 'e0000000-0000-4000-8000-000000000001'),
  'list_entries returns entries in the entry_json shape'
);
select throws_ok($$ select * from public.list_entries(sort => 'random') $$, '22023', null,
  'an unknown sort is refused with 22023');
select throws_ok($$ select * from public.list_entries(sort => null) $$, '22023', null,
  'a null sort is refused with 22023');

-- list_entries: search
select is(
  (select array_agg(e ->> 'title' order by n) from public.list_entries(search => 'CAFÉ') with ordinality as l(e, n)),
  array['Café con leche', 'cafe de olla'], 'search ignores case and accents in the term and in the entries'
);
select is(
  (select array_agg(e ->> 'title' order by n) from public.list_entries(search => 'cafe') with ordinality as l(e, n)),
  array['Café con leche', 'cafe de olla'], 'an unaccented term finds accented titles'
);
select is(
  (select array_agg(e ->> 'title' order by n) from public.list_entries(search => 'SPICED') with ordinality as l(e, n)),
  array['cafe de olla'], 'search looks in the description too'
);
select is(
  (select array_agg(e ->> 'title' order by n) from public.list_entries(search => '100%') with ordinality as l(e, n)),
  array['100% real'], 'a % in the term is literal, not a wildcard'
);
select is(
  (select array_agg(e ->> 'title' order by n) from public.list_entries(search => 'a_b') with ordinality as l(e, n)),
  array['a_b'], 'an _ in the term is literal, not a wildcard'
);
select is(
  (select count(*)::int from public.list_entries(search => '   ')), 8, 'a blank term does not filter'
);
select is_empty($$ select * from public.list_entries(search => 'oculto') $$,
  'search does not reveal hidden entries');

-- list_entries: filters
select is(
  (select array_agg(e ->> 'title' order by n) from public.list_entries(countries => array['AR', 'CL']) with ordinality as l(e, n)),
  array['1000 real', '100% real', 'a_b', 'axb', 'fome'], 'the country filter keeps entries from any selected country'
);
select is(
  (select array_agg(e ->> 'title' order by n)
     from public.list_entries(tag_ids => array['c0000000-0000-4000-8000-000000000001']::uuid[]) with ordinality as l(e, n)),
  array['Café con leche', 'parce'], 'the tag filter keeps entries with the tag'
);
select is(
  (select array_agg(e ->> 'title' order by n)
     from public.list_entries(tag_ids => array['c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002']::uuid[])
          with ordinality as l(e, n)),
  array['Café con leche', 'cafe de olla', 'parce'], 'several tags keep entries with at least one of them'
);
select is_empty($$ select * from public.list_entries(tag_ids => array['c0000000-0000-4000-8000-000000000003']::uuid[]) $$,
  'a tag nobody uses lists nothing');
select is(
  (select array_agg(e ->> 'title' order by n) from public.list_entries(search => 'café', countries => array['MX']) with ordinality as l(e, n)),
  array['cafe de olla'], 'search and country filter combine with AND'
);
select is(
  (select array_agg(e ->> 'title' order by n)
     from public.list_entries(search => 'café', tag_ids => array['c0000000-0000-4000-8000-000000000001']::uuid[]) with ordinality as l(e, n)),
  array['Café con leche'], 'search and tag filter combine with AND'
);
select is_empty(
  $$ select * from public.list_entries(countries => array['CO'], tag_ids => array['c0000000-0000-4000-8000-000000000002']::uuid[]) $$,
  'country and tag filters combine with AND'
);

-- list_entries: keyset pagination, the cursor taken from the last entry of the page as the client sends it
select is(
  (select array_agg(e ->> 'title' order by n) from public.list_entries(page_size => 4) with ordinality as l(e, n)),
  array['Café con leche', 'cafe de olla', 'parce', '1000 real'], 'page_size limits the first page'
);
select is(
  (select array_agg(p.e ->> 'title' order by p.n)
     from public.list_entries(page_size => 4) with ordinality as c(e, n),
          lateral public.list_entries(page_size => 4, after_score => (c.e ->> 'voteCount')::int,
            after_created_at => (c.e ->> 'createdAt')::timestamptz, after_id => (c.e ->> '_id')::uuid) with ordinality as p(e, n)
    where c.n = 4),
  array['100% real', 'a_b', 'axb', 'fome'],
  'the votes cursor yields the next page, splitting a tie on score and date by id without overlap'
);
select is_empty(
  $$ select * from public.list_entries(page_size => 4, after_score => -2, after_created_at => '2025-06-12 09:00+00',
       after_id => 'e0000000-0000-4000-8000-000000000009') $$,
  'after the last entry there is nothing more'
);
select is(
  (select array_agg(p.e ->> 'title' order by p.n)
     from public.list_entries(page_size => 3) with ordinality as c(e, n),
          lateral public.list_entries(page_size => 3, after_score => (c.e ->> 'voteCount')::int,
            after_created_at => (c.e ->> 'createdAt')::timestamptz, after_id => (c.e ->> '_id')::uuid) with ordinality as p(e, n)
    where c.n = 3),
  array['1000 real', '100% real', 'a_b'], 'pages of 3 follow on too'
);
select is(
  (select array_agg(p.e ->> 'title' order by p.n)
     from public.list_entries(sort => 'newest', page_size => 4) with ordinality as c(e, n),
          lateral public.list_entries(sort => 'newest', page_size => 4,
            after_created_at => (c.e ->> 'createdAt')::timestamptz, after_id => (c.e ->> '_id')::uuid) with ordinality as p(e, n)
    where c.n = 4),
  array['100% real', 'a_b', 'axb', 'parce'], 'the newest cursor yields the next page without overlap'
);
select is(
  (select array_agg(p.e ->> 'title' order by p.n)
     from public.list_entries(countries => array['AR', 'CL'], page_size => 2) with ordinality as c(e, n),
          lateral public.list_entries(countries => array['AR', 'CL'], page_size => 2, after_score => (c.e ->> 'voteCount')::int,
            after_created_at => (c.e ->> 'createdAt')::timestamptz, after_id => (c.e ->> '_id')::uuid) with ordinality as p(e, n)
    where c.n = 2),
  array['a_b', 'axb'], 'pagination keeps the filters'
);

-- list_entries: a user's own list
select is(
  (select array_agg(e ->> 'title' order by n)
     from public.list_entries(owner_id => '11111111-1111-4111-8111-111111111111') with ordinality as l(e, n)),
  array['Café con leche'], 'anon sees only the shown entries of a user''s list'
);

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('11111111-1111-4111-8111-111111111111', null);

select is(
  (select array_agg(e ->> 'title' order by n)
     from public.list_entries(owner_id => '11111111-1111-4111-8111-111111111111') with ordinality as l(e, n)),
  array['Café oculto', 'Café con leche'], 'the owner''s own list includes their hidden entry'
);
select is(
  (select array_agg(e ->> 'title' order by n)
     from public.list_entries(owner_id => '11111111-1111-4111-8111-111111111111', sort => 'newest', page_size => 1) with ordinality as l(e, n)),
  array['Café oculto'], 'the owner''s list pages and sorts like the others'
);
select is_empty($$ select * from public.list_entries(search => 'oculto') $$,
  'the general list leaves out hidden entries, even the caller''s own');
select is(
  (select array_agg(e ->> 'title' order by n)
     from public.list_entries(owner_id => '11111111-1111-4111-8111-111111111111', search => 'OCULTO') with ordinality as l(e, n)),
  array['Café oculto'], 'the owner''s search of their own list finds their hidden entry'
);
select is(
  (select array_agg(e ->> 'title' order by n)
     from public.list_entries(owner_id => '22222222-2222-4222-8222-222222222222') with ordinality as l(e, n)),
  array['parce'], 'owner_id lists only that user''s entries'
);

-------------------------------------------------------------------------------- other user
select tests.clear_authentication();
select tests.authenticate_as('22222222-2222-4222-8222-222222222222', null);

select is(
  (select array_agg(e ->> 'title' order by n)
     from public.list_entries(owner_id => '11111111-1111-4111-8111-111111111111') with ordinality as l(e, n)),
  array['Café con leche'], 'another user sees only the shown entries of the owner''s list'
);
select is(
  (select count(*)::int from public.list_entries()), 8, 'another user''s general list has every shown entry'
);

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('33333333-3333-4333-8333-333333333333', null);

select is(
  (select array_agg(e ->> 'title' order by n)
     from public.list_entries(owner_id => '11111111-1111-4111-8111-111111111111') with ordinality as l(e, n)),
  array['Café oculto', 'Café con leche'], 'an admin sees a user''s hidden entries in their list'
);
select is(
  (select count(*)::int from public.list_entries()), 8, 'the admin''s general list still leaves out hidden entries'
);
select is(
  (select array_agg(e ->> 'title' order by n)
     from public.list_entries(owner_id => '11111111-1111-4111-8111-111111111111', search => 'café') with ordinality as l(e, n)),
  array['Café oculto', 'Café con leche'], 'an admin''s search of a user''s list finds their hidden entries too'
);
select is(
  (select public.entry_json(e) -> 'tags' from public.entries e where id = 'e0000000-0000-4000-8000-000000000003'),
  '[{"_id": "c0000000-0000-4000-8000-000000000001", "name": "pgtap amigos", "canRemove": true}]'::jsonb,
  'entry_json gives any caller the entry''s tags (this caller may remove them)'
);

select * from finish();
rollback;
