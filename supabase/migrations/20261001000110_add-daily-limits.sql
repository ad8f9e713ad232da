-- Daily limits, as Anki's learners asked for them: at most `new_cards_per_day` New cards
-- introduced and at most `max_reviews_per_day` reviews of Review cards per local day (the
-- learner's time zone, profiles.time_zone, the day streaks count in). Cards in their
-- (re)learning steps are never held back: they are part of today's session. What counts
-- as done today is read from the review log: a rating of a card that was New (state_before
-- 0) introduced it; a rating of a card in Review (state_before 2) was a review.

alter table public.profiles
  add column new_cards_per_day smallint not null default 20,
  add column max_reviews_per_day smallint not null default 200,
  add constraint profiles_new_cards_per_day_check check (new_cards_per_day between 0 and 999),
  add constraint profiles_max_reviews_per_day_check check (max_reviews_per_day between 0 and 9999);
comment on column public.profiles.new_cards_per_day is 'How many New cards the due list introduces per local day (0..999).';
comment on column public.profiles.max_reviews_per_day is 'How many reviews of Review-state cards the due list offers per local day (0..9999); learning steps are not limited.';

-- The learner writes their own limits (set_daily_limits, run as the caller, checks them).
grant update (new_cards_per_day, max_reviews_per_day) on public.profiles to authenticated;

-- user_json: as 20260801000310, plus the daily limits.
create or replace function public.user_json(p public.profiles)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', p.id,
    'name', p.name,
    'email', p.email,
    'isAdmin', p.is_admin,
    'createdAt', p.created_at,
    'lastLogin', p.last_login,
    'timeZone', p.time_zone,
    'currentStreak', p.current_streak,
    'longestStreak', p.longest_streak,
    'notifications', jsonb_build_object('comments', p.notify_comments, 'replies', p.notify_replies,
                                        'votes', p.notify_votes, 'moderation', p.notify_moderation),
    'newCardsPerDay', p.new_cards_per_day,
    'maxReviewsPerDay', p.max_reviews_per_day
  ) || case when p.home_country is null then '{}'::jsonb else jsonb_build_object('homeCountry', p.home_country) end
$$;

-- Sets the caller's daily limits (null keeps one); returns their profile.
create or replace function public.set_daily_limits(new_cards_per_day integer default null, max_reviews_per_day integer default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  written public.profiles;
begin
  perform private.require_sign_in();
  if set_daily_limits.new_cards_per_day not between 0 and 999 then
    raise exception 'new cards per day are 0..999' using errcode = 'PT400', hint = 'new_cards_per_day_invalid', column = 'newCardsPerDay';
  end if;
  if set_daily_limits.max_reviews_per_day not between 0 and 9999 then
    raise exception 'reviews per day are 0..9999' using errcode = 'PT400', hint = 'max_reviews_per_day_invalid', column = 'maxReviewsPerDay';
  end if;
  update public.profiles p
     set new_cards_per_day = coalesce(set_daily_limits.new_cards_per_day, p.new_cards_per_day),
         max_reviews_per_day = coalesce(set_daily_limits.max_reviews_per_day, p.max_reviews_per_day)
   where p.id = (select auth.uid())
  returning * into written;
  if not found then
    raise exception 'no profile for %', (select auth.uid()) using errcode = 'PT404', hint = 'user_not_found';
  end if;
  return public.user_json(written);
end;
$$;
comment on function public.set_daily_limits(integer, integer) is 'Sets the caller''s newCardsPerDay (0..999) and maxReviewsPerDay (0..9999); null keeps one; returns their profile.';

-- Why one function: the due list and its count must agree on what is left of today. The
-- learner's limits, what they did in the local day containing `at`, and what is left.
-- Invoker: RLS keeps another learner's profile and log out (then nothing is left).
create or replace function private.daily_allowance(user_id uuid, at timestamptz)
returns table (new_cards_per_day integer, max_reviews_per_day integer, new_today integer, reviews_today integer,
               new_left integer, reviews_left integer)
language plpgsql
stable
set search_path = ''
as $$
declare
  p public.profiles;
  day_start timestamptz;
  day_end timestamptz;
begin
  select * into p from public.profiles where id = daily_allowance.user_id;
  if p.id is null then
    return query select 0, 0, 0, 0, 0, 0;
    return;
  end if;
  day_start := ((at at time zone p.time_zone)::date)::timestamp at time zone p.time_zone;
  day_end := private.local_day_end(daily_allowance.user_id, at);
  return query
    select p.new_cards_per_day::integer, p.max_reviews_per_day::integer, d.new_today, d.reviews_today,
           greatest(p.new_cards_per_day - d.new_today, 0), greatest(p.max_reviews_per_day - d.reviews_today, 0)
      from (select (count(*) filter (where r.state_before = 0))::integer as new_today,
                   (count(*) filter (where r.state_before = 2))::integer as reviews_today
              from public.reviews r
             where r.user_id = daily_allowance.user_id
               and r.reviewed_at >= day_start and r.reviewed_at < day_end) d;
end;
$$;
comment on function private.daily_allowance(uuid, timestamptz) is
  'A learner''s daily limits, New cards introduced and Review cards reviewed in their local day at `at`, and what is left of each.';

-- The cards today's session may show at `at`: every due (re)learning card, the oldest due
-- Review cards up to what is left of the review limit, the oldest New cards up to what is
-- left of the new-card limit; at most `max_cards` of each kind (the caller wants a page).
-- Cards whose entry the caller cannot see are left out first, so they take no place in a
-- limit. Each part reads the (user_id, due) index in due order and stops at its limit.
create or replace function private.session_flashcards(user_id uuid, at timestamptz, max_cards integer)
returns setof public.flashcards
language plpgsql
stable
set search_path = ''
as $$
declare
  day_end timestamptz := private.local_day_end(user_id, at);
  page constant integer := greatest(coalesce(max_cards, 0), 0);
  allowance record;
begin
  select * into allowance from private.daily_allowance(user_id, at);
  return query
    select f.* from public.flashcards f
     where f.user_id = session_flashcards.user_id and f.due < day_end and f.state in (1, 3)
       and exists (select 1 from public.entries e where e.id = f.entry_id)
     order by f.due, f.id
     limit page;
  return query
    select f.* from public.flashcards f
     where f.user_id = session_flashcards.user_id and f.due < day_end and f.state = 2
       and exists (select 1 from public.entries e where e.id = f.entry_id)
     order by f.due, f.id
     limit least(allowance.reviews_left, page);
  return query
    select f.* from public.flashcards f
     where f.user_id = session_flashcards.user_id and f.due < day_end and f.state = 0
       and exists (select 1 from public.entries e where e.id = f.entry_id)
     order by f.due, f.id
     limit least(allowance.new_left, page);
end;
$$;
comment on function private.session_flashcards(uuid, timestamptz, integer) is
  'Up to max_cards of each kind of the cards due by the end of the learner''s local day at `at` that today''s limits let through (learning steps always).';

-- As 20260401000200, within the daily limits.
create or replace function private.due_flashcards_at(user_id uuid, at timestamptz, max_cards integer default 100)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  page constant integer := greatest(least(max_cards, 1000), 0);
begin
  return coalesce(
    (select jsonb_agg(private.due_flashcard_json(f, e, at) order by f.due, f.id)
       from (select s.* from private.session_flashcards(due_flashcards_at.user_id, at, page) s
              order by s.due, s.id
              limit page) f
       join public.entries e on e.id = f.entry_id),
    '[]'::jsonb);
end;
$$;
comment on function private.due_flashcards_at(uuid, timestamptz, integer) is
  'A learner''s first max_cards cards of today''s session at `at` (due by the end of their local day, within the daily limits), oldest due first, as DueFlashcard JSON.';

-- As 20260401000200, within the daily limits: counted without reading the rows.
create or replace function private.due_flashcard_count_at(user_id uuid, at timestamptz)
returns integer
language plpgsql
stable
set search_path = ''
as $$
declare
  day_end timestamptz := private.local_day_end(user_id, at);
  allowance record;
begin
  select * into allowance from private.daily_allowance(user_id, at);
  return (select count(*)::integer from public.flashcards f
           where f.user_id = due_flashcard_count_at.user_id and f.due < day_end and f.state in (1, 3)
             and exists (select 1 from public.entries e where e.id = f.entry_id))
       + (select count(*)::integer from (select 1 from public.flashcards f
           where f.user_id = due_flashcard_count_at.user_id and f.due < day_end and f.state = 2
             and exists (select 1 from public.entries e where e.id = f.entry_id)
           limit allowance.reviews_left) s)
       + (select count(*)::integer from (select 1 from public.flashcards f
           where f.user_id = due_flashcard_count_at.user_id and f.due < day_end and f.state = 0
             and exists (select 1 from public.entries e where e.id = f.entry_id)
           limit allowance.new_left) s);
end;
$$;
comment on function private.due_flashcard_count_at(uuid, timestamptz) is
  'How many cards today''s session has left at `at` (due by the end of the learner''s local day, within the daily limits).';

-- As 20260401000200, plus where the learner stands against today's limits.
create or replace function public.due_flashcards(max_cards integer default 100)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  allowance record;
begin
  perform private.require_sign_in('login_required');
  select * into allowance from private.daily_allowance((select auth.uid()), now());
  return jsonb_build_object(
    'cards', private.due_flashcards_at((select auth.uid()), now(), max_cards),
    'total', private.due_flashcard_count_at((select auth.uid()), now()),
    'today', jsonb_build_object(
      'newCardsPerDay', allowance.new_cards_per_day, 'maxReviewsPerDay', allowance.max_reviews_per_day,
      'newCards', allowance.new_today, 'reviews', allowance.reviews_today));
end;
$$;
comment on function public.due_flashcards(integer) is
  'The caller''s first max_cards (at most 1000) cards of today''s session (due by the end of their local day, within their daily limits), oldest due first, with recall and button previews; how many in all; and today''s counts against the limits: {cards, total, today}.';

revoke all on function public.set_daily_limits(integer, integer) from public, anon, authenticated, service_role;
revoke all on function private.daily_allowance(uuid, timestamptz) from public, anon, authenticated, service_role;
revoke all on function private.session_flashcards(uuid, timestamptz, integer) from public, anon, authenticated, service_role;
-- Run as the caller by the due list (invoker, under RLS).
grant execute on function private.daily_allowance(uuid, timestamptz) to authenticated;
grant execute on function private.session_flashcards(uuid, timestamptz, integer) to authenticated;
-- Guests may call it only to be told to log in (PT401).
grant execute on function public.set_daily_limits(integer, integer) to anon, authenticated;
