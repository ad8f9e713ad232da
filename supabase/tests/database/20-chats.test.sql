-- chats and chat_messages: the tables' policies and grants per actor (owners only, admins
-- included among the others; nobody writes messages directly), and the functions:
-- create_chat, list_chats (keyset order), chat_with_messages (paging, hasOlder), rename_chat,
-- begin_tutor_turn (validation, 404, rate limits, history, the entry search with its typo
-- tolerance, related entries, the offline notice, the turn's ticket) and finish_tutor_turn
-- (only a begun turn of the caller's, once; the user row then the reply, citations of shown
-- entries only, the chat's activity bumped). Hidden entries are
-- never found, suggested or cited; an entry hidden later drops out of stored citations.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(115);

-- Users: learner …01, other learner …02, admin …03.
select tests.create_user('20010000-0000-4000-8000-000000000001', 'Lena Learner') as learner_session \gset
select tests.create_user('20010000-0000-4000-8000-000000000002', 'Omar Other') as other_session \gset
select tests.create_user('20010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- Entries: the seed's are hidden for this test, so the search sees only these. Shown:
-- chamba (MX, tag pgtap-work, 30 votes), chido (MX, 20), curro (ES, pgtap-work, 10),
-- pana (VE, 5), guay (ES, 40), and twelve fillers (AR, no votes, older). Hidden: chambear
-- (CL, pgtap-work, 100 votes), which would otherwise match "chamba" by stem and by trigram.
update public.entries set show = false;
insert into public.entries (id, title, description, country, author, owner, show, hint, example_sentence, upvotes) values
  ('20e00000-0000-4000-8000-000000000001', 'chamba', 'Work, a job.', 'MX', 'Ada', '20010000-0000-4000-8000-000000000003', true, 'ch...', 'Tengo mucha chamba.', 30),
  ('20e00000-0000-4000-8000-000000000002', 'chido', 'Cool, great.', 'MX', 'Ada', '20010000-0000-4000-8000-000000000003', true, null, null, 20),
  ('20e00000-0000-4000-8000-000000000003', 'curro', 'Work, in Spain.', 'ES', 'Ada', '20010000-0000-4000-8000-000000000003', true, null, 'Me voy al curro.', 10),
  ('20e00000-0000-4000-8000-000000000004', 'pana', 'Friend, buddy.', 'VE', 'Ada', '20010000-0000-4000-8000-000000000003', true, null, null, 5),
  ('20e00000-0000-4000-8000-000000000005', 'guay', 'Cool.', 'ES', 'Ada', '20010000-0000-4000-8000-000000000003', true, null, null, 40),
  ('20e00000-0000-4000-8000-000000000006', 'chambear', 'To work (hidden).', 'CL', 'Ada', '20010000-0000-4000-8000-000000000003', false, null, 'Hay que chambear.', 100);
insert into public.entries (id, title, description, country, author, owner, show, created_at)
select ('20e00000-0000-4000-8000-0000000001' || lpad(g::text, 2, '0'))::uuid, 'relleno ' || g, 'Filler ' || g || '.', 'AR', 'Ada',
       '20010000-0000-4000-8000-000000000003', true, now() - interval '1 year'
  from generate_series(1, 12) as g;
insert into public.tags (id, name, owner) values ('20a00000-0000-4000-8000-000000000001', 'pgtap-work', '20010000-0000-4000-8000-000000000003');
insert into public.entry_tags (entry_id, tag_id) values
  ('20e00000-0000-4000-8000-000000000001', '20a00000-0000-4000-8000-000000000001'),
  ('20e00000-0000-4000-8000-000000000003', '20a00000-0000-4000-8000-000000000001'),
  ('20e00000-0000-4000-8000-000000000006', '20a00000-0000-4000-8000-000000000001');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(tests.error_of($$ select public.create_chat() $$) - 'message',
  '{"code": "PT401", "hint": "chat_login_required"}', 'a guest cannot start a chat: PT401 chat_login_required');
select is(tests.error_of($$ select public.list_chats() $$) - 'message',
  '{"code": "PT401", "hint": "chat_login_required"}', 'nor list chats');
select is(tests.error_of($$ select public.chat_with_messages('20c00000-0000-4000-8000-000000000001') $$) - 'message',
  '{"code": "PT401", "hint": "chat_login_required"}', 'nor read one');
select is(tests.error_of($$ select public.rename_chat('20c00000-0000-4000-8000-000000000001', 'x') $$) - 'message',
  '{"code": "PT401", "hint": "chat_login_required"}', 'nor rename one');
select is(tests.error_of($$ select public.begin_tutor_turn('20c00000-0000-4000-8000-000000000001', 'hola') $$) - 'message',
  '{"code": "PT401", "hint": "chat_login_required"}', 'nor begin a tutor turn (401 before anything else)');
select is(tests.error_of($$ select public.finish_tutor_turn('20d00000-0000-4000-8000-000000000001', 'Hola', 'offline') $$) - 'message',
  '{"code": "PT401", "hint": "chat_login_required"}', 'nor store one');
select throws_ok($$ select * from public.chats $$, '42501', null, 'a guest cannot read chats (no grant)');
select throws_ok($$ select * from public.chat_messages $$, '42501', null, 'nor messages');
select throws_ok($$ insert into public.chats (title) values ('Guest chat') $$, '42501', null, 'nor start a chat directly');
select throws_ok($$ select * from private.tutor_entry_ids('chamba', 5) $$, '42501', null, 'nor call the tutor''s search');
select throws_ok($$ select * from private.tutor_turns $$, '42501', null, 'nor read the tickets of begun turns');

-------------------------------------------------------------------------------- learner (owner): chats
select tests.clear_authentication();
select tests.authenticate_as('20010000-0000-4000-8000-000000000001', :'learner_session');

select is(public.create_chat() - '_id',
  jsonb_build_object('title', 'New Chat', 'createdAt', now(), 'updatedAt', now()),
  'create_chat without a title: "New Chat", the chat JSON');
select (public.create_chat('  Spanish practice  ')) ->> '_id' as c2 \gset
select is((select title from public.chats where id = :'c2'), 'Spanish practice', 'a title is stored trimmed');
select (public.create_chat('   ')) ->> '_id' as c3 \gset
select is((select title from public.chats where id = :'c3'), 'New Chat', 'a blank title is "New Chat"');
select is(tests.error_of($$ select public.create_chat(repeat('x', 101)) $$) - 'message',
  '{"code": "PT400", "hint": "chat_title_too_long", "column": "title"}', 'a title of 101 characters: PT400 chat_title_too_long');
select is(public.create_chat(repeat('x', 100)) ->> 'title', repeat('x', 100), 'a title of 100 characters is fine');
select id as c1 from public.chats where owner = '20010000-0000-4000-8000-000000000001' and title = 'New Chat' and id <> :'c3' \gset
select id as c5 from public.chats where owner = '20010000-0000-4000-8000-000000000001' and title = repeat('x', 100) \gset

select lives_ok($$ insert into public.chats (title) values ('Direct') $$, 'the learner may start a chat directly (title only)');
select id as c4 from public.chats where title = 'Direct' \gset
select is((select owner from public.chats where id = :'c4'), '20010000-0000-4000-8000-000000000001'::uuid, 'in their own name');
select throws_ok($$ insert into public.chats (title, owner) values ('Theirs', '20010000-0000-4000-8000-000000000002') $$,
  '42501', null, 'but not in someone else''s name');
select throws_ok($$ insert into public.chats (title) values ('   ') $$, '23514', null, 'nor with a blank title (check)');
select lives_ok(format($$ update public.chats set title = 'Direct chat' where id = %L $$, :'c4'), 'the learner may retitle their chat directly');
select throws_ok(format($$ update public.chats set owner = '20010000-0000-4000-8000-000000000002' where id = %L $$, :'c4'),
  '42501', null, 'but not give it away');
select throws_ok(format($$ update public.chats set created_at = now() - interval '1 year' where id = %L $$, :'c4'),
  '42501', null, 'nor change its timestamps');

select is(public.rename_chat(:'c2', '  Práctica  ') - 'createdAt' - 'updatedAt',
  jsonb_build_object('_id', :'c2', 'title', 'Práctica'), 'rename_chat: trimmed, the chat JSON');
select is(tests.error_of(format($$ select public.rename_chat(%L, '  ') $$, :'c2')) - 'message',
  '{"code": "PT400", "hint": "chat_title_required", "column": "title"}', 'a blank title: PT400 chat_title_required');
select is(tests.error_of(format($$ select public.rename_chat(%L, null) $$, :'c2')) ->> 'hint', 'chat_title_required', 'no title either');
select is(tests.error_of(format($$ select public.rename_chat(%L, repeat('x', 101)) $$, :'c2')) - 'message',
  '{"code": "PT400", "hint": "chat_title_too_long", "column": "title"}', 'a title of 101 characters: PT400 chat_title_too_long');
select is(tests.error_of($$ select public.rename_chat('20c00000-0000-4000-8000-0000000000ff', 'x') $$) - 'message',
  '{"code": "PT404", "hint": "chat_not_found"}', 'a chat that does not exist: PT404 chat_not_found');

-------------------------------------------------------------------------------- learner: messages are not theirs to write
select throws_ok(format($$ insert into public.chat_messages (chat_id, owner, role, content) values (%L, '20010000-0000-4000-8000-000000000001', 'assistant', 'I said so') $$, :'c1'),
  '42501', null, 'the learner cannot write a message directly (not even the tutor''s)');
select throws_ok($$ update public.chat_messages set content = 'changed' $$, '42501', null, 'nor change messages');
select throws_ok($$ delete from public.chat_messages $$, '42501', null, 'nor delete them (they go with their chat)');

-------------------------------------------------------------------------------- learner: begin_tutor_turn
select is(tests.error_of(format($$ select public.begin_tutor_turn(%L, E'  \n ') $$, :'c1')) - 'message',
  '{"code": "PT400", "hint": "chat_message_required", "column": "message"}', 'a blank message: PT400 chat_message_required');
select is(tests.error_of(format($$ select public.begin_tutor_turn(%L, null) $$, :'c1')) ->> 'hint', 'chat_message_required', 'no message either');
select is(tests.error_of(format($$ select public.begin_tutor_turn(%L, repeat('a', 4001)) $$, :'c1')) - 'message',
  '{"code": "PT400", "hint": "chat_message_too_long", "column": "message"}', 'a message of 4001 characters: PT400 chat_message_too_long');
select is(public.begin_tutor_turn(:'c1', '  ' || repeat('hola ', 799) || 'hola!  ') -> 'chat' ->> '_id', :'c1',
  'a message of 4000 characters (trimmed) is fine');
select is(tests.error_of($$ select public.begin_tutor_turn('20c00000-0000-4000-8000-0000000000ff', 'hola') $$) - 'message',
  '{"code": "PT404", "hint": "chat_not_found"}', 'a chat that does not exist: PT404 chat_not_found');

select is(public.begin_tutor_turn(:'c1', '¿Qué significa chamba?') - 'entries' - 'related' - 'turnId',
  jsonb_build_object('chat', (select private.chat_json(c) from public.chats c where c.id = :'c1'), 'history', '[]'::jsonb,
                     'offlineNoticeGiven', false),
  'an empty chat: the chat JSON, no history, no offline notice given yet');
select is(public.begin_tutor_turn(:'c1', '¿Qué significa chamba?') -> 'entries',
  '[{"_id": "20e00000-0000-4000-8000-000000000001", "title": "chamba", "description": "Work, a job.", "country": "MX",
     "hint": "ch...", "exampleSentence": "Tengo mucha chamba.", "voteCount": 30, "tags": ["pgtap-work"]}]',
  '"¿Qué significa chamba?" finds chamba (and only chamba: the hidden chambear is never found)');
select is((select array_agg(e ->> 'title') from jsonb_array_elements(public.begin_tutor_turn(:'c1', '¿Qué significa chamba?') -> 'related') as e),
  array['chido', 'curro'], 'related: shown entries sharing its country (chido) or a tag (curro), best voted first, never the hidden one');
select is((select array_agg(e ->> 'title') from jsonb_array_elements(public.begin_tutor_turn(:'c1', 'what does chamba mean') -> 'entries') as e),
  array['chamba'], '"what does chamba mean" finds chamba (English)');
select is((select array_agg(e ->> 'title') from jsonb_array_elements(public.begin_tutor_turn(:'c1', 'chamva') -> 'entries') as e),
  array['chamba'], 'the typo "chamva" finds chamba (title trigrams)');
select is((select array_agg(e ->> 'title') from jsonb_array_elements(public.begin_tutor_turn(:'c1', 'Is chambear a word?') -> 'entries') as e),
  array['chamba'], 'naming the hidden entry exactly still finds only the shown one');
select ok((select count(*) = 2 and bool_and(e ->> 'title' in ('chido', 'guay', 'curro', 'pana'))
             from jsonb_array_elements(public.begin_tutor_turn(:'c1', 'chido guay curro pana', 40, 2) -> 'entries') as e),
  'max_entries caps the entries (four match, two are given)');
select is(public.begin_tutor_turn(:'c1', 'xyzzy plugh') -> 'entries', '[]', 'nothing matches: no entries');
select is((select array_agg(e ->> 'title') from jsonb_array_elements(public.begin_tutor_turn(:'c1', 'xyzzy plugh') -> 'related') as e),
  array['guay', 'chamba', 'chido'], 'then related is the three best-voted shown entries (the hidden 100-vote one is not among them)');
select is((select array_agg(t.entry_id) from private.tutor_entry_ids('the what que como de la', 5) as t), null,
  'a message of stop words only finds nothing (and does not fail)');
select is((select count(*)::int from private.tutor_entry_ids('chamba', 5) as t where t.entry_id = '20e00000-0000-4000-8000-000000000006'), 0,
  'the search helper itself never returns a hidden entry');

-------------------------------------------------------------------------------- learner: finish_tutor_turn
select tests.clear_authentication();
set local session_replication_role = replica;   -- the touch trigger off: an old updated_at
update public.chats set updated_at = now() - interval '1 day' where id = :'c1';
set local session_replication_role = origin;
select tests.authenticate_as('20010000-0000-4000-8000-000000000001', :'learner_session');

select public.begin_tutor_turn(:'c1', '  ¿Qué significa chamba?  ') ->> 'turnId' as t1 \gset
select tests.clear_authentication();
select is((select to_jsonb(t) - 'id' - 'started_at' from private.tutor_turns t where t.id = :'t1'),
  jsonb_build_object('owner', '20010000-0000-4000-8000-000000000001', 'chat_id', :'c1', 'message', '¿Qué significa chamba?'),
  'begin_tutor_turn hands out a ticket (turnId) for the learner, the chat and the checked message');
select tests.authenticate_as('20010000-0000-4000-8000-000000000001', :'learner_session');
select public.finish_tutor_turn(:'t1', E'  **chamba** means work.\n  ', 'offline',
  array['20e00000-0000-4000-8000-000000000003', '20e00000-0000-4000-8000-000000000001', '20e00000-0000-4000-8000-000000000003',
        '20e00000-0000-4000-8000-000000000006', '20e00000-0000-4000-8000-0000000000ff']::uuid[]) as turn1 \gset
select is((:'turn1'::jsonb -> 'userMessage') - '_id' - 'createdAt',
  '{"role": "user", "content": "¿Qué significa chamba?", "model": null, "citations": []}',
  'finish_tutor_turn: the learner''s message, trimmed, no model, no citations');
select is((:'turn1'::jsonb -> 'reply') - '_id' - 'createdAt',
  '{"role": "assistant", "content": "**chamba** means work.", "model": "offline",
    "citations": [{"_id": "20e00000-0000-4000-8000-000000000003", "title": "curro", "country": "ES", "inFlashcards": false},
                  {"_id": "20e00000-0000-4000-8000-000000000001", "title": "chamba", "country": "MX", "inFlashcards": false}]}',
  'the reply, trimmed, with its citations in cited order, once each, shown entries only (not the hidden or missing one)');
select is((select array_agg(m.role::text order by m.created_at) from public.chat_messages m where m.chat_id = :'c1'),
  array['user', 'assistant'], 'the user row, then the assistant row');
select ok((select (:'turn1'::jsonb -> 'reply' ->> 'createdAt')::timestamptz > (:'turn1'::jsonb -> 'userMessage' ->> 'createdAt')::timestamptz),
  'the reply is strictly later than the message it answers');
select is((select m.cited_entries from public.chat_messages m where m.id = (:'turn1'::jsonb -> 'reply' ->> '_id')::uuid),
  array['20e00000-0000-4000-8000-000000000003', '20e00000-0000-4000-8000-000000000001']::uuid[], 'only the shown entries are stored as cited');
select is((:'turn1'::jsonb -> 'chat'), (select private.chat_json(c) from public.chats c where c.id = :'c1'), 'it returns the chat JSON');
select is((select updated_at from public.chats where id = :'c1'), now(), 'and the chat''s activity is bumped (a day ago → now)');

select is(tests.error_of(format($$ select public.finish_tutor_turn(%L, 'Again', 'offline') $$, :'t1')) - 'message',
  '{"code": "PT409", "hint": "tutor_unavailable"}', 'a turn already stored: PT409 tutor_unavailable (a turn stores once)');
select is(tests.error_of($$ select public.finish_tutor_turn('20d00000-0000-4000-8000-0000000000ff', 'Hola', 'offline') $$) - 'message',
  '{"code": "PT409", "hint": "tutor_unavailable"}', 'a turn never begun: PT409 (no message gets past begin_tutor_turn''s checks and limits)');
select throws_ok(format($$ select private.finish_tutor_turn(%L, 'my own words', 'Hola', 'offline') $$, :'c1'), '42501', null,
  'nor can the learner reach the function that stores a message of their choosing');
select is(tests.error_of(format($$ select public.finish_tutor_turn(%L, E' \n ', 'gpt-4o-mini') $$, tests.tutor_turn(:'c1', 'hola'))) - 'message',
  '{"code": "PT502", "hint": "tutor_unavailable"}', 'an empty reply is the model failing: PT502 tutor_unavailable');
select is(tests.error_of(format($$ select public.finish_tutor_turn(%L, 'Hola', 'offline') $$, tests.tutor_turn('20c00000-0000-4000-8000-0000000000ff', 'hola'))) - 'message',
  '{"code": "PT404", "hint": "chat_not_found"}', 'a turn whose chat is gone (deleted while the model answered): PT404 chat_not_found');
select is((select count(*)::int from public.chat_messages where chat_id = :'c1'), 2, 'refused turns store nothing');

select public.finish_tutor_turn(tests.tutor_turn(:'c1', 'gracias'), 'De nada. ' || repeat('z', 200), 'gpt-4o-mini') as turn2 \gset
select public.finish_tutor_turn(tests.tutor_turn(:'c1', 'otra'), repeat('y', 20005), 'gpt-4o-mini',
  (select array_agg(e.id order by e.id) from public.entries e where e.title like 'relleno %') || '{20e00000-0000-4000-8000-000000000001}'::uuid[]) as turn3 \gset
select is(char_length(:'turn3'::jsonb -> 'reply' ->> 'content'), 20000, 'a reply over 20000 characters is cut to 20000');
select is(jsonb_array_length(:'turn3'::jsonb -> 'reply' -> 'citations'), 10, 'at most 10 citations are kept (the first ten)');
select is(public.begin_tutor_turn(:'c1', 'hola') ->> 'offlineNoticeGiven', 'true', 'after an offline reply, offlineNoticeGiven is true');

select public.finish_tutor_turn(tests.tutor_turn(:'c3', 'hola'), '¡Hola!', 'gpt-4o-mini') is not null as stored \gset
select is(public.begin_tutor_turn(:'c3', 'hola') ->> 'offlineNoticeGiven', 'false', 'a chat with model replies only: false');

-- History: the newest history_rows messages, oldest first, as {role, content, model}.
select is(public.begin_tutor_turn(:'c1', 'hola', 3) -> 'history',
  jsonb_build_array(jsonb_build_object('role', 'assistant', 'content', 'De nada. ' || repeat('z', 200), 'model', 'gpt-4o-mini'),
                    jsonb_build_object('role', 'user', 'content', 'otra', 'model', null),
                    jsonb_build_object('role', 'assistant', 'content', repeat('y', 20000), 'model', 'gpt-4o-mini')),
  'history: the last 3 messages, oldest first');
select is((select array_agg(h ->> 'content') from jsonb_array_elements(public.begin_tutor_turn(:'c1', 'hola') -> 'history') as h),
  array['¿Qué significa chamba?', '**chamba** means work.', 'gracias', 'De nada. ' || repeat('z', 200), 'otra', repeat('y', 20000)],
  'by default the whole short chat (up to 40)');

-------------------------------------------------------------------------------- learner: reading a chat, page by page
select is(public.chat_with_messages(:'c1') -> 'chat', (select private.chat_json(c) from public.chats c where c.id = :'c1'),
  'chat_with_messages: the chat JSON');
select is((select array_agg(m ->> 'content') from jsonb_array_elements(public.chat_with_messages(:'c1') -> 'messages') as m),
  array['¿Qué significa chamba?', '**chamba** means work.', 'gracias', 'De nada. ' || repeat('z', 200), 'otra', repeat('y', 20000)],
  'all messages, oldest to newest');
select is(public.chat_with_messages(:'c1') -> 'hasOlder', 'false', 'nothing older');
select is(public.chat_with_messages(:'c1') -> 'messages' -> 1, :'turn1'::jsonb -> 'reply', 'a message as finish_tutor_turn returned it');
select public.chat_with_messages(:'c1', 4) as page1 \gset
select is((select array_agg(m ->> 'content') from jsonb_array_elements(:'page1'::jsonb -> 'messages') as m),
  array['gracias', 'De nada. ' || repeat('z', 200), 'otra', repeat('y', 20000)], 'a page of 4: the newest four, oldest first');
select is(:'page1'::jsonb -> 'hasOlder', 'true', 'with older ones left');
select public.chat_with_messages(:'c1', 4, (:'page1'::jsonb -> 'messages' -> 0 ->> 'createdAt')::timestamptz,
                                 (:'page1'::jsonb -> 'messages' -> 0 ->> '_id')::uuid) as page2 \gset
select is((select array_agg(m ->> 'content') from jsonb_array_elements(:'page2'::jsonb -> 'messages') as m),
  array['¿Qué significa chamba?', '**chamba** means work.'], 'the page before the first message of the page: the two oldest');
select is(:'page2'::jsonb -> 'hasOlder', 'false', 'and nothing older');
select is(public.chat_with_messages(:'c1', 6) -> 'hasOlder', 'false', 'a page exactly as long as the chat: hasOlder false');
select is(public.chat_with_messages(:'c1', 5) -> 'hasOlder', 'true', 'one shorter: true');
select is(public.chat_with_messages(:'c2') - 'chat', '{"messages": [], "hasOlder": false}', 'an empty chat: no messages');
select is(tests.error_of($$ select public.chat_with_messages('20c00000-0000-4000-8000-0000000000ff') $$) - 'message',
  '{"code": "PT404", "hint": "chat_not_found"}', 'a chat that does not exist: PT404 chat_not_found');

-- An entry hidden after it was cited drops out of the citations.
select tests.clear_authentication();
update public.entries set show = false where id = '20e00000-0000-4000-8000-000000000003';
select tests.authenticate_as('20010000-0000-4000-8000-000000000001', :'learner_session');
select is(public.chat_with_messages(:'c1') -> 'messages' -> 1 -> 'citations',
  '[{"_id": "20e00000-0000-4000-8000-000000000001", "title": "chamba", "country": "MX", "inFlashcards": false}]',
  'curro, hidden since it was cited, is no longer among the reply''s citations');
select public.add_flashcard('20e00000-0000-4000-8000-000000000001') is not null as added \gset
select is(public.chat_with_messages(:'c1') -> 'messages' -> 1 -> 'citations' -> 0 ->> 'inFlashcards', 'true',
  'once the learner adds chamba to their flashcards, its citation says so');

-------------------------------------------------------------------------------- learner: the chat list
-- Activity times chosen for the order (trigger off); c3 and c4 tie, so the id decides.
select tests.clear_authentication();
set local session_replication_role = replica;
update public.chats set updated_at = now() - interval '1 hour' where id = :'c2';
update public.chats set updated_at = now() - interval '2 hours' where id in (:'c3', :'c4');
update public.chats set updated_at = now() - interval '3 hours' where id = :'c5';
set local session_replication_role = origin;
select tests.authenticate_as('20010000-0000-4000-8000-000000000001', :'learner_session');

select is((select array_agg((c ->> '_id')::uuid) from jsonb_array_elements(public.list_chats()) as c),
  array[:'c1', :'c2', greatest(:'c3'::uuid, :'c4'::uuid), least(:'c3'::uuid, :'c4'::uuid), :'c5']::uuid[],
  'list_chats: newest activity first, equal times by id');
select is(public.list_chats() -> 0,
  (select private.chat_json(c) from public.chats c where c.id = :'c1') || jsonb_build_object('messageCount', 6, 'preview', repeat('y', 120)),
  'a list item: the chat JSON, messageCount and the last message''s first 120 characters');
select is((select c from jsonb_array_elements(public.list_chats()) as c where c ->> '_id' = :'c2') - 'createdAt' - 'updatedAt',
  jsonb_build_object('_id', :'c2', 'title', 'Práctica', 'messageCount', 0, 'preview', null), 'a chat without messages: 0 and no preview');
select public.list_chats(2) as list1 \gset
select is((select array_agg((c ->> '_id')::uuid) from jsonb_array_elements(:'list1'::jsonb) as c), array[:'c1', :'c2']::uuid[],
  'a page of 2');
select public.list_chats(2, (:'list1'::jsonb -> 1 ->> 'updatedAt')::timestamptz, (:'list1'::jsonb -> 1 ->> '_id')::uuid) as list2 \gset
select is((select array_agg((c ->> '_id')::uuid) from jsonb_array_elements(:'list2'::jsonb) as c),
  array[greatest(:'c3'::uuid, :'c4'::uuid), least(:'c3'::uuid, :'c4'::uuid)], 'the next page after the cursor (both of the tie)');
select is((select array_agg((c ->> '_id')::uuid) from jsonb_array_elements(
             public.list_chats(2, (:'list2'::jsonb -> 0 ->> 'updatedAt')::timestamptz, (:'list2'::jsonb -> 0 ->> '_id')::uuid)) as c),
  array[least(:'c3'::uuid, :'c4'::uuid), :'c5']::uuid[], 'a cursor inside a tie continues with the smaller id');
select is(public.list_chats(2, now() - interval '3 hours', :'c5'), '[]', 'after the last chat: an empty page');

-------------------------------------------------------------------------------- learner: rate limits
select tests.clear_authentication();
delete from private.rate_limits where client = '20010000-0000-4000-8000-000000000001';
select tests.authenticate_as('20010000-0000-4000-8000-000000000001', :'learner_session');

select is((select count(public.begin_tutor_turn(:'c2', 'hola ' || g)) from generate_series(1, 20) as g)::int, 20,
  'twenty tutor turns in a minute are fine');
select is(tests.error_of(format($$ select public.begin_tutor_turn(%L, 'hola') $$, :'c2')) - 'message' - 'detail',
  '{"code": "PT429", "hint": "tutor_rate_limited"}', 'the 21st: PT429 tutor_rate_limited');
select ok((select (tests.error_of(format($$ select public.begin_tutor_turn(%L, 'hola') $$, :'c2')) ->> 'detail')::jsonb ->> 'retryAfter')::int between 1 and 60,
  'with the seconds to wait (at most a minute)');
select tests.clear_authentication();
delete from private.rate_limits where client = '20010000-0000-4000-8000-000000000001';
insert into private.rate_limits (bucket, client, window_start, hits)
values ('tutor_day', '20010000-0000-4000-8000-000000000001', now() - interval '1 hour', 300),
       ('chat_new', '20010000-0000-4000-8000-000000000001', now() - interval '1 minute', 60);
select tests.authenticate_as('20010000-0000-4000-8000-000000000001', :'learner_session');
select is(tests.error_of(format($$ select public.begin_tutor_turn(%L, 'hola') $$, :'c2')) - 'message' - 'detail',
  '{"code": "PT429", "hint": "tutor_rate_limited"}', 'the 301st turn of the day: PT429 tutor_rate_limited');
select is(tests.error_of($$ select public.create_chat() $$) - 'message' - 'detail',
  '{"code": "PT429", "hint": "rate_limited"}', 'the 61st new chat in an hour: PT429 rate_limited');
select is(tests.error_of(format($$ select public.finish_tutor_turn(%L, 'Hola', 'offline') $$, tests.tutor_turn(:'c2', 'hola'))), null,
  'storing a turn takes no limit (begin_tutor_turn took it)');

-------------------------------------------------------------------------------- other learner
select tests.authenticate_as('20010000-0000-4000-8000-000000000002', :'other_session');

select is_empty(format($$ select * from public.chats where id in (%L, %L) $$, :'c1', :'c2'), 'another learner sees none of the learner''s chats');
select is_empty(format($$ select * from public.chat_messages where chat_id = %L $$, :'c1'), 'nor their messages');
select is(public.list_chats(), '[]', 'their chat list holds none of the learner''s chats');
select is(tests.error_of(format($$ select public.chat_with_messages(%L) $$, :'c1')) - 'message',
  '{"code": "PT404", "hint": "chat_not_found"}', 'reading the learner''s chat: PT404 chat_not_found');
select is(tests.error_of(format($$ select public.rename_chat(%L, 'Mine now') $$, :'c1')) - 'message',
  '{"code": "PT404", "hint": "chat_not_found"}', 'renaming it: PT404');
select is(tests.error_of(format($$ select public.begin_tutor_turn(%L, 'hola') $$, :'c1')) - 'message',
  '{"code": "PT404", "hint": "chat_not_found"}', 'talking in it: PT404');
select is(tests.error_of(format($$ select public.finish_tutor_turn(%L, 'I was here', 'offline') $$, tests.tutor_turn(:'c1', 'hola'))) - 'message',
  '{"code": "PT404", "hint": "chat_not_found"}', 'storing a turn in it (the definer function checks the chat''s owner): PT404');
-- A turn the learner has begun (and not finished) in their chat:
select tests.authenticate_as('20010000-0000-4000-8000-000000000001', :'learner_session');
select tests.tutor_turn(:'c1', 'hola') as learner_turn \gset
select tests.authenticate_as('20010000-0000-4000-8000-000000000002', :'other_session');
select is(tests.error_of(format($$ select public.finish_tutor_turn(%L, 'I was here', 'offline') $$, :'learner_turn')) - 'message',
  '{"code": "PT409", "hint": "tutor_unavailable"}', 'nor can they finish the learner''s own begun turn (the ticket is the learner''s): PT409');
update public.chats set title = 'Mine now' where id = :'c1';
delete from public.chats where id = :'c1';
select throws_ok(format($$ insert into public.chat_messages (chat_id, owner, role, content) values (%L, '20010000-0000-4000-8000-000000000001', 'user', 'hi') $$, :'c1'),
  '42501', null, 'nor can they write a message into it');
select is(public.create_chat('Omar''s chat') ->> 'title', 'Omar''s chat', 'they start their own chat');
select is((select array_agg(c ->> 'title') from jsonb_array_elements(public.list_chats()) as c), array['Omar''s chat'],
  'and list only it');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('20010000-0000-4000-8000-000000000003', :'admin_session');

select is_empty(format($$ select * from public.chats where owner = %L $$, '20010000-0000-4000-8000-000000000001'),
  'an admin sees no learner''s chats (chats are private)');
select is_empty(format($$ select * from public.chat_messages where chat_id = %L $$, :'c1'), 'nor their messages');
select is(public.list_chats(), '[]', 'their chat list is their own (empty)');
select is(tests.error_of(format($$ select public.chat_with_messages(%L) $$, :'c1')) ->> 'hint', 'chat_not_found', 'nor reads one: PT404');
select is(tests.error_of(format($$ select public.finish_tutor_turn(%L, 'Admin was here', 'offline') $$, tests.tutor_turn(:'c1', 'hola'))) ->> 'hint',
  'chat_not_found', 'nor writes into one');
update public.chats set title = 'Moderated' where id = :'c1';
delete from public.chats where id = :'c2';

-------------------------------------------------------------------------------- learner again: nothing moved; deleting a chat
select tests.authenticate_as('20010000-0000-4000-8000-000000000001', :'learner_session');

select is((select title from public.chats where id = :'c1'), '¿Qué significa chamba?', 'the others'' updates changed nothing (the title its first question gave it)');
select is((select count(*)::int from public.chats where id in (:'c1', :'c2')), 2, 'nor did their deletes remove anything');
select is((select count(*)::int from public.chat_messages where chat_id = :'c1'), 6, 'nor add messages');
delete from public.chats where id = :'c1';
select is((select count(*)::int from public.chats where id = :'c1'), 0, 'the learner deletes their chat');
select tests.clear_authentication();
select is((select count(*)::int from public.chat_messages where chat_id = :'c1'), 0, 'its messages go with it');

select * from finish();
rollback;
