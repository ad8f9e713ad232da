-- The word of the day (20261208000400) rotates through countries before it weighs votes:
-- where the well-voted entries are mostly one country's (votes are never spread evenly),
-- ranking the vote's sign first gave that country day after day. Now a day never shares its
-- neighbours' country while another country has an entry not featured within the year, and
-- among those the well-voted come first, then the country featured longest ago.

create or replace function private.choose_word_of_the_day(day date)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  chosen uuid;
begin
  if day is null then
    return null;
  end if;
  select w.entry_id into chosen
    from public.words_of_the_day w join public.entries e on e.id = w.entry_id and e.show
   where w.day = choose_word_of_the_day.day;
  if chosen is not null then
    return chosen;
  end if;

  perform pg_advisory_xact_lock(hashtext('public.words_of_the_day'));
  -- A word since hidden gives its day up (deleted entries took their row with them).
  delete from public.words_of_the_day w
   where w.day = choose_word_of_the_day.day
     and not exists (select 1 from public.entries e where e.id = w.entry_id and e.show);

  -- The days within a year either side (a few hundred rows), read once: every shown entry is
  -- then ranked against them by hash lookups, not by a query per entry.
  with near as (
    select w.day, w.entry_id, e.country
      from public.words_of_the_day w join public.entries e on e.id = w.entry_id
     where w.day > choose_word_of_the_day.day - 365 and w.day < choose_word_of_the_day.day + 365
  ), featured as (
    select n.country, max(n.day) as last_day from near n where n.day < choose_word_of_the_day.day group by n.country
  )
  insert into public.words_of_the_day (day, entry_id)
  select choose_word_of_the_day.day, e.id
    from public.entries e
    left join featured f on f.country = e.country
   where e.show
   order by e.id in (select n.entry_id from near n),
            e.country in (select n.country from near n where n.day in (choose_word_of_the_day.day - 1, choose_word_of_the_day.day + 1)),
            sign(e.vote_score) desc,
            f.last_day nulls first,
            e.vote_score desc,
            -- Among equals, a mix that changes from day to day rather than always the oldest.
            md5(e.id::text || choose_word_of_the_day.day::text)
   limit 1
  on conflict on constraint words_of_the_day_pkey do nothing;

  select w.entry_id into chosen from public.words_of_the_day w where w.day = choose_word_of_the_day.day;
  return chosen;
end;
$$;
