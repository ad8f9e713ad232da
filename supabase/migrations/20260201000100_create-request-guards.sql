-- What every /api request passes through before its own SQL: the session behind the token
-- must still exist, and the caller's address is known for per-address limits.
--
-- Error convention (for this and every later write function): a refusal is raised with
-- errcode 'PT' || <HTTP status> (PostgREST's convention), the stable error code the client
-- translates in `hint`, the field it concerns (in the /api's names) in `column`, and extra
-- reply fields as a JSON object in `detail`. The api function maps them in one place.

-- Why security definer: auth.sessions belongs to Auth; the caller may not read it.
-- Why: an access token stays valid until it expires, but a session ended by logout, a
-- global sign-out, a password change or a deleted or banned user must end everywhere
-- its token is accepted, not only in Auth.
create or replace function private.assert_session()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  token_session text := claims ->> 'session_id';
  token_user text := claims ->> 'sub';
  uuid_pattern constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
begin
  if coalesce(claims ->> 'role', '') <> 'authenticated' then
    return;
  end if;
  if coalesce(token_session ~ uuid_pattern, false) and coalesce(token_user ~ uuid_pattern, false) and exists (
    select 1
      from auth.sessions s
      join auth.users u on u.id = s.user_id
     where s.id = token_session::uuid
       and s.user_id = token_user::uuid
       and (s.not_after is null or s.not_after > now())
       and u.deleted_at is null
       and (u.banned_until is null or u.banned_until <= now())
  ) then
    return;
  end if;
  raise exception 'the session behind this token has ended' using errcode = 'PT401', hint = 'session_ended';
end;
$$;
comment on function private.assert_session() is
  'Refuses an authenticated caller whose session (the token''s session_id) was signed out, expired, or whose user is gone or banned.';
revoke all on function private.assert_session() from public;
grant execute on function private.assert_session() to authenticated;

-- Why: every write that needs an account refuses a guest the same way, with the code the
-- client shows (login_required, tag_login_required, page_login_required).
create or replace function private.require_sign_in(code text default 'login_required')
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'this needs a signed-in user' using errcode = 'PT401', hint = code;
  end if;
end;
$$;
comment on function private.require_sign_in(text) is 'Raises PT401 with the given code when the caller is a guest.';
revoke all on function private.require_sign_in(text) from public;
grant execute on function private.require_sign_in(text) to anon, authenticated;

-- The caller's address as the api function (or PostgREST) passes it in request.headers:
-- the right-most X-Forwarded-For entry, the one the closest trusted proxy wrote.
create or replace function private.client_address()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select nullif(btrim(part), '')
       from unnest(string_to_array(
              nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for', ','))
            with ordinality as t(part, n)
      order by n desc
      limit 1),
    'unknown')
$$;
comment on function private.client_address() is 'The address of the client behind the request, or ''unknown''.';
revoke all on function private.client_address() from public;
grant execute on function private.client_address() to anon, authenticated;

-- Counters for per-client limits. Unlogged: a crash forgets them, which only forgives.
create unlogged table private.rate_limits (
  bucket text not null,
  client text not null,
  window_start timestamptz not null,
  hits integer not null check (hits >= 0),
  primary key (bucket, client)
);
comment on table private.rate_limits is 'Fixed-window request counters per limit (bucket) and client; written only by private.take_rate_limit.';
alter table private.rate_limits enable row level security;
revoke all on private.rate_limits from public, anon, authenticated;

-- Why security definer: guests write through it, but nobody may read or reset the counters.
-- Counts one hit of `bucket` for `client`; over `max_hits` per `per`, refuses with 429 and
-- the seconds to wait. A refused hit rolls back with its transaction, so only accepted
-- requests count.
create or replace function private.take_rate_limit(
  bucket text,
  client text,
  max_hits integer,
  per interval,
  code text default 'rate_limited'
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  counted integer;
  started timestamptz;
begin
  insert into private.rate_limits as r (bucket, client, window_start, hits)
  values (take_rate_limit.bucket, coalesce(take_rate_limit.client, 'unknown'), now(), 1)
  on conflict on constraint rate_limits_pkey do update
     set hits = case when r.window_start <= now() - per then 1 else r.hits + 1 end,
         window_start = case when r.window_start <= now() - per then now() else r.window_start end
  returning r.hits, r.window_start into counted, started;
  if counted > max_hits then
    raise exception 'rate limit % exceeded for %', take_rate_limit.bucket, take_rate_limit.client
      using errcode = 'PT429', hint = code,
            detail = jsonb_build_object('retryAfter', greatest(1, ceil(extract(epoch from started + per - now()))))::text;
  end if;
  -- Now and then, forget clients that have been quiet for a day.
  if random() < 0.01 then
    delete from private.rate_limits where window_start < now() - interval '1 day';
  end if;
end;
$$;
comment on function private.take_rate_limit(text, text, integer, interval, text) is
  'Counts a request against a per-client limit; raises PT429 with retryAfter when over it.';
revoke all on function private.take_rate_limit(text, text, integer, interval, text) from public;
grant execute on function private.take_rate_limit(text, text, integer, interval, text) to anon, authenticated;
