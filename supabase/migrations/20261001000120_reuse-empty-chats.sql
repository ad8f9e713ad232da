-- The tutor chat as the spec's Chat has it, and no pile of empty chats:
--   * chats_with_messages: the caller's chats, newest activity first, each with its
--     messages (the spec's Chat: _id, title, messages [{role, content, createdAt}]), as the
--     seed project's GET /api/chat/chats/:userId returns them; capped (50 chats, each with
--     its newest 100 messages, oldest first) so one call stays a bounded reply;
--   * start_chat: "New chat" reuses the caller's newest chat that has no message yet
--     (renamed as asked and moved to the top) instead of starting another; create_chat
--     stays the plain insert it was.

create or replace function public.chats_with_messages(max_chats integer default 50, max_messages integer default 100)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('chat_login_required');
  return coalesce(
    (select jsonb_agg(private.chat_json(c.chat) || jsonb_build_object(
                        'userId', (c.chat).owner,
                        'messages', coalesce(
                          (select jsonb_agg(private.chat_message_json(m.message) order by (m.message).created_at, (m.message).id)
                             from (select m as message
                                     from public.chat_messages m
                                    where m.chat_id = (c.chat).id and m.owner = (c.chat).owner
                                    order by m.created_at desc, m.id desc
                                    limit least(greatest(coalesce(chats_with_messages.max_messages, 100), 0), 200)) m),
                          '[]'::jsonb))
                      order by (c.chat).updated_at desc, (c.chat).id desc)
       from (select ch as chat
               from public.chats ch
              where ch.owner = (select auth.uid())
              order by ch.updated_at desc, ch.id desc
              limit least(greatest(coalesce(chats_with_messages.max_chats, 50), 0), 100)) c),
    '[]'::jsonb);
end;
$$;
comment on function public.chats_with_messages(integer, integer) is
  'The caller''s newest chats (max_chats, at most 100), newest activity first, each as chat JSON + userId + its newest max_messages (at most 200) messages oldest first.';

-- Why: every "New chat" click made a chat, and a list of "New Chat (0 messages)" grew. The
-- newest chat without messages is the new chat again: retitled as asked (or "New Chat")
-- and touched, so it comes first. A lock per learner keeps two clicks at once from making
-- two. Returns {chat, reused}.
create or replace function public.start_chat(title text default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
  trimmed constant text := nullif(btrim(coalesce(start_chat.title, '')), '');
  empty public.chats;
begin
  perform private.require_sign_in('chat_login_required');
  if char_length(trimmed) > 100 then
    raise exception 'a chat title has at most 100 characters' using errcode = 'PT400', hint = 'chat_title_too_long', column = 'title';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('start_chat:' || caller::text, 0));
  select c.* into empty
    from public.chats c
   where c.owner = caller
     and not exists (select 1 from public.chat_messages m where m.chat_id = c.id and m.owner = c.owner)
   order by c.updated_at desc, c.id desc
   limit 1
     for update;
  if empty.id is null then
    return jsonb_build_object('chat', public.create_chat(trimmed), 'reused', false);
  end if;
  update public.chats c set title = coalesce(trimmed, 'New Chat') where c.id = empty.id
  returning * into empty;
  return jsonb_build_object('chat', private.chat_json(empty), 'reused', true);
end;
$$;
comment on function public.start_chat(text) is
  'A new chat for the caller: their newest empty chat reused (retitled, moved first) or a new one (create_chat): {chat, reused}.';

revoke all on function public.chats_with_messages(integer, integer) from public, anon, authenticated, service_role;
revoke all on function public.start_chat(text) from public, anon, authenticated, service_role;
-- Guests may call them only to be told to log in (PT401 chat_login_required).
grant execute on function public.chats_with_messages(integer, integer) to anon, authenticated;
grant execute on function public.start_chat(text) to anon, authenticated;
