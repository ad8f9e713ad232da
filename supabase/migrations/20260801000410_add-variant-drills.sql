-- Variant drills (issue 18): a variant card asks for one country's form of a meaning
-- ("A drinking straw — in Argentina?") and shows the group's other forms on its back. Builds
-- on the concept groups of variant links (20260801000200): an entry is drillable this way
-- when its group has another shown entry.

-- The other shown entries of an entry's group, as a variant card's back shows them: by
-- country, best-voted first within one. Runs as the caller (the read policies hold).
create or replace function private.group_forms(entry_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return coalesce(
    (select jsonb_agg(jsonb_build_object('_id', e.id, 'title', e.title, 'country', e.country)
                      order by e.country, e.vote_score desc, e.created_at, e.id)
       from public.concept_members mine
       join public.concept_members other on other.concept_id = mine.concept_id and other.entry_id <> mine.entry_id
       join public.entries e on e.id = other.entry_id and e.show
      where mine.entry_id = group_forms.entry_id),
    '[]'::jsonb);
end;
$$;
comment on function private.group_forms(uuid) is 'The other shown entries of an entry''s variant group as [{_id, title, country}], by country.';

-- check_flashcard_kind: as 20260801000400, with the variant rule: the entry's group has
-- another shown entry (else there is no other form to tell it from).
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
    if private.cloze_text(entry.example_sentence, entry.title) is null then
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
comment on function private.check_flashcard_kind() is 'Refuses a cloze card whose entry''s example lacks the word, and a variant card of an entry with no other shown form in its group.';

-- due_flashcard_json: as 20260401000200, plus a variant card's `variants` (the group's other
-- forms, for its back).
create or replace function private.due_flashcard_json(card public.flashcards, entry public.entries, at timestamptz)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  buttons constant text[] := array['again', 'hard', 'good', 'easy'];
  preview jsonb := '{}';
  next record;
begin
  for rating in 1..4 loop
    select * into next
      from private.fsrs_next(card.state, card.learning_steps, card.stability, card.difficulty,
                             card.reps, card.lapses, card.last_review, at, rating::smallint);
    preview := preview || jsonb_build_object(buttons[rating],
                 jsonb_build_object('due', next.next_due, 'scheduledDays', next.next_scheduled_days));
  end loop;
  return private.flashcard_json(card, entry) || jsonb_build_object(
    'retrievability',
      case when card.state = 0 or card.last_review is null then null
           else private.fsrs_retrievability(
                  greatest(floor((extract(epoch from at) - extract(epoch from card.last_review)) / 86400), 0)::float8,
                  private.fsrs_round8(card.stability)) end,
    'preview', preview)
    || case when card.kind = 'variant' then jsonb_build_object('variants', private.group_forms(card.entry_id)) else '{}'::jsonb end;
end;
$$;

-- The whole group at once: a variant card of every shown entry of the entry's group (the
-- entry included) that the caller does not have yet. Returns {added, cards}: how many were
-- added and their Flashcard JSON. 404 for a missing or hidden entry, 400 variant_needs_group
-- for an entry in no group; a group already drilled whole adds none.
create or replace function public.add_variant_drill(entry_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  added jsonb;
begin
  perform private.require_sign_in('login_required');
  if not exists (select 1 from public.entries e where e.id = add_variant_drill.entry_id and e.show) then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  if private.group_forms(add_variant_drill.entry_id) = '[]'::jsonb then
    raise exception 'entry % is in no group of variants', entry_id
      using errcode = 'PT400', hint = 'variant_needs_group', column = 'contentId';
  end if;
  with members as (
    select other.entry_id
      from public.concept_members mine
      join public.concept_members other on other.concept_id = mine.concept_id
      join public.entries e on e.id = other.entry_id and e.show
     where mine.entry_id = add_variant_drill.entry_id
  ), inserted as (
    insert into public.flashcards as f (entry_id, kind)
    select m.entry_id, 'variant' from members m order by m.entry_id
    on conflict on constraint flashcards_user_entry_kind_key do nothing
    returning *
  )
  select coalesce(jsonb_agg(private.flashcard_json(i, e) order by e.country, e.title), '[]'::jsonb) into added
    from inserted i
    join public.entries e on e.id = i.entry_id;
  return jsonb_build_object('added', jsonb_array_length(added), 'cards', added);
end;
$$;
comment on function public.add_variant_drill(uuid) is
  'Adds a variant card of every shown entry of the entry''s group the caller lacks; returns {added, cards}.';

revoke all on function private.group_forms(uuid) from public, anon, authenticated, service_role;
grant execute on function private.group_forms(uuid) to authenticated;
revoke all on function public.add_variant_drill(uuid) from public, anon, authenticated, service_role;
-- Guests may call it only to be told to log in (PT401).
grant execute on function public.add_variant_drill(uuid) to anon, authenticated;
