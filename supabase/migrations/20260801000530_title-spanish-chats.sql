-- Meanings in Spanish too (issue 18): a learner using the app in Spanish starts chats called
-- "Nuevo chat" (the client asks create_chat for that title), and such a chat takes its first
-- question as its title exactly as one called "New Chat" does (20260501000500).

-- The default titles, in the app's two languages.
create or replace function private.is_default_chat_title(title text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select is_default_chat_title.title in ('New Chat', 'Nuevo chat')
$$;
comment on function private.is_default_chat_title(text) is 'Whether a chat title is the default one, in English (New Chat) or Spanish (Nuevo chat).';
revoke all on function private.is_default_chat_title(text) from public, anon, authenticated, service_role;

-- As 20260501000500, with either default title.
create or replace function private.title_chat_from_first_message()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.chats c
     set title = private.chat_title_from(new.content)
   where c.id = new.chat_id
     and private.is_default_chat_title(c.title)
     and not exists (select 1 from public.chat_messages m where m.chat_id = new.chat_id and m.id <> new.id);
  return null;
end;
$$;
comment on function private.title_chat_from_first_message() is 'Trigger: a chat still titled New Chat (or Nuevo chat) takes its first message as its title.';
revoke all on function private.title_chat_from_first_message() from public, anon, authenticated, service_role;
