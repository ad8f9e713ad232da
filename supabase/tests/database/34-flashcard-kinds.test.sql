-- flashcard kinds: one card per learner, entry and kind (basic, reverse, cloze, variant),
-- each with its own FSRS state; add_flashcard's kind (400 flashcard_kind_invalid, 400
-- cloze_needs_example, 409 for the same kind twice), the insert trigger holding the same
-- rules for direct inserts, each kind's prompt (a cloze front never shows the word, matched
-- ignoring case and accents), flashcard_kinds per actor.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(56);

-- Users: learner …01, other learner …02, admin …03.
select tests.create_user('34010000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset
select tests.create_user('34010000-0000-4000-8000-000000000002', 'Omar Other') as other_session \gset
select tests.create_user('34010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- Entries (the admin's): …01 with an example holding the word in capitals and without its
-- accent; …02 with an example lacking the word; …03 with none; …04 hidden; …05 a title in
-- inverted marks.
insert into public.entries (id, title, description, country, author, owner, show, example_sentence) values
  ('34e00000-0000-4000-8000-000000000001', 'güey', 'Dude, mate.', 'MX', 'Ada', '34010000-0000-4000-8000-000000000003', true, '¿Qué onda, GUEY? Güey, ven.'),
  ('34e00000-0000-4000-8000-000000000002', 'chamba', 'Work, a job.', 'MX', 'Ada', '34010000-0000-4000-8000-000000000003', true, 'Tengo mucho trabajo.'),
  ('34e00000-0000-4000-8000-000000000003', 'guay', 'Cool.', 'ES', 'Ada', '34010000-0000-4000-8000-000000000003', true, null),
  ('34e00000-0000-4000-8000-000000000004', 'oculta', 'Hidden.', 'CL', 'Ada', '34010000-0000-4000-8000-000000000003', false, 'Oculta aquí.'),
  ('34e00000-0000-4000-8000-000000000005', '¿Qué onda?', 'What''s up?', 'MX', 'Ada', '34010000-0000-4000-8000-000000000003', true, 'Hola, ¿que ONDA, güey?');
-- A group of variants: sorbete (AR), popote (MX), pajita (ES), and a hidden form (CL); and a
-- pair whose other member is hidden (…10 with …11).
insert into public.entries (id, title, description, country, author, owner, show) values
  ('34e00000-0000-4000-8000-000000000006', 'sorbete', 'A drinking straw.', 'AR', 'Ada', '34010000-0000-4000-8000-000000000003', true),
  ('34e00000-0000-4000-8000-000000000007', 'popote', 'A drinking straw.', 'MX', 'Ada', '34010000-0000-4000-8000-000000000003', true),
  ('34e00000-0000-4000-8000-000000000008', 'pajita', 'A drinking straw.', 'ES', 'Ada', '34010000-0000-4000-8000-000000000003', true),
  ('34e00000-0000-4000-8000-000000000009', 'bombilla oculta', 'A drinking straw.', 'CL', 'Ada', '34010000-0000-4000-8000-000000000003', false),
  ('34e00000-0000-4000-8000-000000000010', 'bus', 'A bus.', 'MX', 'Ada', '34010000-0000-4000-8000-000000000003', true),
  ('34e00000-0000-4000-8000-000000000011', 'guagua oculta', 'A bus.', 'CU', 'Ada', '34010000-0000-4000-8000-000000000003', false);
insert into public.variant_links (entry_a, entry_b) values
  ('34e00000-0000-4000-8000-000000000006', '34e00000-0000-4000-8000-000000000007'),
  ('34e00000-0000-4000-8000-000000000007', '34e00000-0000-4000-8000-000000000008'),
  ('34e00000-0000-4000-8000-000000000008', '34e00000-0000-4000-8000-000000000009'),
  ('34e00000-0000-4000-8000-000000000010', '34e00000-0000-4000-8000-000000000011');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-000000000001', 'cloze') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot add a card of any kind: PT401');
select is(tests.error_of($$ select public.flashcard_kinds('34e00000-0000-4000-8000-000000000001') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'nor ask which kinds they have');
select throws_ok($$ insert into public.flashcards (entry_id, kind) values ('34e00000-0000-4000-8000-000000000001', 'reverse') $$,
  '42501', null, 'nor insert a card directly');
select is(tests.error_of($$ select public.add_variant_drill('34e00000-0000-4000-8000-000000000006') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'nor drill a group''s variants');

-------------------------------------------------------------------------------- learner (owner)
select tests.clear_authentication();
select tests.authenticate_as('34010000-0000-4000-8000-000000000001', :'learner_session');

select is(public.add_flashcard('34e00000-0000-4000-8000-000000000001') ->> 'kind', 'basic', 'no kind: a basic card (the old clients)');
select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-000000000001', null) $$) ->> 'hint',
  'flashcard_exists', 'a null kind is basic too: the same card, 409');
select is((select count(*)::int from public.flashcards where entry_id = '34e00000-0000-4000-8000-000000000001'), 1,
  'so the second call added nothing');
select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-000000000001', 'basic') $$) - 'message',
  '{"code": "PT409", "hint": "flashcard_exists"}', 'basic again: PT409 flashcard_exists');

select is(public.add_flashcard('34e00000-0000-4000-8000-000000000001', 'reverse') - '_id' - 'createdAt' - 'due' - 'content',
  '{"userId": "34010000-0000-4000-8000-000000000001", "contentId": "34e00000-0000-4000-8000-000000000001",
    "kind": "reverse", "prompt": "Dude, mate. — Mexico", "state": "new", "stability": 0, "difficulty": 0, "scheduledDays": 0,
    "learningSteps": 0, "reps": 0, "lapses": 0, "lastReview": null, "recording": null}',
  'a reverse card of the same entry: a second New card; its front is the meaning and the country');
select is(public.add_flashcard('34e00000-0000-4000-8000-000000000001', 'cloze') ->> 'prompt',
  '¿Qué onda, _____? _____, ven.', 'a cloze card: the example with every form of the word blanked (case and accents ignored)');
select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-000000000001', 'cloze') $$) - 'message',
  '{"code": "PT409", "hint": "flashcard_exists"}', 'the same kind twice: PT409');
select is(public.flashcard_kinds('34e00000-0000-4000-8000-000000000001'), '["basic", "reverse", "cloze"]',
  'flashcard_kinds: the three kinds, in the menu''s order');
select is(public.flashcard_kinds('34e00000-0000-4000-8000-000000000003'), '[]', 'none for an entry without cards');

select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-000000000002', 'cloze') $$) - 'message',
  '{"code": "PT400", "hint": "cloze_needs_example", "column": "kind"}', 'a cloze card of an example without the word: PT400 cloze_needs_example');
select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-000000000003', 'cloze') $$) ->> 'hint',
  'cloze_needs_example', 'nor of an entry without an example');
select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-000000000002', 'flip') $$) - 'message',
  '{"code": "PT400", "hint": "flashcard_kind_invalid", "column": "kind"}', 'an unknown kind: PT400 flashcard_kind_invalid');
select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-0000000000ff', 'flip') $$) ->> 'hint',
  'flashcard_kind_invalid', 'the kind is checked before the entry');
select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-000000000004', 'reverse') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'a hidden entry: PT404 whatever the kind');
select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-000000000002', 'variant') $$) - 'message',
  '{"code": "PT400", "hint": "variant_needs_group", "column": "kind"}', 'a variant card of an entry in no group: PT400 variant_needs_group');

select is(public.add_flashcard('34e00000-0000-4000-8000-000000000005', 'cloze') ->> 'prompt', 'Hola, ¿_____, güey?',
  'a title in inverted marks is found without them, case and accents ignored');
select is(tests.error_of($$ insert into public.flashcards (entry_id, kind) values ('34e00000-0000-4000-8000-000000000002', 'cloze') $$) ->> 'hint',
  'cloze_needs_example', 'a direct insert meets the same rule (the trigger)');
select lives_ok($$ insert into public.flashcards (entry_id, kind) values ('34e00000-0000-4000-8000-000000000002', 'reverse') $$,
  'a direct insert of a reverse card');
select throws_ok($$ insert into public.flashcards (entry_id, kind) values ('34e00000-0000-4000-8000-000000000002', 'reverse') $$,
  '23505', null, 'but not a second one (one card per entry and kind)');
select throws_ok($$ insert into public.flashcards (entry_id, kind) values ('34e00000-0000-4000-8000-000000000002', 'flip') $$,
  '23514', null, 'nor one of an unknown kind (check constraint)');
select throws_ok($$ update public.flashcards set kind = 'cloze' where entry_id = '34e00000-0000-4000-8000-000000000002' $$,
  '42501', null, 'a card''s kind cannot be changed');

-- Each card its own FSRS state: rating the reverse card leaves the basic one new.
select id as basic_card from public.flashcards where entry_id = '34e00000-0000-4000-8000-000000000001' and kind = 'basic' \gset
select id as reverse_card from public.flashcards where entry_id = '34e00000-0000-4000-8000-000000000001' and kind = 'reverse' \gset
select is(public.review_flashcard(:'reverse_card', 4::smallint) ->> 'state', 'review', 'Easy on the reverse card: Review');
select is((select jsonb_build_object('state', state, 'reps', reps) from public.flashcards where id = :'basic_card'),
  '{"state": 0, "reps": 0}', 'the basic card of the same entry is still New, never reviewed');
select is((select count(*)::int from public.reviews where flashcard_id = :'reverse_card'), 1, 'the log has the reverse card''s review');

-- The due list carries each card's kind and prompt; a cloze front never holds the word.
select is((select jsonb_agg(jsonb_build_object('kind', c ->> 'kind', 'prompt', c ->> 'prompt') order by c ->> 'kind')
             from jsonb_array_elements(public.due_flashcards() -> 'cards') as c
            where c ->> 'contentId' = '34e00000-0000-4000-8000-000000000001'),
  '[{"kind": "basic", "prompt": "güey"}, {"kind": "cloze", "prompt": "¿Qué onda, _____? _____, ven."}]',
  'due cards: the basic (the word) and the cloze (blanked); the reverse one is not due today');
select is((select count(*)::int from jsonb_array_elements(public.due_flashcards() -> 'cards') as c
            where c ->> 'kind' = 'cloze' and private.search_normalize(c ->> 'prompt') like '%' || private.search_normalize(c -> 'content' ->> 'title') || '%'), 0,
  'no cloze front contains its word, folded');

-- An entry edited after its cloze card: the front falls back to the meaning, never the word.
select tests.clear_authentication();
update public.entries set example_sentence = 'Ya no está.' where id = '34e00000-0000-4000-8000-000000000001';
select tests.authenticate_as('34010000-0000-4000-8000-000000000001', :'learner_session');
select is((select c ->> 'prompt' from jsonb_array_elements(public.due_flashcards() -> 'cards') as c
            where c ->> 'contentId' = '34e00000-0000-4000-8000-000000000001' and c ->> 'kind' = 'cloze'),
  'Dude, mate. — Mexico', 'a cloze card whose example lost the word shows the reverse front');

-- Variant cards: one country's form of the group's meaning, the other shown forms on the back.
select is(public.add_flashcard('34e00000-0000-4000-8000-000000000006', 'variant') ->> 'prompt', 'A drinking straw. — in Argentina?',
  'a variant card of an entry in a group: the meaning and "in <country>?"');
select is((select c -> 'variants' from jsonb_array_elements(public.due_flashcards() -> 'cards') as c
            where c ->> 'contentId' = '34e00000-0000-4000-8000-000000000006' and c ->> 'kind' = 'variant'),
  '[{"_id": "34e00000-0000-4000-8000-000000000008", "title": "pajita", "country": "ES"},
    {"_id": "34e00000-0000-4000-8000-000000000007", "title": "popote", "country": "MX"}]',
  'its due card carries the group''s other shown forms, by country (the hidden one left out)');
select ok((select not (c ? 'variants') from jsonb_array_elements(public.due_flashcards() -> 'cards') as c
            where c ->> 'kind' = 'basic' limit 1), 'other kinds carry no variants');
select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-000000000010', 'variant') $$) ->> 'hint',
  'variant_needs_group', 'an entry whose group''s other forms are all hidden: variant_needs_group');
select is(public.add_variant_drill('34e00000-0000-4000-8000-000000000007') ->> 'added', '2',
  'drilling the group adds the two forms the learner lacks (popote, pajita), not the hidden one');
select is((select array_agg(e.title order by e.title) from public.flashcards f join public.entries e on e.id = f.entry_id
            where f.kind = 'variant' and f.user_id = '34010000-0000-4000-8000-000000000001'),
  array['pajita', 'popote', 'sorbete'], 'the learner now drills all three shown forms');
select is(public.add_variant_drill('34e00000-0000-4000-8000-000000000008'), '{"added": 0, "cards": []}',
  'drilling it again adds none');
select is(tests.error_of($$ select public.add_variant_drill('34e00000-0000-4000-8000-000000000002') $$) - 'message',
  '{"code": "PT400", "hint": "variant_needs_group", "column": "contentId"}', 'an entry in no group: PT400 variant_needs_group');
select is(tests.error_of($$ select public.add_variant_drill('34e00000-0000-4000-8000-000000000009') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'a hidden member: PT404');

-- The pure helpers.
select is(private.cloze_text('Me tomé una CHELA bien fría', 'chela'), 'Me tomé una _____ bien fría', 'capitals are found');
select is(private.cloze_text('Vamos a la peña', 'pena'), 'Vamos a la _____', 'accents are ignored both ways');
select is(private.cloze_text('Nada aquí', 'chela'), null, 'a sentence without the word: null');
select is(private.cloze_text('¡!', '¡!'), null, 'a word without letters: null');
select is(private.cloze_text('Mi TÍA vive en Lima', 'tío / tía'), 'Mi _____ vive en Lima', 'a "tío / tía" title: either form is blanked');
select is(private.cloze_text('Mi tío y mi tía', 'tío / tía'), 'Mi _____ y mi _____', 'both forms in one sentence: both blanked');
select is(private.cloze_text('Mi prima vive en Lima', 'tío / tía'), null, 'neither form: null');
select is(private.cloze_text('Abierto 24/7', '24/7'), 'Abierto _____', 'a slash inside a word is one form');
select is(private.flashcard_prompt('reverse', jsonb_populate_record(null::public.entries,
         '{"title": "coger", "description": "To take: coger el autobús.", "country": "ES"}')), 'To take: _____ el autobús. — Spain',
  'a reverse front whose meaning names the word blanks it');
select is(private.flashcard_prompt('variant', jsonb_populate_record(null::public.entries,
         '{"title": "colectivo", "description": "A city bus (colectivo).", "country": "AR"}')), 'A city bus (_____). — in Argentina?',
  'a variant front too');

-------------------------------------------------------------------------------- other learner
select tests.authenticate_as('34010000-0000-4000-8000-000000000002', :'other_session');
select is(public.flashcard_kinds('34e00000-0000-4000-8000-000000000001'), '[]', 'another learner sees none of the learner''s kinds');
select is(public.add_flashcard('34e00000-0000-4000-8000-000000000005', 'cloze') ->> 'kind', 'cloze',
  'and adds their own cloze card of the same entry (one per learner, entry and kind)');
select is_empty(format($$ select 1 from public.flashcards where id = %L $$, :'reverse_card'), 'nor reads the learner''s cards');
select is(public.add_variant_drill('34e00000-0000-4000-8000-000000000006') ->> 'added', '3',
  'drilling the same group adds the other learner''s own three cards');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('34010000-0000-4000-8000-000000000003', :'admin_session');
select is(public.flashcard_kinds('34e00000-0000-4000-8000-000000000001'), '[]', 'an admin sees no learner''s kinds either');
select is(tests.error_of($$ select public.add_flashcard('34e00000-0000-4000-8000-000000000004', 'basic') $$) ->> 'hint',
  'entry_not_found', 'an admin cannot make a card of a hidden entry either');

select * from finish();
rollback;
