-- Issue 32, counts that add up: today's session counts (the review screen's "N cards left",
-- the header's done/goal) are one definition: a card waiting for another learning step today
-- is learning, not left. The due list's `total` counts those cards with the rest; `learning`
-- says how many of them are in a (re)learning step, so the header, which reads the smallest
-- page, shows what the session shows. As 20261001000110, plus `learning`.

-- The caller's (re)learning cards due by the end of their local day at `at` (RLS: their own).
create or replace function private.learning_flashcard_count_at(user_id uuid, at timestamptz)
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from public.flashcards f
   where f.user_id = learning_flashcard_count_at.user_id
     and f.due < private.local_day_end(learning_flashcard_count_at.user_id, learning_flashcard_count_at.at)
     and f.state in (1, 3)
     and exists (select 1 from public.entries e where e.id = f.entry_id)
$$;
comment on function private.learning_flashcard_count_at(uuid, timestamptz) is
  'How many of the cards today''s session has left at `at` are in a (re)learning step (due by the end of the learner''s local day).';

revoke all on function private.learning_flashcard_count_at(uuid, timestamptz) from public, anon, authenticated, service_role;
grant execute on function private.learning_flashcard_count_at(uuid, timestamptz) to authenticated;

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
    'learning', private.learning_flashcard_count_at((select auth.uid()), now()),
    'today', jsonb_build_object(
      'newCardsPerDay', allowance.new_cards_per_day, 'maxReviewsPerDay', allowance.max_reviews_per_day,
      'newCards', allowance.new_today, 'reviews', allowance.reviews_today));
end;
$$;
comment on function public.due_flashcards(integer) is
  'The caller''s first max_cards (at most 1000) cards of today''s session (due by the end of their local day, within their daily limits), oldest due first, with recall and button previews; how many in all, and how many of them are in a learning step; and today''s counts against the limits: {cards, total, learning, today}.';

revoke all on function public.due_flashcards(integer) from public, anon, authenticated, service_role;
-- Guests may call it only to be told to log in (PT401).
grant execute on function public.due_flashcards(integer) to anon, authenticated;
