-- issue 32, fill the gap for phrases that conjugate: a title whose first word is shaped like
-- a Spanish infinitive blanks its common conjugated forms in the example (gerund, participle,
-- present, preterite, enclitic pronouns; a reflexive title's pronoun before the verb), at the
-- start of a word; other titles as before. Then add_flashcard makes the cloze card, per actor:
-- guest (refused), learner (allowed), another learner (their own card), admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(28);

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

select tests.clear_authentication();
select is(has_function_privilege('anon', 'private.cloze_pattern(text)', 'execute'), false, 'guests cannot call the pattern helper');

select * from finish();
rollback;
