-- variants: links between entries that mean the same thing in their countries, and the
-- groups (concepts) they form. Each actor (guest, owner, other learner, admin) allowed and
-- refused; groups merging, splitting and losing members; linking again; the cascade when an
-- entry goes; what each entry's page is told live; the write limits.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(58);

select tests.create_user('32010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('32010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('32010000-0000-4000-8000-000000000003', 'Tina Third') as third_session \gset
select tests.create_user('32010000-0000-4000-8000-000000000004', 'Ada Admin', true) as admin_session \gset
select tests.create_user('32010000-0000-4000-8000-000000000005', 'Lars Limit') as limit_session \gset

-- popote (MX, Olga's), pajita (ES, Otto's), sorbete and bombilla (AR, guests'), pitillo (CO,
-- a guest's), a hidden Chilean one of Olga's, and a Uruguayan one nobody links until the end.
insert into public.entries (id, title, description, country, author, owner, show, upvotes) values
  ('32e00000-0000-4000-8000-000000000001', 'popote32', 'Straw.', 'MX', 'Olga', '32010000-0000-4000-8000-000000000001', true, 3),
  ('32e00000-0000-4000-8000-000000000002', 'pajita32', 'Straw.', 'ES', 'Otto', '32010000-0000-4000-8000-000000000002', true, 7),
  ('32e00000-0000-4000-8000-000000000003', 'sorbete32', 'Straw.', 'AR', 'Guest', null, true, 1),
  ('32e00000-0000-4000-8000-000000000004', 'pitillo32', 'Straw.', 'CO', 'Guest', null, true, 2),
  ('32e00000-0000-4000-8000-000000000005', 'bombilla32', 'Straw (hidden).', 'CL', 'Olga', '32010000-0000-4000-8000-000000000001', false, 0),
  ('32e00000-0000-4000-8000-000000000006', 'pajilla32', 'Straw.', 'AR', 'Guest', null, true, 4),
  ('32e00000-0000-4000-8000-000000000007', 'pajilla uy32', 'Straw.', 'UY', 'Guest', null, true, 0);

create or replace function pg_temp.ids(variants jsonb) returns text[] language sql as $$
  select coalesce(array_agg(right(v.value ->> '_id', 1) order by v.ordinality), '{}') from jsonb_array_elements(variants) with ordinality v $$;
-- The entries (by last digit) sharing entry n's group, n included; empty when it is in none.
create or replace function pg_temp.group_of(n int) returns text[] language sql security definer as $$
  select coalesce(array_agg(right(o.entry_id::text, 1) order by o.entry_id), '{}')
    from public.concept_members m join public.concept_members o on o.concept_id = m.concept_id
   where m.entry_id = ('32e00000-0000-4000-8000-00000000000' || n)::uuid $$;
grant execute on function pg_temp.group_of(int) to public;
create temporary view told as
  select topic, payload from realtime.messages where event = 'variants' and topic like 'entry:32e00000-%';
grant select on told to public;

-------------------------------------------------------------------------------- a guest
select tests.authenticate_as(null);
select is(tests.error_of($$ select public.link_variant('32e00000-0000-4000-8000-000000000001', '32e00000-0000-4000-8000-000000000002') $$) ->> 'hint',
  'variant_login_required', 'a guest cannot link entries: told to log in');
select is(tests.error_of($$ select public.link_variant('32e00000-0000-4000-8000-000000000001', '32e00000-0000-4000-8000-000000000002') $$) ->> 'code',
  'PT401', 'with the code /api answers as 401');
select is(tests.error_of($$ select public.unlink_variant('32e00000-0000-4000-8000-000000000001', '32e00000-0000-4000-8000-000000000002') $$) ->> 'hint',
  'variant_login_required', 'nor unlink them');
select throws_ok($$ insert into public.variant_links (entry_a, entry_b) values ('32e00000-0000-4000-8000-000000000001', '32e00000-0000-4000-8000-000000000002') $$,
  '42501', null, 'nor write the links table directly');
select throws_ok($$ select private.add_variant_link('32e00000-0000-4000-8000-000000000001', '32e00000-0000-4000-8000-000000000002') $$,
  '42501', null, 'nor call the writing helper');

-------------------------------------------------------------------------------- another learner links
select tests.clear_authentication();
select tests.authenticate_as('32010000-0000-4000-8000-000000000002', :'other_session');
select is(public.link_variant('32e00000-0000-4000-8000-000000000002', '32e00000-0000-4000-8000-000000000001'),
  jsonb_build_object('created', true, 'variants', jsonb_build_array(jsonb_build_object(
    '_id', '32e00000-0000-4000-8000-000000000001', 'title', 'popote32', 'country', 'MX', 'voteScore', 3, 'direct', true, 'canUnlink', true))),
  'a learner links pajita to popote and is given pajita''s variants (they may unlink what they linked)');
select is((select count(*)::int from told), 2, 'both pages are told live');
select is((select payload - 'id' from told where topic = 'entry:32e00000-0000-4000-8000-000000000001'),
  jsonb_build_object('contentId', '32e00000-0000-4000-8000-000000000001', 'variants', jsonb_build_array(jsonb_build_object(
    '_id', '32e00000-0000-4000-8000-000000000002', 'title', 'pajita32', 'country', 'ES', 'voteScore', 7, 'direct', true))),
  'popote''s page hears its new list, without anyone''s canUnlink');
select is(public.link_variant('32e00000-0000-4000-8000-000000000001', '32e00000-0000-4000-8000-000000000002') -> 'created', 'false'::jsonb,
  'linking again, the other way round, changes nothing');
select is((select count(*)::int from public.variant_links where entry_a::text like '32e00000-%'), 1, 'still one link');
select is((select count(*)::int from told), 2, 'and tells nobody');
select is(tests.error_of($$ select public.link_variant('32e00000-0000-4000-8000-000000000002', '32e00000-0000-4000-8000-000000000002') $$)
            - 'message', '{"code": "PT400", "hint": "variant_self_link", "column": "variantId"}',
  'an entry linked to itself: 400 variant_self_link');
select is(tests.error_of($$ select public.link_variant('32e00000-0000-4000-8000-000000000002', '32e00000-0000-4000-8000-0000000000ff') $$)
            - 'message', '{"code": "PT404", "hint": "entry_not_found", "column": "variantId"}',
  'a missing entry: 404 entry_not_found, naming which');
select is(tests.error_of($$ select public.link_variant('32e00000-0000-4000-8000-000000000005', '32e00000-0000-4000-8000-000000000002') $$)
            - 'message', '{"code": "PT404", "hint": "entry_not_found", "column": "contentId"}',
  'someone else''s hidden entry is missing too');
select throws_ok($$ insert into public.variant_links (entry_a, entry_b) values ('32e00000-0000-4000-8000-000000000003', '32e00000-0000-4000-8000-000000000004') $$,
  '42501', null, 'a learner cannot write the links table directly');
select throws_ok($$ delete from public.variant_links $$, '42501', null, 'nor delete from it');
select throws_ok($$ insert into public.concept_members (entry_id, concept_id) values ('32e00000-0000-4000-8000-000000000003', extensions.gen_random_uuid()) $$,
  '42501', null, 'nor write the groups');
select is(tests.error_of($$ select private.add_variant_link('32e00000-0000-4000-8000-000000000005', '32e00000-0000-4000-8000-000000000002') $$) ->> 'hint',
  'entry_not_found', 'the writing helper itself refuses an entry the caller cannot see');

-------------------------------------------------------------------------------- groups merge
select tests.authenticate_as('32010000-0000-4000-8000-000000000003', :'third_session');
select is(public.link_variant('32e00000-0000-4000-8000-000000000003', '32e00000-0000-4000-8000-000000000004') -> 'created', 'true'::jsonb,
  'a third learner links sorbete and pitillo, a group of their own');
select isnt(pg_temp.group_of(3), pg_temp.group_of(1), 'apart from popote''s');
select is(public.link_variant('32e00000-0000-4000-8000-000000000004', '32e00000-0000-4000-8000-000000000002') -> 'created', 'true'::jsonb,
  'then pitillo and pajita');
select is(pg_temp.group_of(1), array['1', '2', '3', '4'], 'which merges the two groups: all four together');
select is(public.link_variant('32e00000-0000-4000-8000-000000000006', '32e00000-0000-4000-8000-000000000003') -> 'created', 'true'::jsonb,
  'and pajilla to sorbete');
select is(pg_temp.ids(public.entry_variants('32e00000-0000-4000-8000-000000000001')), array['2', '6', '3', '4'],
  'popote''s variants: Spain (best 7), Argentina (best 4, both its forms best first), Colombia (2)');
select is(jsonb_path_query_array(public.entry_variants('32e00000-0000-4000-8000-000000000001'), '$[*].direct'), '[true, false, false, false]',
  'only pajita is linked to popote itself');
select is(jsonb_path_query_array(public.entry_variants('32e00000-0000-4000-8000-000000000001'), '$[*].canUnlink'), '[false, false, false, false]',
  'and this learner may unlink nothing from popote''s page');
select is(jsonb_path_query_array(public.entry_variants('32e00000-0000-4000-8000-000000000004'), '$[*].canUnlink'), '[true, false, true, false]',
  'but may unlink from pitillo''s page the links they made there (pajita, sorbete), not the others');
select is((select count(distinct topic)::int from told), 5, 'every entry of the group was told (popote and pajita again, sorbete, pitillo, pajilla)');

-------------------------------------------------------------------------------- the owner
select tests.authenticate_as('32010000-0000-4000-8000-000000000001', :'owner_session');
select is(public.link_variant('32e00000-0000-4000-8000-000000000005', '32e00000-0000-4000-8000-000000000001') -> 'created', 'true'::jsonb,
  'an owner may link their own hidden entry');
select is(pg_temp.ids(public.entry_variants('32e00000-0000-4000-8000-000000000001')), array['2', '6', '3', '4'],
  'yet pages list shown entries only');
select is((select count(*)::int from public.variant_links where entry_b = '32e00000-0000-4000-8000-000000000005' or entry_a = '32e00000-0000-4000-8000-000000000005'), 1,
  'the owner reads the hidden entry''s link');
select is(jsonb_path_query_array(public.entry_variants('32e00000-0000-4000-8000-000000000001'), '$[0].canUnlink'), '[true]',
  'and may unlink pajita from their popote though someone else linked them');

-------------------------------------------------------------------------------- refusals
select tests.authenticate_as('32010000-0000-4000-8000-000000000003', :'third_session');
select is((select count(*)::int from public.variant_links where entry_a::text like '32e00000-%'), 4, 'another learner reads the links they can see');
select is((select count(*)::int from public.concept_members where entry_id = '32e00000-0000-4000-8000-000000000005'), 0,
  'but not the hidden entry''s link nor its group');
select is(tests.error_of($$ select public.unlink_variant('32e00000-0000-4000-8000-000000000001', '32e00000-0000-4000-8000-000000000002') $$)
            - 'message', '{"code": "PT403", "hint": "forbidden"}',
  'a learner who neither linked them nor owns either cannot unlink them: 403');
select is(tests.error_of($$ select public.unlink_variant('32e00000-0000-4000-8000-000000000001', '32e00000-0000-4000-8000-000000000003') $$)
            - 'message', '{"code": "PT404", "hint": "variant_link_not_found"}',
  'entries in one group but not linked directly: 404 variant_link_not_found');
select is(tests.error_of($$ select public.unlink_variant('32e00000-0000-4000-8000-000000000001', '32e00000-0000-4000-8000-000000000005') $$) ->> 'code',
  'PT404', 'a link to an entry they cannot see is not there for them');

-------------------------------------------------------------------------------- groups split
select tests.clear_authentication();
delete from realtime.messages where event = 'variants' and topic like 'entry:32e00000-%';
select tests.authenticate_as('32010000-0000-4000-8000-000000000001', :'owner_session');
select is(public.unlink_variant('32e00000-0000-4000-8000-000000000002', '32e00000-0000-4000-8000-000000000001'),
  jsonb_build_array(jsonb_build_object('_id', '32e00000-0000-4000-8000-000000000006', 'title', 'pajilla32', 'country', 'AR', 'voteScore', 4, 'direct', false, 'canUnlink', false),
                    jsonb_build_object('_id', '32e00000-0000-4000-8000-000000000003', 'title', 'sorbete32', 'country', 'AR', 'voteScore', 1, 'direct', false, 'canUnlink', false),
                    jsonb_build_object('_id', '32e00000-0000-4000-8000-000000000004', 'title', 'pitillo32', 'country', 'CO', 'voteScore', 2, 'direct', true, 'canUnlink', false)),
  'popote''s owner unlinks it from pajita, given pajita''s variants without popote');
select is(pg_temp.group_of(1), array['1', '5'], 'the group split: popote stays with its hidden Chilean link');
select is(pg_temp.group_of(2), array['2', '3', '4', '6'], 'and the rest keep theirs');
select is(public.entry_variants('32e00000-0000-4000-8000-000000000001'), '[]'::jsonb, 'popote''s page lists no shown variant now');
select is((select payload -> 'variants' from told where topic = 'entry:32e00000-0000-4000-8000-000000000001'), '[]'::jsonb,
  'and is told so live, as is every other page of the old group');
select is((select count(*)::int from told), 6, 'popote, bombilla, pajita, sorbete, pitillo, pajilla');

select tests.authenticate_as('32010000-0000-4000-8000-000000000003', :'third_session');
select is(jsonb_array_length(public.unlink_variant('32e00000-0000-4000-8000-000000000003', '32e00000-0000-4000-8000-000000000006')), 2,
  'whoever linked them may unlink them');
select is(pg_temp.group_of(6), '{}'::text[], 'an entry left with no link leaves the group');

-------------------------------------------------------------------------------- an admin
select tests.authenticate_as('32010000-0000-4000-8000-000000000004', :'admin_session');
select is(jsonb_path_query_array(public.entry_variants('32e00000-0000-4000-8000-000000000004'), '$[*].canUnlink'), '[true, true]',
  'an admin may unlink any link');
select lives_ok($$ select public.unlink_variant('32e00000-0000-4000-8000-000000000004', '32e00000-0000-4000-8000-000000000002') $$,
  'and does, one someone else made between others'' entries');
select is(tests.error_of($$ select public.unlink_variant('32e00000-0000-4000-8000-000000000004', '32e00000-0000-4000-8000-000000000002') $$) ->> 'hint',
  'variant_link_not_found', 'a link already gone: 404');
select is(public.link_variant('32e00000-0000-4000-8000-000000000005', '32e00000-0000-4000-8000-000000000007') -> 'created', 'true'::jsonb,
  'an admin may link a hidden entry');

-------------------------------------------------------------------------------- as the seed does, and the cascade
select tests.clear_authentication();
set local request.jwt.claims to '';
insert into public.variant_links (entry_a, entry_b, created_by)
values ('32e00000-0000-4000-8000-000000000006', '32e00000-0000-4000-8000-000000000002', null);
select is(pg_temp.group_of(6), array['2', '6'], 'a plain insert (ids in either order) makes a group too');
delete from realtime.messages where event = 'variants' and topic like 'entry:32e00000-%';
update public.entries set upvotes = upvotes + 1 where id = '32e00000-0000-4000-8000-000000000002';
select is((select count(*)::int from told), 0, 'a vote on a variant tells no other page');
update public.entries set title = 'pajita nueva32' where id = '32e00000-0000-4000-8000-000000000002';
select is((select payload -> 'variants' -> 0 ->> 'title' from told where topic = 'entry:32e00000-0000-4000-8000-000000000006'), 'pajita nueva32',
  'a renamed variant is told to the other pages of its group');
delete from realtime.messages where event = 'variants' and topic like 'entry:32e00000-%';
update public.entries set moderation = 'held' where id = '32e00000-0000-4000-8000-000000000002';
select is((select array_agg(payload -> 'variants') from told where topic = 'entry:32e00000-0000-4000-8000-000000000006'), array['[]'::jsonb],
  'and one held by moderators leaves their lists at once');
delete from public.entries where id = '32e00000-0000-4000-8000-000000000005';
select is(pg_temp.group_of(1), '{}'::text[], 'deleting an entry takes its links: popote, left alone, leaves the group');
select is(pg_temp.group_of(7), '{}'::text[], 'and so does the Uruguayan entry');
select is((select count(*)::int from public.variant_links where '32e00000-0000-4000-8000-000000000005' in (entry_a, entry_b)), 0, 'no link to the deleted entry remains');

-------------------------------------------------------------------------------- write limits
insert into public.entries (id, title, description, country, author, owner, show)
select ('32c00000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid, 'chain32 ' || n, 'A link.', 'MX', 'Lars',
       '32010000-0000-4000-8000-000000000005', true
  from generate_series(0, 31) n;
create or replace function pg_temp.link_chain(links int) returns void language plpgsql as $$
begin
  for n in 1 .. links loop
    perform public.link_variant(('32c00000-0000-4000-8000-0000000000' || lpad((n - 1)::text, 2, '0'))::uuid,
                                ('32c00000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid);
  end loop;
end $$;
select tests.authenticate_as('32010000-0000-4000-8000-000000000005', :'limit_session');
select lives_ok($$ select pg_temp.link_chain(30) $$, 'a learner may link 30 pairs in a minute');
select is(tests.error_of($$ select public.link_variant('32c00000-0000-4000-8000-000000000030', '32c00000-0000-4000-8000-000000000031') $$) ->> 'hint',
  'rate_limited', 'linking meets the account write limits: a 31st link in a minute is refused');

select * from finish();
rollback;
