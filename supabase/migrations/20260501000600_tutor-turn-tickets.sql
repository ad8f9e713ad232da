-- A tutor turn is two calls with the model in between: begin_tutor_turn checks the message
-- and takes the limits, finish_tutor_turn stores the message and the reply. Until now
-- finish_tutor_turn took the message again from its caller and counted nothing, so a
-- learner calling it through the Data API could store any number of messages in their own
-- chats, past every limit of the tutor. Now begin_tutor_turn hands out a ticket (turnId)
-- for the message it checked and counted, and finish_tutor_turn stores exactly that
-- message, once, in that chat.

create table private.tutor_turns (
  id uuid primary key default extensions.gen_random_uuid(),
  owner uuid not null references auth.users (id) on delete cascade,
  -- No foreign key: a chat deleted while the model answers must still read as chat_not_found.
  chat_id uuid not null,
  message text not null,
  started_at timestamptz not null default now()
);
comment on table private.tutor_turns is
  'Tutor turns begun and not yet stored: the checked message, for finish_tutor_turn to store once. Written only by definer functions.';
create index tutor_turns_owner_started_at_idx on private.tutor_turns (owner, started_at);
alter table private.tutor_turns enable row level security;
revoke all on private.tutor_turns from public, anon, authenticated;

-- Why security definer: the tickets are nobody's to read or write directly. Called by
-- begin_tutor_turn once the chat and the message are checked and the limits taken. A turn
-- not finished within an hour (the model failed, the learner left) is forgotten here.
create or replace function private.open_tutor_turn(chat_id uuid, message text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
  ticket uuid;
begin
  perform private.require_sign_in('chat_login_required');
  delete from private.tutor_turns t where t.owner = caller and t.started_at < now() - interval '1 hour';
  insert into private.tutor_turns (owner, chat_id, message)
  values (caller, open_tutor_turn.chat_id, open_tutor_turn.message)
  returning id into ticket;
  return ticket;
end;
$$;
comment on function private.open_tutor_turn(uuid, text) is 'Records a begun tutor turn (the checked message) and returns its ticket.';
revoke all on function private.open_tutor_turn(uuid, text) from public, anon, authenticated, service_role;
grant execute on function private.open_tutor_turn(uuid, text) to authenticated;

-- The first version keeps its body and checks, out of the Data API's reach in private (its
-- body names its parameters by the function's name, which therefore stays); the public
-- function adds the ticket.
alter function public.begin_tutor_turn(uuid, text, integer, integer) set schema private;
comment on function private.begin_tutor_turn(uuid, text, integer, integer) is
  'What a tutor turn needs (checks, limits, history, entries, related, offlineNoticeGiven); public.begin_tutor_turn adds the ticket.';

create function public.begin_tutor_turn(
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
  begun jsonb;
begin
  begun := private.begin_tutor_turn(begin_tutor_turn.chat_id, begin_tutor_turn.message, begin_tutor_turn.history_rows, begin_tutor_turn.max_entries);
  return begun || jsonb_build_object(
    'turnId', private.open_tutor_turn(begin_tutor_turn.chat_id, private.tutor_message(begin_tutor_turn.message)));
end;
$$;
comment on function public.begin_tutor_turn(uuid, text, integer, integer) is
  'Checks a tutor turn and takes its rate limits (tutor 20/min, tutor_day 300/day); returns chat, history, entries, related, offlineNoticeGiven and turnId.';
revoke all on function public.begin_tutor_turn(uuid, text, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.begin_tutor_turn(uuid, text, integer, integer) to anon, authenticated;

-- Likewise the first finish_tutor_turn (its checks, the citations, the two rows, the chat
-- bumped) moves to private, where only the new public function calls it: nobody may hand
-- it a message of their own any more.
alter function public.finish_tutor_turn(uuid, text, text, text, uuid[]) set schema private;
revoke all on function private.finish_tutor_turn(uuid, text, text, text, uuid[]) from public, anon, authenticated, service_role;
comment on function private.finish_tutor_turn(uuid, text, text, text, uuid[]) is
  'Stores a tutor turn (message, then reply with its shown citations) and bumps the chat; called only by public.finish_tutor_turn with a ticket''s message.';

-- The second half of a tutor turn, once the reply is complete: takes the turn's ticket
-- (the caller's, once) and stores its message and the reply. Definer: the tickets and the
-- messages are not the caller's to write. A refused turn keeps its ticket (everything rolls
-- back), and a chat deleted meanwhile is still chat_not_found.
create function public.finish_tutor_turn(
  turn_id uuid,
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
  turn private.tutor_turns;
begin
  perform private.require_sign_in('chat_login_required');
  delete from private.tutor_turns t
   where t.id = finish_tutor_turn.turn_id and t.owner = (select auth.uid())
  returning * into turn;
  if turn.id is null then
    raise exception 'no tutor turn % of this learner waiting', finish_tutor_turn.turn_id using errcode = 'PT409', hint = 'tutor_unavailable';
  end if;
  return private.finish_tutor_turn(turn.chat_id, turn.message, finish_tutor_turn.reply, finish_tutor_turn.model, finish_tutor_turn.cited);
end;
$$;
comment on function public.finish_tutor_turn(uuid, text, text, uuid[]) is
  'Stores a begun tutor turn once (its checked message, then the reply with its shown citations) and bumps the chat; returns userMessage, reply, chat.';
revoke all on function public.finish_tutor_turn(uuid, text, text, uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.finish_tutor_turn(uuid, text, text, uuid[]) to anon, authenticated;
