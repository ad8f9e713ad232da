-- Issue 32, fill the gap for phrases that conjugate: "echar los perros" with the example
-- "…le está echando los perros…" makes a cloze card. The rule: when a title's first word is
-- shaped like a Spanish infinitive (-ar, -er, -ir, maybe with an enclitic pronoun: "ponerse"),
-- that word matches its stem followed by any common verb ending of the three conjugations
-- (present, preterite, imperfect, future, conditional, subjunctive, imperative, gerund
-- -ando/-iendo/-yendo, participle -ado/-ido and their -a/-os/-as), or none ("pon"), then up
-- to two enclitic pronouns ("echándole", "ponte"); a reflexive title ("ponerse las pilas")
-- also takes the pronoun written before the verb ("se puso", "me pongo") into the gap. The
-- inflected word starts a word (not "cada" for "dar"). The rest of the title matches as before
-- (case, accents and spacing aside). A one-word title needs a stem of two letters or more,
-- so "dar" alone is taken literally. Stem changes ("quiero", "tuve") are not guessed.

-- The folded text as a pattern: each letter matches its accented and capital forms (as
-- 20260801000400's cloze_pattern spelled them), a space any run of white space.
create or replace function private.cloze_letters(folded text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  pattern text := '';
  ch text;
begin
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
                when ch ~ '^[[:alnum:]]$' then ch
                else '\' || ch end
    end;
  end loop;
  return pattern;
end;
$$;
comment on function private.cloze_letters(text) is
  'A folded text as a regular expression: each letter matches its accented and capital forms, a space any white space, other characters literally.';

-- The common endings of Spanish verbs, folded (accents are the letter classes' business).
create or replace function private.cloze_verb_endings()
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array[
    -- infinitives, imperatives (vosotros), gerunds, participles
    'ar', 'er', 'ir', 'ad', 'ed', 'id', 'ando', 'iendo', 'yendo', 'ado', 'ada', 'ados', 'adas', 'ido', 'ida', 'idos', 'idas',
    -- present indicative and subjunctive
    'o', 'as', 'a', 'amos', 'ais', 'an', 'es', 'e', 'emos', 'eis', 'en', 'imos', 'is',
    -- preterite
    'i', 'aste', 'asteis', 'aron', 'iste', 'io', 'isteis', 'ieron', 'yo', 'yeron',
    -- imperfect
    'aba', 'abas', 'abamos', 'abais', 'aban', 'ia', 'ias', 'iamos', 'iais', 'ian',
    -- imperfect subjunctive
    'ara', 'aras', 'aramos', 'arais', 'aran', 'iera', 'ieras', 'ieramos', 'ierais', 'ieran', 'yera', 'yeran',
    -- future and conditional
    'are', 'aremos', 'areis', 'ere', 'eremos', 'ereis', 'ire', 'iremos', 'ireis', 'eras', 'era', 'eran', 'iras', 'ira', 'iran',
    'aria', 'arias', 'ariamos', 'ariais', 'arian', 'eria', 'erias', 'eriamos', 'eriais', 'erian', 'iria', 'irias', 'iriamos', 'iriais', 'irian']
$$;
comment on function private.cloze_verb_endings() is 'The common endings of Spanish -ar, -er and -ir verbs (folded), which a cloze blanks after a verb''s stem.';

-- As 20260801000400, plus the first word of a title shaped like an infinitive matching its
-- conjugated forms (see the top of this file).
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
  first constant text := split_part(folded, ' ', 1);
  rest constant text := substr(folded, length(first) + 1);
  -- A letter outside the word, so that the verb starts one.
  letter constant text := '[[:alpha:]áéíóúüñàèìòùâêîôûäëïöçÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛÄËÏÖÇ]';
  pronouns constant text := '(?:' || private.cloze_letters('me') || '|' || private.cloze_letters('te') || '|'
                            || private.cloze_letters('se') || '|' || private.cloze_letters('nos') || '|' || private.cloze_letters('os') || '|'
                            || private.cloze_letters('le') || '|' || private.cloze_letters('les') || '|' || private.cloze_letters('lo') || '|'
                            || private.cloze_letters('la') || '|' || private.cloze_letters('los') || '|' || private.cloze_letters('las') || ')';
  verb text[];
  endings text;
  reflexive boolean;
begin
  if folded = '' then
    return null;
  end if;
  verb := regexp_match(first, '^([a-z]+?)(ar|er|ir)(se|me|te|nos|os|le|les|lo|la|los|las)?$');
  if verb is null or (length(verb[1]) < 2 and rest = '') then
    return private.cloze_letters(folded);
  end if;
  select string_agg(private.cloze_letters(e), '|' order by length(e) desc, e) into endings
    from unnest(private.cloze_verb_endings()) e;
  reflexive := verb[3] in ('se', 'me', 'te', 'nos', 'os');
  return '(?<!' || letter || ')'
         || case when reflexive then '(?:' || pronouns || '\s+)?' else '' end
         || private.cloze_letters(verb[1]) || '(?:' || endings || ')?' || pronouns || '{0,2}'
         || case when rest = '' then '(?!' || letter || ')' else private.cloze_letters(rest) end;
end;
$$;
comment on function private.cloze_pattern(text) is
  'A regular expression finding a word in a sentence ignoring case, accents and the punctuation around the word, a first word shaped like a Spanish infinitive in its common conjugated forms too; null for a word with no letter.';

revoke all on function private.cloze_letters(text) from public, anon, authenticated, service_role;
revoke all on function private.cloze_verb_endings() from public, anon, authenticated, service_role;
revoke all on function private.cloze_pattern(text) from public, anon, authenticated, service_role;
grant execute on function private.cloze_letters(text) to authenticated;
grant execute on function private.cloze_verb_endings() to authenticated;
grant execute on function private.cloze_pattern(text) to authenticated;
