-- Spanish meanings (issue 18): add_entry and update_entry take descriptionEs (trimmed, blank
-- is none, at most 1000); the home search and the tutor find an entry by its Spanish meaning,
-- accent-insensitively; tags get a Spanish name when created or later by set_tag_name_es
-- (their creator or an admin), unique in any case; a "Nuevo chat" is titled by its first
-- question like a "New Chat". Per actor: guest, owner, other user, admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(50);

select tests.create_user('35010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('35010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('35010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- A hidden entry with a Spanish meaning: no search may give it to a guest or another learner.
insert into public.entries (id, title, description, description_es, country, author, owner, show) values
  ('35e00000-0000-4000-8000-000000000001', 'bondi35', 'A city bus.', 'Colectivo urbano zumbón35.', 'AR', 'Olga',
   '35010000-0000-4000-8000-000000000001', true),
  ('35e00000-0000-4000-8000-000000000002', 'escondida35', 'Hidden.', 'Palabra escondidísima35.', 'AR', 'Olga',
   '35010000-0000-4000-8000-000000000001', false);
-- A tag as the seed makes them: nobody's.
insert into public.tags (id, name, owner) values ('35700000-0000-4000-8000-000000000009', 'Seed35', null);

create or replace function pg_temp.found(term text) returns text[] language sql as $$
  select coalesce(array_agg(e ->> 'title' order by e ->> 'title'), '{}') from public.list_entries(search => term) as e $$;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(public.add_entry('guagua35', 'A bus.', 'CU', description_es => E'  Un autobús35. \n') ->> 'descriptionEs', 'Un autobús35.',
  'a guest adds an entry with a Spanish meaning, trimmed');
select is(public.add_entry('guagua35b', 'A bus.', 'CU', description_es => '   ') -> 'descriptionEs', 'null'::jsonb,
  'a blank Spanish meaning is none');
select is(public.add_entry('guagua35c', 'A bus.', 'CU') -> 'descriptionEs', 'null'::jsonb, 'and so is none at all (the old call)');
select is(tests.error_of($$ select public.add_entry('guagua35d', 'A bus.', 'CU', description_es => repeat('a', 1001)) $$) - 'message',
  '{"code": "PT400", "hint": "description_es_too_long", "column": "descriptionEs"}',
  'a Spanish meaning over 1000 characters: PT400 description_es_too_long on descriptionEs');
select is(tests.error_of($$ select public.add_entry('', 'A bus.', 'CU', description_es => repeat('a', 1001)) $$) ->> 'hint',
  'title_required', 'the English fields are checked first, as before');
select is(pg_temp.found('ZUMBON35'), array['bondi35'], 'a guest finds an entry by its Spanish meaning, ignoring case and accents');
select is(pg_temp.found('colectivo urbano zumbón35'), array['bondi35'], 'with its accents too');
select is(pg_temp.found('escondidisima35'), '{}'::text[], 'but not a hidden entry by its Spanish meaning');
select is(pg_temp.found('AUTOBUS35'), array['guagua35'], 'an entry added with a Spanish meaning is found by it at once');
select is(tests.error_of($$ select public.update_entry('35e00000-0000-4000-8000-000000000001', '{"descriptionEs": "x"}') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot edit a Spanish meaning: PT401');
select is(tests.error_of($$ select public.add_tag('Guiri35', 'Guiri35') $$) - 'message',
  '{"code": "PT401", "hint": "tag_login_required"}', 'a guest cannot add a tag: PT401 tag_login_required');
select is(tests.error_of($$ select public.set_tag_name_es('35700000-0000-4000-8000-000000000009', 'Semilla') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot name a tag in Spanish: PT401 login_required');
select throws_ok($$ update public.tags set name_es = 'Semilla' $$, '42501', null, 'nor update tags directly');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('35010000-0000-4000-8000-000000000001', :'owner_session');

select is(public.add_entry('chamba35', 'Work.', 'MX', null, null, null, ' Trabajo, jornalito35. ') ->> 'descriptionEs', 'Trabajo, jornalito35.',
  'the owner adds an entry with a Spanish meaning (by position)');
select is(public.update_entry('35e00000-0000-4000-8000-000000000001', '{"descriptionEs": "  Autobús de ciudad35. "}') ->> 'descriptionEs',
  'Autobús de ciudad35.', 'the owner changes the Spanish meaning, trimmed');
select is(public.update_entry('35e00000-0000-4000-8000-000000000001', '{"description": "A bus."}') ->> 'descriptionEs',
  'Autobús de ciudad35.', 'an edit without descriptionEs keeps it');
select is(pg_temp.found('zumbon35'), '{}'::text[], 'the old Spanish meaning no longer finds it');
select is(pg_temp.found('autobus de ciudad35'), array['bondi35'], 'the new one does');
select is(public.update_entry('35e00000-0000-4000-8000-000000000001', '{"descriptionEs": null}') -> 'descriptionEs', 'null'::jsonb,
  'null clears it');
select public.update_entry('35e00000-0000-4000-8000-000000000001', '{"descriptionEs": "Bus."}') is not null as set_again \gset
select is(public.update_entry('35e00000-0000-4000-8000-000000000001', '{"descriptionEs": " "}') -> 'descriptionEs', 'null'::jsonb,
  'and so does a blank one');
select is(tests.error_of($$ select public.update_entry('35e00000-0000-4000-8000-000000000001', '{"descriptionEs": 5}') $$) - 'message',
  '{"code": "PT400", "hint": "invalid_input", "column": "descriptionEs"}', 'a Spanish meaning that is not text: PT400 invalid_input');
select is(tests.error_of($$ select public.update_entry('35e00000-0000-4000-8000-000000000001', jsonb_build_object('descriptionEs', repeat('b', 1001))) $$) - 'message',
  '{"code": "PT400", "hint": "description_es_too_long", "column": "descriptionEs"}', 'over 1000 characters: PT400');
select is(char_length(public.update_entry('35e00000-0000-4000-8000-000000000001', jsonb_build_object('descriptionEs', repeat('b', 1000))) ->> 'descriptionEs'),
  1000, '1000 characters are fine');
select is(public.update_entry('35e00000-0000-4000-8000-000000000002', '{"descriptionEs": "Oculta35."}') ->> 'descriptionEs', 'Oculta35.',
  'the owner edits the Spanish meaning of their hidden entry');
select is(pg_temp.found('oculta35'), '{}'::text[], 'the home search lists shown entries only, even to their owner');
select is((select array_agg(e.title) from private.tutor_entry_ids('¿Qué es jornalito35?', 5) t join public.entries e on e.id = t.entry_id),
  array['chamba35'], 'the tutor finds an entry by a word of its Spanish meaning');
select is((select private.tutor_entry_json(e) ->> 'descriptionEs' from public.entries e where e.title = 'chamba35'), 'Trabajo, jornalito35.',
  'and is given the Spanish meaning');

select is(public.add_tag(E' Chilango35 ', E'  Chilanguito35 \t') - '_id',
  '{"name": "Chilango35", "nameEs": "Chilanguito35", "owner": "35010000-0000-4000-8000-000000000001"}',
  'the owner adds a tag with a Spanish name, trimmed');
select public.add_tag('Norteño35') ->> '_id' as owner_tag \gset
select ok(not (public.add_tag('Costeño35', '  ') ? 'nameEs'), 'a blank Spanish name is none (no nameEs)');
select is(tests.error_of($$ select public.add_tag('Otro35', 'CHILANGUITO35') $$) - 'message' - 'detail',
  '{"code": "PT409", "hint": "tag_name_es_exists", "column": "nameEs"}', 'a Spanish name another tag has, in any case: PT409');
select is((tests.error_of($$ select public.add_tag('Otro35', 'chilanguito35') $$) ->> 'detail')::jsonb -> 'data' ->> 'name', 'Chilango35',
  'carrying the tag that has it');
select is(tests.error_of($$ select public.add_tag('chilango35', 'Otro35') $$) ->> 'hint', 'tag_exists', 'an English name taken: tag_exists, as before');
select is(tests.error_of($$ select public.add_tag('Largo35', repeat('ñ', 21)) $$) - 'message',
  '{"code": "PT400", "hint": "tag_name_es_too_long", "column": "nameEs"}', 'a Spanish name over 20 characters: PT400');
select is(public.set_tag_name_es(:'owner_tag', ' Norteñito35 ') ->> 'nameEs', 'Norteñito35', 'the owner names their tag in Spanish later');
select ok(not (public.set_tag_name_es(:'owner_tag', null) ? 'nameEs'), 'and clears it with null');
select is(tests.error_of(format($$ select public.set_tag_name_es(%L, 'chilanguito35') $$, :'owner_tag')) ->> 'hint', 'tag_name_es_exists',
  'a Spanish name another tag has: tag_name_es_exists');
select is(tests.error_of($$ select public.set_tag_name_es('35700000-0000-4000-8000-0000000000ff', 'Nada') $$) - 'message',
  '{"code": "PT404", "hint": "tag_not_found"}', 'no such tag: PT404 tag_not_found');
select is(tests.error_of($$ select public.set_tag_name_es('35700000-0000-4000-8000-000000000009', 'Semilla') $$) - 'message',
  '{"code": "PT403", "hint": "forbidden"}', 'a tag that is not theirs (the seed''s): PT403 forbidden');
select throws_ok(format($$ update public.tags set name = 'Renamed35' where id = %L $$, :'owner_tag'), '42501', null,
  'the English name stays not the owner''s to change');

-- A "Nuevo chat" (the Spanish interface's default title) takes its first question as its title.
select public.create_chat('Nuevo chat') ->> '_id' as spanish_chat \gset
select is(public.finish_tutor_turn(tests.tutor_turn(:'spanish_chat', '¿Qué significa guagua?'), 'Un autobús.', 'offline') -> 'chat' ->> 'title',
  '¿Qué significa guagua?', 'a "Nuevo chat" is titled by its first question');
select public.create_chat('Nuevo chat sobre Chile') ->> '_id' as chosen_chat \gset
select is(public.finish_tutor_turn(tests.tutor_turn(:'chosen_chat', '¿Qué es cachai?'), '¿Entiendes?', 'offline') -> 'chat' ->> 'title',
  'Nuevo chat sobre Chile', 'a title the learner chose is kept');

-------------------------------------------------------------------------------- other user
select tests.authenticate_as('35010000-0000-4000-8000-000000000002', :'other_session');

select is(tests.error_of($$ select public.update_entry('35e00000-0000-4000-8000-000000000001', '{"descriptionEs": "Mío."}') $$) - 'message',
  '{"code": "PT403", "hint": "forbidden"}', 'another user cannot change someone else''s Spanish meaning: PT403');
select is(tests.error_of(format($$ select public.set_tag_name_es(%L, 'Mío35') $$, :'owner_tag')) - 'message',
  '{"code": "PT403", "hint": "forbidden"}', 'nor name their tag in Spanish: PT403');
select is_empty(format($$ update public.tags set name_es = 'Mío35' where id = %L returning id $$, :'owner_tag'),
  'directly, the update policy hides the row');
select is(pg_temp.found('oculta35'), '{}'::text[], 'nor do they find a hidden entry by its Spanish meaning');
select is(public.set_tag_name_es((public.add_tag('Pibe35') ->> '_id')::uuid, 'Chaval35') ->> 'nameEs', 'Chaval35',
  'their own tag they may name in Spanish');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('35010000-0000-4000-8000-000000000003', :'admin_session');

select is(public.update_entry('35e00000-0000-4000-8000-000000000001', '{"descriptionEs": "Colectivo."}') ->> 'descriptionEs',
  'Colectivo.', 'an admin changes anyone''s Spanish meaning');
select is(public.set_tag_name_es(:'owner_tag', 'Norteñito35') ->> 'nameEs', 'Norteñito35', 'an admin names anyone''s tag in Spanish');
select is(public.set_tag_name_es('35700000-0000-4000-8000-000000000009', 'Semilla35') ->> 'nameEs', 'Semilla35',
  'and a tag nobody owns');
select is(tests.error_of($$ select public.set_tag_name_es('35700000-0000-4000-8000-000000000009', 'CHAVAL35') $$) ->> 'hint',
  'tag_name_es_exists', 'an admin cannot take a Spanish name either');

select * from finish();
rollback;
