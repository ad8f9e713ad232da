-- Issue 35: study a whole country (or tag) in one tap. add_deck adds the best-voted shown
-- entries of a country and/or tag that the learner holds no basic card of, as basic cards,
-- under the same rules as add_flashcard (the insert policy and triggers of public.flashcards).
--
-- Write limits: a deck's cards still count as `cards` (private.limit_account_writes, 120 a
-- minute, 300 an hour for a new account: a deck of 100 fits, on a fresh account too), and the
-- deck itself counts as one write of its own kind `decks`, so a loop of decks that add nothing
-- (all held, or an empty tag) is bounded as well. A deck the cards limit has no room for is
-- refused before any work. A refused deck rolls back whole: no card added, no write counted.

insert into private.write_limits (kind, per_minute, per_hour_new, per_hour) values
  ('decks', 10, 30, 60);

-- Why security definer: it reads the caller's account age and the counters
-- (private.write_limits and private.rate_limits are closed to the API roles). Counts the deck
-- as one write of kind `decks` (the same two windows private.limit_account_writes keeps for a
-- row), then refuses it at once when the caller's `cards` windows have less room left than
-- the deck may add: a deck refused by its cards midway would cost the whole ranking first and,
-- rolled back, not even count as a deck, so a script could repeat it for free.
create or replace function private.count_deck_write(deck_limit integer)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  decks private.write_limits;
  cards private.write_limits;
  is_new boolean;
  room integer;
  opens_at timestamptz;
begin
  select * into decks from private.write_limits l where l.kind = 'decks';
  select * into cards from private.write_limits l where l.kind = 'cards';
  select coalesce(p.created_at > now() - interval '1 day', true) into is_new from public.profiles p where p.id = who;
  perform private.take_rate_limit('writes:decks:minute', who::text, decks.per_minute, interval '1 minute', 'rate_limited');
  perform private.take_rate_limit('writes:decks:hour', who::text,
                                  case when coalesce(is_new, true) then decks.per_hour_new else decks.per_hour end,
                                  interval '1 hour', 'rate_limited');
  -- The cards window with the least room left, among those still open.
  select w.room, w.opens_at into room, opens_at
    from (values ('writes:cards:minute', cards.per_minute, interval '1 minute'),
                 ('writes:cards:hour', case when coalesce(is_new, true) then cards.per_hour_new else cards.per_hour end, interval '1 hour'))
           as k (bucket, max_hits, per)
    cross join lateral (select k.max_hits - r.hits as room, r.window_start + k.per as opens_at
                          from private.rate_limits r
                         where r.bucket = k.bucket and r.client = who::text and r.window_start > now() - k.per) as w
   order by w.room
   limit 1;
  if room < count_deck_write.deck_limit then
    raise exception 'a deck of % cards does not fit the % card writes left', count_deck_write.deck_limit, room
      using errcode = 'PT429', hint = 'rate_limited',
            detail = jsonb_build_object('retryAfter', greatest(1, ceil(extract(epoch from opens_at - now()))))::text;
  end if;
end;
$$;
comment on function private.count_deck_write(integer) is
  'Counts one deck (add_deck) of the signed-in caller as kind decks in private.write_limits, and refuses a deck of deck_limit cards that the caller''s cards windows have no room for; PT429 rate_limited (retryAfter) either way.';
revoke all on function private.count_deck_write(integer) from public, anon, authenticated;
grant execute on function private.count_deck_write(integer) to authenticated;

-- Security invoker: the entries policy shows the caller only what they may read, the
-- flashcards insert policy makes every card the caller's own and of a shown entry.
--
-- The deck is the matching shown entries (country: the entry's country; tag: the tag's name,
-- any case, as the card browser filters), best voted first, then newest, then id (the home
-- list's order). Walking that order, the first deck_limit entries without a basic card of the
-- caller's are added. `skipped` counts the matching entries the walk passed over because the
-- caller already held their basic card: those ranked before the last one added, or every
-- held match when the deck ran out before deck_limit (plus any a concurrent add_flashcard
-- took between the look and the insert). A learner's decks are taken one at a time (a
-- transaction lock), so two at once add different cards and never the same one twice.
create or replace function public.add_deck(country text default null, tag text default null, deck_limit integer default 20)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  deck_country text := upper(nullif(btrim(add_deck.country), ''));
  deck_tag text := lower(nullif(btrim(add_deck.tag), ''));
  picked uuid[];
  passed_over integer;
  added integer;
begin
  perform private.require_sign_in('login_required');
  if deck_country is null and deck_tag is null then
    raise exception 'a deck needs a country or a tag' using errcode = 'PT400', hint = 'deck_filter_required';
  end if;
  if deck_limit is null or deck_limit not between 1 and 100 then
    raise exception 'deck limit % is not between 1 and 100', deck_limit using errcode = 'PT400', hint = 'deck_limit_invalid', column = 'limit';
  end if;
  if deck_country is not null and not exists (select 1 from public.countries c where c.code = deck_country) then
    raise exception 'unknown country %', left(deck_country, 20) using errcode = 'PT400', hint = 'unknown_country', column = 'country';
  end if;
  perform private.count_deck_write(deck_limit);
  perform pg_advisory_xact_lock(hashtextextended('add_deck:' || who::text, 0));

  with matching as (
    select e.id,
           row_number() over (order by e.vote_score desc, e.created_at desc, e.id desc) as rank,
           exists (select 1 from public.flashcards f
                    where f.user_id = who and f.entry_id = e.id and f.kind = 'basic') as held
      from public.entries e
     where e.show and e.moderation is null
       and (deck_country is null or e.country = deck_country)
       and (deck_tag is null or exists (select 1 from public.entry_tags et join public.tags t on t.id = et.tag_id
                                         where et.entry_id = e.id and lower(t.name) = deck_tag))
  ), taken as (
    select m.id, m.rank from matching m where not m.held order by m.rank limit deck_limit
  )
  select array_agg(t.id order by t.rank),
         (select count(*) from matching m
           where m.held and (m.rank < max(t.rank) or count(t.id) < deck_limit))::integer
    into picked, passed_over
    from taken t;

  with inserted as (
    insert into public.flashcards as f (entry_id, kind)
    select p.id, 'basic' from unnest(coalesce(picked, '{}')) with ordinality as p (id, n) order by p.n
    on conflict on constraint flashcards_user_entry_kind_key do nothing
    returning f.id
  )
  select count(*)::integer into added from inserted;

  return jsonb_build_object('added', added,
                            'skipped', passed_over + coalesce(cardinality(picked), 0) - added);
end;
$$;
comment on function public.add_deck(text, text, integer) is
  'Adds the caller''s deck: up to deck_limit (1–100) of the best-voted shown entries of a country and/or tag they hold no basic card of, as basic cards; {added, skipped}: skipped = matching entries passed over as already held (ranked before the last one added, or all held ones when the deck ran out).';
revoke all on function public.add_deck(text, text, integer) from public, anon;
grant execute on function public.add_deck(text, text, integer) to authenticated;
