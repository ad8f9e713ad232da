-- Issue 35: bring reviews back from Anki. importAnki reads a package's revlog (the edge
-- function parses the file) and hands the ratings of the caller's own notes to
-- public.import_anki_reviews, which merges them into the caller's cards: each review once
-- (a card's review within a second of the same instant is already here), in time order,
-- then each touched card replayed once through the same FSRS code a rating uses.
--
-- Limits: an import is one write of its own kind (10 an hour per learner), not one per
-- review, so a year of Anki history (20,000 reviews) goes through while a loop of imports
-- does not; reading a package (start_anki_import, before the file is read) has its own
-- limit (20 an hour), which also counts packages that are then refused.

-- The reviews' per-account write limit counts a learner's ratings one by one. Rows an
-- import inserts are counted once, as the import (below), not per row: the trigger skips
-- while import_anki_reviews has set `jerga.anki_import` for its own insert. No API role can
-- set that (PostgREST and /api set only role, claims and headers), and it is transaction-local.
drop trigger reviews_limit_account_writes on public.reviews;
create trigger reviews_limit_account_writes before insert on public.reviews
  for each row when (coalesce(current_setting('jerga.anki_import', true), '') <> 'on')
  execute function private.limit_account_writes('reviews');

-- Why security definer: it counts the read against private.rate_limits and reads (or makes)
-- the learner's key in private.anki_collections, neither of which the API roles may touch.
create or replace function public.start_anki_import()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
begin
  if caller is null then
    raise exception 'this needs a signed-in user' using errcode = 'PT401', hint = 'login_required';
  end if;
  perform private.take_rate_limit('anki_import_packages', caller::text, 20, interval '1 hour', 'rate_limited');
  return private.anki_collection_key(caller);
end;
$$;
comment on function public.start_anki_import() is
  'Before importAnki reads a package: counts the read (20 an hour per learner, PT429 rate_limited beyond) and returns the caller''s Anki collection key, the one their notes'' GUIDs carry.';
revoke all on function public.start_anki_import() from public, anon, authenticated;
grant execute on function public.start_anki_import() to authenticated;

-- Why security definer: it locks the learner's row in private.anki_collections (so two
-- imports of one learner run one after the other and the second finds the first's reviews
-- present), counts the import in private.rate_limits and writes reviews, which the API
-- roles may only read. It touches only the caller's own cards.
create or replace function public.import_anki_reviews(collection_key text, reviews jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller constant uuid := (select auth.uid());
  given integer;
  matched integer;
  added integer;
  touched uuid[];
  card_id uuid;
  day record;
  streak jsonb;
  news jsonb;
begin
  if caller is null then
    raise exception 'this needs a signed-in user' using errcode = 'PT401', hint = 'login_required';
  end if;
  if jsonb_typeof(reviews) is distinct from 'array' then
    raise exception 'reviews must be a JSON array' using errcode = 'PT400', hint = 'invalid_input', column = 'reviews';
  end if;
  given := jsonb_array_length(reviews);
  if given > 200000 then
    raise exception 'at most 200000 reviews an import' using errcode = 'PT413', hint = 'anki_package_too_large';
  end if;
  -- One learner's imports, one at a time: the second waits here and then sees the first's reviews.
  perform 1 from private.anki_collections c
   where c.user_id = caller and c.key = import_anki_reviews.collection_key
     for update;
  if not found then
    raise exception 'this package is not of your collection' using errcode = 'PT422', hint = 'anki_package_foreign';
  end if;
  perform private.take_rate_limit('anki_imports', caller::text, 10, interval '1 hour', 'rate_limited');

  -- The caller's cards the reviews name, locked in one order (as rate_flashcard locks one).
  perform 1 from public.flashcards f
   where f.user_id = caller
     and (f.entry_id, f.kind) in (select r."entryId", r.kind from jsonb_to_recordset(reviews) as r("entryId" uuid, kind text))
   order by f.id
     for update;

  perform set_config('jerga.anki_import', 'on', true);
  with taken as (
    select f.id as card, to_timestamp(r.at / 1000.0) as at, r.rating,
           case when r."durationMs" >= 0 then least(r."durationMs", 3600000) end as duration_ms
      from jsonb_to_recordset(reviews) as r("entryId" uuid, kind text, at bigint, rating smallint, "durationMs" bigint)
      join public.flashcards f on f.user_id = caller and f.entry_id = r."entryId" and f.kind = r.kind
     -- A rating Jerga can replay, made before now (a clock far ahead is not believed).
     where r.rating between 1 and 4 and r.at > 0 and r.at <= (extract(epoch from now()) + 60) * 1000
  ),
  fresh as (
    -- "Present": the card already has a review within a second of it (Anki never rates
    -- one card twice in a second; the exporter's revlog ids are its reviews' instants).
    select distinct on (t.card, t.at) t.*
      from taken t
     where not exists (select 1 from public.reviews r
                        where r.flashcard_id = t.card
                          and r.reviewed_at between t.at - interval '1 second' and t.at + interval '1 second')
     order by t.card, t.at
  ),
  inserted as (
    -- Placeholders for the derived columns: the replay below writes them.
    insert into public.reviews (flashcard_id, user_id, rating, reviewed_at, elapsed_days,
                                state_before, state_after, due_before, due_after,
                                stability_before, stability_after, difficulty_before, difficulty_after,
                                scheduled_days, duration_ms)
    select n.card, caller, n.rating, n.at, 0, 0, 0, n.at, n.at, 0, 0, 0, 0, 0, n.duration_ms
      from fresh n
     order by n.card, n.at
    returning flashcard_id, reviewed_at
  )
  select (select count(*) from taken), (select count(*) from inserted),
         (select array_agg(distinct i.flashcard_id) from inserted i)
    into matched, added, touched;
  perform set_config('jerga.anki_import', '', true);

  foreach card_id in array coalesce(touched, '{}') loop
    perform private.replay_flashcard(card_id);
  end loop;

  -- The imported days count for the streak as the days they were studied on, oldest first,
  -- through the same rule a rating uses (days before the last counted one change nothing).
  for day in
    select max(r.reviewed_at) as last_at
      from public.reviews r
      join public.profiles p on p.id = r.user_id
     where r.user_id = caller and r.flashcard_id = any (coalesce(touched, '{}'))
       and r.reviewed_at >= coalesce(p.last_streak_day_ends_at, '-infinity')
     group by (r.reviewed_at at time zone p.time_zone)::date
     order by 1
  loop
    streak := private.update_streak_at(caller, day.last_at);
    if (streak ->> 'updated')::boolean then
      news := streak;
    end if;
  end loop;
  if news is not null then
    update public.profiles p set streak_news = news where p.id = caller;
  end if;

  return jsonb_build_object('added', added, 'present', matched - added, 'skipped', given - matched,
                            'cards', coalesce(cardinality(touched), 0));
end;
$$;
comment on function public.import_anki_reviews(text, jsonb) is
  'importAnki''s merge: reviews [{entryId, kind, at (epoch ms), rating 1-4, durationMs}] of the caller''s collection (PT422 anki_package_foreign for another key) added to the caller''s cards unless one lies within a second (present), each touched card replayed once, the days counted for the streak; 10 an hour. Returns {added, present, skipped, cards}.';
revoke all on function public.import_anki_reviews(text, jsonb) from public, anon, authenticated;
grant execute on function public.import_anki_reviews(text, jsonb) to authenticated;
