-- Issue 20, the next day offline and the daily limits. The next day's list the service worker
-- keeps (due_flashcards_ahead's nextDay) is chosen before that day begins, from the cards as
-- they are now; tonight's session may still take some of its New and Review cards (the
-- learner reviews on the bus, offline), and those ratings count toward tonight's day. So that
-- the next day still offers its whole day's limits offline, nextDay carries `spare`: the New
-- and Review cards that would come next in that day's session after its `cards`, as many of
-- each kind as today's session may still take (what is left of today's limits), at most
-- `max_cards` of each, oldest due first. The app offers them only in place of cards rated
-- since, within the day's limits, counting the ratings it holds (offeredSession).

-- The caller's cards of the session at `at` beyond `taken`: up to `new_extra` New and
-- `reviews_extra` Review cards due by the end of the learner's local day at `at`, as
-- DueFlashcard JSON, oldest due first. Invoker: RLS keeps it to the caller's own cards.
create or replace function private.spare_flashcards_at(user_id uuid, at timestamptz, taken uuid[], new_extra integer, reviews_extra integer)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(private.due_flashcard_json(f, e, spare_flashcards_at.at) order by f.due, f.id), '[]'::jsonb)
    from ((select f.* from public.flashcards f
            where f.user_id = spare_flashcards_at.user_id and f.state = 0
              and f.due < private.local_day_end(spare_flashcards_at.user_id, spare_flashcards_at.at)
              and f.id <> all (spare_flashcards_at.taken)
              and exists (select 1 from public.entries e where e.id = f.entry_id)
            order by f.due, f.id
            limit greatest(coalesce(new_extra, 0), 0))
          union all
          (select f.* from public.flashcards f
            where f.user_id = spare_flashcards_at.user_id and f.state = 2
              and f.due < private.local_day_end(spare_flashcards_at.user_id, spare_flashcards_at.at)
              and f.id <> all (spare_flashcards_at.taken)
              and exists (select 1 from public.entries e where e.id = f.entry_id)
            order by f.due, f.id
            limit greatest(coalesce(reviews_extra, 0), 0))) f
    join public.entries e on e.id = f.entry_id
$$;
comment on function private.spare_flashcards_at(uuid, timestamptz, uuid[], integer, integer) is
  'The caller''s New (up to new_extra) and Review (up to reviews_extra) cards due by the end of their local day at `at` that are not in `taken`, oldest due first, as DueFlashcard JSON.';

revoke all on function private.spare_flashcards_at(uuid, timestamptz, uuid[], integer, integer) from public, anon, authenticated, service_role;
grant execute on function private.spare_flashcards_at(uuid, timestamptz, uuid[], integer, integer) to authenticated;

-- As 20261001000400, with nextDay.spare.
create or replace function public.due_flashcards_ahead(max_cards integer default 100)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  next_day_start timestamptz;
  page constant integer := greatest(least(coalesce(max_cards, 100), 1000), 0);
  next_cards jsonb;
  today record;
begin
  perform private.require_sign_in('login_required');
  -- A token whose session ended gets nothing, even called past the /api.
  perform private.assert_session();
  next_day_start := private.local_day_end((select auth.uid()), now());
  next_cards := private.due_flashcards_at((select auth.uid()), next_day_start, max_cards);
  select * into today from private.daily_allowance((select auth.uid()), now());
  return public.due_flashcards(max_cards) || jsonb_build_object(
    'nextDay', jsonb_build_object(
      'from', next_day_start,
      'cards', next_cards,
      'spare', private.spare_flashcards_at((select auth.uid()), next_day_start,
                 array(select (c ->> '_id')::uuid from jsonb_array_elements(next_cards) c),
                 least(today.new_left, page), least(today.reviews_left, page))));
end;
$$;
comment on function public.due_flashcards_ahead(integer) is
  'public.due_flashcards plus nextDay: {from: when the caller''s next local day starts, cards: the first max_cards cards of that day''s session (due before its end, within a whole day''s limits), oldest due first, spare: the New and Review cards that would come next in it, as many of each as today''s limits still let today''s session take (at most max_cards each)}.';

revoke all on function public.due_flashcards_ahead(integer) from public, anon, authenticated, service_role;
-- Guests may call it only to be told to log in (PT401).
grant execute on function public.due_flashcards_ahead(integer) to anon, authenticated;
