-- Flashcard scheduling: FSRS-6 in plain SQL/plpgsql, equal to ts-fsrs 5.4.2's `fsrs()` with
-- its defaults and enable_fuzz false (21 default weights, request retention 0.9, maximum
-- interval 36500, short-term on, learning steps 1m 10m, relearning step 10m). ts-fsrs is the
-- reference: tests/integration/fsrs-parity.test.ts replays random histories through both.
-- Where ts-fsrs rounds (8 decimals after most formulas, Math.round for intervals and
-- minutes), this rounds the same way, or results drift apart after a few reviews.
--
-- The math is pure (immutable, no table access) in private; the public functions read and
-- write the tables. Every rule that depends on "now" has a private core taking `at`.

-- JavaScript's Math.round: halves go up (toward +infinity). Postgres' round(float8) rounds
-- halves to even, which would make 0.5-minute and 0.5-day cases differ from the reference.
create or replace function private.js_round(x double precision)
returns double precision
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  whole constant double precision := floor(x);
begin
  return case when x - whole >= 0.5::float8 then whole + 1 else whole end;
end;
$$;
comment on function private.js_round(double precision) is 'Math.round as JavaScript does it: halves toward +infinity.';

-- ts-fsrs' roundTo(x, 8): Math.round(x * 1e8) / 1e8, the same float operations.
-- plpgsql, like the other helpers here: a SQL function with its own search_path is not
-- inlined and costs several times more per call, and a review makes dozens of these calls.
create or replace function private.fsrs_round8(x double precision)
returns double precision
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  scaled constant double precision := x * 100000000::float8;
  whole constant double precision := floor(scaled);
begin
  return case when scaled - whole >= 0.5::float8 then whole + 1 else whole end / 100000000::float8;
end;
$$;
comment on function private.fsrs_round8(double precision) is 'ts-fsrs roundTo(x, 8): rounds to 8 decimals with Math.round semantics.';

-- The FSRS-6 default weights (ts-fsrs default_w). SQL arrays count from 1: w[k + 1] here is
-- w[k] in the FSRS papers and in ts-fsrs.
create or replace function private.fsrs_weights()
returns double precision[]
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  return array[0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666,
               0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658,
               0.1542]::double precision[];
end;
$$;
comment on function private.fsrs_weights() is 'FSRS-6 default parameters w0..w20 (ts-fsrs 5.4.2 default_w), 1-based.';

-- The forgetting curve R(t, S) = (1 + FACTOR * t / S) ^ DECAY, with FACTOR chosen so that
-- R(S, S) = 0.9; both rounded as ts-fsrs rounds them.
create or replace function private.fsrs_retrievability(elapsed_days double precision, stability double precision)
returns double precision
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  decay constant double precision := -(private.fsrs_weights())[21];
  factor constant double precision := private.fsrs_round8(exp(ln(0.9::float8) / decay) - 1);
begin
  return private.fsrs_round8(power(1 + factor * elapsed_days / stability, decay));
end;
$$;
comment on function private.fsrs_retrievability(double precision, double precision) is
  'FSRS-6 forgetting curve: predicted recall after elapsed_days at the given stability (ts-fsrs forgetting_curve).';

-- Days until the next review for a stability: S scaled to the requested retention 0.9
-- (ts-fsrs next_interval without fuzz), at least 1, at most the maximum interval 36500.
create or replace function private.fsrs_interval(stability double precision)
returns integer
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  decay constant double precision := -(private.fsrs_weights())[21];
  factor constant double precision := private.fsrs_round8(exp(ln(0.9::float8) / decay) - 1);
  modifier constant double precision := private.fsrs_round8((power(0.9::float8, 1 / decay) - 1) / factor);
begin
  return least(greatest(1, private.js_round(stability * modifier)), 36500)::integer;
end;
$$;
comment on function private.fsrs_interval(double precision) is 'FSRS-6 interval in days for a stability at retention 0.9, clamped to 1..36500.';

-- Initial difficulty D0(G) = w4 - e^((G-1) w5) + 1, rounded (not clamped: ts-fsrs clamps it
-- where it is used as a card's difficulty, not inside mean reversion).
create or replace function private.fsrs_init_difficulty(rating integer)
returns double precision
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  w constant double precision[] := private.fsrs_weights();
begin
  return private.fsrs_round8(w[5] - exp((rating - 1) * w[6]) + 1);
end;
$$;
comment on function private.fsrs_init_difficulty(integer) is 'FSRS-6 initial difficulty D0 for a rating 1..4 (unclamped).';

-- Next difficulty: linear damping toward 10, then mean reversion toward D0(Easy), in 1..10.
create or replace function private.fsrs_next_difficulty(difficulty double precision, rating integer)
returns double precision
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  w constant double precision[] := private.fsrs_weights();
  delta double precision := -w[7] * (rating - 3);
  next_d double precision := difficulty + private.fsrs_round8(delta * (10 - difficulty) / 9);
begin
  return least(greatest(
    private.fsrs_round8(w[8] * private.fsrs_init_difficulty(4) + (1 - w[8]) * next_d), 1), 10);
end;
$$;
comment on function private.fsrs_next_difficulty(double precision, integer) is 'FSRS-6 difficulty after a rating (damped, mean-reverted, clamped to 1..10).';

-- Next stability after a rating, for a card that has a memory state. Same-day reviews
-- (elapsed 0) use the short-term formula; a lapse the post-lapse stability (never above
-- S / e^(w17 w18)); a recall the recall stability (with the Hard penalty and Easy bonus).
create or replace function private.fsrs_next_stability(
  difficulty double precision, stability double precision, elapsed_days integer,
  retrievability double precision, rating integer)
returns double precision
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  w constant double precision[] := private.fsrs_weights();
  d constant double precision := difficulty;
  s constant double precision := stability;
  r constant double precision := retrievability;
  sinc double precision;
  after_fail double precision;
begin
  if elapsed_days = 0 then
    sinc := power(s, -w[20]) * exp(w[18] * (rating - 3 + w[19]));
    if rating >= 2 then
      sinc := greatest(sinc, 1);
    end if;
    return private.fsrs_round8(least(greatest(s * sinc, 0.001), 36500));
  elsif rating = 1 then
    after_fail := private.fsrs_round8(least(greatest(
      w[12] * power(d, -w[13]) * (power(s + 1, w[14]) - 1) * exp((1 - r) * w[15]), 0.001), 36500));
    return least(greatest(private.fsrs_round8(s / exp(w[18] * w[19])), 0.001), after_fail);
  else
    return private.fsrs_round8(least(greatest(
      s * (1 + exp(w[9]) * (11 - d) * power(s, -w[10]) * (exp((1 - r) * w[11]) - 1)
             * (case when rating = 2 then w[16] else 1 end) * (case when rating = 4 then w[17] else 1 end)),
      0.001), 36500));
  end if;
end;
$$;
comment on function private.fsrs_next_stability(double precision, double precision, integer, double precision, integer) is
  'FSRS-6 stability after a rating: short-term (same day), post-lapse or recall formula.';

-- One review of a card's FSRS state at `at` with a rating 1..4 (Again, Hard, Good, Easy): the
-- state after it, exactly as ts-fsrs' BasicScheduler computes it. Pure: the public functions
-- use it for the review itself and for the four-button preview.
create or replace function private.fsrs_next(
  state smallint, learning_steps integer, stability double precision, difficulty double precision,
  reps integer, lapses integer, last_review timestamptz, at timestamptz, rating smallint,
  out next_state smallint, out next_learning_steps integer, out next_stability double precision,
  out next_difficulty double precision, out next_scheduled_days integer, out next_due timestamptz,
  out next_reps integer, out next_lapses integer, out elapsed_days integer)
language plpgsql
-- Immutable although it adds intervals to timestamptz (a stable operator in general): only
-- whole seconds are added, never calendar days, so no time zone setting can change a result.
immutable
parallel safe
set search_path = ''
as $$
declare
  g constant integer := rating;
  r double precision;
  -- (Re)learning steps in minutes: 1m 10m while learning, 10m after a lapse.
  steps integer[] := case when state in (2, 3) then array[10] else array[1, 10] end;
  n integer;
  cur integer := coalesce(learning_steps, 0);
  step_minutes integer := 0;
  step_next integer := 0;
  to_state smallint;
  hard_days integer;
  good_days integer;
  easy_days integer;
begin
  if g is null or g not between 1 and 4 then
    raise exception 'rating must be 1 (Again) to 4 (Easy)' using errcode = 'PT400', hint = 'review_quality_invalid', column = 'quality';
  end if;
  n := array_length(steps, 1);
  -- Whole days between the two reviews' UTC calendar dates (ts-fsrs dateDiffInDays), so two
  -- reviews a minute apart across UTC midnight are a day apart. A review dated before the
  -- previous one (ts-fsrs refuses it) counts as the same day.
  elapsed_days := case when state <> 0 and last_review is not null
                       then greatest(0, (at at time zone 'UTC')::date - (last_review at time zone 'UTC')::date)
                       else 0 end;
  next_reps := reps + 1;
  next_lapses := lapses;

  -- Memory state. ts-fsrs starts from the initial formulas when the card has no memory yet
  -- (difficulty and stability both 0), whatever its state says.
  if difficulty = 0 and stability = 0 then
    next_difficulty := least(greatest(private.fsrs_init_difficulty(g), 1), 10);
    next_stability := greatest((private.fsrs_weights())[g], 0.1);
  else
    r := private.fsrs_retrievability(elapsed_days, stability);
    next_stability := private.fsrs_next_stability(difficulty, stability, elapsed_days, r, g);
    next_difficulty := private.fsrs_next_difficulty(difficulty, g);
  end if;

  if state = 2 and g >= 2 then
    -- A recalled review card: Hard <= Good < Easy in days, each from its own stability.
    hard_days := private.fsrs_interval(private.fsrs_next_stability(difficulty, stability, elapsed_days, r, 2));
    good_days := private.fsrs_interval(private.fsrs_next_stability(difficulty, stability, elapsed_days, r, 3));
    hard_days := least(hard_days, good_days);
    good_days := greatest(good_days, hard_days + 1);
    easy_days := greatest(private.fsrs_interval(private.fsrs_next_stability(difficulty, stability, elapsed_days, r, 4)), good_days + 1);
    next_state := 2;
    next_learning_steps := 0;
    next_scheduled_days := case g when 2 then hard_days when 3 then good_days else easy_days end;
    next_due := at + make_interval(secs => next_scheduled_days * 86400::float8);
    return;
  end if;

  -- The (re)learning step this rating leads to (ts-fsrs BasicLearningStepsStrategy); none
  -- (0 minutes) means the card graduates to Review with an FSRS interval.
  if n > 0 and cur < n then
    if state = 2 then
      step_minutes := steps[cur + 1];
      step_next := 0;
    elsif g = 1 then
      step_minutes := steps[1];
      step_next := 0;
    elsif g = 2 then
      step_minutes := case when n = 1 then private.js_round(steps[1] * 1.5::float8)
                           else private.js_round((steps[1] + steps[2]) / 2::float8) end;
      step_next := cur;
    elsif g = 3 and cur + 1 < n and steps[cur + 2] > 0 then
      step_minutes := steps[cur + 2];
      step_next := cur + 1;
    end if;
  end if;
  to_state := case state when 0 then 1 when 2 then 3 else state end;
  if state = 2 then
    next_lapses := lapses + 1;
  end if;

  if step_minutes > 0 and step_minutes < 1440 then
    next_state := to_state;
    next_learning_steps := step_next;
    next_scheduled_days := 0;
    next_due := at + make_interval(secs => step_minutes * 60::float8);
  elsif step_minutes >= 1440 then
    -- Unreachable with the default steps; kept so the rule reads as ts-fsrs' does.
    next_state := 2;
    next_learning_steps := step_next;
    next_scheduled_days := step_minutes / 1440;
    next_due := at + make_interval(secs => step_minutes * 60::float8);
  else
    next_state := 2;
    next_learning_steps := 0;
    next_scheduled_days := private.fsrs_interval(next_stability);
    next_due := at + make_interval(secs => next_scheduled_days * 86400::float8);
  end if;
end;
$$;
comment on function private.fsrs_next(smallint, integer, double precision, double precision, integer, integer, timestamptz, timestamptz, smallint) is
  'One FSRS-6 review (ts-fsrs 5.4.2 defaults, no fuzz): the card''s state after rating 1..4 at `at`.';

-- A card as the /api replies with it, with its entry's fields. plpgsql rather than SQL: a SQL
-- function that cannot be inlined is planned again on every call, and the due list calls
-- these once per card.
create or replace function private.flashcard_json(card public.flashcards, entry public.entries)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return jsonb_build_object(
    '_id', card.id,
    'userId', card.user_id,
    'contentId', card.entry_id,
    'createdAt', card.created_at,
    'due', card.due,
    'state', (array['new', 'learning', 'review', 'relearning'])[card.state + 1],
    'stability', card.stability,
    'difficulty', card.difficulty,
    'scheduledDays', card.scheduled_days,
    'learningSteps', card.learning_steps,
    'reps', card.reps,
    'lapses', card.lapses,
    'lastReview', card.last_review,
    'content', jsonb_build_object(
      '_id', entry.id,
      'title', entry.title,
      'description', entry.description,
      'exampleSentence', coalesce(entry.example_sentence, ''),
      'hint', coalesce(entry.hint, ''),
      'country', entry.country));
end;
$$;
comment on function private.flashcard_json(public.flashcards, public.entries) is 'A flashcard and its entry as the /api''s Flashcard JSON.';

-- A due card as the review screen needs it: the Flashcard JSON, the predicted recall now
-- (ts-fsrs get_retrievability: whole elapsed 24-hour days, not calendar days) and, for each
-- of the four buttons, when that rating would schedule the card next.
create or replace function private.due_flashcard_json(card public.flashcards, entry public.entries, at timestamptz)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  buttons constant text[] := array['again', 'hard', 'good', 'easy'];
  preview jsonb := '{}';
  next record;
begin
  for rating in 1..4 loop
    select * into next
      from private.fsrs_next(card.state, card.learning_steps, card.stability, card.difficulty,
                             card.reps, card.lapses, card.last_review, at, rating::smallint);
    preview := preview || jsonb_build_object(buttons[rating],
                 jsonb_build_object('due', next.next_due, 'scheduledDays', next.next_scheduled_days));
  end loop;
  return private.flashcard_json(card, entry) || jsonb_build_object(
    'retrievability',
      case when card.state = 0 or card.last_review is null then null
           else private.fsrs_retrievability(
                  greatest(floor((extract(epoch from at) - extract(epoch from card.last_review)) / 86400), 0)::float8,
                  private.fsrs_round8(card.stability)) end,
    'preview', preview);
end;
$$;
comment on function private.due_flashcard_json(public.flashcards, public.entries, timestamptz) is
  'A flashcard''s JSON plus its recall probability and each rating''s next due time at `at`.';

-- Adds a shown entry to the caller's flashcards as a New card due now.
create or replace function public.add_flashcard(entry_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  added public.flashcards;
  entry public.entries;
begin
  perform private.require_sign_in('login_required');
  -- A hidden entry is not there to learn, even for its owner or an admin (the insert policy
  -- refuses it too): the same 404 as a missing one.
  select * into entry from public.entries e where e.id = add_flashcard.entry_id and e.show;
  if entry.id is null then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  -- One statement, so two tabs adding the same entry at once get one card and one 409.
  insert into public.flashcards as f (entry_id)
  values (add_flashcard.entry_id)
  on conflict on constraint flashcards_user_entry_key do nothing
  returning * into added;
  if added.id is null then
    raise exception 'entry % is already a flashcard', entry_id using errcode = 'PT409', hint = 'flashcard_exists';
  end if;
  return private.flashcard_json(added, entry);
end;
$$;
comment on function public.add_flashcard(uuid) is 'Adds a shown entry to the caller''s flashcards (409 when already there); returns the Flashcard JSON.';

-- The caller's cards, newest first. Cards whose entry the caller can no longer see (hidden
-- by its author or an admin) are left out, as they are from the due list.
create or replace function public.flashcards_of_user()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('login_required');
  return coalesce(
    (select jsonb_agg(private.flashcard_json(f, e) order by f.created_at desc, f.id desc)
       from public.flashcards f
       join public.entries e on e.id = f.entry_id
      where f.user_id = (select auth.uid())),
    '[]'::jsonb);
end;
$$;
comment on function public.flashcards_of_user() is 'The caller''s flashcards as Flashcard JSON, newest first.';

-- The first instant of the learner's next local day at `at` (profiles.time_zone): their
-- "today" ends just before it, whatever daylight saving does to its length.
create or replace function private.local_day_end(user_id uuid, at timestamptz)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  zone text := coalesce((select p.time_zone from public.profiles p where p.id = local_day_end.user_id), 'UTC');
begin
  return (((at at time zone zone)::date + 1)::timestamp) at time zone zone;
end;
$$;
comment on function private.local_day_end(uuid, timestamptz) is 'When the learner''s local day containing `at` ends (the next local midnight).';

-- A learner's cards due by the end of their local day at `at`, oldest due first, at most
-- `max_cards` of them (a page the review screen works through; the count says how many are
-- due in all). Runs with the caller's rights: RLS keeps it to the caller's own cards
-- whatever user_id is passed; pgTAP passes a frozen `at`.
create or replace function private.due_flashcards_at(user_id uuid, at timestamptz, max_cards integer default 100)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  day_end timestamptz := private.local_day_end(user_id, at);
begin
  return coalesce(
    (select jsonb_agg(private.due_flashcard_json(f, e, at) order by f.due, f.id)
       from (select f.* from public.flashcards f
              where f.user_id = due_flashcards_at.user_id and f.due < day_end
              order by f.due, f.id
              limit greatest(least(max_cards, 1000), 0)) f
       join public.entries e on e.id = f.entry_id),
    '[]'::jsonb);
end;
$$;
comment on function private.due_flashcards_at(uuid, timestamptz, integer) is
  'A learner''s first max_cards cards due by the end of their local day at `at`, oldest due first, as DueFlashcard JSON.';

-- How many cards the learner has due by the end of their local day at `at`. The day's end
-- is computed once, so the count reads only the due part of the (user_id, due) index.
create or replace function private.due_flashcard_count_at(user_id uuid, at timestamptz)
returns integer
language plpgsql
stable
set search_path = ''
as $$
declare
  day_end timestamptz := private.local_day_end(user_id, at);
begin
  return (select count(*)::integer
            from public.flashcards f
            join public.entries e on e.id = f.entry_id
           where f.user_id = due_flashcard_count_at.user_id and f.due < day_end);
end;
$$;
comment on function private.due_flashcard_count_at(uuid, timestamptz) is 'How many of the learner''s cards are due by the end of their local day at `at`.';

create or replace function public.due_flashcards(max_cards integer default 100)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('login_required');
  return jsonb_build_object(
    'cards', private.due_flashcards_at((select auth.uid()), now(), max_cards),
    'total', private.due_flashcard_count_at((select auth.uid()), now()));
end;
$$;
comment on function public.due_flashcards(integer) is
  'The caller''s first max_cards (at most 1000) cards due by the end of their local day, oldest due first, with recall and button previews; and how many are due in all: {cards, total}.';

-- Rates a card at `at`: the FSRS state moves on, the review log gets a row with the state
-- before and after. The card row is locked first, so two tabs rating the same card at once
-- are applied one after the other, each from the other's result. Does not check who owns
-- the card: public.review_flashcard does (the parity test calls this directly).
create or replace function private.review_flashcard_at(card uuid, rating smallint, at timestamptz)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  before public.flashcards;
  after public.flashcards;
  entry public.entries;
  step record;
begin
  if rating is null or rating not between 1 and 4 then
    raise exception 'rating must be 1 (Again) to 4 (Easy)' using errcode = 'PT400', hint = 'review_quality_invalid', column = 'quality';
  end if;
  select * into before from public.flashcards f where f.id = review_flashcard_at.card for update;
  if before.id is null then
    raise exception 'no flashcard %', card using errcode = 'PT404', hint = 'flashcard_not_found';
  end if;
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
                              stability_before, stability_after, difficulty_before, difficulty_after, scheduled_days)
  values (before.id, before.user_id, rating, at, step.elapsed_days,
          before.state, after.state, before.due, after.due,
          before.stability, after.stability, before.difficulty, after.difficulty, after.scheduled_days);
  select * into entry from public.entries e where e.id = after.entry_id;
  return private.flashcard_json(after, entry);
end;
$$;
comment on function private.review_flashcard_at(uuid, smallint, timestamptz) is
  'Applies one FSRS review to a card at `at` (row locked), logs it; returns the Flashcard JSON. No ownership check.';

-- The caller rates one of their cards. Definer: the scheduling columns and the log are not
-- the caller's to write (column grants); this function checks the card is theirs.
create or replace function public.review_flashcard(card uuid, rating smallint)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.require_sign_in('login_required');
  if rating is null or rating not between 1 and 4 then
    raise exception 'rating must be 1 (Again) to 4 (Easy)' using errcode = 'PT400', hint = 'review_quality_invalid', column = 'quality';
  end if;
  -- Someone else's card is answered like a missing one. The lock is taken here, with the
  -- ownership check, and held through the review.
  perform 1 from public.flashcards f
   where f.id = review_flashcard.card and f.user_id = (select auth.uid())
     for update;
  if not found then
    raise exception 'no flashcard %', card using errcode = 'PT404', hint = 'flashcard_not_found';
  end if;
  return private.review_flashcard_at(card, rating, now());
end;
$$;
comment on function public.review_flashcard(uuid, smallint) is
  'Rates one of the caller''s cards 1 Again .. 4 Easy (FSRS-6); logs the review; returns the updated Flashcard JSON.';

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
              'elapsedDays', r.elapsed_days) order by r.reviewed_at, r.id)
       from public.reviews r
      where r.user_id = (select auth.uid())),
    '[]'::jsonb);
end;
$$;
comment on function public.export_reviews() is 'The caller''s review log (cardId, reviewTime in epoch ms, rating, state before, elapsedDays), oldest first.';

-- Grants. The pure FSRS helpers and the JSON builders are called by the invoker functions
-- below, so authenticated may run them (they read nothing and write nothing). The review
-- core writes what only the definer may: nobody else runs it.
revoke all on function private.js_round(double precision) from public, anon, authenticated, service_role;
revoke all on function private.fsrs_round8(double precision) from public, anon, authenticated, service_role;
revoke all on function private.fsrs_weights() from public, anon, authenticated, service_role;
revoke all on function private.fsrs_retrievability(double precision, double precision) from public, anon, authenticated, service_role;
revoke all on function private.fsrs_interval(double precision) from public, anon, authenticated, service_role;
revoke all on function private.fsrs_init_difficulty(integer) from public, anon, authenticated, service_role;
revoke all on function private.fsrs_next_difficulty(double precision, integer) from public, anon, authenticated, service_role;
revoke all on function private.fsrs_next_stability(double precision, double precision, integer, double precision, integer) from public, anon, authenticated, service_role;
revoke all on function private.fsrs_next(smallint, integer, double precision, double precision, integer, integer, timestamptz, timestamptz, smallint) from public, anon, authenticated, service_role;
revoke all on function private.flashcard_json(public.flashcards, public.entries) from public, anon, authenticated, service_role;
revoke all on function private.due_flashcard_json(public.flashcards, public.entries, timestamptz) from public, anon, authenticated, service_role;
revoke all on function private.due_flashcards_at(uuid, timestamptz, integer) from public, anon, authenticated, service_role;
revoke all on function private.due_flashcard_count_at(uuid, timestamptz) from public, anon, authenticated, service_role;
revoke all on function private.local_day_end(uuid, timestamptz) from public, anon, authenticated, service_role;
revoke all on function private.review_flashcard_at(uuid, smallint, timestamptz) from public, anon, authenticated, service_role;
grant execute on function private.js_round(double precision) to authenticated;
grant execute on function private.fsrs_round8(double precision) to authenticated;
grant execute on function private.fsrs_weights() to authenticated;
grant execute on function private.fsrs_retrievability(double precision, double precision) to authenticated;
grant execute on function private.fsrs_interval(double precision) to authenticated;
grant execute on function private.fsrs_init_difficulty(integer) to authenticated;
grant execute on function private.fsrs_next_difficulty(double precision, integer) to authenticated;
grant execute on function private.fsrs_next_stability(double precision, double precision, integer, double precision, integer) to authenticated;
grant execute on function private.fsrs_next(smallint, integer, double precision, double precision, integer, integer, timestamptz, timestamptz, smallint) to authenticated;
grant execute on function private.flashcard_json(public.flashcards, public.entries) to authenticated;
grant execute on function private.due_flashcard_json(public.flashcards, public.entries, timestamptz) to authenticated;
grant execute on function private.due_flashcards_at(uuid, timestamptz, integer) to authenticated;
grant execute on function private.due_flashcard_count_at(uuid, timestamptz) to authenticated;
grant execute on function private.local_day_end(uuid, timestamptz) to authenticated;

revoke all on function public.add_flashcard(uuid) from public, anon, authenticated, service_role;
revoke all on function public.flashcards_of_user() from public, anon, authenticated, service_role;
revoke all on function public.due_flashcards(integer) from public, anon, authenticated, service_role;
revoke all on function public.review_flashcard(uuid, smallint) from public, anon, authenticated, service_role;
revoke all on function public.export_reviews() from public, anon, authenticated, service_role;
-- Guests may call them only to be told to log in (PT401), in the client's words.
grant execute on function public.add_flashcard(uuid) to anon, authenticated;
grant execute on function public.flashcards_of_user() to anon, authenticated;
grant execute on function public.due_flashcards(integer) to anon, authenticated;
grant execute on function public.review_flashcard(uuid, smallint) to anon, authenticated;
grant execute on function public.export_reviews() to anon, authenticated;
