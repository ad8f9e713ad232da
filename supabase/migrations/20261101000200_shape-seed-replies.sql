-- The seed's reply shapes where they need data the /api did not have (issue 21): the votes
-- on an entry with each voter's name (the seed populates `user` with its name), and a rating
-- answered with what each button would schedule next (the seed's `previewIntervals`).

-- Anyone: the votes on an entry the caller can see, newest first, in the seed's Vote fields
-- (_id, content, user {_id, name}, voteType, createdAt, updatedAt) plus the /api's earlier
-- contentId and userId. A vote has no id of its own (one per learner and entry): _id is
-- derived from the pair, stable while the vote stands.
create or replace function public.entry_votes(entry_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from public.entries e where e.id = entry_votes.entry_id) then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  return coalesce(
    (select jsonb_agg(jsonb_build_object(
              '_id', pg_catalog.md5(v.entry_id::text || '/' || v.user_id::text)::uuid,
              'content', v.entry_id,
              'user', jsonb_build_object('_id', v.user_id,
                                         'name', coalesce((select p.name from private.public_profile(v.user_id) p), '')),
              'voteType', case v.value when 1 then 'upvote' else 'downvote' end,
              'createdAt', v.created_at,
              'updatedAt', v.updated_at,
              'contentId', v.entry_id,
              'userId', v.user_id) order by v.created_at desc, v.user_id)
       from public.votes v
      where v.entry_id = entry_votes.entry_id),
    '[]'::jsonb);
end;
$$;
comment on function public.entry_votes(uuid) is
  'The votes on an entry the caller can see, newest first, as the seed''s Vote: _id, content, user {_id, name}, voteType, createdAt, updatedAt (+ contentId, userId).';

-- A rating (public.rate_flashcard: {card, streak, duplicate}) and, after it, what each of
-- the four buttons would schedule for the card now ({again|hard|good|easy: {due,
-- scheduledDays}}, as getDueFlashcards' `preview`). Invoker: rate_flashcard checks the
-- caller; the preview reads the card through RLS.
create or replace function public.rate_flashcard_previewed(
  card uuid, rating smallint, review_id uuid default null, reviewed_at timestamptz default null,
  duration_ms integer default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  rated jsonb;
  preview jsonb;
begin
  rated := public.rate_flashcard(rate_flashcard_previewed.card, rate_flashcard_previewed.rating,
                                 rate_flashcard_previewed.review_id, rate_flashcard_previewed.reviewed_at,
                                 rate_flashcard_previewed.duration_ms);
  select private.due_flashcard_json(f, e, pg_catalog.now()) -> 'preview' into preview
    from public.flashcards f
    join public.entries e on e.id = f.entry_id
   where f.id = rate_flashcard_previewed.card;
  return rated || jsonb_build_object('preview', preview);
end;
$$;
comment on function public.rate_flashcard_previewed(uuid, smallint, uuid, timestamptz, integer) is
  'public.rate_flashcard, plus the rated card''s button previews now: {card, streak, duplicate, preview}.';

revoke all on function public.entry_votes(uuid) from public, anon, authenticated, service_role;
revoke all on function public.rate_flashcard_previewed(uuid, smallint, uuid, timestamptz, integer) from public, anon, authenticated, service_role;
grant execute on function public.entry_votes(uuid) to anon, authenticated;
-- Guests may call it only to be told to log in (rate_flashcard's PT401).
grant execute on function public.rate_flashcard_previewed(uuid, smallint, uuid, timestamptz, integer) to anon, authenticated;
