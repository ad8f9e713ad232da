-- Before a learner adds an entry, the app shows the ones already there with the same title
-- in that country ("¡Qué chimba! already exists for Colombia"), so the community grows one
-- entry per word and country rather than five.

-- Why: "¡Qué chimba!", "que chimba" and "Qué  chimba" are the same title. Case, accents,
-- punctuation and spacing are ignored; letters and digits are what count.
create or replace function private.title_key(title text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(regexp_replace(private.search_normalize(title), '[^[:alnum:]]+', ' ', 'g'))
$$;
comment on function private.title_key(text) is 'A title as compared for duplicates: lower-cased, unaccented, punctuation and spacing folded.';
revoke all on function private.title_key(text) from public;
grant execute on function private.title_key(text) to anon, authenticated, service_role;

create index entries_title_key_idx on public.entries (country, private.title_key(title));

-- Why security definer: with row-level security on, a condition on a function that is not
-- leakproof runs only after the policies, so the index above could not be used and every
-- entry of the country would be read. This finds the ids through the index and keeps the
-- entries the caller may see (the read policy's rule, repeated), and nothing but ids.
create or replace function private.same_title_ids(title text, country text)
returns setof uuid
language sql
stable
security definer
set search_path = ''
rows 5
as $$
  select e.id
    from public.entries e
   where e.country = upper(btrim(same_title_ids.country))
     and private.title_key(e.title) = private.title_key(same_title_ids.title)
     and (e.show or e.owner = (select auth.uid()) or (select private.is_admin()))
$$;
revoke all on function private.same_title_ids(text, text) from public;
grant execute on function private.same_title_ids(text, text) to anon, authenticated, service_role;

-- Runs as the caller, so the read policy decides again. At most five, best-voted first. A
-- title with no letters or digits matches nothing.
create or replace function public.same_title_entries(title text, country text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(public.entry_json(e) order by e.vote_score desc, e.created_at, e.id), '[]'::jsonb)
    from (select *
            from public.entries e
           where e.id in (select private.same_title_ids(same_title_entries.title, same_title_entries.country))
             and private.title_key(same_title_entries.title) <> ''
           order by e.vote_score desc, e.created_at, e.id
           limit 5) e
$$;
comment on function public.same_title_entries(text, text) is 'Entries the caller can see whose title matches this one (ignoring case, accents, punctuation) in this country.';
revoke all on function public.same_title_entries(text, text) from public;
grant execute on function public.same_title_entries(text, text) to anon, authenticated, service_role;
