-- sitemap reads (issue 33): public.sitemap_entries, sitemap_entry_pages, sitemap_countries,
-- sitemap_groups and sitemap_group_pages list what a GUEST may see whoever calls. For each
-- actor (anonymous, the owner of the hidden entries, another learner, an admin): every shown
-- entry is listed once with its updated_at, never a hidden, held, removed or deleted one; a
-- country's and a group's lastmod ignore hidden entries; a group with no shown member is not
-- listed. Pages split the list without gap or overlap; a page or size out of range is
-- PT400 invalid_input. Security invoker, executable by anon and authenticated.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(41);

select tests.create_user('60010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('60010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('60010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- Shown: …01 (GQ), …02, …03 (a guest's). Olga's hidden …04 (GQ, edited "later" than any shown
-- one), held …05 and removed …06 (moderation keeps them unshown), …07 deleted below.
insert into public.entries (id, title, description, country, author, owner, show, moderation) values
  ('60e00000-0000-4000-8000-000000000001', 'shown60a', 'Shown.', 'GQ', 'Olga', '60010000-0000-4000-8000-000000000001', true, null),
  ('60e00000-0000-4000-8000-000000000002', 'shown60b', 'Shown.', 'MX', 'Olga', '60010000-0000-4000-8000-000000000001', true, null),
  ('60e00000-0000-4000-8000-000000000003', 'shown60c', 'Shown.', 'AR', 'Guest', null, true, null),
  ('60e00000-0000-4000-8000-000000000004', 'hidden60', 'Hidden.', 'GQ', 'Olga', '60010000-0000-4000-8000-000000000001', false, null),
  ('60e00000-0000-4000-8000-000000000005', 'held60', 'Held.', 'MX', 'Olga', '60010000-0000-4000-8000-000000000001', true, 'held'),
  ('60e00000-0000-4000-8000-000000000006', 'removed60', 'Removed.', 'AR', 'Olga', '60010000-0000-4000-8000-000000000001', true, 'removed'),
  ('60e00000-0000-4000-8000-000000000007', 'deleted60', 'Deleted.', 'MX', 'Olga', '60010000-0000-4000-8000-000000000001', true, null);
-- Groups: shown …01 with hidden …04; shown …02 with shown …03; hidden …05 with removed …06
-- (no shown member: not listed).
insert into public.variant_links (entry_a, entry_b, created_by) values
  ('60e00000-0000-4000-8000-000000000001', '60e00000-0000-4000-8000-000000000004', null),
  ('60e00000-0000-4000-8000-000000000002', '60e00000-0000-4000-8000-000000000003', null),
  ('60e00000-0000-4000-8000-000000000005', '60e00000-0000-4000-8000-000000000006', null);
delete from public.entries where id = '60e00000-0000-4000-8000-000000000007';
-- Times far ahead, so no other entry of the database is later: lastmods are then these.
update public.entries set updated_at = '2098-01-01T00:00:00Z' where id = '60e00000-0000-4000-8000-000000000001';
update public.entries set updated_at = '2097-01-01T00:00:00Z' where id = '60e00000-0000-4000-8000-000000000002';
update public.entries set updated_at = '2096-01-01T00:00:00Z' where id = '60e00000-0000-4000-8000-000000000003';
update public.entries set updated_at = '2099-01-01T00:00:00Z'
 where id in ('60e00000-0000-4000-8000-000000000004', '60e00000-0000-4000-8000-000000000005', '60e00000-0000-4000-8000-000000000006');

select m.concept_id as shown_group from public.concept_members m where m.entry_id = '60e00000-0000-4000-8000-000000000002' \gset
select m.concept_id as half_group from public.concept_members m where m.entry_id = '60e00000-0000-4000-8000-000000000001' \gset
select m.concept_id as hidden_group from public.concept_members m where m.entry_id = '60e00000-0000-4000-8000-000000000005' \gset

-- This file's entries in every page of the sitemap (of `size`), as "title@updated_at", by title.
create or replace function pg_temp.listed(size integer default 10000) returns text language sql as $$
  select coalesce(string_agg(e.title || '@' || to_char(s.updated_at at time zone 'utc', 'YYYY'), ',' order by e.title), '')
    from public.sitemap_entry_pages(size) p
   cross join lateral public.sitemap_entries(p.page, size) s
    join public.entries e on e.id = s.id
   where s.id::text like '60e00000-%' $$;
-- Whether every page of `size` together lists each shown entry exactly once.
create or replace function pg_temp.pages_whole(size integer) returns boolean language sql as $$
  select count(*) = count(distinct s.id)
         and count(*) = (select count(*) from public.sitemap_entry_pages() p cross join lateral public.sitemap_entries(p.page) s)
         and (select sum(p.urls) from public.sitemap_entry_pages(size) p) = count(*)
    from public.sitemap_entry_pages(size) p cross join lateral public.sitemap_entries(p.page, size) s $$;
-- The groups of every page, as their lastmod year, or 'absent'.
create or replace function pg_temp.group_year(groups uuid) returns text language sql as $$
  select coalesce(max(to_char(g.updated_at at time zone 'utc', 'YYYY')), 'absent')
    from public.sitemap_group_pages() p cross join lateral public.sitemap_groups(p.page) g where g.group_id = groups $$;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select is(pg_temp.listed(), 'shown60a@2098,shown60b@2097,shown60c@2096',
  'a guest: every shown entry once, with its updated_at; not the hidden, held, removed or deleted ones');
select is((select to_char(c.lastmod at time zone 'utc', 'YYYY') from public.sitemap_countries() c where c.code = 'GQ'), '2098',
  'a country''s lastmod is its latest shown entry''s, not a later hidden one''s');
select is(pg_temp.group_year(:'shown_group'), '2097', 'a group of shown entries is listed with their latest edit');
select is(pg_temp.group_year(:'half_group'), '2098', 'a group with a hidden member: listed, lastmod of its shown member only');
select is(pg_temp.group_year(:'hidden_group'), 'absent', 'a group with no shown member is not listed');
select ok(pg_temp.pages_whole(50), 'pages of 50 list each shown entry once, no gap, no overlap');
select ok(pg_temp.pages_whole(77), 'pages of 77 too');
select is((select count(*)::int from public.sitemap_entries(1, 3)), 3, 'a page holds page_size entries');
select is((select count(*)::int from public.sitemap_entries(1000000, 10000)), 0, 'past the last page: empty, not an error');
select is((select count(*) from public.sitemap_group_pages(1))::int, (select count(*)::int from public.sitemap_groups(1, 10000)),
  'group pages of 1: one per listed group');
select is(tests.error_of($$ select * from public.sitemap_entries(0) $$) ->> 'hint', 'invalid_input', 'page 0: PT400 invalid_input');
select is(tests.error_of($$ select * from public.sitemap_entries(1, 10001) $$) ->> 'column', 'page_size', 'more than 10,000 a page: refused, naming page_size');
select is(tests.error_of($$ select * from public.sitemap_entry_pages(0) $$) ->> 'code', 'PT400', 'a page size of 0: PT400');
select is(tests.error_of($$ select * from public.sitemap_groups(-1) $$) ->> 'hint', 'invalid_input', 'a negative group page: refused');
select is(tests.error_of($$ select * from public.sitemap_group_pages(null) $$) ->> 'hint', 'invalid_input', 'a null group page size: refused');

-------------------------------------------------------------------------------- the owner of the hidden entries
select tests.authenticate_as('60010000-0000-4000-8000-000000000001');
select ok(exists (select 1 from public.entries where id = '60e00000-0000-4000-8000-000000000004'), 'Olga can read her hidden entry…');
select is(pg_temp.listed(), 'shown60a@2098,shown60b@2097,shown60c@2096', '…yet her sitemap lists only the shown ones');
select is((select to_char(c.lastmod at time zone 'utc', 'YYYY') from public.sitemap_countries() c where c.code = 'GQ'), '2098',
  'nor does her hidden entry move her country''s lastmod');
select is(pg_temp.group_year(:'half_group'), '2098', 'nor her group''s');
select is(pg_temp.group_year(:'hidden_group'), 'absent', 'and her group of hidden entries is not listed');
select ok(pg_temp.pages_whole(64), 'her pages split the same list');

-------------------------------------------------------------------------------- another learner
select tests.authenticate_as('60010000-0000-4000-8000-000000000002');
select is(pg_temp.listed(), 'shown60a@2098,shown60b@2097,shown60c@2096', 'another learner: the shown entries only');
select is((select to_char(c.lastmod at time zone 'utc', 'YYYY') from public.sitemap_countries() c where c.code = 'GQ'), '2098', 'the same lastmod');
select is(pg_temp.group_year(:'half_group'), '2098', 'the same group lastmod');
select is(pg_temp.group_year(:'hidden_group'), 'absent', 'no group of hidden entries');
select ok(pg_temp.pages_whole(100), 'pages of 100 whole');

-------------------------------------------------------------------------------- an admin
select tests.authenticate_as('60010000-0000-4000-8000-000000000003');
select is((select count(*)::int from public.entries where id::text like '60e00000-%'), 6, 'the admin can read all six entries…');
select is(pg_temp.listed(), 'shown60a@2098,shown60b@2097,shown60c@2096', '…yet the sitemap lists the shown ones only');
select is((select to_char(c.lastmod at time zone 'utc', 'YYYY') from public.sitemap_countries() c where c.code = 'GQ'), '2098', 'a guest''s country lastmod');
select is(pg_temp.group_year(:'half_group'), '2098', 'a guest''s group lastmod');
select is(pg_temp.group_year(:'hidden_group'), 'absent', 'no group of hidden entries for an admin either');
select ok(pg_temp.pages_whole(50), 'the admin''s pages are whole');

-------------------------------------------------------------------------------- a change shows at once
select tests.clear_authentication();
update public.entries set show = true where id = '60e00000-0000-4000-8000-000000000004';
update public.entries set show = false where id = '60e00000-0000-4000-8000-000000000003';
select tests.authenticate_as(null);
select is(pg_temp.listed(), 'hidden60@' || to_char(now() at time zone 'utc', 'YYYY') || ',shown60a@2098,shown60b@2097',
  'shown again, an entry is listed (its edit time now); hidden, it is gone from the next read');

-------------------------------------------------------------------------------- the functions themselves
select tests.clear_authentication();
select is((select count(*)::int from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.proname like 'sitemap\_%' and not p.prosecdef), 5, 'five functions, none security definer');
select ok(has_function_privilege('anon', 'public.sitemap_entries(integer, integer)', 'execute'), 'anon may page entries');
select ok(has_function_privilege('authenticated', 'public.sitemap_entry_pages(integer)', 'execute'), 'authenticated may read the pages');
select ok(has_function_privilege('anon', 'public.sitemap_countries()', 'execute'), 'anon may read the countries');
select ok(has_function_privilege('anon', 'public.sitemap_groups(integer, integer)', 'execute'), 'anon may page groups');
select ok(has_function_privilege('anon', 'public.sitemap_group_pages(integer)', 'execute'), 'anon may read the group pages');
select ok(not has_function_privilege('public', 'public.sitemap_entries(integer, integer)', 'execute'), 'not granted to public');
select is((select count(*)::int from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.proname like 'sitemap\_%' and p.proconfig @> array['search_path=""']), 5,
  'each with an empty search_path');

select * from finish();
rollback;
