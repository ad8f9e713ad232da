-- The sitemap's reads (issue 33: /sitemap.xml): the shown entries, the countries and the
-- concept groups a search engine may list, with when each last changed. What a GUEST may
-- see, whoever calls: every read filters on `show` itself (a held or removed entry is kept
-- unshown by its trigger; a deleted one is gone), so an owner's hidden entry or an admin's
-- view never reaches a sitemap. Security invoker: the read policies apply on top.
-- Entries and groups come in pages of at most 10,000 (a sitemap file's cap is 50,000; the
-- issue asks for 10,000) in id order, addressed by page number so a crawler can fetch any
-- child sitemap directly.

create index entries_sitemap_idx on public.entries (id) include (updated_at) where show;
comment on index public.entries_sitemap_idx is 'The sitemap''s order (shown entries by id) with their lastmod, so a page is read from the index alone.';

-- Why a plpgsql function: a page number or size out of range is refused with a code
-- (invalid_input), not answered with a silently different page.
create or replace function public.sitemap_entries(page integer, page_size integer default 10000)
returns table (id uuid, updated_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
begin
  if page is null or page < 1 then
    raise exception 'page must be 1 or more' using errcode = 'PT400', hint = 'invalid_input', column = 'page';
  end if;
  if page_size is null or page_size < 1 or page_size > 10000 then
    raise exception 'page_size must be from 1 to 10000' using errcode = 'PT400', hint = 'invalid_input', column = 'page_size';
  end if;
  return query
    select e.id, e.updated_at
      from public.entries e
     where e.show
     order by e.id
    offset (sitemap_entries.page - 1)::bigint * sitemap_entries.page_size
     limit sitemap_entries.page_size;
end;
$$;
comment on function public.sitemap_entries(integer, integer) is 'One page (from 1) of shown entries by id, with updated_at, as a guest sees them whoever calls; empty past the last page.';

create or replace function public.sitemap_entry_pages(page_size integer default 10000)
returns table (page integer, urls integer, lastmod timestamptz)
language plpgsql
stable
set search_path = ''
as $$
begin
  if page_size is null or page_size < 1 or page_size > 10000 then
    raise exception 'page_size must be from 1 to 10000' using errcode = 'PT400', hint = 'invalid_input', column = 'page_size';
  end if;
  return query
    select (s.n / sitemap_entry_pages.page_size)::integer + 1, count(*)::integer, max(s.updated_at)
      from (select row_number() over (order by e.id) - 1 as n, e.updated_at from public.entries e where e.show) as s
     group by 1
     order by 1;
end;
$$;
comment on function public.sitemap_entry_pages(integer) is 'The pages sitemap_entries has for this size: each page''s number, how many entries it holds and their latest updated_at.';

create index entries_sitemap_country_idx on public.entries (country, updated_at) where show;
comment on index public.entries_sitemap_country_idx is 'A country''s latest shown entry in one index step (the sitemap''s country lastmod), not a scan of every entry.';

create or replace function public.sitemap_countries()
returns table (code text, lastmod timestamptz)
language sql
stable
set search_path = ''
as $$
  select c.code::text, latest.lastmod
    from public.countries c
   cross join lateral (select max(e.updated_at) as lastmod from public.entries e where e.country = c.code and e.show) as latest
   where latest.lastmod is not null
   order by c.code;
$$;
comment on function public.sitemap_countries() is 'The countries with at least one shown entry, each with its shown entries'' latest updated_at.';

-- A group's lastmod is its shown members' latest edit: a member joining or leaving does not
-- move it (concept_members keeps no time), an edit of a member does.
create or replace function public.sitemap_groups(page integer, page_size integer default 10000)
returns table (group_id uuid, updated_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
begin
  if page is null or page < 1 then
    raise exception 'page must be 1 or more' using errcode = 'PT400', hint = 'invalid_input', column = 'page';
  end if;
  if page_size is null or page_size < 1 or page_size > 10000 then
    raise exception 'page_size must be from 1 to 10000' using errcode = 'PT400', hint = 'invalid_input', column = 'page_size';
  end if;
  return query
    select m.concept_id, max(e.updated_at)
      from public.concept_members m
      join public.entries e on e.id = m.entry_id and e.show
     group by m.concept_id
     order by m.concept_id
    offset (sitemap_groups.page - 1)::bigint * sitemap_groups.page_size
     limit sitemap_groups.page_size;
end;
$$;
comment on function public.sitemap_groups(integer, integer) is 'One page (from 1) of concept groups (concept_members.concept_id) with at least one shown member, by id, with the shown members'' latest updated_at.';

create or replace function public.sitemap_group_pages(page_size integer default 10000)
returns table (page integer, urls integer, lastmod timestamptz)
language plpgsql
stable
set search_path = ''
as $$
begin
  if page_size is null or page_size < 1 or page_size > 10000 then
    raise exception 'page_size must be from 1 to 10000' using errcode = 'PT400', hint = 'invalid_input', column = 'page_size';
  end if;
  return query
    select (g.n / sitemap_group_pages.page_size)::integer + 1, count(*)::integer, max(g.updated_at)
      from (select row_number() over (order by m.concept_id) - 1 as n, max(e.updated_at) as updated_at
              from public.concept_members m
              join public.entries e on e.id = m.entry_id and e.show
             group by m.concept_id) as g
     group by 1
     order by 1;
end;
$$;
comment on function public.sitemap_group_pages(integer) is 'The pages sitemap_groups has for this size: each page''s number, how many groups it holds and their latest updated_at.';

revoke all on function public.sitemap_entries(integer, integer) from public;
revoke all on function public.sitemap_entry_pages(integer) from public;
revoke all on function public.sitemap_countries() from public;
revoke all on function public.sitemap_groups(integer, integer) from public;
revoke all on function public.sitemap_group_pages(integer) from public;
grant execute on function public.sitemap_entries(integer, integer) to anon, authenticated;
grant execute on function public.sitemap_entry_pages(integer) to anon, authenticated;
grant execute on function public.sitemap_countries() to anon, authenticated;
grant execute on function public.sitemap_groups(integer, integer) to anon, authenticated;
grant execute on function public.sitemap_group_pages(integer) to anon, authenticated;
