-- Password guessing on one account slows down per account AND address: after a few free
-- failures each further one doubles the wait (1 s, 2 s, 4 s ... 15 min). Keyed on both, so
-- a stranger guessing from elsewhere never locks the owner out; Auth's per-address limit
-- covers one address trying many accounts.
create table private.login_failures (
  account text not null,
  client text not null,
  failures integer not null check (failures > 0),
  last_failure_at timestamptz not null,
  blocked_until timestamptz,
  primary key (account, client)
);
comment on table private.login_failures is 'Consecutive failed sign-ins per account (SHA-256 of the e-mail) and client address.';
comment on column private.login_failures.account is 'Hex SHA-256 of the lower-cased e-mail: no addresses are kept here.';
alter table private.login_failures enable row level security;
revoke all on private.login_failures from public, anon, authenticated;

-- An account's key in the throttle: a hash, so no e-mail addresses are kept here.
create or replace function private.login_account(email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(extensions.digest(lower(btrim(coalesce(email, ''))), 'sha256'), 'hex')
$$;
revoke all on function private.login_account(text) from public;

-- Why security definer: guests sign in, but may neither read nor clear the counters.
-- Raises PT429 (hint login_throttled, retryAfter in seconds) while this account and client
-- must wait; otherwise lets the sign-in go ahead.
create or replace function private.check_login_throttle(email text, client text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  until timestamptz;
begin
  select f.blocked_until into until
    from private.login_failures f
   where f.account = private.login_account(email) and f.client = coalesce(check_login_throttle.client, 'unknown');
  if until is not null and until > now() then
    raise exception 'too many failed sign-ins for this account from this address'
      using errcode = 'PT429', hint = 'login_throttled',
            detail = jsonb_build_object('retryAfter', greatest(1, ceil(extract(epoch from until - now()))))::text;
  end if;
end;
$$;
comment on function private.check_login_throttle(text, text) is 'Refuses a sign-in while its account and client are in a back-off delay.';
revoke all on function private.check_login_throttle(text, text) from public;
-- The api runs sign-in (and the current-password check's counting) as a guest.
grant execute on function private.check_login_throttle(text, text) to anon;

-- Records the outcome of a sign-in (or of a current-password check): success clears the
-- count, failure adds one (a failure after an hour of quiet starts again at one) and, past
-- five, sets the next allowed time. Returns the seconds to wait before the next attempt.
create or replace function private.record_login_attempt(email text, client text, succeeded boolean)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  free_failures constant integer := 5;
  longest_wait constant integer := 900;
  key text := private.login_account(email);
  who text := coalesce(record_login_attempt.client, 'unknown');
  counted integer;
  until timestamptz;
begin
  if succeeded then
    delete from private.login_failures f where f.account = key and f.client = who;
    return 0;
  end if;
  insert into private.login_failures as f (account, client, failures, last_failure_at)
  values (key, who, 1, now())
  on conflict on constraint login_failures_pkey do update
     set failures = case when f.last_failure_at < now() - interval '1 hour' then 1 else f.failures + 1 end,
         last_failure_at = now()
  returning f.failures into counted;
  if counted >= free_failures then
    until := now() + make_interval(secs => least(power(2, counted - free_failures), longest_wait));
    update private.login_failures f set blocked_until = until where f.account = key and f.client = who;
  end if;
  if random() < 0.01 then
    delete from private.login_failures f where f.last_failure_at < now() - interval '1 day';
  end if;
  if until is null then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from until - now())))::integer;
end;
$$;
comment on function private.record_login_attempt(text, text, boolean) is
  'Counts a failed sign-in per account and client with exponential back-off; a success clears it.';
revoke all on function private.record_login_attempt(text, text, boolean) from public;
grant execute on function private.record_login_attempt(text, text, boolean) to anon;

-- Why security definer: the hash lives in auth.users, which callers cannot read. Checks the
-- signed-in caller's current password before an e-mail or password change, without
-- starting a new session. Raises PT403 current_password_incorrect, or PT409 no_password
-- for accounts that only sign in with Google.
create or replace function private.check_current_password(password text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  stored text;
begin
  perform private.require_sign_in();
  select u.encrypted_password into stored from auth.users u where u.id = (select auth.uid());
  if coalesce(stored, '') not like '$2%' then
    raise exception 'this account has no password' using errcode = 'PT409', hint = 'no_password', column = 'currentPassword';
  end if;
  if extensions.crypt(coalesce(password, ''), stored) <> stored then
    raise exception 'the current password does not match'
      using errcode = 'PT403', hint = 'current_password_incorrect', column = 'currentPassword';
  end if;
end;
$$;
comment on function private.check_current_password(text) is 'Verifies the signed-in user''s current password (bcrypt), for changes that need it.';
revoke all on function private.check_current_password(text) from public;
grant execute on function private.check_current_password(text) to authenticated;
