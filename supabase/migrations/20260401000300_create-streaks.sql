-- Streaks: a day counts when the learner rated at least one card in that day of their own
-- time zone (profiles.time_zone). update_streak counts today once, extends on the next day,
-- lets held freezes cover missed days and otherwise restarts at 1; the reads report the live
-- streak, the longest and the review calendar. Each rule has a private core taking the
-- instant `at` so pgTAP can freeze time; the public functions pass now().
--
-- Time-zone changes: last_streak_day is a date in the zone it was counted in, so on its own
-- it cannot be compared with "today" in another zone. The instant that day ended is kept
-- too (last_streak_day_ends_at), and the last counted day is re-read as the date, in the
-- current zone, in which that instant falls. Today must start at or after it to count (no
-- review is ever counted for two days), and the day after it is the next day (a jump
-- forward of up to 26 hours loses no day).

alter table public.profiles
  add column streak_freezes smallint not null default 0 check (streak_freezes between 0 and 2),
  add column last_streak_day_ends_at timestamptz;
comment on column public.profiles.streak_freezes is 'Streak freezes held (0..2): one earned each time the streak reaches a multiple of 7; each covers one missed day.';
comment on column public.profiles.last_streak_day_ends_at is 'The instant last_streak_day ended in the zone it was counted in; compares it with today after a time-zone change.';

-- Rows counted before this column existed: their day ended in the zone they have now.
update public.profiles
   set last_streak_day_ends_at = (last_streak_day + 1)::timestamp at time zone time_zone
 where last_streak_day is not null;
alter table public.profiles
  add constraint profiles_last_streak_day_ends_at_check
  check ((last_streak_day is null) = (last_streak_day_ends_at is null));
-- Nothing to grant: profiles' column grants let clients update only name and time_zone, and
-- the table-wide select grant already covers the new columns for the owner.

-- Why: every rule asks "how many local days after the last counted day is `at`?"; one
-- function so update and read agree. 1 = the next day, 2 = one day missed, 0 = the same
-- day, negative = earlier (a zone change westward just after counting). Null: never counted.
create or replace function private.streak_days_since(last_day_ends_at timestamptz, time_zone text, at timestamptz)
returns integer
language sql
stable
set search_path = ''
as $$
  select (at at time zone time_zone)::date
       - ((last_day_ends_at - interval '1 microsecond') at time zone time_zone)::date
$$;
comment on function private.streak_days_since(timestamptz, text, timestamptz) is
  'Local days (in time_zone) from the last counted streak day, known by the instant it ended, to `at`.';

-- The live streak: what the learner would keep by reviewing today. Invoker: RLS on profiles
-- keeps anyone but the owner (and admins, who read profiles anyway) from another's streak.
create or replace function private.current_streak_at(user_id uuid, at timestamptz)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'streak', coalesce(
      (select case
                when p.last_streak_day_ends_at is null then 0
                -- today, yesterday (not yet reviewed today), or every missed day covered
                when private.streak_days_since(p.last_streak_day_ends_at, p.time_zone, at) - 1 <= p.streak_freezes
                  then p.current_streak
                else 0
              end
         from public.profiles p
        where p.id = current_streak_at.user_id), 0),
    'freezes', coalesce((select p.streak_freezes::integer from public.profiles p where p.id = current_streak_at.user_id), 0))
$$;
comment on function private.current_streak_at(uuid, timestamptz) is
  'The live streak at `at`: the stored one unless the missed days since exceed the freezes held (then 0); and the freezes. No write.';

-- Counts the learner's day at `at`. Not executable by any API role (it takes any user id);
-- public.update_streak calls it for the caller.
create or replace function private.update_streak_at(user_id uuid, at timestamptz)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  p public.profiles;
  today date;
  today_starts_at timestamptz;
  today_ends_at timestamptz;
  days_since integer;
  missed integer;
  used integer := 0;
  earned boolean := false;
begin
  -- The row lock orders concurrent calls: the second sees the day already counted.
  select * into p from public.profiles where id = update_streak_at.user_id for update;
  if not found then
    raise exception 'no profile for %', user_id using errcode = 'PT401', hint = 'login_required';
  end if;

  today := (at at time zone p.time_zone)::date;
  today_starts_at := today::timestamp at time zone p.time_zone;
  today_ends_at := (today + 1)::timestamp at time zone p.time_zone;
  days_since := private.streak_days_since(p.last_streak_day_ends_at, p.time_zone, at);

  -- Null days_since: no day counted yet, so any review today counts.
  if coalesce(days_since, 1) <= 0
     or not exists (
       select 1 from public.reviews r
        where r.user_id = update_streak_at.user_id
          and r.reviewed_at >= today_starts_at and r.reviewed_at < today_ends_at
          and r.reviewed_at <= at)
  then
    return private.current_streak_at(update_streak_at.user_id, at) || jsonb_build_object(
      'updated', false, 'longest', p.longest_streak, 'freezesUsed', 0, 'freezeEarned', false);
  end if;

  missed := coalesce(days_since - 1, 0);
  if p.last_streak_day_ends_at is null or p.current_streak = 0 then
    p.current_streak := 1;
  elsif missed = 0 then
    p.current_streak := p.current_streak + 1;
  elsif missed <= p.streak_freezes then
    used := missed;
    p.streak_freezes := p.streak_freezes - missed;
    p.current_streak := p.current_streak + 1;
  else
    -- Not enough freezes for the gap: none is spent on a streak that breaks anyway.
    p.current_streak := 1;
  end if;
  if p.current_streak % 7 = 0 and p.streak_freezes < 2 then
    p.streak_freezes := p.streak_freezes + 1;
    earned := true;
  end if;
  p.longest_streak := greatest(p.longest_streak, p.current_streak);

  update public.profiles
     set current_streak = p.current_streak,
         longest_streak = p.longest_streak,
         streak_freezes = p.streak_freezes,
         last_streak_day = today,
         last_streak_day_ends_at = today_ends_at
   where id = update_streak_at.user_id;

  return jsonb_build_object(
    'updated', true, 'streak', p.current_streak, 'longest', p.longest_streak,
    'freezes', p.streak_freezes, 'freezesUsed', used, 'freezeEarned', earned);
end;
$$;
comment on function private.update_streak_at(uuid, timestamptz) is
  'Counts user_id''s local day at `at` if they reviewed in it: +1 on the next day, freezes cover missed days, else restart at 1.';

-- Why security definer: the streak columns are not the caller's to write (column grants);
-- this is the one way they change, always for the caller and at the server's time.
create or replace function public.update_streak()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_sign_in('login_required');
  return private.update_streak_at((select auth.uid()), now());
end;
$$;
comment on function public.update_streak() is
  'Counts today for the caller if they reviewed a card today (their time zone): {updated, streak, longest, freezes, freezesUsed, freezeEarned}.';

create or replace function public.current_streak()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('login_required');
  return private.current_streak_at((select auth.uid()), now());
end;
$$;
comment on function public.current_streak() is 'The caller''s live streak and freezes held: {streak, freezes}.';

-- `at` is not used (the longest streak never lapses); it is taken so every streak core has
-- the same (user_id, at) shape for the /api and the tests.
create or replace function private.longest_streak_at(user_id uuid, at timestamptz)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('streak',
    coalesce((select p.longest_streak from public.profiles p where p.id = longest_streak_at.user_id), 0))
$$;
comment on function private.longest_streak_at(uuid, timestamptz) is 'A learner''s longest streak ever: {streak}.';

create or replace function public.longest_streak()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('login_required');
  return private.longest_streak_at((select auth.uid()), now());
end;
$$;
comment on function public.longest_streak() is 'The caller''s longest streak ever: {streak}.';

-- The review calendar. The UTC range of the local days is computed first so the lookup is
-- one range scan of reviews_user_time_idx; only the caller's rows in it are grouped.
create or replace function private.review_days_at(user_id uuid, at timestamptz, days integer)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  zone text;
  today date;
  from_at timestamptz;
  to_at timestamptz;
begin
  if days is null or days not between 1 and 366 then
    raise exception 'days must be between 1 and 366' using errcode = 'PT400', hint = 'invalid_input', column = 'days';
  end if;
  select p.time_zone into zone from public.profiles p where p.id = review_days_at.user_id;
  zone := coalesce(zone, 'UTC');
  today := (at at time zone zone)::date;
  from_at := (today - days + 1)::timestamp at time zone zone;
  to_at := (today + 1)::timestamp at time zone zone;
  return jsonb_build_object(
    'timeZone', zone,
    'days', coalesce(
      (select jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'reviews', d.reviews) order by d.day)
         from (select (r.reviewed_at at time zone zone)::date as day, count(*)::integer as reviews
                 from public.reviews r
                where r.user_id = review_days_at.user_id
                  and r.reviewed_at >= from_at and r.reviewed_at < to_at
                group by 1) d),
      '[]'::jsonb));
end;
$$;
comment on function private.review_days_at(uuid, timestamptz, integer) is
  'The local days (in the learner''s zone) with reviews among the last `days` (1..366) up to `at`''s day: {timeZone, days: [{date, reviews}]}.';

create or replace function public.review_days(days integer default 365)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('login_required');
  return private.review_days_at((select auth.uid()), now(), days);
end;
$$;
comment on function public.review_days(integer) is
  'The caller''s review calendar over the last `days` local days (1..366, default 365), oldest first: {timeZone, days: [{date, reviews}]}.';

revoke all on function private.streak_days_since(timestamptz, text, timestamptz) from public, anon, authenticated, service_role;
revoke all on function private.current_streak_at(uuid, timestamptz) from public, anon, authenticated, service_role;
revoke all on function private.update_streak_at(uuid, timestamptz) from public, anon, authenticated, service_role;
revoke all on function private.longest_streak_at(uuid, timestamptz) from public, anon, authenticated, service_role;
revoke all on function private.review_days_at(uuid, timestamptz, integer) from public, anon, authenticated, service_role;
revoke all on function public.update_streak() from public, anon, authenticated, service_role;
revoke all on function public.current_streak() from public, anon, authenticated, service_role;
revoke all on function public.longest_streak() from public, anon, authenticated, service_role;
revoke all on function public.review_days(integer) from public, anon, authenticated, service_role;
-- The reads run as the caller, so the caller needs their cores; those are invoker functions
-- under RLS (reviews and profiles are owner-only), so another id reads nothing of theirs.
grant execute on function private.streak_days_since(timestamptz, text, timestamptz) to authenticated;
grant execute on function private.current_streak_at(uuid, timestamptz) to authenticated;
grant execute on function private.longest_streak_at(uuid, timestamptz) to authenticated;
grant execute on function private.review_days_at(uuid, timestamptz, integer) to authenticated;
-- Guests may call the public functions only to be told to log in (PT401), in the client's words.
grant execute on function public.update_streak() to anon, authenticated;
grant execute on function public.current_streak() to anon, authenticated;
grant execute on function public.longest_streak() to anon, authenticated;
grant execute on function public.review_days(integer) to anon, authenticated;
