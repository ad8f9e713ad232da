-- A reverse or variant card asks for the word from its meaning, and some meanings name it
-- ("To take, grab or catch: coger el autobús" on coger's card): the meaning on such a front
-- has the word blanked as a cloze blanks it (case and accents aside, either form of a
-- "tío / tía" title), so the front never gives the answer away. As 20260801000400 otherwise.
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
    when 'cloze' then coalesce(private.cloze_text(entry.example_sentence, entry.title), meaning || ' — ' || country_name)
    when 'variant' then meaning || ' — in ' || country_name || '?'
    else meaning || ' — ' || country_name
  end;
end;
$$;
comment on function private.flashcard_prompt(text, public.entries) is
  'The English front of a card of that kind for the entry (basic: the word; reverse: meaning — country; cloze: the blanked example; variant: meaning — in country?), the word blanked wherever the meaning names it.';
