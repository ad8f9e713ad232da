-- Web Push subscriptions (issue 32): each browser a learner turned push reminders on in
-- gives a push service URL (endpoint) and the keys its payloads are encrypted to (RFC 8291).
-- An endpoint belongs to one browser, so it is unique: subscribing again from the same
-- browser renews the row, and another account signing in there takes it over (the browser
-- now reminds whoever uses it). At most 10 per learner, the least recently renewed replaced.
-- Learners see and remove only their own; only the definer `save_push_subscription` writes;
-- the reminders tick (service role) reads, marks successes and removes what the push
-- service answers 404/410 to.

-- Where the server may POST a reminder: https to a public-looking host name (never an IP
-- literal or an internal name: no requests into the functions' own network), or http to
-- 127.0.0.1/localhost, the local stack's test push service (the api and deliverPush accept
-- that only on a local stack). At most 2048 characters.
create or replace function private.is_push_endpoint(endpoint text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(length(endpoint) <= 2048
         and ((endpoint ~ '^https://([A-Za-z0-9-]+\.)+[A-Za-z][A-Za-z0-9-]*(:\d{1,5})?/\S*$'
               and endpoint !~* '^https://[^/:]*\.(local|localhost|internal|lan|home|corp|intranet)(:\d+)?/')
              or endpoint ~ '^http://(127\.0\.0\.1|localhost)(:\d{1,5})?/\S*$'), false)
$$;
comment on function private.is_push_endpoint(text) is 'Whether a push subscription''s endpoint may be stored: https to a public host name, or http on loopback (the local test push service).';
grant execute on function private.is_push_endpoint(text) to anon, authenticated, service_role;

create table public.push_subscriptions (
  id uuid primary key default extensions.gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  endpoint text not null unique check (private.is_push_endpoint(endpoint)),
  p256dh text not null check (p256dh ~ '^B[A-Za-z0-9_-]{86}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  created_at timestamptz not null default now(),
  renewed_at timestamptz not null default now(),
  last_success_at timestamptz
);
comment on table public.push_subscriptions is 'One browser''s Web Push subscription per row (the PushSubscription the browser gave), for daily reminders.';
comment on column public.push_subscriptions.endpoint is 'The push service URL of the subscription: a capability, shown only to its learner. private.is_push_endpoint says which may be stored (the server posts to it).';
comment on column public.push_subscriptions.p256dh is 'The browser''s P-256 public key (uncompressed point, base64url without padding): payloads are encrypted to it (RFC 8291).';
comment on column public.push_subscriptions.auth is 'The browser''s 16-byte authentication secret (base64url without padding), RFC 8291.';
comment on column public.push_subscriptions.renewed_at is 'When the browser last subscribed with this endpoint: the oldest renewal is replaced past 10 per learner.';
comment on column public.push_subscriptions.last_success_at is 'When the push service last accepted a message for it (written by the reminders tick).';

create index push_subscriptions_user_idx on public.push_subscriptions (user_id, renewed_at);

alter table public.push_subscriptions enable row level security;

create policy "Learners can see their own push subscriptions"
  on public.push_subscriptions for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Learners can remove their own push subscriptions"
  on public.push_subscriptions for delete
  to authenticated
  using (user_id = (select auth.uid()));

revoke all on public.push_subscriptions from public, anon, authenticated, service_role;
grant select (id, endpoint, created_at, renewed_at, last_success_at), delete on public.push_subscriptions to authenticated;
-- The tick: reads every learner's (service_role bypasses row-level security), marks a
-- success, removes a subscription the push service says is gone.
grant select, delete on public.push_subscriptions to service_role;
grant update (last_success_at) on public.push_subscriptions to service_role;

-- Subscribing is a write like others: counted per account (20 a minute; 60 an hour, 200 for
-- accounts past their first day), so a script cannot churn rows. Every save is an insert
-- (a renewal or takeover its `on conflict` update), so counting inserts counts each once.
insert into private.write_limits (kind, per_minute, per_hour_new, per_hour) values ('push', 20, 60, 200);
create trigger push_subscriptions_limit_account_writes
  before insert on public.push_subscriptions
  for each row execute function private.limit_account_writes('push');

-- How many subscriptions one learner keeps (browsers and devices); past it the oldest goes.
create or replace function private.push_subscriptions_per_learner()
returns integer
language sql
immutable
set search_path = ''
as $$ select 10 $$;
comment on function private.push_subscriptions_per_learner() is 'The most push subscriptions a learner keeps; subscribing past it replaces the least recently renewed.';
grant execute on function private.push_subscriptions_per_learner() to authenticated, service_role;

-- Why security definer: an endpoint another account subscribed (the same browser, someone
-- else signed in) is taken over, a row the caller cannot see; and the cap removes the
-- caller's oldest. The caller is always auth.uid(); the profile row's lock orders two tabs
-- subscribing at once, so the cap holds.
create or replace function private.save_push_subscription(endpoint text, p256dh text, auth text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  saved public.push_subscriptions;
begin
  perform private.require_sign_in('login_required');
  perform 1 from public.profiles p where p.id = who for update;
  -- clock_timestamp: two subscriptions in one transaction still have an order.
  insert into public.push_subscriptions as s (user_id, endpoint, p256dh, auth, renewed_at)
  values (who, save_push_subscription.endpoint, save_push_subscription.p256dh, save_push_subscription.auth, clock_timestamp())
  on conflict on constraint push_subscriptions_endpoint_key do update
     set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, renewed_at = excluded.renewed_at,
         created_at = case when s.user_id = excluded.user_id then s.created_at else now() end,
         last_success_at = case when s.user_id = excluded.user_id then s.last_success_at end
  returning * into saved;
  delete from public.push_subscriptions s
   where s.user_id = who
     and s.id in (select o.id from public.push_subscriptions o
                   where o.user_id = who
                   order by o.renewed_at desc, o.id desc
                  offset private.push_subscriptions_per_learner());
  return jsonb_build_object('id', saved.id, 'endpoint', saved.endpoint, 'createdAt', saved.created_at);
end;
$$;
comment on function private.save_push_subscription(text, text, text) is
  'Saves the caller''s browser subscription (renewing or taking over its endpoint) and keeps the caller''s 10 newest; {id, endpoint, createdAt}.';
revoke all on function private.save_push_subscription(text, text, text) from public, anon, authenticated, service_role;
grant execute on function private.save_push_subscription(text, text, text) to authenticated;

-- The api's door: guests are asked to sign in (PT401), malformed keys are a 400 naming the
-- field (the table's checks say the same, as 23514, for any other door).
create or replace function public.save_push_subscription(endpoint text, p256dh text, auth text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform private.require_sign_in('login_required');
  if coalesce(p256dh, '') !~ '^B[A-Za-z0-9_-]{86}$' then
    raise exception 'p256dh must be a base64url P-256 public key' using errcode = 'PT400', hint = 'push_key_invalid', column = 'keys.p256dh';
  end if;
  if coalesce(auth, '') !~ '^[A-Za-z0-9_-]{22}$' then
    raise exception 'auth must be a base64url 16-byte secret' using errcode = 'PT400', hint = 'push_key_invalid', column = 'keys.auth';
  end if;
  if not private.is_push_endpoint(endpoint) then
    raise exception 'endpoint must be an https URL' using errcode = 'PT400', hint = 'push_endpoint_invalid', column = 'endpoint';
  end if;
  return private.save_push_subscription(endpoint, p256dh, auth);
end;
$$;
comment on function public.save_push_subscription(text, text, text) is
  'Subscribes the caller''s browser to push reminders (idempotent per endpoint); PT401 for guests, PT400 for malformed keys or endpoint.';
revoke all on function public.save_push_subscription(text, text, text) from public;
grant execute on function public.save_push_subscription(text, text, text) to anon, authenticated;
