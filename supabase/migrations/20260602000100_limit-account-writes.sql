-- Per-account write limits, in the database so every door (the api function, PostgREST,
-- anything holding a user's token) meets them: roomy for people, tight for scripts, and
-- tighter for accounts younger than a day (as Discourse limits new users) — yet never
-- below what a keen new learner does in a first hour (10 entries, 30 comments, 200 votes,
-- 50 tags, 100 reviews). Two fixed windows per kind: a minute (bursts) and an hour.
-- Guests have their own per-address limit (guest entries); service code and migrations,
-- which act without a signed-in user's claims, are not counted. A refused write raises
-- PT429 rate_limited with retryAfter, which /api answers as 429 with Retry-After.

create table private.write_limits (
  kind text primary key,
  per_minute integer not null check (per_minute > 0),
  per_hour_new integer not null check (per_hour_new > 0),
  per_hour integer not null check (per_hour >= per_hour_new)
);
comment on table private.write_limits is 'How many writes of each kind one signed-in account may make per minute and per hour (new accounts: younger than a day).';
alter table private.write_limits enable row level security;
revoke all on private.write_limits from public, anon, authenticated;

insert into private.write_limits (kind, per_minute, per_hour_new, per_hour) values
  ('entries', 10, 20, 60),
  ('comments', 20, 60, 300),
  ('votes', 120, 400, 1500),
  ('tags', 60, 100, 500),
  ('cards', 120, 300, 2000),
  ('reviews', 120, 300, 2000);

-- Why security definer: it reads the caller's account age and writes the counters
-- (private.rate_limits), neither of which the API roles may touch. A trigger function:
-- TG_ARGV[0] names the kind of write.
create or replace function private.limit_account_writes()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  limits private.write_limits;
  is_new boolean;
begin
  if who is null or coalesce((select auth.role()), '') <> 'authenticated' then
    return new;
  end if;
  select * into limits from private.write_limits l where l.kind = tg_argv[0];
  if not found then
    return new;
  end if;
  select coalesce(p.created_at > now() - interval '1 day', true) into is_new from public.profiles p where p.id = who;
  perform private.take_rate_limit('writes:' || limits.kind || ':minute', who::text, limits.per_minute, interval '1 minute', 'rate_limited');
  perform private.take_rate_limit('writes:' || limits.kind || ':hour', who::text,
                                  case when coalesce(is_new, true) then limits.per_hour_new else limits.per_hour end,
                                  interval '1 hour', 'rate_limited');
  return new;
end;
$$;
comment on function private.limit_account_writes() is
  'Trigger: counts a signed-in account''s write of kind TG_ARGV[0] against private.write_limits; PT429 rate_limited when over.';
revoke all on function private.limit_account_writes() from public, anon, authenticated;

create trigger entries_limit_account_writes before insert on public.entries
  for each row execute function private.limit_account_writes('entries');
create trigger comments_limit_account_writes before insert on public.comments
  for each row execute function private.limit_account_writes('comments');
-- A switched vote is a write too; a retracted one (delete) is not.
create trigger votes_limit_account_writes before insert or update on public.votes
  for each row execute function private.limit_account_writes('votes');
create trigger tags_limit_account_writes before insert on public.tags
  for each row execute function private.limit_account_writes('tags');
create trigger entry_tags_limit_account_writes before insert on public.entry_tags
  for each row execute function private.limit_account_writes('tags');
create trigger flashcards_limit_account_writes before insert on public.flashcards
  for each row execute function private.limit_account_writes('cards');
create trigger reviews_limit_account_writes before insert on public.reviews
  for each row execute function private.limit_account_writes('reviews');
