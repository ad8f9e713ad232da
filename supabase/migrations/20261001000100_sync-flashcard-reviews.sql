-- Reviews that travel: a rating made offline reaches the server later, maybe twice, maybe
-- after a rating another device made later. So a review may carry
--   * review_id: the client's own UUID for it; the same id again is the same review, taken
--     once (the second call changes nothing and answers the card as it is);
--   * reviewed_at: when the learner rated, within the last 30 days and at most 5 minutes
--     ahead of the server's clock (PT400 review_time_invalid otherwise);
--   * duration_ms: how long the card was shown before it was rated (0 .. 1 hour), for the
--     FSRS optimizer's review_duration.
-- A review dated before the card's last one is put in its place: the card's log is replayed
-- in reviewed_at order from the card's initial (New) state, so two devices that reviewed
-- offline end in the same FSRS state whatever order they sync in. The log's before/after
-- columns are derived from that replay and rewritten with it; rating, time, id and
-- duration (what the learner did) never change.
-- A review also counts the learner's streak day in the same transaction (one round trip per
-- rating); update_streak stays for the spec's clients and reports that count once.

alter table public.reviews
  add column review_id uuid,
  add column duration_ms integer,
  add constraint reviews_duration_ms_check check (duration_ms between 0 and 3600000),
  -- Nulls are distinct: reviews without a client id (older clients) never collide.
  add constraint reviews_user_review_id_key unique (user_id, review_id);
comment on column public.reviews.review_id is 'The client''s UUID for this rating: the same id again is the same review (taken once per learner).';
comment on column public.reviews.duration_ms is 'Milliseconds the card was shown before it was rated (0..1 hour), when the client measured it.';

alter table public.profiles
  add column streak_news jsonb;
comment on column public.profiles.streak_news is
  'The outcome of the streak day a review counted, until update_streak has reported it once (the spec''s clients call it after each rating).';

-- Why: reviews arrive out of order from offline devices. Recomputes a card's FSRS state by
-- replaying its whole log in (reviewed_at, id) order from a New card, rewriting each log
-- row's derived columns where they differ, and stores the result on the card. The caller
-- holds the card's row lock. Definer-only (called by record_review_at).
create or replace function private.replay_flashcard(card_id uuid)
returns public.flashcards
language plpgsql
volatile
set search_path = ''
as $$
declare
  card public.flashcards;
  logged record;
  step record;
  cur_state smallint := 0;
  cur_steps integer := 0;
  cur_stability double precision := 0;
  cur_difficulty double precision := 0;
  cur_scheduled integer := 0;
  cur_reps integer := 0;
  cur_lapses integer := 0;
  cur_last timestamptz := null;
  cur_due timestamptz;
begin
  select * into card from public.flashcards f where f.id = replay_flashcard.card_id;
  -- A New card is due from the moment it was added (the column's default).
  cur_due := card.created_at;
  for logged in
    select r.id, r.rating, r.reviewed_at from public.reviews r
     where r.flashcard_id = replay_flashcard.card_id
     order by r.reviewed_at, r.id
  loop
    select * into step
      from private.fsrs_next(cur_state, cur_steps, cur_stability, cur_difficulty,
                             cur_reps, cur_lapses, cur_last, logged.reviewed_at, logged.rating);
    update public.reviews r
       set elapsed_days = step.elapsed_days,
           state_before = cur_state, state_after = step.next_state,
           due_before = cur_due, due_after = step.next_due,
           stability_before = cur_stability, stability_after = step.next_stability,
           difficulty_before = cur_difficulty, difficulty_after = step.next_difficulty,
           scheduled_days = step.next_scheduled_days
     where r.id = logged.id
       and (r.elapsed_days, r.state_before, r.state_after, r.due_before, r.due_after, r.stability_before,
            r.stability_after, r.difficulty_before, r.difficulty_after, r.scheduled_days)
           is distinct from
           (step.elapsed_days, cur_state, step.next_state, cur_due, step.next_due, cur_stability,
            step.next_stability, cur_difficulty, step.next_difficulty, step.next_scheduled_days);
    cur_state := step.next_state;
    cur_steps := step.next_learning_steps;
    cur_stability := step.next_stability;
    cur_difficulty := step.next_difficulty;
    cur_scheduled := step.next_scheduled_days;
    cur_reps := step.next_reps;
    cur_lapses := step.next_lapses;
    cur_last := logged.reviewed_at;
    cur_due := step.next_due;
  end loop;
  update public.flashcards f
     set state = cur_state, learning_steps = cur_steps, stability = cur_stability,
         difficulty = cur_difficulty, scheduled_days = cur_scheduled, due = cur_due,
         reps = cur_reps, lapses = cur_lapses, last_review = cur_last
   where f.id = replay_flashcard.card_id
  returning * into card;
  return card;
end;
$$;
comment on function private.replay_flashcard(uuid) is
  'Recomputes a card''s FSRS state from its review log in reviewed_at order (from New), fixing the log''s before/after columns; the caller holds the row lock.';

-- Why one core: the live review, the offline one arriving late and the parity test's replay
-- all go through it. Locks the card, takes a review_id once, applies the rating at `at`
-- (incrementally when it is the card's newest review, else by replaying the log) and logs
-- it. Does not check who owns the card nor the time window: public.rate_flashcard does.
-- Returns {card: Flashcard, duplicate, replayed}.
create or replace function private.record_review_at(
  card uuid, rating smallint, at timestamptz, review_id uuid default null, duration_ms integer default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  before public.flashcards;
  after public.flashcards;
  entry public.entries;
  earlier public.reviews;
  step record;
  replayed boolean := false;
begin
  if rating is null or rating not between 1 and 4 then
    raise exception 'rating must be 1 (Again) to 4 (Easy)' using errcode = 'PT400', hint = 'review_quality_invalid', column = 'quality';
  end if;
  if duration_ms is not null and duration_ms not between 0 and 3600000 then
    raise exception 'a review lasts 0 ms to an hour' using errcode = 'PT400', hint = 'review_duration_invalid', column = 'durationMs';
  end if;
  select * into before from public.flashcards f where f.id = record_review_at.card for update;
  if before.id is null then
    raise exception 'no flashcard %', card using errcode = 'PT404', hint = 'flashcard_not_found';
  end if;
  -- The same review again (a retried sync): nothing changes. The card lock orders two
  -- copies of one review, so the second always sees the first.
  if record_review_at.review_id is not null then
    select * into earlier from public.reviews r
     where r.user_id = before.user_id and r.review_id = record_review_at.review_id;
    if earlier.id is not null then
      if earlier.flashcard_id is distinct from before.id then
        raise exception 'review % belongs to another card', review_id
          using errcode = 'PT409', hint = 'review_id_reused', column = 'reviewId';
      end if;
      select * into entry from public.entries e where e.id = before.entry_id;
      return jsonb_build_object('card', private.flashcard_json(before, entry), 'duplicate', true, 'replayed', false);
    end if;
  end if;

  if before.last_review is null or at >= before.last_review then
    -- The newest review of the card (the usual case): one FSRS step from its state.
    select * into step
      from private.fsrs_next(before.state, before.learning_steps, before.stability, before.difficulty,
                             before.reps, before.lapses, before.last_review, at, rating);
    update public.flashcards f
       set state = step.next_state, learning_steps = step.next_learning_steps,
           stability = step.next_stability, difficulty = step.next_difficulty,
           scheduled_days = step.next_scheduled_days, due = step.next_due,
           reps = step.next_reps, lapses = step.next_lapses, last_review = at
     where f.id = before.id
    returning * into after;
    insert into public.reviews (flashcard_id, user_id, rating, reviewed_at, elapsed_days,
                                state_before, state_after, due_before, due_after,
                                stability_before, stability_after, difficulty_before, difficulty_after,
                                scheduled_days, review_id, duration_ms)
    values (before.id, before.user_id, rating, at, step.elapsed_days,
            before.state, after.state, before.due, after.due,
            before.stability, after.stability, before.difficulty, after.difficulty,
            after.scheduled_days, record_review_at.review_id, record_review_at.duration_ms);
  else
    -- Older than the card's last review: logged in its place, then the log is replayed.
    -- The derived columns written here are placeholders the replay overwrites.
    insert into public.reviews (flashcard_id, user_id, rating, reviewed_at, elapsed_days,
                                state_before, state_after, due_before, due_after,
                                stability_before, stability_after, difficulty_before, difficulty_after,
                                scheduled_days, review_id, duration_ms)
    values (before.id, before.user_id, rating, at, 0,
            before.state, before.state, before.due, before.due,
            before.stability, before.stability, before.difficulty, before.difficulty,
            before.scheduled_days, record_review_at.review_id, record_review_at.duration_ms);
    after := private.replay_flashcard(before.id);
    replayed := true;
  end if;
  select * into entry from public.entries e where e.id = after.entry_id;
  return jsonb_build_object('card', private.flashcard_json(after, entry), 'duplicate', false, 'replayed', replayed);
end;
$$;
comment on function private.record_review_at(uuid, smallint, timestamptz, uuid, integer) is
  'Applies one rating to a card at `at` (row locked; a known review_id changes nothing; an older review replays the log); returns {card, duplicate, replayed}. No ownership check.';

-- The first core's name and shape, kept for the FSRS parity test and the pgTAP files that
-- freeze time with it: a review at `at` without a client id.
create or replace function private.review_flashcard_at(card uuid, rating smallint, at timestamptz)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
begin
  return private.record_review_at(card, rating, at) -> 'card';
end;
$$;
comment on function private.review_flashcard_at(uuid, smallint, timestamptz) is
  'Applies one FSRS review to a card at `at` (row locked, out-of-order reviews replayed), logs it; returns the Flashcard JSON. No ownership check.';

-- When the client says a review happened: not more than 5 minutes ahead of the server's
-- clock (clocks drift), not more than 30 days back (an offline queue older than that is
-- stale). Null is now.
create or replace function private.review_time(reviewed_at timestamptz, at timestamptz)
returns timestamptz
language plpgsql
immutable
set search_path = ''
as $$
begin
  if reviewed_at is null then
    return at;
  end if;
  if reviewed_at > at + interval '5 minutes' or reviewed_at < at - interval '30 days' then
    raise exception 'a review is dated within the last 30 days, not in the future'
      using errcode = 'PT400', hint = 'review_time_invalid', column = 'reviewedAt';
  end if;
  return reviewed_at;
end;
$$;
comment on function private.review_time(timestamptz, timestamptz) is
  'The instant a review counts at: reviewed_at if within [at - 30 days, at + 5 minutes] (else PT400 review_time_invalid), `at` when null.';

-- Why security definer: the scheduling columns, the log and the streak columns are not the
-- caller's to write (column grants); this checks the card is the caller's. One call per
-- rating: the review, and the streak day it counts (a day already counted, or a review for
-- a day before the last counted one, counts nothing). Returns {card, streak, duplicate}.
create or replace function public.rate_flashcard(
  card uuid, rating smallint, review_id uuid default null, reviewed_at timestamptz default null,
  duration_ms integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
  at timestamptz;
  result jsonb;
  streak jsonb;
begin
  perform private.require_sign_in('login_required');
  if rating is null or rating not between 1 and 4 then
    raise exception 'rating must be 1 (Again) to 4 (Easy)' using errcode = 'PT400', hint = 'review_quality_invalid', column = 'quality';
  end if;
  -- A review already taken is answered as such even when its retry comes after the window
  -- (the reply to the first sync was lost): only a new review must be dated within it.
  if rate_flashcard.review_id is not null
     and exists (select 1 from public.reviews r where r.user_id = caller and r.review_id = rate_flashcard.review_id) then
    at := now();
  else
    at := private.review_time(rate_flashcard.reviewed_at, now());
  end if;
  -- Someone else's card is answered like a missing one. The lock is taken here, with the
  -- ownership check, and held through the review.
  perform 1 from public.flashcards f
   where f.id = rate_flashcard.card and f.user_id = caller
     for update;
  if not found then
    raise exception 'no flashcard %', card using errcode = 'PT404', hint = 'flashcard_not_found';
  end if;
  result := private.record_review_at(card, rating, at, rate_flashcard.review_id, rate_flashcard.duration_ms);
  if (result ->> 'duplicate')::boolean then
    streak := private.current_streak_at(caller, now()) || jsonb_build_object(
      'updated', false, 'longest', (select p.longest_streak from public.profiles p where p.id = caller),
      'freezesUsed', 0, 'freezeEarned', false);
  else
    streak := private.update_streak_at(caller, at);
    if (streak ->> 'updated')::boolean then
      update public.profiles p set streak_news = streak where p.id = caller;
    end if;
  end if;
  return jsonb_build_object('card', result -> 'card', 'streak', streak, 'duplicate', result -> 'duplicate');
end;
$$;
comment on function public.rate_flashcard(uuid, smallint, uuid, timestamptz, integer) is
  'Rates one of the caller''s cards 1 Again .. 4 Easy (FSRS-6) at reviewed_at (default now), once per review_id, and counts the streak day: {card, streak, duplicate}.';

-- The spec's first review call, now the same review (and streak day) without a client id.
-- Invoker: rate_flashcard checks the caller and owns the writes.
create or replace function public.review_flashcard(card uuid, rating smallint)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  return public.rate_flashcard(card, rating) -> 'card';
end;
$$;
comment on function public.review_flashcard(uuid, smallint) is
  'Rates one of the caller''s cards now (see rate_flashcard); returns the updated Flashcard JSON.';

-- updateStreak after a rating: the rating has counted the day already, so the count is
-- reported here once (updated true, as the spec's clients expect after their first rating
-- of the day), then updated false. A day it counts itself is reported as before.
create or replace function public.update_streak()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
  result jsonb;
  news jsonb;
  day_ends_at timestamptz;
begin
  perform private.require_sign_in('login_required');
  result := private.update_streak_at(caller, now());
  select p.streak_news, p.last_streak_day_ends_at into news, day_ends_at
    from public.profiles p where p.id = caller for update;
  if news is not null then
    update public.profiles p set streak_news = null where p.id = caller;
  end if;
  -- News of a day that has ended (an offline review's) is not today's to announce.
  if not (result ->> 'updated')::boolean and news is not null and day_ends_at > now() then
    return news;
  end if;
  return result;
end;
$$;
comment on function public.update_streak() is
  'Counts today for the caller if they reviewed a card today (their time zone), or reports once the day a rating counted: {updated, streak, longest, freezes, freezesUsed, freezeEarned}.';

-- The caller's review log for the CSV export (the FSRS optimizer's columns), oldest first.
create or replace function public.export_reviews()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('login_required');
  return coalesce(
    (select jsonb_agg(jsonb_build_object(
              'cardId', r.flashcard_id,
              'reviewTime', floor(extract(epoch from r.reviewed_at) * 1000)::bigint,
              'rating', r.rating,
              'state', r.state_before,
              'elapsedDays', r.elapsed_days)
            -- Only where the client measured it, so older rows keep the shape they had.
            || case when r.duration_ms is null then '{}'::jsonb else jsonb_build_object('durationMs', r.duration_ms) end
            order by r.reviewed_at, r.id)
       from public.reviews r
      where r.user_id = (select auth.uid())),
    '[]'::jsonb);
end;
$$;
comment on function public.export_reviews() is
  'The caller''s review log (cardId, reviewTime in epoch ms, rating, state before, elapsedDays, durationMs when measured), oldest first.';

revoke all on function private.replay_flashcard(uuid) from public, anon, authenticated, service_role;
revoke all on function private.record_review_at(uuid, smallint, timestamptz, uuid, integer) from public, anon, authenticated, service_role;
revoke all on function private.review_time(timestamptz, timestamptz) from public, anon, authenticated, service_role;
revoke all on function public.rate_flashcard(uuid, smallint, uuid, timestamptz, integer) from public, anon, authenticated, service_role;
revoke all on function public.review_flashcard(uuid, smallint) from public, anon, authenticated, service_role;
-- Guests may call them only to be told to log in (PT401), in the client's words.
grant execute on function public.rate_flashcard(uuid, smallint, uuid, timestamptz, integer) to anon, authenticated;
grant execute on function public.review_flashcard(uuid, smallint) to anon, authenticated;
