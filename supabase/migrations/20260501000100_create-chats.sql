-- The tutor chat: a learner's conversations with the Spanish tutor. Private to their owner:
-- nobody else reads them, admins included. Messages are written only by finish_tutor_turn
-- (the user's message and the tutor's reply, together, once the reply is complete).
create table public.chats (
  id uuid primary key default extensions.gen_random_uuid(),
  owner uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  title text not null default 'New Chat' check (char_length(btrim(title)) between 1 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The target of chat_messages' (chat_id, owner) key: a message always has its chat's owner.
  constraint chats_id_owner_key unique (id, owner)
);
comment on table public.chats is 'A learner''s tutor conversations (owner only).';
comment on column public.chats.updated_at is 'Last activity (a rename or a new message): the order of the chat list.';

-- The chat list: one owner's chats, newest activity first (also the owner foreign key's index).
create index chats_owner_updated_idx on public.chats (owner, updated_at desc, id desc);

create trigger chats_touch_updated_at
  before update on public.chats
  for each row execute function private.touch_updated_at();

alter table public.chats enable row level security;

create policy "Owners can read their chats"
  on public.chats for select
  to authenticated
  using (owner = (select auth.uid()));

create policy "Users can start chats of their own"
  on public.chats for insert
  to authenticated
  with check (owner = (select auth.uid()));

create policy "Owners can rename their chats"
  on public.chats for update
  to authenticated
  using (owner = (select auth.uid()))
  with check (owner = (select auth.uid()));

create policy "Owners can delete their chats"
  on public.chats for delete
  to authenticated
  using (owner = (select auth.uid()));

-- The owner is always the caller; only the title is theirs to choose or change.
revoke all on public.chats from anon, authenticated;
grant select on public.chats to authenticated;
grant insert (title) on public.chats to authenticated;
grant update (title) on public.chats to authenticated;
grant delete on public.chats to authenticated;

create table public.chat_messages (
  id uuid primary key default extensions.gen_random_uuid(),
  chat_id uuid not null,
  owner uuid not null,
  role text not null check (role in ('user', 'assistant')),
  content text not null check (char_length(content) between 1 and 20000),
  model text check (char_length(model) between 1 and 200),
  cited_entries uuid[] not null default '{}' check (cardinality(cited_entries) <= 10),
  created_at timestamptz not null default clock_timestamp(),
  -- The chat's owner, carried so the policy needs no join; the key keeps them equal.
  constraint chat_messages_chat_fkey foreign key (chat_id, owner) references public.chats (id, owner) on delete cascade,
  constraint chat_messages_user_model_check check (role = 'assistant' or model is null)
);
comment on table public.chat_messages is 'The messages of a tutor chat: the learner''s (user) and the tutor''s (assistant). Written only by finish_tutor_turn.';
comment on column public.chat_messages.owner is 'The chat''s owner (kept equal by the foreign key), for the owner-only policy.';
comment on column public.chat_messages.model is 'For a reply: ''offline'' (the offline tutor) or the model''s name; null for the learner''s messages.';
comment on column public.chat_messages.cited_entries is 'The entries the reply cites, in order; shown as citations while the reader can still see them.';
comment on column public.chat_messages.created_at is 'Clock time, not transaction time: a reply is stored strictly after the message it answers.';

-- A chat's messages in order. It leads with the foreign key's columns (chat_id, owner); the
-- policy's owner condition makes it serve "where chat_id = ... order by created_at" too.
create index chat_messages_chat_order_idx on public.chat_messages (chat_id, owner, created_at, id);

alter table public.chat_messages enable row level security;

create policy "Owners can read the messages of their chats"
  on public.chat_messages for select
  to authenticated
  using (owner = (select auth.uid()));

-- Read-only for everyone: rows are added by finish_tutor_turn and go with their chat.
revoke all on public.chat_messages from anon, authenticated;
grant select on public.chat_messages to authenticated;
