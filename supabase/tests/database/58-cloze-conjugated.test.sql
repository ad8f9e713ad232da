-- issue 32, fill the gap for phrases that conjugate: a title whose first word is shaped like
-- a Spanish infinitive blanks its common conjugated forms in the example (gerund, participle,
-- present, preterite, enclitic pronouns; a reflexive title's pronoun before the verb), at the
-- start of a word; other titles as before. Then add_flashcard makes the cloze card, per actor:
-- guest (refused), learner (allowed), another learner (their own card), admin. The author
-- may mark the gap with [[…]]: taken out of the sentence (no reader sees it) into example_gap,
-- which the cloze card blanks; only the trigger writes example_gap.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(38);

-------------------------------------------------------------------------------- the rule, a table of phrases
select is(private.cloze_text(sentence, title), blanked, title || ': ' || sentence)
  from (values
    ('echar los perros', 'Mirá, Juan le está echando los perros a Sofía.', 'Mirá, Juan le está _____ a Sofía.'),
    ('echar los perros', 'Anoche le echó los perros a mi prima.', 'Anoche le _____ a mi prima.'),
    ('echar los perros', 'No le eches los perros a ella.', 'No le _____ a ella.'),
    ('echar los perros', 'Echarle los perros no sirve.', '_____ no sirve.'),
    ('echar los perros', 'Le echaba los perros a todas.', 'Le _____ a todas.'),
    ('tomar el pelo', '¿Me estás tomando el pelo?', '¿Me estás _____?'),
    ('tomar el pelo', 'Me tomaron el pelo en la feria.', 'Me _____ en la feria.'),
    ('tomar el pelo', 'No me tomes el pelo.', 'No me _____.'),
    ('tomar el pelo', 'Nos han tomado el pelo.', 'Nos han _____.'),
    ('ponerse las pilas', 'Ponte las pilas, que viene el examen.', '_____, que viene el examen.'),
    ('ponerse las pilas', 'Juan se pone las pilas los lunes.', 'Juan _____ los lunes.'),
    ('ponerse las pilas', 'Tenés que ponerte las pilas.', 'Tenés que _____.'),
    ('ponerse las pilas', 'Está poniéndose las pilas.', 'Está _____.'),
    ('dar papaya', 'No hay que dar papaya en el centro.', 'No hay que _____ en el centro.'),
    ('dar papaya', 'Usted dio papaya y le robaron.', 'Usted _____ y le robaron.'),
    ('dar papaya', 'No des papaya, parcero.', 'No _____, parcero.'),
    ('dar papaya', 'Estaba dando papaya con el celular.', 'Estaba _____ con el celular.'),
    ('dar papaya', 'Cada papaya cuesta mil pesos.', null),
    ('currar', 'Hoy estoy currando mucho.', 'Hoy estoy _____ mucho.'),
    ('currar', 'Ayer curré diez horas.', 'Ayer _____ diez horas.'),
    ('chela', 'Me tomé una CHELA bien fría', 'Me tomé una _____ bien fría'),
    ('tío / tía', 'Mi TÍA vive en Lima', 'Mi _____ vive en Lima')
  ) as phrase(title, sentence, blanked);

select is(private.cloze_text('Se puso las pilas.', 'ponerse las pilas'), null,
  'a stem that changes (puso) is not guessed: no cloze');

-------------------------------------------------------------------------------- add_flashcard per actor
select tests.create_user('58020000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset
select tests.create_user('58020000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('58020000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
insert into public.entries (id, title, description, country, author, owner, show, example_sentence) values
  ('58e10000-0000-4000-8000-000000000001', 'echar los perros', 'To flirt.', 'AR', 'Ada', '58020000-0000-4000-8000-000000000003', true,
   '…y Juan le está echando los perros a Sofía…');

select tests.authenticate_as(null);
select is(tests.error_of($$ select public.add_flashcard('58e10000-0000-4000-8000-000000000001', 'cloze') $$) ->> 'code', 'PT401',
  'a guest cannot add a card');

select tests.clear_authentication();
select tests.authenticate_as('58020000-0000-4000-8000-000000000001', :'learner_session');
select is(public.add_flashcard('58e10000-0000-4000-8000-000000000001', 'cloze') ->> 'prompt', '…y Juan le está _____ a Sofía…',
  'the learner''s cloze card of "echar los perros" blanks "echando los perros"');

select tests.clear_authentication();
select tests.authenticate_as('58020000-0000-4000-8000-000000000002', :'other_session');
select is(public.add_flashcard('58e10000-0000-4000-8000-000000000001', 'cloze') ->> 'userId', '58020000-0000-4000-8000-000000000002',
  'another learner gets a card of their own');

select tests.clear_authentication();
select tests.authenticate_as('58020000-0000-4000-8000-000000000003', :'admin_session');
select is(public.add_flashcard('58e10000-0000-4000-8000-000000000001', 'cloze') ->> 'kind', 'cloze', 'an admin too');

-------------------------------------------------------------------------------- a gap marked by the author
select tests.clear_authentication();
insert into public.entries (id, title, description, country, author, owner, show, example_sentence) values
  ('58e10000-0000-4000-8000-000000000002', 'ponerse las pilas', 'To get one''s act together.', 'ES', 'Ada', '58020000-0000-4000-8000-000000000003', true,
   'Juan [[se puso las pilas]] antes del examen.'),
  ('58e10000-0000-4000-8000-000000000003', 'pillar', 'To catch.', 'ES', 'Ada', '58020000-0000-4000-8000-000000000003', true,
   'Nadie me [[]] pilla.');
select is((select array[example_sentence, example_gap] from public.entries where id = '58e10000-0000-4000-8000-000000000002'),
  array['Juan se puso las pilas antes del examen.', 'se puso las pilas'], 'the marker leaves the sentence; its words are the gap');
select is((select array[example_sentence, example_gap] from public.entries where id = '58e10000-0000-4000-8000-000000000003'),
  array['Nadie me  pilla.', null], 'an empty marker leaves too, and marks nothing');

select tests.authenticate_as(null);
select is((select public.entry_json(e) - array['userVote', 'inFlashcards', 'tags', 'createdAt', 'updatedAt'] from public.entries e where e.id = '58e10000-0000-4000-8000-000000000002')
            -> 'exampleSentence', '"Juan se puso las pilas antes del examen."', 'a guest reads the sentence without the marker');
select is((select public.entry_json(e) ->> 'exampleGap' from public.entries e where e.id = '58e10000-0000-4000-8000-000000000002'), 'se puso las pilas',
  'and the gap beside it (the kinds menu offers the card)');
select ok((select not (public.entry_json(e) ? 'exampleGap') from public.entries e where e.id = '58e10000-0000-4000-8000-000000000001'),
  'an entry with no marked gap has no exampleGap');

select tests.clear_authentication();
select tests.authenticate_as('58020000-0000-4000-8000-000000000001', :'learner_session');
select is(public.add_flashcard('58e10000-0000-4000-8000-000000000002', 'cloze') ->> 'prompt', 'Juan _____ antes del examen.',
  'the learner''s cloze card blanks the marked gap (a stem change no rule guesses)');
select is(tests.error_of($$ update public.entries set example_gap = 'Juan' where id = '58e10000-0000-4000-8000-000000000002' $$) ->> 'code', '42501',
  'nobody writes example_gap directly');

select tests.clear_authentication();
update public.entries set example_sentence = 'Ayer Juan se puso las pilas.' where id = '58e10000-0000-4000-8000-000000000002';
select is((select example_gap from public.entries where id = '58e10000-0000-4000-8000-000000000002'), 'se puso las pilas',
  'an example written again without a marker keeps the gap it still holds');
update public.entries set example_sentence = 'Juan estudió mucho.' where id = '58e10000-0000-4000-8000-000000000002';
select is((select example_gap from public.entries where id = '58e10000-0000-4000-8000-000000000002'), null,
  'and drops one it no longer holds');
select tests.authenticate_as('58020000-0000-4000-8000-000000000002', :'other_session');
select is(tests.error_of($$ select public.add_flashcard('58e10000-0000-4000-8000-000000000002', 'cloze') $$) ->> 'hint', 'cloze_needs_example',
  'then no cloze card: 400 cloze_needs_example');

select tests.clear_authentication();
select is(has_function_privilege('anon', 'private.cloze_pattern(text)', 'execute'), false, 'guests cannot call the pattern helper');

select * from finish();
rollback;
