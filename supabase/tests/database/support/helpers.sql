-- Shared pgTAP helpers, included by test files with `\ir support/helpers.sql` inside their
-- transaction (so they roll back with it). Run as the superuser before any `set role`.
create schema if not exists tests;
grant usage on schema tests to public;

-- A user as Auth would create one (the profile trigger runs), with one live session whose id
-- is returned. Optionally an admin.
create or replace function tests.create_user(user_id uuid, name text, admin boolean default false)
returns uuid
language plpgsql
as $$
declare
  session uuid := extensions.gen_random_uuid();
begin
  insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at, email_confirmed_at)
  values (user_id, 'authenticated', 'authenticated', lower(replace(name, ' ', '.')) || '@test.jerga.local',
          jsonb_build_object('name', name), now(), now(), now());
  insert into auth.sessions (id, user_id, created_at, updated_at) values (session, user_id, now(), now());
  if admin then
    update public.profiles set is_admin = true where id = user_id;
  end if;
  return session;
end;
$$;

-- The request.jwt.claims of a signed-in user's access token for that session.
create or replace function tests.claims(user_id uuid, session_id uuid)
returns text
language sql
immutable
as $$
  select jsonb_build_object('sub', user_id, 'role', 'authenticated', 'session_id', session_id)::text
$$;

-- What a statement raises, as {code, hint, column, message, detail}; null when it succeeds.
-- Lets a test check the error code and field the api function maps, not only the SQLSTATE.
create or replace function tests.error_of(statement text)
returns jsonb
language plpgsql
as $$
declare
  failed_state text;
  failed_hint text;
  failed_column text;
  failed_message text;
  failed_detail text;
begin
  execute statement;
  return null;
exception when others then
  get stacked diagnostics failed_state = returned_sqlstate, failed_hint = pg_exception_hint,
    failed_column = column_name, failed_message = message_text, failed_detail = pg_exception_detail;
  return jsonb_strip_nulls(jsonb_build_object(
    'code', failed_state, 'hint', nullif(failed_hint, ''), 'column', nullif(failed_column, ''),
    'message', failed_message, 'detail', nullif(failed_detail, '')));
end;
$$;

grant execute on all functions in schema tests to public;

-- A tutor turn of the signed-in caller as begin_tutor_turn leaves it (its ticket, holding
-- the checked message), without the search or the rate limits: for finish_tutor_turn tests.
create or replace function tests.tutor_turn(chat_id uuid, message text)
returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into private.tutor_turns (owner, chat_id, message)
  values ((select auth.uid()), tutor_turn.chat_id, private.tutor_message(tutor_turn.message))
  returning id
$$;
grant execute on function tests.tutor_turn(uuid, text) to public;
