-- start_chat (the newest empty chat reused, retitled and moved first; a new one once it has
-- messages) and chats_with_messages (the spec's Chat with its messages, newest activity
-- first, capped), per actor: guest, owner, another learner, admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(17);

select tests.create_user('41010000-0000-4000-8000-000000000001', 'Lara Learner') as learner_session \gset
select tests.create_user('41010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('41010000-0000-4000-8000-000000000003', 'Ana Admin', true) as admin_session \gset

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select is(tests.error_of($$ select public.start_chat() $$) - 'message', '{"code": "PT401", "hint": "chat_login_required"}',
  'a guest cannot start a chat: PT401 chat_login_required');
select is(tests.error_of($$ select public.chats_with_messages() $$) - 'message', '{"code": "PT401", "hint": "chat_login_required"}',
  'nor list chats with their messages');

-------------------------------------------------------------------------------- learner (owner)
select tests.clear_authentication();
select tests.authenticate_as('41010000-0000-4000-8000-000000000001', :'learner_session');

select (public.start_chat() -> 'chat') ->> '_id' as first \gset
select is(public.start_chat('  Práctica  ') - 'chat',
  '{"reused": true}', 'a second "New chat" while the first has no message reuses it');
select is((select count(*)::int from public.chats where owner = '41010000-0000-4000-8000-000000000001'), 1, 'so the learner has one chat');
select is((select title from public.chats where id = :'first'), 'Práctica', 'retitled as asked (trimmed)');
select is(public.start_chat() -> 'chat' ->> 'title', 'New Chat', 'without a title it is "New Chat" again');
select is(tests.error_of($$ select public.start_chat(repeat('x', 101)) $$) ->> 'hint', 'chat_title_too_long', 'a title over 100 characters is refused');

select tests.tutor_turn(:'first', 'hola') as turn \gset
select public.finish_tutor_turn(:'turn', '¡Hola!', 'offline');
-- Its last activity a minute ago (one transaction: now() would tie with the next chat's).
-- (Past the trigger that touches updated_at on every update.)
select tests.clear_authentication();
set local session_replication_role = replica;
update public.chats set updated_at = now() - interval '1 minute' where id = :'first';
set local session_replication_role = origin;
select tests.authenticate_as('41010000-0000-4000-8000-000000000001', :'learner_session');
select is(public.start_chat() ->> 'reused', 'false', 'once the chat has messages, "New chat" starts another');
select (public.chats_with_messages() -> 0) ->> '_id' as newest \gset
select isnt(:'newest'::text, :'first'::text, 'the list comes newest activity first');
select is((public.chats_with_messages() -> 1) - '_id' - 'createdAt' - 'updatedAt' - 'messages',
  '{"title": "hola", "userId": "41010000-0000-4000-8000-000000000001"}', 'each chat with its owner (titled by its first message)');
select is((select jsonb_agg(jsonb_build_array(m ->> 'role', m ->> 'content')) from jsonb_array_elements(public.chats_with_messages() -> 1 -> 'messages') m),
  '[["user", "hola"], ["assistant", "¡Hola!"]]', 'and its messages, oldest first');
select is(jsonb_array_length(public.chats_with_messages(5, 1) -> 1 -> 'messages'), 1, 'only the newest max_messages of each');
select is(public.chats_with_messages(5, 1) -> 1 -> 'messages' -> 0 ->> 'role', 'assistant', 'the newest one kept');
select is(jsonb_array_length(public.chats_with_messages(1)), 1, 'at most max_chats chats');

-------------------------------------------------------------------------------- another learner
select tests.authenticate_as('41010000-0000-4000-8000-000000000002', :'other_session');
select is(public.chats_with_messages(), '[]', 'another learner lists none of the learner''s chats');
select isnt(public.start_chat() -> 'chat' ->> '_id', :'newest'::text, 'and is never handed the learner''s empty chat');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('41010000-0000-4000-8000-000000000003', :'admin_session');
select is(public.chats_with_messages(), '[]', 'an admin lists only their own chats (none)');

select * from finish();
rollback;
