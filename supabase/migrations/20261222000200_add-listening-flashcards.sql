-- Listening in the review (issue 34). Every card carries its entry's best native recording
-- (said from the entry's own country, not hidden by moderation: best voted, then newest) or
-- null, so a review — online or from the device's copy of the due list — plays a person's
-- voice without asking for the entry's recordings. A new kind, listening: the front plays
-- that recording, the learner recalls the word and its meaning; only for an entry that has
-- one (the insert trigger's rule, so a direct insert is held to it too).

alter table public.flashcards drop constraint flashcards_kind_check;
alter table public.flashcards add constraint flashcards_kind_check
  check (kind in ('basic', 'reverse', 'cloze', 'variant', 'listening'));
comment on column public.flashcards.kind is
  'What the card asks: basic (word → meaning), reverse (meaning and country → word), cloze (example with the word blanked), variant (meaning → one country''s form), listening (the native recording → word and meaning).';

-- Why a function of its own: the card JSON and the kind's rule ask the same question, and
-- the answer must not drift between them. Invoker: the learner reads only what they may (a
-- held or removed recording is never native, even for its own speaker: moderation is null).
create or replace function private.native_recording(entry public.entries)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('_id', r.id, 'path', r.path, 'durationMs', r.duration_ms, 'speakerCountry', r.country)
    from public.recordings r
   where r.entry_id = entry.id and r.country = entry.country and r.moderation is null
   order by r.vote_score desc, r.created_at desc, r.id desc
   limit 1
$$;
comment on function private.native_recording(public.entries) is
  'The entry''s best native recording (from its own country, not moderated; best voted, then newest) as {_id, path, durationMs, speakerCountry}, or null.';

-- The kind names add_flashcard takes, so an unknown one is its own 400 rather than the
-- check constraint's generic one.
create or replace function private.flashcard_kind(kind text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if coalesce(kind, 'basic') not in ('basic', 'reverse', 'cloze', 'variant', 'listening') then
    raise exception 'unknown flashcard kind %', kind using errcode = 'PT400', hint = 'flashcard_kind_invalid', column = 'kind';
  end if;
  return coalesce(kind, 'basic');
end;
$$;
comment on function private.flashcard_kind(text) is 'The kind asked for (basic when none), or PT400 flashcard_kind_invalid.';

-- As 20261208000520, plus listening: an entry without a native recording has nothing to
-- play, so no listening card (PT400 listening_needs_recording).
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
  elsif new.kind = 'listening' then
    select * into entry from public.entries e where e.id = new.entry_id;
    if private.native_recording(entry) is null then
      raise exception 'entry % has no recording from its own country', new.entry_id
        using errcode = 'PT400', hint = 'listening_needs_recording', column = 'kind';
    end if;
  end if;
  return new;
end;
$$;
comment on function private.check_flashcard_kind() is
  'Refuses a cloze card whose entry''s example holds neither its marked gap nor its word, a variant card of an entry with no other shown form in its group, and a listening card of an entry with no native recording.';

-- As 20261208000520, plus listening: its front is the recording, so the English prompt names
-- only the country it is heard from (never the word nor the meaning).
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
  if kind = 'listening' then
    return 'Listen — ' || country_name;
  end if;
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
  'The English front of a card of that kind for the entry (basic: the word; reverse: meaning — country; cloze: the example with its marked gap or word blanked; variant: meaning — in country?; listening: Listen — country), the word blanked wherever the meaning names it.';

-- As 20260801000400, plus `recording`: the entry's best native recording, or null.
create or replace function private.flashcard_json(card public.flashcards, entry public.entries)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return jsonb_build_object(
    '_id', card.id,
    'userId', card.user_id,
    'contentId', card.entry_id,
    'kind', card.kind,
    'prompt', private.flashcard_prompt(card.kind, entry),
    'createdAt', card.created_at,
    'due', card.due,
    'state', (array['new', 'learning', 'review', 'relearning'])[card.state + 1],
    'stability', card.stability,
    'difficulty', card.difficulty,
    'scheduledDays', card.scheduled_days,
    'learningSteps', card.learning_steps,
    'reps', card.reps,
    'lapses', card.lapses,
    'lastReview', card.last_review,
    'recording', private.native_recording(entry),
    'content', jsonb_build_object(
      '_id', entry.id,
      'title', entry.title,
      'description', entry.description,
      'descriptionEs', entry.description_es,
      'exampleSentence', coalesce(entry.example_sentence, ''),
      'hint', coalesce(entry.hint, ''),
      'country', entry.country));
end;
$$;
comment on function private.flashcard_json(public.flashcards, public.entries) is
  'A flashcard (with its kind, English front, prompt, and its entry''s best native recording or null) and its entry as the /api''s Flashcard JSON.';

-- The kinds of card the caller has for one entry: what "Add to flashcards" shows as added.
create or replace function public.flashcard_kinds(entry_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('login_required');
  return coalesce(
    (select jsonb_agg(f.kind order by array_position(array['basic', 'reverse', 'cloze', 'variant', 'listening'], f.kind))
       from public.flashcards f
      where f.user_id = (select auth.uid()) and f.entry_id = flashcard_kinds.entry_id),
    '[]'::jsonb);
end;
$$;
comment on function public.flashcard_kinds(uuid) is 'The kinds of the caller''s cards of an entry, in the order basic, reverse, cloze, variant, listening.';

revoke all on function private.native_recording(public.entries) from public, anon, authenticated, service_role;
-- Called by the invoker card functions and the insert trigger, as the learner.
grant execute on function private.native_recording(public.entries) to authenticated;
