-- The tutor chat's functions, one per /api call: start, list, read, rename a chat, and the
-- two halves of a tutor turn around the model call (begin_tutor_turn counts the rate limit
-- and gathers the grounding; finish_tutor_turn stores the exchange once the reply is
-- complete). Every one answers in the /api's field names and refuses a guest with
-- PT401 chat_login_required; a chat that is not the caller's is PT404 chat_not_found.

-- A chat as the /api replies with it.
create or replace function private.chat_json(c public.chats)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('_id', c.id, 'title', c.title, 'createdAt', c.created_at, 'updatedAt', c.updated_at)
$$;
comment on function private.chat_json(public.chats) is 'A chat as the /api replies with it: _id, title, createdAt, updatedAt.';

-- A message as the /api replies with it. Citations are the cited entries that are still
-- shown (and the reader can see), in cited order: an entry hidden later drops out.
create or replace function private.chat_message_json(m public.chat_messages)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', m.id,
    'role', m.role,
    'content', m.content,
    'createdAt', m.created_at,
    'model', m.model,
    'citations', coalesce(
      (select jsonb_agg(jsonb_build_object('_id', e.id, 'title', e.title, 'country', e.country) order by c.n)
         from unnest(m.cited_entries) with ordinality as c(entry_id, n)
         join public.entries e on e.id = c.entry_id
        where e.show),
      '[]'::jsonb))
$$;
comment on function private.chat_message_json(public.chat_messages) is
  'A chat message as the /api replies with it: _id, role, content, createdAt, model, citations [{_id, title, country}].';

-- An entry as the tutor is given it (and the offline tutor explains it).
create or replace function private.tutor_entry_json(e public.entries)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', e.id,
    'title', e.title,
    'description', e.description,
    'country', e.country,
    'hint', e.hint,
    'exampleSentence', e.example_sentence,
    'voteCount', e.vote_score,
    'tags', coalesce(
      (select jsonb_agg(t.name order by lower(t.name))
         from public.entry_tags et
         join public.tags t on t.id = et.tag_id
        where et.entry_id = e.id),
      '[]'::jsonb))
$$;
comment on function private.tutor_entry_json(public.entries) is
  'An entry for the tutor: _id, title, description, country, hint, exampleSentence, voteCount, tags (names).';

-- Why security definer: under row-level security Postgres may not use an index for an
-- operator that is not leakproof (@@ and pg_trgm's <% are not), so the search would scan
-- every entry. This finds and ranks the ids with the indexes and returns shown entries
-- only, which every caller may see anyway; begin_tutor_turn reads the rows as the caller.
-- Ranking: the full-text rank of the message's words (an OR of its lexemes, Spanish and
-- English, as entries.search_document is built) plus the best word similarity of one of the
-- message's words (4 letters or more) to the entry's title, so a typo ("chamva") still
-- finds it. An entry qualifies by a full-text match or a title similarity of 0.5 or more.
create or replace function private.tutor_entry_ids(message text, max_entries integer)
returns table (entry_id uuid, score real)
language sql
stable
security definer
set search_path = ''
set pg_trgm.word_similarity_threshold = 0.5
rows 5
as $$
  with normalized as (
    select private.search_normalize(tutor_entry_ids.message) as plain
  ),
  -- The message's words that are a stop word in neither language: the learner mixes both,
  -- and "what" or "the" (Spanish lexemes to the Spanish parser) would match half the
  -- English descriptions, "que" or "como" half the Spanish examples.
  content_words as (
    select w.word, w.n
      from normalized n, regexp_split_to_table(n.plain, '[^[:alnum:]]+') with ordinality as w(word, n)
     where w.word <> ''
       and to_tsvector('spanish'::regconfig, w.word) <> ''::tsvector
       and to_tsvector('english'::regconfig, w.word) <> ''::tsvector
  ),
  query as (
    -- plainto_tsquery ANDs the lexemes; the tutor wants any of them, best matches first.
    select nullif(array_to_string(array_remove(array[
             replace(plainto_tsquery('spanish'::regconfig, t.plain)::text, ' & ', ' | '),
             replace(plainto_tsquery('english'::regconfig, t.plain)::text, ' & ', ' | ')], ''), ' | '), '')::tsquery as q
      from (select string_agg(c.word, ' ' order by c.n) as plain from content_words c) as t
     where t.plain is not null
  ),
  words as (
    select distinct c.word
      from content_words c
     where char_length(c.word) >= 4
     limit 30
  ),
  candidates as (
    select e.id from public.entries e, query where e.show and e.search_document @@ query.q
    union
    select e.id from words w join public.entries e on w.word operator(extensions.<%) e.search_text where e.show
  ),
  scored as (
    select e.id, e.vote_score, e.created_at,
           coalesce(ts_rank(e.search_document, query.q), 0) as text_rank,
           coalesce((select max(extensions.word_similarity(w.word, private.search_normalize(e.title))) from words w), 0) as title_similarity,
           coalesce(e.search_document @@ query.q, false) as text_match
      from candidates c
      join public.entries e on e.id = c.id
      left join query on true
  )
  select s.id, (s.text_rank + s.title_similarity)::real
    from scored s
   where s.text_match or s.title_similarity >= 0.5
   order by s.text_rank + s.title_similarity desc, s.vote_score desc, s.created_at desc, s.id desc
   limit greatest(coalesce(tutor_entry_ids.max_entries, 5), 0)
$$;
comment on function private.tutor_entry_ids(text, integer) is
  'The shown entries most relevant to a learner''s message (full text in Spanish and English, title trigrams for typos), best first.';

-- The message rules shared by both halves of a turn: trimmed, not blank, at most 4000.
create or replace function private.tutor_message(message text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  trimmed constant text := btrim(coalesce(message, ''), E' \t\r\n');
begin
  if trimmed = '' then
    raise exception 'a message is required' using errcode = 'PT400', hint = 'chat_message_required', column = 'message';
  end if;
  if char_length(trimmed) > 4000 then
    raise exception 'a message has at most 4000 characters' using errcode = 'PT400', hint = 'chat_message_too_long', column = 'message';
  end if;
  return trimmed;
end;
$$;
comment on function private.tutor_message(text) is 'A learner''s message trimmed; PT400 chat_message_required when blank, chat_message_too_long over 4000 characters.';

-- Starts a chat for the caller. A blank or missing title is "New Chat".
create or replace function public.create_chat(title text default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  trimmed constant text := nullif(btrim(coalesce(create_chat.title, '')), '');
  created public.chats;
begin
  perform private.require_sign_in('chat_login_required');
  if char_length(trimmed) > 100 then
    raise exception 'a chat title has at most 100 characters' using errcode = 'PT400', hint = 'chat_title_too_long', column = 'title';
  end if;
  perform private.take_rate_limit('chat_new', (select auth.uid())::text, 60, interval '1 hour', 'rate_limited');
  insert into public.chats (title) values (coalesce(trimmed, 'New Chat')) returning * into created;
  return private.chat_json(created);
end;
$$;
comment on function public.create_chat(text) is 'Starts a chat for the caller (title defaults to New Chat; 60 an hour); returns the chat JSON.';

-- The caller's chats, newest activity first, from a keyset cursor (updated_at, id). The
-- /api asks for one row more than a page to know whether there is a next one.
create or replace function public.list_chats(
  max_rows integer default 50,
  before_updated_at timestamptz default null,
  before_id uuid default null
)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('chat_login_required');
  return coalesce(
    (select jsonb_agg(private.chat_json(p.chat) || jsonb_build_object(
                        'messageCount', (select count(*) from public.chat_messages m
                                          where m.chat_id = (p.chat).id and m.owner = (p.chat).owner),
                        'preview', (select left(m.content, 120) from public.chat_messages m
                                     where m.chat_id = (p.chat).id and m.owner = (p.chat).owner
                                     order by m.created_at desc, m.id desc limit 1))
                      order by (p.chat).updated_at desc, (p.chat).id desc)
       from (select c as chat
               from public.chats c
              where c.owner = (select auth.uid())
                and (list_chats.before_id is null
                     or (c.updated_at, c.id) < (list_chats.before_updated_at, list_chats.before_id))
              order by c.updated_at desc, c.id desc
              limit greatest(coalesce(list_chats.max_rows, 50), 0)) as p),
    '[]'::jsonb);
end;
$$;
comment on function public.list_chats(integer, timestamptz, uuid) is
  'The caller''s chats (chat JSON + messageCount, preview), newest activity first, keyset-paged by (updatedAt, _id).';

-- One of the caller's chats with its newest messages before a cursor (created_at, id),
-- oldest to newest, and whether older ones remain.
create or replace function public.chat_with_messages(
  chat_id uuid,
  max_rows integer default 100,
  before_created_at timestamptz default null,
  before_id uuid default null
)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  chat public.chats;
  page_size constant integer := greatest(coalesce(max_rows, 100), 0);
  page jsonb[];
begin
  perform private.require_sign_in('chat_login_required');
  select * into chat from public.chats c where c.id = chat_with_messages.chat_id;
  if chat.id is null then
    raise exception 'no chat %', chat_with_messages.chat_id using errcode = 'PT404', hint = 'chat_not_found';
  end if;
  -- Newest first, one more than the page: the extra row only says that older ones exist.
  select array_agg(private.chat_message_json(p.message) order by (p.message).created_at desc, (p.message).id desc) into page
    from (select m as message
            from public.chat_messages m
           where m.chat_id = chat.id and m.owner = chat.owner
             and (chat_with_messages.before_id is null
                  or (m.created_at, m.id) < (chat_with_messages.before_created_at, chat_with_messages.before_id))
           order by m.created_at desc, m.id desc
           limit page_size + 1) as p;
  return jsonb_build_object(
    'chat', private.chat_json(chat),
    'messages', coalesce(
      (select jsonb_agg(p.message order by p.n desc)
         from unnest(page[1:page_size]) with ordinality as p(message, n)),
      '[]'::jsonb),
    'hasOlder', coalesce(cardinality(page), 0) > page_size);
end;
$$;
comment on function public.chat_with_messages(uuid, integer, timestamptz, uuid) is
  'One of the caller''s chats with its newest messages before a cursor, oldest first, and hasOlder; PT404 chat_not_found.';

-- Renames one of the caller's chats.
create or replace function public.rename_chat(chat_id uuid, title text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  trimmed constant text := btrim(coalesce(rename_chat.title, ''));
  renamed public.chats;
begin
  perform private.require_sign_in('chat_login_required');
  if trimmed = '' then
    raise exception 'a chat title is required' using errcode = 'PT400', hint = 'chat_title_required', column = 'title';
  end if;
  if char_length(trimmed) > 100 then
    raise exception 'a chat title has at most 100 characters' using errcode = 'PT400', hint = 'chat_title_too_long', column = 'title';
  end if;
  update public.chats c set title = trimmed where c.id = rename_chat.chat_id returning * into renamed;
  if renamed.id is null then
    raise exception 'no chat %', rename_chat.chat_id using errcode = 'PT404', hint = 'chat_not_found';
  end if;
  return private.chat_json(renamed);
end;
$$;
comment on function public.rename_chat(uuid, text) is 'Renames one of the caller''s chats (1 to 100 characters); returns the chat JSON.';

-- The first half of a tutor turn, before the model is called: checks the message and the
-- chat, counts the turn against the caller's limits (20 a minute, 300 a day: model calls
-- cost money), and gathers what the tutor needs: the chat's recent history, the entries
-- most relevant to the message, related entries to suggest, and whether the offline tutor
-- has already said it is offline here. It stores nothing else: the /api commits it on its
-- own, so a turn counts even when the model then fails.
create or replace function public.begin_tutor_turn(
  chat_id uuid,
  message text,
  history_rows integer default 40,
  max_entries integer default 5
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  chat public.chats;
  learner_message text;
  found_ids uuid[];
  caller constant text := (select auth.uid())::text;
begin
  perform private.require_sign_in('chat_login_required');
  learner_message := private.tutor_message(begin_tutor_turn.message);
  select * into chat from public.chats c where c.id = begin_tutor_turn.chat_id;
  if chat.id is null then
    raise exception 'no chat %', begin_tutor_turn.chat_id using errcode = 'PT404', hint = 'chat_not_found';
  end if;
  perform private.take_rate_limit('tutor', caller, 20, interval '1 minute', 'tutor_rate_limited');
  perform private.take_rate_limit('tutor_day', caller, 300, interval '1 day', 'tutor_rate_limited');

  select coalesce(array_agg(t.entry_id order by t.n), '{}') into found_ids
    from private.tutor_entry_ids(learner_message, greatest(coalesce(begin_tutor_turn.max_entries, 5), 0))
         with ordinality as t(entry_id, score, n);

  return jsonb_build_object(
    'chat', private.chat_json(chat),
    'history', coalesce(
      (select jsonb_agg(jsonb_build_object('role', h.role, 'content', h.content, 'model', h.model)
                        order by h.created_at, h.id)
         from (select m.role, m.content, m.model, m.created_at, m.id
                 from public.chat_messages m
                where m.chat_id = chat.id and m.owner = chat.owner
                order by m.created_at desc, m.id desc
                limit greatest(coalesce(begin_tutor_turn.history_rows, 40), 0)) as h),
      '[]'::jsonb),
    'entries', coalesce(
      (select jsonb_agg(private.tutor_entry_json(e) order by f.n)
         from unnest(found_ids) with ordinality as f(entry_id, n)
         join public.entries e on e.id = f.entry_id
        where e.show),
      '[]'::jsonb),
    'related', coalesce(
      (select jsonb_agg(private.tutor_entry_json(r.entry) order by (r.entry).vote_score desc, (r.entry).created_at desc, (r.entry).id desc)
         from (select e as entry
                 from public.entries e
                where e.show
                  and e.id <> all (found_ids)
                  and (cardinality(found_ids) = 0
                       or e.country in (select x.country from public.entries x where x.id = any (found_ids))
                       or exists (select 1
                                    from public.entry_tags et
                                   where et.entry_id = e.id
                                     and et.tag_id in (select xt.tag_id from public.entry_tags xt where xt.entry_id = any (found_ids))))
                order by e.vote_score desc, e.created_at desc, e.id desc
                limit 3) as r),
      '[]'::jsonb),
    'offlineNoticeGiven', exists (
      select 1 from public.chat_messages m
       where m.chat_id = chat.id and m.owner = chat.owner and m.role = 'assistant' and m.model = 'offline'));
end;
$$;
comment on function public.begin_tutor_turn(uuid, text, integer, integer) is
  'Checks a tutor turn and takes its rate limits (tutor 20/min, tutor_day 300/day); returns chat, history, entries, related, offlineNoticeGiven.';

-- The second half of a tutor turn, once the reply is complete: stores the learner's
-- message, then the reply (strictly later), and bumps the chat's activity, in one
-- transaction. Definer: messages are not the caller's to write (no insert grant), so
-- nobody can put words in the tutor's mouth through the Data API; the function checks the
-- chat is the caller's itself. Citations are kept only for shown entries (first 10, once).
create or replace function public.finish_tutor_turn(
  chat_id uuid,
  message text,
  reply text,
  model text,
  cited uuid[] default '{}'
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
  learner_message text;
  answer constant text := left(btrim(coalesce(finish_tutor_turn.reply, ''), E' \t\r\n'), 20000);
  chat public.chats;
  kept uuid[];
  asked public.chat_messages;
  answered public.chat_messages;
begin
  perform private.require_sign_in('chat_login_required');
  learner_message := private.tutor_message(finish_tutor_turn.message);
  -- The lock orders two turns finishing at once in the same chat.
  select * into chat from public.chats c
   where c.id = finish_tutor_turn.chat_id and c.owner = caller
     for update;
  if chat.id is null then
    raise exception 'no chat %', finish_tutor_turn.chat_id using errcode = 'PT404', hint = 'chat_not_found';
  end if;
  -- An empty reply is the model failing, not something to store.
  if answer = '' then
    raise exception 'the tutor''s reply is empty' using errcode = 'PT502', hint = 'tutor_unavailable';
  end if;

  select coalesce(array_agg(k.entry_id order by k.n), '{}') into kept
    from (select d.entry_id, d.n
            from (select distinct on (c.entry_id) c.entry_id, c.n
                    from unnest(finish_tutor_turn.cited) with ordinality as c(entry_id, n)
                    join public.entries e on e.id = c.entry_id
                   where e.show
                   order by c.entry_id, c.n) as d
           order by d.n
           limit 10) as k;

  insert into public.chat_messages (chat_id, owner, role, content)
  values (chat.id, chat.owner, 'user', learner_message)
  returning * into asked;
  insert into public.chat_messages (chat_id, owner, role, content, model, cited_entries, created_at)
  values (chat.id, chat.owner, 'assistant', answer,
          left(coalesce(nullif(btrim(finish_tutor_turn.model), ''), 'unknown'), 200), kept,
          greatest(clock_timestamp(), asked.created_at + interval '1 microsecond'))
  returning * into answered;
  update public.chats c set updated_at = now() where c.id = chat.id returning * into chat;

  return jsonb_build_object(
    'userMessage', private.chat_message_json(asked),
    'reply', private.chat_message_json(answered),
    'chat', private.chat_json(chat));
end;
$$;
comment on function public.finish_tutor_turn(uuid, text, text, text, uuid[]) is
  'Stores a completed tutor turn (the learner''s message, then the reply with its shown citations) and bumps the chat; returns userMessage, reply, chat.';

-- Grants. The JSON builders and the message check are called by the invoker functions, so
-- authenticated may run them. The search helper is definer (see above) and answers only
-- what every caller may see. The public functions are granted to guests too, so that a
-- guest is told to log in (PT401) rather than refused by a permission error.
revoke all on function private.chat_json(public.chats) from public, anon, authenticated, service_role;
revoke all on function private.chat_message_json(public.chat_messages) from public, anon, authenticated, service_role;
revoke all on function private.tutor_entry_json(public.entries) from public, anon, authenticated, service_role;
revoke all on function private.tutor_entry_ids(text, integer) from public, anon, authenticated, service_role;
revoke all on function private.tutor_message(text) from public, anon, authenticated, service_role;
grant execute on function private.chat_json(public.chats) to authenticated;
grant execute on function private.chat_message_json(public.chat_messages) to authenticated;
grant execute on function private.tutor_entry_json(public.entries) to authenticated;
grant execute on function private.tutor_entry_ids(text, integer) to authenticated;
grant execute on function private.tutor_message(text) to authenticated;

revoke all on function public.create_chat(text) from public, anon, authenticated, service_role;
revoke all on function public.list_chats(integer, timestamptz, uuid) from public, anon, authenticated, service_role;
revoke all on function public.chat_with_messages(uuid, integer, timestamptz, uuid) from public, anon, authenticated, service_role;
revoke all on function public.rename_chat(uuid, text) from public, anon, authenticated, service_role;
revoke all on function public.begin_tutor_turn(uuid, text, integer, integer) from public, anon, authenticated, service_role;
revoke all on function public.finish_tutor_turn(uuid, text, text, text, uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.create_chat(text) to anon, authenticated;
grant execute on function public.list_chats(integer, timestamptz, uuid) to anon, authenticated;
grant execute on function public.chat_with_messages(uuid, integer, timestamptz, uuid) to anon, authenticated;
grant execute on function public.rename_chat(uuid, text) to anon, authenticated;
grant execute on function public.begin_tutor_turn(uuid, text, integer, integer) to anon, authenticated;
grant execute on function public.finish_tutor_turn(uuid, text, text, text, uuid[]) to anon, authenticated;
