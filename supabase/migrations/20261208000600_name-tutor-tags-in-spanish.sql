-- The tutor's tags in the reader's language (issue 32): a Spanish reply listed an entry's tags
-- by their English names ("Etiquetas: transport"). The tutor's entries now carry `tagsEs` too,
-- each tag's Spanish name where it has one (its name otherwise), as the rest of the app shows
-- tags in the Spanish interface; only when at least one tag has a Spanish name, so the entries
-- keep the shape they had otherwise.
create or replace function private.tutor_entry_json(e public.entries)
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
    'voteCount', e.vote_score,
    'tags', coalesce(
      (select jsonb_agg(t.name order by lower(t.name))
         from public.entry_tags et
         join public.tags t on t.id = et.tag_id
        where et.entry_id = e.id),
      '[]'::jsonb))
    -- Only when there is one: the tutor's entries keep the shape they had.
    || case when e.description_es is null then '{}'::jsonb else jsonb_build_object('descriptionEs', e.description_es) end
    || coalesce(
      (select jsonb_build_object('tagsEs', jsonb_agg(coalesce(t.name_es, t.name) order by lower(coalesce(t.name_es, t.name))))
         from public.entry_tags et
         join public.tags t on t.id = et.tag_id
        where et.entry_id = e.id
       having bool_or(t.name_es is not null)),
      '{}'::jsonb)
$$;
comment on function private.tutor_entry_json(public.entries) is
  'An entry for the tutor: _id, title, description, descriptionEs (when there is one), country, hint, exampleSentence, voteCount, tags (names), tagsEs (the tags'' Spanish names, or their names where they have none; when at least one has a Spanish name).';
