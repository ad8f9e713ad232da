-- Issue 35: everything an Anki package of the caller's cards needs, in one call, so the route
-- (GET /api/flashcard/exportAnki/:userId) only shapes bytes. It runs as the caller: RLS keeps
-- the cards, entries, recordings and reviews to what the learner may read, and the query itself
-- asks only for the caller's own. A package is expensive to build, so each call counts against a
-- per-learner limit (20 an hour).

-- The caller's collection key, made on first use (anki_collection_key is not granted to learners:
-- this asks only for one's own).
create or replace function private.own_anki_collection_key()
returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'this needs a signed-in user' using errcode = '42501', hint = 'login_required';
  end if;
  return private.anki_collection_key((select auth.uid()));
end;
$$;
comment on function private.own_anki_collection_key() is
  'The calling learner''s Anki collection key (made on first use); 42501 for a guest.';
revoke all on function private.own_anki_collection_key() from public, anon, authenticated;
grant execute on function private.own_anki_collection_key() to authenticated;

-- One statement per list (cards, entries, reviews), each over the caller's index
-- (flashcards_user_created_idx, reviews_user_time_idx), aggregated as json (cheaper than jsonb,
-- keeps order). Times are epoch milliseconds: the package counts in them.
create or replace function public.anki_export()
returns json
language plpgsql
set search_path = ''
as $$
declare
  who constant uuid := (select auth.uid());
  collection_key text;
  cards json;
  entries json;
  reviews json;
begin
  if who is null then
    raise exception 'this needs a signed-in user' using errcode = '42501', hint = 'login_required';
  end if;
  perform private.take_rate_limit('anki_export', who::text, 20, interval '1 hour', 'rate_limited');
  collection_key := private.own_anki_collection_key();

  select coalesce(json_agg(json_build_object(
           'id', f.id, 'entryId', f.entry_id, 'kind', f.kind, 'state', f.state,
           'due', floor(date_part('epoch', f.due) * 1000)::bigint,
           'scheduledDays', f.scheduled_days, 'stability', f.stability, 'difficulty', f.difficulty,
           'reps', f.reps, 'lapses', f.lapses,
           'lastReview', floor(date_part('epoch', f.last_review) * 1000)::bigint,
           'suspended', f.suspended, 'learningSteps', f.learning_steps,
           'createdAt', floor(date_part('epoch', f.created_at) * 1000)::bigint)
         order by f.created_at, f.id), '[]'::json)
    into cards
    from public.flashcards f
    join public.entries e on e.id = f.entry_id
   where f.user_id = who;

  -- The cloze text is the cloze card's own front (private.entry_cloze: the example with its
  -- marked gap or the word blanked as _____) with what was blanked, so the package can put
  -- Anki's {{c1::…}} where Jerga shows the blank.
  select coalesce(json_agg(json_build_object(
           'id', e.id, 'title', e.title, 'description', e.description, 'descriptionEs', e.description_es,
           'country', e.country, 'countryName', coalesce(c.name_en, e.country),
           'example', coalesce(e.example_sentence, ''), 'hint', coalesce(e.hint, ''),
           -- Only where there is a cloze card: blanking the example is the costly part.
           'cloze', case when exists (select 1 from public.flashcards f
                                       where f.user_id = who and f.entry_id = e.id and f.kind = 'cloze')
                         then private.entry_cloze(e) end,
           'clozeAnswer', case when e.example_gap is not null
                                and strpos(coalesce(e.example_sentence, ''), e.example_gap) > 0
                               then e.example_gap else e.title end,
           'recording', case when rec.id is null then null else json_build_object('_id', rec.id, 'path', rec.path) end)
         order by e.id), '[]'::json)
    into entries
    from public.entries e
    left join public.countries c on c.code = e.country
    -- private.native_recording's rule (the entry's own country, not moderated, best voted, then
    -- newest), as a join: the function is planned again for each of thousands of entries.
    left join lateral (
      select r.id, r.path from public.recordings r
       where r.entry_id = e.id and r.country = e.country and r.moderation is null
       order by r.vote_score desc, r.created_at desc, r.id desc
       limit 1) rec on true
   where e.id in (select f.entry_id from public.flashcards f where f.user_id = who);

  -- The reviews as columns (one array per field, oldest first), not an object per review:
  -- 20,000 reviews build three times faster so. All aggregates share one order, sorted once.
  select json_build_object(
           'cardId', coalesce(array_agg(r.flashcard_id order by r.reviewed_at, r.id), '{}'),
           'reviewedAt', coalesce(array_agg(floor(date_part('epoch', r.reviewed_at) * 1000)::bigint order by r.reviewed_at, r.id), '{}'),
           'rating', coalesce(array_agg(r.rating order by r.reviewed_at, r.id), '{}'),
           'stateBefore', coalesce(array_agg(r.state_before order by r.reviewed_at, r.id), '{}'),
           'scheduledDays', coalesce(array_agg(r.scheduled_days order by r.reviewed_at, r.id), '{}'),
           'difficultyAfter', coalesce(array_agg(r.difficulty_after order by r.reviewed_at, r.id), '{}'),
           'durationMs', coalesce(array_agg(r.duration_ms order by r.reviewed_at, r.id), '{}'),
           'elapsedDays', coalesce(array_agg(r.elapsed_days order by r.reviewed_at, r.id), '{}'),
           'dueAfter', coalesce(array_agg(floor(date_part('epoch', r.due_after) * 1000)::bigint order by r.reviewed_at, r.id), '{}'))
    into reviews
    from public.reviews r
    join public.flashcards f on f.id = r.flashcard_id
    join public.entries e on e.id = f.entry_id
   where r.user_id = who and f.user_id = who;

  return json_build_object('collectionKey', collection_key, 'cards', cards, 'entries', entries, 'reviews', reviews);
end;
$$;
comment on function public.anki_export() is
  'The caller''s Anki package contents (issue 35): collectionKey, cards (schedule, FSRS memory state), their entries'' fields with the cloze text and best native recording, and the reviews of those cards oldest first as columns (with due after, for learning steps); times in epoch ms. 20 calls an hour per learner; 42501 for guests.';
revoke all on function public.anki_export() from public, anon, authenticated, service_role;
grant execute on function public.anki_export() to authenticated;
