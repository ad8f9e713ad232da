-- Entries say whether the caller already has them as flashcards, so "Add to flashcards"
-- shows "In your flashcards" from the first paint instead of learning it from a 409. One
-- lookup in the (user_id, entry_id) unique index per entry; false for guests.
create or replace function public.entry_json(e public.entries)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', e.id,
    'title', e.title,
    'description', e.description,
    'country', e.country,
    'hint', e.hint,
    'exampleSentence', e.example_sentence,
    'author', e.author,
    'owner', e.owner,
    'show', e.show,
    'voteCount', e.vote_score,
    'upvotes', e.upvotes,
    'downvotes', e.downvotes,
    'userVote', (select case v.value when 1 then 'upvote' when -1 then 'downvote' end
                   from public.votes v
                  where v.entry_id = e.id and v.user_id = (select auth.uid())),
    'inFlashcards', exists (select 1 from public.flashcards f
                             where f.user_id = (select auth.uid()) and f.entry_id = e.id),
    'commentCount', e.comment_count,
    'createdAt', e.created_at,
    'updatedAt', e.updated_at,
    'tags', coalesce(
      (select jsonb_agg(jsonb_build_object('_id', t.id, 'name', t.name) order by lower(t.name))
         from public.entry_tags et
         join public.tags t on t.id = et.tag_id
        where et.entry_id = e.id),
      '[]'::jsonb)
  )
$$;
comment on function public.entry_json(public.entries) is
  'An entry as the /api replies with it (_id, exampleSentence, tags: [{_id, name}], voteCount, the caller''s userVote and inFlashcards...).';

-- entry_json runs with the caller's rights, guests' included: a guest may now ask the table,
-- and row-level security (no policy for anon) answers with no rows, so inFlashcards is false.
grant select on public.flashcards to anon;
