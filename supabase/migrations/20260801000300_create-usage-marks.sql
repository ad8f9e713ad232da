-- How a word lands in each country (issue 18): a learner marks, per entry and per
-- Spanish-speaking country, whether it is used there, understood, unknown or offensive.
-- One mark per learner, entry and country; marking again replaces it, null takes it back.
--
--   usage_marks             the marks; a learner reads only their own (RLS), anyone reads
--                           the tallies through entry_usage; writes only through set_usage
--   entries.rude_in         kept by a trigger here (the "rude in Spain" badge)
--   entry:<id> 'usage'      {contentId, usage, rudeIn} after every change, live

create table public.usage_marks (
  entry_id uuid not null references public.entries (id) on delete cascade,
  country char(2) not null references public.countries (code),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  usage text not null check (usage in ('used', 'understood', 'unknown', 'offensive')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (entry_id, country, user_id)
);
comment on table public.usage_marks is 'How a word lands in a country, as one learner says: one mark per learner, entry and country.';
comment on column public.usage_marks.usage is 'used (people say it there), understood (not said, but understood), unknown, or offensive.';
comment on column public.usage_marks.country is 'The country the mark is about (not necessarily the learner''s home country).';

create index usage_marks_user_idx on public.usage_marks (user_id);
create index usage_marks_country_idx on public.usage_marks (country);

create trigger usage_marks_touch_updated_at
  before update on public.usage_marks
  for each row execute function private.touch_updated_at();

alter table public.usage_marks enable row level security;

-- Others' marks are read only as tallies (entry_usage): who marked what stays private.
create policy "Learners can read their own usage marks"
  on public.usage_marks for select
  to authenticated
  using (user_id = (select auth.uid()));

-- No write policy and no write grant: set_usage is the one door (through save_usage_mark).
-- Guests may read (and see nothing: no policy lets them), so my_usage runs for them too.
revoke all on public.usage_marks from anon, authenticated;
grant select on public.usage_marks to anon, authenticated;

-- Marking is a write like a vote: roomy for a learner going through a map, tight for scripts.
insert into private.write_limits (kind, per_minute, per_hour_new, per_hour) values ('usage', 120, 400, 1500);
-- A replaced mark counts too; a mark taken back does not.
create trigger usage_marks_limit_account_writes before insert or update on public.usage_marks
  for each row execute function private.limit_account_writes('usage');

-- ---------------------------------------------------------------------------------------
-- Tallies

-- Why security definer: the tallies count every learner's marks, which RLS hides from the
-- caller, and their home countries (profiles, also hidden). Only counts leave it.
create or replace function private.usage_tallies(entry_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(t.country, jsonb_build_object(
           'used', t.used, 'understood', t.understood, 'unknown', t.unknown, 'offensive', t.offensive,
           'locals', jsonb_build_object('used', t.local_used, 'understood', t.local_understood,
                                        'unknown', t.local_unknown, 'offensive', t.local_offensive))), '{}'::jsonb)
    from (select m.country,
                 count(*) filter (where m.usage = 'used') as used,
                 count(*) filter (where m.usage = 'understood') as understood,
                 count(*) filter (where m.usage = 'unknown') as unknown,
                 count(*) filter (where m.usage = 'offensive') as offensive,
                 count(*) filter (where m.usage = 'used' and p.home_country = m.country) as local_used,
                 count(*) filter (where m.usage = 'understood' and p.home_country = m.country) as local_understood,
                 count(*) filter (where m.usage = 'unknown' and p.home_country = m.country) as local_unknown,
                 count(*) filter (where m.usage = 'offensive' and p.home_country = m.country) as local_offensive
            from public.usage_marks m
            left join public.profiles p on p.id = m.user_id
           where m.entry_id = usage_tallies.entry_id
           group by m.country) t
$$;
comment on function private.usage_tallies(uuid) is
  'An entry''s usage tallies per marked country: {XX: {used, understood, unknown, offensive, locals: {...}}}; locals count marks by learners whose home country is XX.';
revoke all on function private.usage_tallies(uuid) from public, anon, authenticated, service_role;
grant execute on function private.usage_tallies(uuid) to anon, authenticated;

-- An entry's tallies for whoever can see the entry (the entries policies decide, as the
-- caller); null when they cannot.
create or replace function public.entry_usage(entry_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.usage_tallies(e.id) from public.entries e where e.id = entry_usage.entry_id
$$;
comment on function public.entry_usage(uuid) is
  'How an entry lands per country: {"MX": {used, understood, unknown, offensive, locals: {used, understood, unknown, offensive}}}, marked countries only; null for an entry the caller cannot see.';
revoke all on function public.entry_usage(uuid) from public, anon, authenticated, service_role;
grant execute on function public.entry_usage(uuid) to anon, authenticated;

-- The caller's own marks on an entry, {"MX": "used", ...} ({} for a guest or none).
create or replace function public.my_usage(entry_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(m.country, m.usage), '{}'::jsonb)
    from public.usage_marks m
   where m.entry_id = my_usage.entry_id and m.user_id = (select auth.uid())
$$;
comment on function public.my_usage(uuid) is 'The caller''s own usage marks on an entry: {"MX": "used", ...}; {} for a guest.';
revoke all on function public.my_usage(uuid) from public, anon, authenticated, service_role;
grant execute on function public.my_usage(uuid) to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- rude_in, and the live tallies

-- The rule for "rude in <country>": at least one offensive mark there, and offensive marks
-- are at least a third of that country's marks. One learner alone can flag a country
-- nobody else has marked (a warning errs on the side of caution), but once others have
-- said how the word lands there, one troll's mark is outweighed: three marks of anything
-- else against one offensive one take the country off. A learner who really finds it rude
-- keeps it there with a third of the marks.
create or replace function private.rude_countries(entry_id uuid)
returns char(2)[]
language sql
stable
set search_path = ''
as $$
  select coalesce(array_agg(t.country order by t.country), '{}')
    from (select m.country
            from public.usage_marks m
           where m.entry_id = rude_countries.entry_id
           group by m.country
          having count(*) filter (where m.usage = 'offensive') >= 1
             and 3 * count(*) filter (where m.usage = 'offensive') >= count(*)) t
$$;
comment on function private.rude_countries(uuid) is
  'Countries where an entry counts as rude: ≥ 1 offensive mark there, and offensive marks ≥ a third of that country''s marks.';
revoke all on function private.rude_countries(uuid) from public, anon, authenticated, service_role;

-- Why security definer: entries.rude_in is not the marker's to write (no client may write
-- it: column grants), and realtime.send is the server's alone. Once per statement and entry:
-- keeps rude_in, then tells the entry's page the new tallies.
create or replace function private.keep_usage()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed uuid;
  rude char(2)[];
begin
  for changed in select distinct c.entry_id from changed_rows c
  loop
    rude := private.rude_countries(changed);
    update public.entries e set rude_in = rude where e.id = changed and e.rude_in is distinct from rude;
    if exists (select 1 from public.entries e where e.id = changed) then
      perform realtime.send(
        jsonb_build_object('contentId', changed, 'usage', private.usage_tallies(changed), 'rudeIn', to_jsonb(rude)),
        'usage', 'entry:' || changed, true);
    end if;
  end loop;
  return null;
end;
$$;
comment on function private.keep_usage() is
  'Usage marks trigger: recomputes each changed entry''s rude_in and broadcasts its tallies (entry:<id>, event usage), once per statement.';
revoke all on function private.keep_usage() from public, anon, authenticated, service_role;

-- Transition tables allow one event per trigger: three triggers, one function.
create trigger usage_marks_keep_on_insert
  after insert on public.usage_marks
  referencing new table as changed_rows
  for each statement execute function private.keep_usage();
create trigger usage_marks_keep_on_update
  after update on public.usage_marks
  referencing new table as changed_rows
  for each statement execute function private.keep_usage();
create trigger usage_marks_keep_on_delete
  after delete on public.usage_marks
  referencing old table as changed_rows
  for each statement execute function private.keep_usage();

-- ---------------------------------------------------------------------------------------
-- Marking

-- Why security definer: the table has no write grant (set_usage is the one door). It marks
-- in the caller's own name only, on an entry they can see (the entries select policy,
-- spelled out: RLS does not apply to the definer), in a known country, with a known usage;
-- null takes the caller's mark back.
create or replace function private.save_usage_mark(entry_id uuid, country text, usage text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
begin
  if who is null then
    raise exception 'this needs a signed-in user' using errcode = 'PT401', hint = 'login_required';
  end if;
  if not exists (select 1 from public.entries e
                  where e.id = save_usage_mark.entry_id and (e.show or e.owner = who or private.is_admin())) then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  if save_usage_mark.usage is null then
    delete from public.usage_marks m
     where m.entry_id = save_usage_mark.entry_id and m.country = save_usage_mark.country and m.user_id = who;
  else
    -- A change first, so that a re-mark counts once against the write limits (an upsert
    -- would meet both the insert and the update trigger); the upsert for a first mark
    -- still settles two tabs marking at once.
    update public.usage_marks m set usage = save_usage_mark.usage
     where m.entry_id = save_usage_mark.entry_id and m.country = save_usage_mark.country and m.user_id = who
       and m.usage is distinct from save_usage_mark.usage;
    if not found then
      insert into public.usage_marks as m (entry_id, country, user_id, usage)
      values (save_usage_mark.entry_id, save_usage_mark.country, who, save_usage_mark.usage)
      on conflict on constraint usage_marks_pkey do update set usage = excluded.usage
       where m.usage is distinct from excluded.usage;
    end if;
  end if;
end;
$$;
comment on function private.save_usage_mark(uuid, text, text) is
  'Writes (or with null usage deletes) the caller''s usage mark; called by public.set_usage after its checks.';
revoke all on function private.save_usage_mark(uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function private.save_usage_mark(uuid, text, text) to authenticated;

-- The caller marks how an entry lands in a country (marking again replaces the mark; null
-- takes it back). Guests: PT401; a usage or country not known: PT400; an entry the caller
-- cannot see: PT404. Returns {contentId, usage (tallies), rudeIn, myUsage}.
create or replace function public.set_usage(content_id uuid, country text, usage text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  wanted_country text := upper(btrim(set_usage.country));
begin
  perform private.require_sign_in();
  if set_usage.usage is not null and set_usage.usage not in ('used', 'understood', 'unknown', 'offensive') then
    raise exception 'usage must be used, understood, unknown or offensive' using errcode = 'PT400', hint = 'usage_invalid', column = 'usage';
  end if;
  if wanted_country is null or not exists (select 1 from public.countries c where c.code = wanted_country) then
    raise exception 'unknown country %', set_usage.country using errcode = 'PT400', hint = 'unknown_country', column = 'country';
  end if;
  if not exists (select 1 from public.entries e where e.id = set_usage.content_id) then
    raise exception 'no entry %', content_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  perform private.save_usage_mark(content_id, wanted_country, set_usage.usage);
  return (select jsonb_build_object('contentId', e.id, 'usage', private.usage_tallies(e.id), 'rudeIn', to_jsonb(e.rude_in),
                                    'myUsage', public.my_usage(e.id))
            from public.entries e where e.id = set_usage.content_id);
end;
$$;
comment on function public.set_usage(uuid, text, text) is
  'Marks how an entry lands in a country for the caller (null takes the mark back); returns {contentId, usage, rudeIn, myUsage}.';
revoke all on function public.set_usage(uuid, text, text) from public, anon, authenticated, service_role;
-- Guests may call it only to be told to log in (PT401).
grant execute on function public.set_usage(uuid, text, text) to anon, authenticated;
