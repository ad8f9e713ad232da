-- The card browser (/flashcards/cards): a learner's cards searched and filtered (country,
-- tag, FSRS state, suspended), a page at a time; suspend and resume (a suspended card is
-- never due: today's session leaves it out), and reset (the card starts again as New).

alter table public.flashcards add column suspended boolean not null default false;
comment on column public.flashcards.suspended is 'Suspended by its learner: kept, but never in a review session until resumed.';

-- A learner flips only `suspended`, only on their own cards, through suspend_flashcard.
grant update (suspended) on public.flashcards to authenticated;
create policy "Learners can suspend and resume their own flashcards"
  on public.flashcards for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- As 20261001000110, without suspended cards.
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
     where f.user_id = session_flashcards.user_id and f.due < day_end and f.state in (1, 3) and not f.suspended
       and exists (select 1 from public.entries e where e.id = f.entry_id)
     order by f.due, f.id
     limit page;
  return query
    select f.* from public.flashcards f
     where f.user_id = session_flashcards.user_id and f.due < day_end and f.state = 2 and not f.suspended
       and exists (select 1 from public.entries e where e.id = f.entry_id)
     order by f.due, f.id
     limit least(allowance.reviews_left, page);
  return query
    select f.* from public.flashcards f
     where f.user_id = session_flashcards.user_id and f.due < day_end and f.state = 0 and not f.suspended
       and exists (select 1 from public.entries e where e.id = f.entry_id)
     order by f.due, f.id
     limit least(allowance.new_left, page);
end;
$$;
comment on function private.session_flashcards(uuid, timestamptz, integer) is
  'Up to max_cards of each kind of the cards due by the end of the learner''s local day at `at` that today''s limits let through (learning steps always), suspended ones never.';

-- As 20261001000110, without suspended cards.
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
           where f.user_id = due_flashcard_count_at.user_id and f.due < day_end and f.state in (1, 3) and not f.suspended
             and exists (select 1 from public.entries e where e.id = f.entry_id))
       + (select count(*)::integer from (select 1 from public.flashcards f
           where f.user_id = due_flashcard_count_at.user_id and f.due < day_end and f.state = 2 and not f.suspended
             and exists (select 1 from public.entries e where e.id = f.entry_id)
           limit allowance.reviews_left) s)
       + (select count(*)::integer from (select 1 from public.flashcards f
           where f.user_id = due_flashcard_count_at.user_id and f.due < day_end and f.state = 0 and not f.suspended
             and exists (select 1 from public.entries e where e.id = f.entry_id)
           limit allowance.new_left) s);
end;
$$;
comment on function private.due_flashcard_count_at(uuid, timestamptz) is
  'How many cards today''s session has left at `at` (due by the end of the learner''s local day, within the daily limits, suspended ones never).';

-- A browsed card: the Flashcard JSON plus whether it is suspended and its entry's tag names.
create or replace function private.browsed_flashcard_json(card public.flashcards, entry public.entries)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.flashcard_json(card, entry) || jsonb_build_object(
    'suspended', card.suspended,
    'tags', coalesce((select jsonb_agg(t.name order by lower(t.name))
                        from public.entry_tags et join public.tags t on t.id = et.tag_id
                       where et.entry_id = entry.id), '[]'::jsonb))
$$;
comment on function private.browsed_flashcard_json(public.flashcards, public.entries) is
  'A card as the browser lists it: Flashcard JSON with `suspended` and its entry''s `tags` (names).';

-- The caller's cards, newest first, that match: `q` in the word or either meaning (case
-- aside, taken literally), the entry's country, a tag (by name, case aside), a state (new,
-- learning, review, relearning: the FSRS state; suspended: the suspended ones). Keyset pages:
-- the rows after (after_created_at, after_id), page_size of them (the api asks one more to
-- know whether a next page exists). Invoker: RLS keeps it to the caller's own cards and
-- entries they can see.
create or replace function public.browse_flashcards(
  q text default null, country text default null, tag text default null, state text default null,
  page_size integer default 50, after_created_at timestamptz default null, after_id uuid default null)
returns setof jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  pattern text;
  state_no smallint;
begin
  perform private.require_sign_in('login_required');
  if browse_flashcards.state is not null and browse_flashcards.state not in ('new', 'learning', 'review', 'relearning', 'suspended') then
    raise exception 'unknown state %', browse_flashcards.state using errcode = 'PT400', hint = 'invalid_input', column = 'state';
  end if;
  if nullif(btrim(q), '') is not null then
    pattern := '%' || replace(replace(replace(lower(btrim(q)), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  end if;
  state_no := array_position(array['new', 'learning', 'review', 'relearning'], browse_flashcards.state) - 1;
  return query
    select private.browsed_flashcard_json(f, e)
      from public.flashcards f
      join public.entries e on e.id = f.entry_id
     where f.user_id = (select auth.uid())
       and (pattern is null or lower(e.title) like pattern or lower(e.description) like pattern
            or lower(coalesce(e.description_es, '')) like pattern)
       and (browse_flashcards.country is null or e.country = upper(browse_flashcards.country))
       and (browse_flashcards.tag is null or exists (
             select 1 from public.entry_tags et join public.tags t on t.id = et.tag_id
              where et.entry_id = e.id and lower(t.name) = lower(btrim(browse_flashcards.tag))))
       and (browse_flashcards.state is null
            or (browse_flashcards.state = 'suspended' and f.suspended)
            or f.state = state_no)
       and (after_created_at is null or (f.created_at, f.id) < (after_created_at, after_id))
     order by f.created_at desc, f.id desc
     limit greatest(least(coalesce(page_size, 50), 101), 1);
end;
$$;
comment on function public.browse_flashcards(text, text, text, text, integer, timestamptz, uuid) is
  'The caller''s cards matching q / country / tag / state, newest first, a keyset page at a time, as browsed card JSON.';

-- Suspends or resumes one of the caller's cards; returns it as the browser lists it.
-- Invoker: the update policy and the column grant keep it to `suspended` on their own cards.
create or replace function public.suspend_flashcard(card uuid, suspended boolean)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  written public.flashcards;
  entry public.entries;
begin
  perform private.require_sign_in('login_required');
  if suspend_flashcard.suspended is null then
    raise exception 'suspended must be true or false' using errcode = 'PT400', hint = 'invalid_input', column = 'suspended';
  end if;
  update public.flashcards f set suspended = suspend_flashcard.suspended
   where f.id = suspend_flashcard.card and f.user_id = (select auth.uid())
  returning * into written;
  if written.id is null then
    raise exception 'no flashcard %', card using errcode = 'PT404', hint = 'flashcard_not_found';
  end if;
  select * into entry from public.entries e where e.id = written.entry_id;
  return private.browsed_flashcard_json(written, entry);
end;
$$;
comment on function public.suspend_flashcard(uuid, boolean) is
  'Suspends (true) or resumes (false) one of the caller''s cards; a suspended card is never due. Returns it as browsed card JSON.';

-- Why security definer: the scheduling columns and the log are not the learner's to write
-- (only ratings write them). Resets one of the caller's cards to New, due now: its review
-- log stays the learner's (calendar, streak, export) but no longer the card's, so a review
-- synced later replays from the reset, not from before it.
create or replace function private.reset_own_flashcard(card uuid)
returns public.flashcards
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  written public.flashcards;
begin
  perform private.require_sign_in('login_required');
  perform 1 from public.flashcards f where f.id = reset_own_flashcard.card and f.user_id = (select auth.uid()) for update;
  if not found then
    raise exception 'no flashcard %', card using errcode = 'PT404', hint = 'flashcard_not_found';
  end if;
  update public.reviews r set flashcard_id = null where r.flashcard_id = reset_own_flashcard.card;
  update public.flashcards f
     set state = 0, learning_steps = 0, stability = 0, difficulty = 0, scheduled_days = 0,
         reps = 0, lapses = 0, last_review = null, due = now()
   where f.id = reset_own_flashcard.card
  returning * into written;
  return written;
end;
$$;
comment on function private.reset_own_flashcard(uuid) is
  'Resets one of the caller''s cards to FSRS New, due now, detaching its review log (PT404 flashcard_not_found for anyone else''s).';

-- Invoker: the reset core checks the caller; the card is read back under RLS.
create or replace function public.reset_flashcard(card uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  written public.flashcards;
  entry public.entries;
begin
  perform private.require_sign_in('login_required');
  written := private.reset_own_flashcard(card);
  select * into entry from public.entries e where e.id = written.entry_id;
  return private.browsed_flashcard_json(written, entry);
end;
$$;
comment on function public.reset_flashcard(uuid) is
  'Resets one of the caller''s cards to New (due now, its log detached); returns it as browsed card JSON.';

create index flashcards_user_created_idx on public.flashcards (user_id, created_at desc, id desc);

revoke all on function private.browsed_flashcard_json(public.flashcards, public.entries) from public, anon, authenticated, service_role;
revoke all on function public.browse_flashcards(text, text, text, text, integer, timestamptz, uuid) from public, anon, authenticated, service_role;
revoke all on function public.suspend_flashcard(uuid, boolean) from public, anon, authenticated, service_role;
revoke all on function private.reset_own_flashcard(uuid) from public, anon, authenticated, service_role;
revoke all on function public.reset_flashcard(uuid) from public, anon, authenticated, service_role;
grant execute on function private.browsed_flashcard_json(public.flashcards, public.entries) to authenticated;
grant execute on function private.reset_own_flashcard(uuid) to authenticated;
-- Guests may call them only to be told to log in (PT401).
grant execute on function public.browse_flashcards(text, text, text, text, integer, timestamptz, uuid) to anon, authenticated;
grant execute on function public.suspend_flashcard(uuid, boolean) to anon, authenticated;
grant execute on function public.reset_flashcard(uuid) to anon, authenticated;
