-- decks (issue 35): public.add_deck adds the best-voted shown entries of a country and/or tag
-- (vote score, then newest, then id) the caller holds no basic card of, as the caller's basic
-- cards; {added, skipped}, skipped = matching entries passed over as held (ranked before the
-- last one added, or all held ones when the deck ran out). Hidden and moderated entries never
-- come, even for their owner or an admin; a reverse card does not make an entry held. Bounds
-- (a filter, a limit of 1–100, a known country) and write limits: a deck of 100 fits a fresh
-- account, its cards still count as cards (a deck with no room left in them is refused before
-- any work), and each deck counts once as `decks` (10 a minute), so even decks that add
-- nothing are bounded; a refused deck adds nothing. The daily new-card
-- limit still decides a session. Actors: guest, learner, another learner, admin, a fresh learner.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(38);

-- Users: learner …01, other learner …02, admin …03 (owner of every entry), fresh learner …04.
select tests.create_user('69010000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset
select tests.create_user('69010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('69010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
select tests.create_user('69010000-0000-4000-8000-000000000004', 'Dani Deck') as fresh_session \gset

-- Tagged mazo69, best voted first: …01 (50), …02 (40), …03 (30), …04 (20), …05 (10, CO), …08 (5);
-- …06 hidden (100) and …07 held by moderators (90) outrank them all. Untagged GQ: …11 tops
-- the country (100000), …12 above it is hidden.
insert into public.entries (id, title, description, country, author, owner, show, upvotes, moderation) values
  ('69e00000-0000-4000-8000-000000000001', 'uno', 'One.', 'GQ', 'Ada', '69010000-0000-4000-8000-000000000003', true, 50, null),
  ('69e00000-0000-4000-8000-000000000002', 'dos', 'Two.', 'GQ', 'Ada', '69010000-0000-4000-8000-000000000003', true, 40, null),
  ('69e00000-0000-4000-8000-000000000003', 'tres', 'Three.', 'GQ', 'Ada', '69010000-0000-4000-8000-000000000003', true, 30, null),
  ('69e00000-0000-4000-8000-000000000004', 'cuatro', 'Four.', 'GQ', 'Ada', '69010000-0000-4000-8000-000000000003', true, 20, null),
  ('69e00000-0000-4000-8000-000000000005', 'cinco', 'Five.', 'CO', 'Ada', '69010000-0000-4000-8000-000000000003', true, 10, null),
  ('69e00000-0000-4000-8000-000000000006', 'seis', 'Six, hidden.', 'GQ', 'Ada', '69010000-0000-4000-8000-000000000003', false, 100, null),
  ('69e00000-0000-4000-8000-000000000007', 'siete', 'Seven, held.', 'GQ', 'Ada', '69010000-0000-4000-8000-000000000003', true, 90, 'held'),
  ('69e00000-0000-4000-8000-000000000008', 'ocho', 'Eight.', 'GQ', 'Ada', '69010000-0000-4000-8000-000000000003', true, 5, null),
  ('69e00000-0000-4000-8000-000000000011', 'once', 'Eleven.', 'GQ', 'Ada', '69010000-0000-4000-8000-000000000003', true, 100000, null),
  ('69e00000-0000-4000-8000-000000000012', 'doce', 'Twelve, hidden.', 'GQ', 'Ada', '69010000-0000-4000-8000-000000000003', false, 200000, null);
insert into public.tags (id, name, owner) values
  ('69a00000-0000-4000-8000-000000000001', 'mazo69', '69010000-0000-4000-8000-000000000003'),
  ('69a00000-0000-4000-8000-000000000002', 'cien69', '69010000-0000-4000-8000-000000000003'),
  ('69a00000-0000-4000-8000-000000000003', 'treinta69', '69010000-0000-4000-8000-000000000003');
insert into public.entry_tags (entry_id, tag_id)
select ('69e00000-0000-4000-8000-00000000000' || n)::uuid, '69a00000-0000-4000-8000-000000000001' from generate_series(1, 8) as n;
-- 100 entries tagged cien69 and 30 tagged treinta69, for the fresh learner's write limits.
insert into public.entries (id, title, description, country, author, owner)
select ('69f00000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'palabra ' || n, 'A word.', 'PE', 'Ada', '69010000-0000-4000-8000-000000000003'
  from generate_series(1, 130) as n;
insert into public.entry_tags (entry_id, tag_id)
select ('69f00000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
       case when n <= 100 then '69a00000-0000-4000-8000-000000000002'::uuid else '69a00000-0000-4000-8000-000000000003'::uuid end
  from generate_series(1, 130) as n;
-- The learner already holds …03's basic card and …04's reverse card; the other learner …01's.
insert into public.flashcards (user_id, entry_id, kind) values
  ('69010000-0000-4000-8000-000000000001', '69e00000-0000-4000-8000-000000000003', 'basic'),
  ('69010000-0000-4000-8000-000000000001', '69e00000-0000-4000-8000-000000000004', 'reverse'),
  ('69010000-0000-4000-8000-000000000002', '69e00000-0000-4000-8000-000000000001', 'basic');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select throws_ok($$ select public.add_deck(null, 'mazo69', 20) $$, '42501', null, 'a guest cannot add a deck: 42501 (401 at /api)');

-------------------------------------------------------------------------------- learner
select tests.clear_authentication();
select tests.authenticate_as('69010000-0000-4000-8000-000000000001', :'learner_session');

select is(tests.error_of($$ select public.add_deck(null, ' ', 20) $$) - 'message',
  '{"code": "PT400", "hint": "deck_filter_required"}', 'neither a country nor a tag: PT400 deck_filter_required');
select is(tests.error_of($$ select public.add_deck('GQ', null, 0) $$) - 'message',
  '{"code": "PT400", "hint": "deck_limit_invalid", "column": "limit"}', 'a limit of 0: PT400 deck_limit_invalid');
select is(tests.error_of($$ select public.add_deck('GQ', null, 101) $$) ->> 'hint', 'deck_limit_invalid', 'nor 101');
select is(tests.error_of($$ select public.add_deck('GQ', null, null) $$) ->> 'hint', 'deck_limit_invalid', 'nor none');
select is(tests.error_of($$ select public.add_deck('ZZ', null, 20) $$) - 'message',
  '{"code": "PT400", "hint": "unknown_country", "column": "country"}', 'an unknown country: PT400 unknown_country');

select is(public.add_deck(null, 'MAZO69', 3), '{"added": 3, "skipped": 1}',
  'a deck of 3 by tag (any case): the best three not held, passing over the held …03');
select is((select array_agg(f.entry_id::text order by f.entry_id) from public.flashcards f where f.kind = 'basic' and f.entry_id::text like '69e%'),
  array['69e00000-0000-4000-8000-000000000001', '69e00000-0000-4000-8000-000000000002',
        '69e00000-0000-4000-8000-000000000003', '69e00000-0000-4000-8000-000000000004'],
  'they are …01, …02 and …04 (a reverse card does not hold an entry) beside the held …03');
select is(public.add_deck(null, 'mazo69', 100), '{"added": 2, "skipped": 4}',
  'a deck larger than what is left: the rest (…05, …08), and every held one counted as skipped');
select is(public.add_deck(null, 'mazo69', 100), '{"added": 0, "skipped": 6}', 'again: nothing added, all six held');
select is(public.add_deck('co', 'mazo69', 20), '{"added": 0, "skipped": 1}', 'country and tag together: only …05 matches, held');
select is(public.add_deck('gq', null, 1), '{"added": 1, "skipped": 0}', 'by country: the best-voted shown entry …11, not the hidden …12 above it');
select ok(exists (select 1 from public.flashcards f where f.entry_id = '69e00000-0000-4000-8000-000000000011'), 'the learner holds …11 now');
select is((select count(*)::integer from public.flashcards f where f.entry_id in ('69e00000-0000-4000-8000-000000000006',
  '69e00000-0000-4000-8000-000000000007', '69e00000-0000-4000-8000-000000000012')), 0, 'no hidden or moderated entry became a card');
select is((select count(*)::integer from public.flashcards f where f.kind = 'basic' and f.state = 0 and f.reps = 0), 7,
  'seven basic cards, all new');

select tests.clear_authentication();
select is((select count(*)::integer from public.flashcards f where f.user_id = '69010000-0000-4000-8000-000000000001'), 8,
  'every card went to the learner (seven basic, the reverse one)');
select is((select array_agg(f.entry_id::text) from public.flashcards f where f.user_id = '69010000-0000-4000-8000-000000000002'),
  array['69e00000-0000-4000-8000-000000000001'], 'the other learner''s cards are untouched');

-------------------------------------------------------------------------------- another learner
select tests.authenticate_as('69010000-0000-4000-8000-000000000002', :'other_session');

select is(public.add_deck(null, 'mazo69', 20), '{"added": 5, "skipped": 1}',
  'another learner''s deck is judged by their own cards: their …01 is held, the learner''s are not');
select is((select count(*)::integer from public.flashcards), 6, 'they see their six cards only');

select tests.clear_authentication();
select is((select count(*)::integer from public.flashcards f where f.user_id = '69010000-0000-4000-8000-000000000001'), 8,
  'and the learner still has eight');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('69010000-0000-4000-8000-000000000003', :'admin_session');

select ok(exists (select 1 from public.entries e where e.id = '69e00000-0000-4000-8000-000000000006'), 'the admin can read the hidden entry');
select is(public.add_deck(null, 'mazo69', 100), '{"added": 6, "skipped": 0}',
  'an admin''s deck is a learner''s: the six shown entries, not the hidden or held ones they can read');
select is((select count(*)::integer from public.flashcards f where f.entry_id in ('69e00000-0000-4000-8000-000000000006',
  '69e00000-0000-4000-8000-000000000007')), 0, 'not even for the admin who owns them');

-------------------------------------------------------------------------------- write limits (a fresh learner)
select tests.clear_authentication();
select tests.authenticate_as('69010000-0000-4000-8000-000000000004', :'fresh_session');

select is(public.add_deck(null, 'cien69', 100), '{"added": 100, "skipped": 0}', 'a deck of 100 fits a fresh account''s write limits');
select is(tests.error_of($$ select public.add_deck(null, 'treinta69', 30) $$) - 'message' - 'detail', '{"code": "PT429", "hint": "rate_limited"}',
  'its cards still count as cards: a deck of 30 more in the same minute does not fit the 20 left of 120, and is refused before any work');
select ok((tests.error_of($$ select public.add_deck(null, 'treinta69', 30) $$) ->> 'detail')::jsonb ? 'retryAfter', 'with retryAfter');
select is((select count(*)::integer from public.flashcards), 100, 'the refused deck added nothing');
select is(public.add_deck(null, 'cien69', 20), '{"added": 0, "skipped": 100}', 'a deck of the 20 left fits; one that adds nothing still counts …');
select lives_ok($$ select public.add_deck(null, 'cien69', 20) from generate_series(1, 7) $$, '… up to ten decks a minute (the refused ones did not count)');
select lives_ok($$ select public.add_deck(null, 'cien69', 20) $$, 'the tenth');
select is(tests.error_of($$ select public.add_deck(null, 'cien69', 20) $$) - 'message' - 'detail',
  '{"code": "PT429", "hint": "rate_limited"}', 'the eleventh deck in a minute: PT429 rate_limited, whatever it would add');
select ok((tests.error_of($$ select public.add_deck(null, 'cien69', 20) $$) ->> 'detail')::jsonb ? 'retryAfter', 'with retryAfter too');
select is(tests.error_of($$ select public.add_deck(null, null, 20) $$) ->> 'hint', 'deck_filter_required',
  'bad input is refused as such, before the deck limit');

-- The daily new-card limit still decides the session: 100 new cards, 5 a day.
select lives_ok($$ select public.set_daily_limits(5, null) $$, 'the fresh learner takes 5 new cards a day');
select is(jsonb_array_length(public.due_flashcards(100) -> 'cards'), 5, 'today''s session holds 5 of the deck''s 100 new cards');
select is((public.due_flashcards(100) ->> 'total')::integer, 5, 'and counts 5 in all');

-------------------------------------------------------------------------------- grants
select tests.clear_authentication();
select ok(not has_function_privilege('anon', 'public.add_deck(text, text, integer)', 'execute'), 'anon may not execute add_deck');
select ok(has_function_privilege('authenticated', 'public.add_deck(text, text, integer)', 'execute'), 'authenticated may execute add_deck');

select * from finish();
rollback;
