-- Cards that drill an entry more than one way (issue 18). A learner's card has a kind:
--   basic    the word → its meaning (every card before this, and still the default)
--   reverse  the meaning and country → the word
--   cloze    the example sentence with the word blanked → the word
--   variant  the meaning and one country → that country's form (added by a later migration)
-- One card per learner, entry and kind, each with its own FSRS state; the review function,
-- the log, streaks and exports work per card and need no change. `inFlashcards` (entries,
-- tutor citations) keeps meaning "the learner has a card of this entry", of any kind.

alter table public.flashcards
  add column kind text not null default 'basic'
    constraint flashcards_kind_check check (kind in ('basic', 'reverse', 'cloze', 'variant'));
comment on column public.flashcards.kind is
  'What the card asks: basic (word → meaning), reverse (meaning and country → word), cloze (example with the word blanked), variant (meaning → one country''s form).';

alter table public.flashcards drop constraint flashcards_user_entry_key;
alter table public.flashcards add constraint flashcards_user_entry_kind_key unique (user_id, entry_id, kind);

-- A learner picks the kind of a card they add; the checks below hold for direct inserts too.
grant insert (kind) on public.flashcards to authenticated;

-- Why: a cloze card blanks the word however the sentence writes it ("Qué guay" in "¡QUÉ
-- GUAY!"). The title, folded like search folds it (lower case, no accents) and without the
-- punctuation around it ("¿Qué onda?" → "que onda"), becomes a pattern where each letter
-- matches its accented and capital forms, spelled out rather than left to the regex flag
-- (case folding of non-ASCII letters depends on the database's locale). Null when the title
-- has no letter or digit to look for.
create or replace function private.cloze_pattern(word text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  folded constant text := regexp_replace(
    regexp_replace(private.search_normalize(word), '^[^[:alnum:]]+|[^[:alnum:]]+$', '', 'g'), '\s+', ' ', 'g');
  pattern text := '';
  ch text;
begin
  if folded = '' then
    return null;
  end if;
  foreach ch in array regexp_split_to_array(folded, '') loop
    pattern := pattern || case ch
      when 'a' then '[aáàâäãåAÁÀÂÄÃÅ]'
      when 'e' then '[eéèêëEÉÈÊË]'
      when 'i' then '[iíìîïIÍÌÎÏ]'
      when 'o' then '[oóòôöõOÓÒÔÖÕ]'
      when 'u' then '[uúùûüUÚÙÛÜ]'
      when 'n' then '[nñNÑ]'
      when 'c' then '[cçCÇ]'
      when 'y' then '[yýÿYÝŸ]'
      when ' ' then '\s+'
      else case when ch ~ '^[a-z0-9]$' then '[' || ch || upper(ch) || ']'
                -- Any other character literally: a backslash before a non-alphanumeric
                -- character is that character in a regular expression; letters outside
                -- ASCII are taken as they are.
                when ch ~ '^[[:alnum:]]$' then ch
                else '\' || ch end
    end;
  end loop;
  return pattern;
end;
$$;
comment on function private.cloze_pattern(text) is
  'A regular expression finding a word in a sentence ignoring case, accents and the punctuation around the word; null for a word with no letter.';

-- The example sentence with every occurrence of the word blanked, or null when the
-- sentence does not contain it. Belt and braces: if the blanked sentence, folded, still
-- contains the folded word (a character the pattern does not spell out), it is no cloze:
-- a cloze front never shows the word.
create or replace function private.cloze_text(sentence text, word text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  pattern constant text := private.cloze_pattern(word);
  blanked text;
begin
  if pattern is null or sentence is null or sentence !~ pattern then
    return null;
  end if;
  blanked := regexp_replace(sentence, pattern, '_____', 'g');
  if strpos(private.search_normalize(blanked),
            btrim(regexp_replace(private.search_normalize(word), '[^[:alnum:]]+', ' ', 'g'))) > 0 then
    return null;
  end if;
  return blanked;
end;
$$;
comment on function private.cloze_text(text, text) is
  'The sentence with the word blanked (_____), matched ignoring case and accents; null when the sentence does not contain the word.';

-- What a card's front shows, in English (the client words the reverse and variant fronts in
-- the reader's language from the same fields): basic the word; reverse the meaning as written
-- and the country ("Work, a job. — Mexico"); cloze the example with the word blanked, or, if the entry
-- was edited since and its example no longer has the word, the reverse front (never the word);
-- variant the meaning and "in <country>?" ("A drinking straw. — in Argentina?").
create or replace function private.flashcard_prompt(kind text, entry public.entries)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  country_name text;
begin
  -- The due list builds a front per card: today's cards need no country name.
  if kind = 'basic' then
    return entry.title;
  end if;
  country_name := coalesce((select c.name_en from public.countries c where c.code = entry.country), entry.country);
  return case kind
    when 'cloze' then coalesce(private.cloze_text(entry.example_sentence, entry.title),
                               btrim(entry.description) || ' — ' || country_name)
    when 'variant' then btrim(entry.description) || ' — in ' || country_name || '?'
    else btrim(entry.description) || ' — ' || country_name
  end;
end;
$$;
comment on function private.flashcard_prompt(text, public.entries) is
  'The English front of a card of that kind for the entry (basic: the word; reverse: meaning — country; cloze: the blanked example; variant: meaning — in country?).';

-- Why a trigger: the rules of a kind hold whoever inserts (add_flashcard, or a learner's
-- direct insert through the table's grant). A cloze card needs an example containing the word.
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
    -- Concept groups arrive with variant links; until then no entry is in one.
    raise exception 'entry % is in no group of variants', new.entry_id
      using errcode = 'PT400', hint = 'variant_needs_group', column = 'kind';
  end if;
  return new;
end;
$$;
comment on function private.check_flashcard_kind() is 'Refuses a cloze card whose entry''s example lacks the word, and a variant card outside a group.';

create trigger flashcards_check_kind before insert on public.flashcards
  for each row execute function private.check_flashcard_kind();

-- flashcard_json: as 20260401000200, plus the card's kind and prompt, and the entry's
-- Spanish meaning (the reverse and variant fronts in the Spanish interface).
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
  'A flashcard (with its kind and English front, prompt) and its entry as the /api''s Flashcard JSON.';

-- The kind names add_flashcard takes, so an unknown one is its own 400 rather than the
-- check constraint's generic one.
create or replace function private.flashcard_kind(kind text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if coalesce(kind, 'basic') not in ('basic', 'reverse', 'cloze', 'variant') then
    raise exception 'unknown flashcard kind %', kind using errcode = 'PT400', hint = 'flashcard_kind_invalid', column = 'kind';
  end if;
  return coalesce(kind, 'basic');
end;
$$;
comment on function private.flashcard_kind(text) is 'The kind asked for (basic when none), or PT400 flashcard_kind_invalid.';

-- Adds a shown entry to the caller's flashcards as a New card of that kind, due now.
drop function public.add_flashcard(uuid);
create or replace function public.add_flashcard(entry_id uuid, kind text default 'basic')
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  card_kind text;
  added public.flashcards;
  entry public.entries;
begin
  perform private.require_sign_in('login_required');
  card_kind := private.flashcard_kind(kind);
  -- A hidden entry is not there to learn, even for its owner or an admin (the insert policy
  -- refuses it too): the same 404 as a missing one.
  select * into entry from public.entries e where e.id = add_flashcard.entry_id and e.show;
  if entry.id is null then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  -- One statement, so two tabs adding the same card at once get one card and one 409. The
  -- kind's own rules (cloze, variant) are the insert trigger's.
  insert into public.flashcards as f (entry_id, kind)
  values (add_flashcard.entry_id, card_kind)
  on conflict on constraint flashcards_user_entry_kind_key do nothing
  returning * into added;
  if added.id is null then
    raise exception 'entry % is already a % flashcard', entry_id, card_kind using errcode = 'PT409', hint = 'flashcard_exists';
  end if;
  return private.flashcard_json(added, entry);
end;
$$;
comment on function public.add_flashcard(uuid, text) is
  'Adds a shown entry to the caller''s flashcards as a card of a kind (basic, reverse, cloze, variant; 409 when that card is there); returns the Flashcard JSON.';

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
    (select jsonb_agg(f.kind order by array_position(array['basic', 'reverse', 'cloze', 'variant'], f.kind))
       from public.flashcards f
      where f.user_id = (select auth.uid()) and f.entry_id = flashcard_kinds.entry_id),
    '[]'::jsonb);
end;
$$;
comment on function public.flashcard_kinds(uuid) is 'The kinds of the caller''s cards of an entry, in the order basic, reverse, cloze, variant.';

revoke all on function private.cloze_pattern(text) from public, anon, authenticated, service_role;
revoke all on function private.cloze_text(text, text) from public, anon, authenticated, service_role;
revoke all on function private.flashcard_prompt(text, public.entries) from public, anon, authenticated, service_role;
revoke all on function private.check_flashcard_kind() from public, anon, authenticated, service_role;
revoke all on function private.flashcard_kind(text) from public, anon, authenticated, service_role;
-- Called by the invoker functions and the insert trigger, as the learner: pure or reading
-- only what the learner may read.
grant execute on function private.cloze_pattern(text) to authenticated;
grant execute on function private.cloze_text(text, text) to authenticated;
grant execute on function private.flashcard_prompt(text, public.entries) to authenticated;
grant execute on function private.flashcard_kind(text) to authenticated;

revoke all on function public.add_flashcard(uuid, text) from public, anon, authenticated, service_role;
revoke all on function public.flashcard_kinds(uuid) from public, anon, authenticated, service_role;
-- Guests may call them only to be told to log in (PT401).
grant execute on function public.add_flashcard(uuid, text) to anon, authenticated;
grant execute on function public.flashcard_kinds(uuid) to anon, authenticated;
