-- A chat still called "New Chat" (the spec's default) takes its first question as its title,
-- so a learner's list reads "¿Qué significa chamba?", "Slang from Mexico"... rather than
-- a column of "New Chat". A title the learner chose is never touched, nor one renamed later.

-- The first line's words, spaces collapsed, at most 60 characters (cut at a word, with an
-- ellipsis).
create or replace function private.chat_title_from(message text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
           when char_length(flat.text) <= 60 then flat.text
           else btrim(regexp_replace(left(flat.text, 60), '\s+\S*$', '')) || '…'
         end
    from (select btrim(regexp_replace(chat_title_from.message, '\s+', ' ', 'g')) as text) as flat
$$;
comment on function private.chat_title_from(text) is 'A chat title made from a message: whitespace collapsed, at most 60 characters cut at a word, with an ellipsis.';
revoke all on function private.chat_title_from(text) from public, anon, authenticated, service_role;

-- Runs inside finish_tutor_turn (the only writer of messages), before it bumps the chat and
-- returns it, so the reply already carries the new title.
create or replace function private.title_chat_from_first_message()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.chats c
     set title = private.chat_title_from(new.content)
   where c.id = new.chat_id
     and c.title = 'New Chat'
     and not exists (select 1 from public.chat_messages m where m.chat_id = new.chat_id and m.id <> new.id);
  return null;
end;
$$;
comment on function private.title_chat_from_first_message() is 'Trigger: a chat still titled New Chat takes its first message as its title.';
revoke all on function private.title_chat_from_first_message() from public, anon, authenticated, service_role;

create trigger chat_messages_title_chat
  after insert on public.chat_messages
  for each row
  when (new.role = 'user')
  execute function private.title_chat_from_first_message();
