-- Flashcards: a learner's own spaced-repetition cards, one per entry, with the FSRS state
-- the scheduler keeps; and `reviews`, the append-only log of every rating (it feeds
-- streaks, the review calendar and the optimizer export). Owners only: nobody else reads a
-- learner's cards or history, and nobody (owner included) writes the scheduler state or the
-- log except the review function.
create table public.flashcards (
  id uuid primary key default extensions.gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  entry_id uuid not null references public.entries (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- FSRS card state, named as ts-fsrs names it.
  due timestamptz not null default now(),
  stability double precision not null default 0 check (stability >= 0),
  difficulty double precision not null default 0 check (difficulty >= 0),
  scheduled_days integer not null default 0 check (scheduled_days >= 0),
  learning_steps integer not null default 0 check (learning_steps >= 0),
  reps integer not null default 0 check (reps >= 0),
  lapses integer not null default 0 check (lapses >= 0),
  state smallint not null default 0 check (state between 0 and 3),
  last_review timestamptz,
  constraint flashcards_user_entry_key unique (user_id, entry_id)
);
comment on table public.flashcards is 'A learner''s flashcards (one per entry) with their FSRS scheduling state.';
comment on column public.flashcards.state is 'FSRS state: 0 New, 1 Learning, 2 Review, 3 Relearning.';
comment on column public.flashcards.learning_steps is 'Index of the current (re)learning step, as ts-fsrs counts it.';

-- The due query: one learner's cards in due order, never anyone else's.
create index flashcards_user_due_idx on public.flashcards (user_id, due);
create index flashcards_entry_idx on public.flashcards (entry_id);

alter table public.flashcards enable row level security;

create policy "Learners can read their own flashcards"
  on public.flashcards for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Learners can add shown entries to their own flashcards"
  on public.flashcards for insert
  to authenticated
  with check (user_id = (select auth.uid()) and exists (select 1 from public.entries e where e.id = entry_id and e.show));

create policy "Learners can remove their own flashcards"
  on public.flashcards for delete
  to authenticated
  using (user_id = (select auth.uid()));

-- The owner is always the caller and a new card starts in FSRS's New state; the scheduling
-- columns are written only by review_flashcard.
revoke all on public.flashcards from anon, authenticated;
grant select on public.flashcards to authenticated;
grant insert (entry_id) on public.flashcards to authenticated;
grant delete on public.flashcards to authenticated;

create table public.reviews (
  id bigint generated always as identity primary key,
  -- The log outlives a card removed (or its entry deleted): the learner's history stays.
  flashcard_id uuid references public.flashcards (id) on delete set null,
  user_id uuid not null references auth.users (id) on delete cascade,
  rating smallint not null check (rating between 1 and 4),
  reviewed_at timestamptz not null default now(),
  -- Whole days since the card's previous review (0 for a first review), as FSRS counts them.
  elapsed_days integer not null check (elapsed_days >= 0),
  state_before smallint not null check (state_before between 0 and 3),
  state_after smallint not null check (state_after between 0 and 3),
  due_before timestamptz not null,
  due_after timestamptz not null,
  stability_before double precision not null,
  stability_after double precision not null,
  difficulty_before double precision not null,
  difficulty_after double precision not null,
  scheduled_days integer not null check (scheduled_days >= 0)
);
comment on table public.reviews is 'Append-only log of every flashcard rating (1 Again, 2 Hard, 3 Good, 4 Easy) with the state before and after.';

create index reviews_user_time_idx on public.reviews (user_id, reviewed_at);
create index reviews_flashcard_idx on public.reviews (flashcard_id);

alter table public.reviews enable row level security;

create policy "Learners can read their own review log"
  on public.reviews for select
  to authenticated
  using (user_id = (select auth.uid()));

-- Read-only for everyone: rows are added by review_flashcard and never changed.
revoke all on public.reviews from anon, authenticated;
grant select on public.reviews to authenticated;
