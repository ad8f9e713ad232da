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

-- Makes an account a trusted reporter as private.is_trusted_reporter judges it (its reports
-- count toward a hold): made `how_old` ago (73 hours unless told: past the 72) with one entry
-- of its own that stands, unshown so that no list of the test changes.
create or replace function tests.make_trusted(user_id uuid, how_old interval default interval '73 hours')
returns void
language sql
as $$
  update auth.users set created_at = now() - how_old where id = make_trusted.user_id;
  insert into public.entries (title, description, country, author, owner, show)
  values ('standing ' || left(make_trusted.user_id::text, 8), 'An entry of a trusted reporter''s own.', 'MX', 'Tests', make_trusted.user_id, false);
$$;

-- The request.jwt.claims of a signed-in user's access token for that session.
create or replace function tests.claims(user_id uuid, session_id uuid)
returns text
language sql
immutable
as $$
  select jsonb_build_object('sub', user_id, 'role', 'authenticated', 'session_id', session_id)::text
$$;

-- Switches the transaction's actor: a signed-in user (role authenticated, claims of their first
-- live session) or, given null, a guest (role anon). Returns the actor's id.
create or replace function tests.authenticate_as(user_id uuid)
returns uuid
language plpgsql
as $$
declare
  session uuid;
begin
  -- Back to the session's own role to read auth.sessions, then on to the actor's.
  perform set_config('role', 'none', true);
  if user_id is null then
    perform set_config('request.jwt.claims', '{"role": "anon"}', true);
    perform set_config('role', 'anon', true);
    return null;
  end if;
  select s.id into session from auth.sessions s where s.user_id = authenticate_as.user_id order by s.created_at, s.id limit 1;
  perform set_config('request.jwt.claims', tests.claims(user_id, session), true);
  perform set_config('role', 'authenticated', true);
  return user_id;
end;
$$;

-- Acts as a signed-in user in a given session (role authenticated, that session's claims)
-- for the rest of the transaction, or until another switch or tests.clear_authentication().
create or replace function tests.authenticate_as(user_id uuid, session_id uuid)
returns void
language plpgsql
as $$
begin
  perform set_config('request.jwt.claims', tests.claims(user_id, session_id), true);
  perform set_config('role', 'authenticated', true);
end;
$$;

-- Acts as the service role (what the secret key becomes): RLS bypassed, no user claims.
create or replace function tests.authenticate_as_service_role()
returns void
language plpgsql
as $$
begin
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
  perform set_config('role', 'service_role', true);
end;
$$;

-- Back to the superuser that runs the file (to arrange or read data behind the policies).
-- The claims stay, as after a plain `reset role`: code that reads them as the superuser sees
-- whom the test last acted as.
create or replace function tests.clear_authentication()
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'none', true);
end;
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
