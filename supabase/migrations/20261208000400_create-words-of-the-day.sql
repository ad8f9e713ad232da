-- Word of the day (issue 32): one shown entry per calendar day, the same for everyone that
-- day. The day's word is chosen on the first request for it and kept in
-- public.words_of_the_day, so every later (or concurrent) request reads the same one. The
-- choice prefers, in order: an entry not the word of any day within 365 days either side,
-- a well-voted one (score above zero, then zero, then below), one from another country than
-- the neighbouring days' words, the country featured longest ago, the best-voted. A chosen
-- entry later hidden or deleted is never served: that day's word is chosen again.

create table public.words_of_the_day (
  day date primary key,
  entry_id uuid not null references public.entries (id) on delete cascade,
  chosen_at timestamptz not null default now()
);
comment on table public.words_of_the_day is 'The word of the day: one entry per calendar day, chosen on the first request for the day (private.choose_word_of_the_day) and the same for everyone. Written only by that function.';
comment on column public.words_of_the_day.day is 'The calendar day (the /api defaults to today in UTC; the reminders ask for the learner''s local day).';
comment on column public.words_of_the_day.entry_id is 'The chosen entry; its row goes with it when the entry is deleted, and the day is chosen again.';

create index words_of_the_day_entry_idx on public.words_of_the_day (entry_id);

alter table public.words_of_the_day enable row level security;

-- Only days whose entry the reader can see: a hidden entry's id is not given away.
create policy "Anyone can read the days whose word they can see"
  on public.words_of_the_day for select to anon, authenticated
  using (exists (select 1 from public.entries e where e.id = entry_id));

revoke all on public.words_of_the_day from anon, authenticated;
grant select on public.words_of_the_day to anon, authenticated;
grant all on public.words_of_the_day to service_role;

-- Why definer: the choice writes the table nobody else may write and looks at every shown
-- entry whoever asks. Why the advisory lock: two days chosen at once could otherwise pick
-- the same entry; one chooser at a time keeps "not repeated within a year" true. Why
-- "on conflict do nothing": concurrent first requests for one day all read the first one's.
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
            sign(e.vote_score) desc,
            e.country in (select n.country from near n where n.day in (choose_word_of_the_day.day - 1, choose_word_of_the_day.day + 1)),
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
comment on function private.choose_word_of_the_day(date) is 'The id of the day''s word, choosing and keeping it on the first call for the day; null when no entry is shown.';
revoke all on function private.choose_word_of_the_day(date) from public, anon, authenticated;
grant execute on function private.choose_word_of_the_day(date) to service_role;

-- The SQL-level way for the reminders tick (and any server code) to name the day's word:
-- any day, no bounds (the tick may run "as if at" another time).
create or replace function public.word_of_the_day(day date)
returns uuid
language sql
volatile
set search_path = ''
as $$
  select private.choose_word_of_the_day(day);
$$;
comment on function public.word_of_the_day(date) is 'The entry id of the word of the given day (chosen on first call, then fixed); null when no entry is shown. For server code (the reminders tick).';
revoke all on function public.word_of_the_day(date) from public, anon, authenticated;
grant execute on function public.word_of_the_day(date) to service_role;

-- Why bounds for callers of the /api: a day a year back (so yesterday's word, and last
-- month's, can be read) to tomorrow (today somewhere on Earth while it is still today in
-- UTC); anything else would let anyone fill the table with days nobody has seen. Definer
-- (the chooser is the service role's alone), so the bounds cannot be gone around.
create or replace function private.word_of_the_day_in_reach(day date)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone 'utc')::date;
begin
  if day is null or day < today - 365 or day > today + 1 then
    raise exception 'the day must be within a year before today and tomorrow'
      using errcode = 'PT400', hint = 'invalid_input', column = 'date';
  end if;
  return private.choose_word_of_the_day(day);
end;
$$;
comment on function private.word_of_the_day_in_reach(date) is 'The day''s word for callers of the /api: PT400 invalid_input on date outside a year back to tomorrow (UTC).';
revoke all on function private.word_of_the_day_in_reach(date) from public;
grant execute on function private.word_of_the_day_in_reach(date) to anon, authenticated, service_role;

-- The entry is read as the caller (entry_json: their vote, their flashcards; RLS).
create or replace function public.word_of_the_day_entry(day date)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  chosen uuid := private.word_of_the_day_in_reach(day);
begin
  return (select public.entry_json(e) from public.entries e where e.id = chosen);
end;
$$;
comment on function public.word_of_the_day_entry(date) is 'GET /api/content/wordOfTheDay: the day''s word as entry_json, null when no entry is shown; PT400 invalid_input on date outside a year back to tomorrow (UTC).';
revoke all on function public.word_of_the_day_entry(date) from public;
grant execute on function public.word_of_the_day_entry(date) to anon, authenticated, service_role;
