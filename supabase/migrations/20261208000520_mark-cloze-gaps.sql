-- Issue 32, fill the gap: the author may mark the gap in the example with double brackets
-- ("Juan [[se puso las pilas]] ayer"), for the forms no rule guesses (20261208000510 leaves stem
-- changes alone). The marker never shows to a reader: on every write of an example, the
-- brackets are taken out of the sentence (stored as it reads) and the marked words kept in
-- example_gap, which a cloze card blanks. An example written again without a marker keeps its
-- gap while it still holds those words. Nobody writes example_gap but this trigger.

alter table public.entries add column example_gap text;
comment on column public.entries.example_gap is
  'The words of example_sentence its author marked as a cloze card''s gap ([[…]] when written); null when none. Set by private.take_example_gap only.';

-- Before each write of an entry's example: the first [[…]] becomes the gap, every pair of
-- brackets goes (their words stay); an example without a marker keeps the gap it still holds.
create or replace function private.take_example_gap()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  marked text[];
  kept text;
begin
  if tg_op = 'UPDATE' then
    kept := old.example_gap;
  end if;
  marked := regexp_match(new.example_sentence, '\[\[([^]]*)\]\]');
  if marked is not null then
    new.example_sentence := nullif(btrim(regexp_replace(new.example_sentence, '\[\[([^]]*)\]\]', '\1', 'g')), '');
  end if;
  if marked is not null and btrim(marked[1]) <> '' then
    new.example_gap := btrim(marked[1]);
  else
    new.example_gap := case when kept is not null and strpos(coalesce(new.example_sentence, ''), kept) > 0 then kept end;
  end if;
  return new;
end;
$$;
comment on function private.take_example_gap() is
  'Takes an example''s [[…]] marker out of the sentence into example_gap (kept while the sentence still holds it).';
revoke all on function private.take_example_gap() from public, anon, authenticated, service_role;

create trigger entries_take_example_gap before insert or update of example_sentence on public.entries
  for each row execute function private.take_example_gap();

-- The cloze front of an entry: its example with the marked gap blanked (and the word too,
-- should the rest still show it), else with the word blanked as 20261208000510 finds it;
-- null when neither is in the example.
create or replace function private.entry_cloze(entry public.entries)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when entry.example_gap is not null and strpos(coalesce(entry.example_sentence, ''), entry.example_gap) > 0 then
      coalesce(private.cloze_text(replace(entry.example_sentence, entry.example_gap, '_____'), entry.title),
               replace(entry.example_sentence, entry.example_gap, '_____'))
    else private.cloze_text(entry.example_sentence, entry.title)
  end
$$;
comment on function private.entry_cloze(public.entries) is
  'An entry''s cloze front: the example with its marked gap, else its word (conjugated forms too), blanked; null when the example holds neither.';
revoke all on function private.entry_cloze(public.entries) from public, anon, authenticated, service_role;
grant execute on function private.entry_cloze(public.entries) to authenticated;

-- As 20260801000910, the cloze front from private.entry_cloze.
create or replace function private.flashcard_prompt(kind text, entry public.entries)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  country_name text;
  meaning text;
begin
  -- The due list builds a front per card: today's cards need no country name.
  if kind = 'basic' then
    return entry.title;
  end if;
  country_name := coalesce((select c.name_en from public.countries c where c.code = entry.country), entry.country);
  meaning := btrim(entry.description);
  meaning := coalesce(private.cloze_text(meaning, entry.title), meaning);
  return case kind
    when 'cloze' then coalesce(private.entry_cloze(entry), meaning || ' — ' || country_name)
    when 'variant' then meaning || ' — in ' || country_name || '?'
    else meaning || ' — ' || country_name
  end;
end;
$$;
comment on function private.flashcard_prompt(text, public.entries) is
  'The English front of a card of that kind for the entry (basic: the word; reverse: meaning — country; cloze: the example with its marked gap or word blanked; variant: meaning — in country?), the word blanked wherever the meaning names it.';

-- As 20260801000410, a cloze card needing private.entry_cloze.
create or replace function private.check_flashcard_kind()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  entry public.entries;
begin
  if new.kind = 'cloze' then
    select * into entry from public.entries e where e.id = new.entry_id;
    if private.entry_cloze(entry) is null then
      raise exception 'the example sentence of entry % does not contain its word', new.entry_id
        using errcode = 'PT400', hint = 'cloze_needs_example', column = 'kind';
    end if;
  elsif new.kind = 'variant' then
    if not exists (select 1
                     from public.concept_members mine
                     join public.concept_members other on other.concept_id = mine.concept_id and other.entry_id <> mine.entry_id
                     join public.entries e on e.id = other.entry_id and e.show
                    where mine.entry_id = new.entry_id) then
      raise exception 'entry % is in no group of variants', new.entry_id
        using errcode = 'PT400', hint = 'variant_needs_group', column = 'kind';
    end if;
  end if;
  return new;
end;
$$;
comment on function private.check_flashcard_kind() is 'Refuses a cloze card whose entry''s example holds neither its marked gap nor its word, and a variant card of an entry with no other shown form in its group.';

-- entry_json: as 20260801000100, plus exampleGap when the author marked one (the kinds menu
-- offers a cloze card for it; the reader never sees it apart from the sentence).
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
    || case when e.example_gap is null then '{}'::jsonb else jsonb_build_object('exampleGap', e.example_gap) end
$$;
comment on function public.entry_json(public.entries) is
  'An entry as the /api replies with it (_id, exampleSentence, exampleGap when marked, descriptionEs, rudeIn, addedBy: {_id, name} | null, tags: [{_id, name, nameEs?, canRemove}], voteCount...).';
revoke all on function public.entry_json(public.entries) from public;
grant execute on function public.entry_json(public.entries) to anon, authenticated, service_role;
