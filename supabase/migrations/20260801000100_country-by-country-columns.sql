-- Country by country (issue 18), the columns the rest of its migrations build on:
--   entries.description_es  the meaning in Spanish, optional beside the English one
--   entries.rude_in         countries where learners mark the entry offensive; kept by the
--                           usage marks' trigger, never written by clients
--   tags.name_es            a tag's Spanish name, optional
--   profiles.home_country   where the learner says they live, for their usage marks
-- and entry_json carrying descriptionEs, rudeIn and each tag's nameEs
-- (present only when the tag has one: tags without keep the shape they always had).

alter table public.entries
  add column description_es text
    check (description_es is null or char_length(btrim(description_es)) between 1 and 1000),
  add column rude_in char(2)[] not null default '{}';
comment on column public.entries.description_es is 'The meaning in Spanish; null when only the English one was written.';
comment on column public.entries.rude_in is 'Countries where learners mark the entry offensive, kept by the usage marks trigger.';

grant insert (description_es) on public.entries to anon, authenticated;
grant update (description_es) on public.entries to authenticated;

alter table public.tags
  add column name_es text
    check (name_es is null or (char_length(name_es) between 1 and 20 and name_es = btrim(name_es)));
comment on column public.tags.name_es is 'The tag''s name in Spanish; null when only the English one exists.';
grant insert (name_es) on public.tags to authenticated;

alter table public.profiles
  add column home_country char(2) references public.countries (code);
comment on column public.profiles.home_country is 'Where the learner says they live; null when unsaid.';
create index profiles_home_country_idx on public.profiles (home_country);
grant update (home_country) on public.profiles to authenticated;

-- entry_json: as 20260703000100, plus descriptionEs, rudeIn and each tag's nameEs.
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
    'descriptionEs', e.description_es,
    'country', e.country,
    'hint', e.hint,
    'exampleSentence', e.example_sentence,
    'author', e.author,
    'owner', e.owner,
    'addedBy', case when e.owner is not null
                    then jsonb_build_object('_id', e.owner, 'name', coalesce(e.owner_name, '')) end,
    'ownerDeleted', e.owner_deleted,
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
    'rudeIn', to_jsonb(e.rude_in),
    'createdAt', e.created_at,
    'updatedAt', e.updated_at,
    -- A guest may remove no tag: the grid guests see most asks nothing per tag.
    'tags', coalesce(
      (select jsonb_agg(jsonb_build_object('_id', t.id, 'name', t.name, 'canRemove',
                                           case when (select auth.uid()) is null then false
                                                else private.may_remove_tag(et.added_by, e.owner) end)
                        || case when t.name_es is null then '{}'::jsonb else jsonb_build_object('nameEs', t.name_es) end
                        order by lower(t.name))
         from public.entry_tags et
         join public.tags t on t.id = et.tag_id
        where et.entry_id = e.id),
      '[]'::jsonb)
  ) || case when e.moderation is null then '{}'::jsonb else jsonb_build_object('moderation', e.moderation) end
$$;
comment on function public.entry_json(public.entries) is
  'An entry as the /api replies with it (_id, exampleSentence, descriptionEs, rudeIn, addedBy: {_id, name} | null, tags: [{_id, name, nameEs?, canRemove}], voteCount...).';

-- tag_json: as 20260101000500, plus nameEs when the tag has one.
create or replace function public.tag_json(t public.tags)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('_id', t.id, 'name', t.name, 'owner', t.owner)
         || case when t.name_es is null then '{}'::jsonb else jsonb_build_object('nameEs', t.name_es) end
$$;
