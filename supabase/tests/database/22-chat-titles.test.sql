-- A chat still called "New Chat" takes its first question as its title
-- (20260501000500): cut at a word with an ellipsis past 60 characters, whitespace collapsed;
-- a title the learner chose, or a later message, never changes it.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(8);

select tests.create_user('22010000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset
select tests.authenticate_as('22010000-0000-4000-8000-000000000001', :'learner_session');

select public.create_chat() ->> '_id' as untitled \gset
select public.create_chat('Mis dudas') ->> '_id' as titled \gset

select is(public.finish_tutor_turn(tests.tutor_turn(:'untitled', E'  ¿Qué significa\n   chamba?  '), 'Trabajo.', 'offline') -> 'chat' ->> 'title',
  '¿Qué significa chamba?', 'the first question titles a "New Chat" (whitespace collapsed), and the reply already says so');
select is((select title from public.chats where id = :'untitled'), '¿Qué significa chamba?', 'stored');
select is(public.finish_tutor_turn(tests.tutor_turn(:'untitled', 'Y ¿qué es curro?'), 'Trabajo, en España.', 'offline') -> 'chat' ->> 'title',
  '¿Qué significa chamba?', 'a later message does not change it');
select is(public.finish_tutor_turn(tests.tutor_turn(:'titled', '¿Qué es guagua?'), 'Un autobús.', 'offline') -> 'chat' ->> 'title',
  'Mis dudas', 'a title the learner chose is kept');

select public.create_chat() ->> '_id' as long_one \gset
select is(public.finish_tutor_turn(tests.tutor_turn(:'long_one', repeat('palabra ', 20)), 'Sí.', 'offline') -> 'chat' ->> 'title',
  'palabra palabra palabra palabra palabra palabra palabra…', 'a long question is cut at a word, with an ellipsis');

-- Renamed back to "New Chat" after messages: left alone.
select public.rename_chat(:'untitled', 'New Chat') is not null as renamed \gset
select is(public.finish_tutor_turn(tests.tutor_turn(:'untitled', 'Otra pregunta'), 'Vale.', 'offline') -> 'chat' ->> 'title',
  'New Chat', 'a chat renamed "New Chat" after it has messages keeps that name');

select throws_ok($$ select private.chat_title_from('x') $$, '42501', null, 'the title helper is not the learner''s to call');

select tests.clear_authentication();
select ok(char_length(private.chat_title_from(repeat('x', 500))) <= 100, 'one long word still fits a title (at most 100 characters)');

select * from finish();
rollback;
