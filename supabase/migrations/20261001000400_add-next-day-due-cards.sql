-- Issue 20: the service worker keeps the next day's due cards, so a learner who opens the
-- app offline tomorrow (on the bus) still has a session. Today's due list as
-- public.due_flashcards answers it, plus `nextDay`: the session the learner's next local day
-- would start with (the cards due before its end, within a whole day's limits, as nothing of
-- it has been reviewed yet), and when that day starts (the same boundary as streaks and the
-- daily limits). Invoker: RLS and auth.uid() keep it to the caller's own cards.
create or replace function public.due_flashcards_ahead(max_cards integer default 100)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  next_day_start timestamptz;
begin
  perform private.require_sign_in('login_required');
  -- A token whose session ended gets nothing, even called past the /api.
  perform private.assert_session();
  next_day_start := private.local_day_end((select auth.uid()), now());
  return public.due_flashcards(max_cards) || jsonb_build_object(
    'nextDay', jsonb_build_object(
      'from', next_day_start,
      'cards', private.due_flashcards_at((select auth.uid()), next_day_start, max_cards)));
end;
$$;
comment on function public.due_flashcards_ahead(integer) is
  'public.due_flashcards plus nextDay: {from: when the caller''s next local day starts, cards: the first max_cards cards of that day''s session (due before its end, within a whole day''s limits), oldest due first}.';

revoke all on function public.due_flashcards_ahead(integer) from public, anon, authenticated, service_role;
-- Guests may call it only to be told to log in (PT401).
grant execute on function public.due_flashcards_ahead(integer) to anon, authenticated;
