-- A title written as two forms ("tío / tía", "pololo / polola": one entry for both genders)
-- makes a cloze card from a sentence holding either form, blanking each form it holds; as
-- before (20260801000400), a front that still shows a form, folded, is no cloze. A slash
-- inside a word ("24/7") is not two forms: only one with spaces around it is.
create or replace function private.cloze_text(sentence text, word text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  forms constant text[] := array(select btrim(form)
                                   from regexp_split_to_table(word, '\s+/\s+') as form
                                  where btrim(form) <> '');
  form text;
  pattern text;
  blanked text := sentence;
  found boolean := false;
begin
  if sentence is null then
    return null;
  end if;
  foreach form in array forms loop
    pattern := private.cloze_pattern(form);
    if pattern is not null and blanked ~ pattern then
      blanked := regexp_replace(blanked, pattern, '_____', 'g');
      found := true;
    end if;
  end loop;
  if not found then
    return null;
  end if;
  foreach form in array forms loop
    if strpos(private.search_normalize(blanked),
              btrim(regexp_replace(private.search_normalize(form), '[^[:alnum:]]+', ' ', 'g'))) > 0 then
      return null;
    end if;
  end loop;
  return blanked;
end;
$$;
comment on function private.cloze_text(text, text) is
  'The sentence with the word, or each form of a "tío / tía" title, blanked (_____), matched ignoring case and accents; null when the sentence holds none.';
