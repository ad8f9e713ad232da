-- A reply's citations say whether the learner already has each entry in their flashcards,
-- so the chip under the reply shows "In flashcards" from the first paint instead of
-- offering to add it and answering "already in your flashcards" (as entries do since
-- 20260401000400). Replaces the first version in 20260501000200: same signature.
create or replace function private.chat_message_json(m public.chat_messages)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', m.id,
    'role', m.role,
    'content', m.content,
    'createdAt', m.created_at,
    'model', m.model,
    'citations', coalesce(
      (select jsonb_agg(jsonb_build_object(
                '_id', e.id,
                'title', e.title,
                'country', e.country,
                'inFlashcards', exists (select 1 from public.flashcards f where f.entry_id = e.id and f.user_id = m.owner))
              order by c.n)
         from unnest(m.cited_entries) with ordinality as c(entry_id, n)
         join public.entries e on e.id = c.entry_id
        where e.show),
      '[]'::jsonb))
$$;
comment on function private.chat_message_json(public.chat_messages) is
  'A chat message as the /api replies with it: _id, role, content, createdAt, model, citations [{_id, title, country, inFlashcards}].';
