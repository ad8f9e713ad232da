-- link reports: a variant link reported like an entry (public.add_link_report), held at the
-- third trusted account (it stops grouping its entries for everyone: concept_members, each entry's
-- variants, the concept search; only admins still read it), the admins' queue showing both
-- entries, and resolve_link_report (restore and dismiss group it again, remove deletes it),
-- audited. Each actor: guest, reporters, the link's creator, the entries' owners, other
-- learners, admin — allowed and refused. What the entries' pages are told live.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(66);

-- Linker …01; Olga owns popote (1) and a hidden bombilla (4); Otto owns pajita (2); reporters
-- …04, …05, …06; an admin …07; another learner …08.
select tests.create_user('37010000-0000-4000-8000-000000000001', 'Lina Linker') as linker_session \gset
select tests.create_user('37010000-0000-4000-8000-000000000002', 'Olga Owner') as olga_session \gset
select tests.create_user('37010000-0000-4000-8000-000000000003', 'Otto Owner') as otto_session \gset
select tests.create_user('37010000-0000-4000-8000-000000000004', 'Rita Uno') as r1_session \gset
select tests.create_user('37010000-0000-4000-8000-000000000005', 'Rosa Dos') as r2_session \gset
select tests.create_user('37010000-0000-4000-8000-000000000006', 'Raul Tres') as r3_session \gset
select tests.create_user('37010000-0000-4000-8000-000000000007', 'Ada Admin', true) as admin_session \gset
select tests.create_user('37010000-0000-4000-8000-000000000008', 'Nico Nuevo') as other_session \gset
-- Everyone who reports here is trusted (72 hours old, with an entry that stands): their reports
-- hold (50-report-trust covers the accounts whose reports do not).
select tests.make_trusted(id) from unnest('{37010000-0000-4000-8000-000000000002, 37010000-0000-4000-8000-000000000004,
                                            37010000-0000-4000-8000-000000000005, 37010000-0000-4000-8000-000000000006,
                                            37010000-0000-4000-8000-000000000008}'::uuid[]) id;

insert into public.entries (id, title, description, country, author, owner, show) values
  ('37e00000-0000-4000-8000-000000000001', 'popote37', 'Straw.', 'MX', 'Olga', '37010000-0000-4000-8000-000000000002', true),
  ('37e00000-0000-4000-8000-000000000002', 'pajita37', 'Straw.', 'ES', 'Otto', '37010000-0000-4000-8000-000000000003', true),
  ('37e00000-0000-4000-8000-000000000003', 'sorbete37', 'Straw.', 'AR', 'Guest', null, true),
  ('37e00000-0000-4000-8000-000000000004', 'bombilla37', 'Straw (hidden).', 'CL', 'Olga', '37010000-0000-4000-8000-000000000002', false);
-- One group: popote–pajita and pajita–sorbete by Lina, sorbete–bombilla by the seed.
insert into public.variant_links (entry_a, entry_b, created_by) values
  ('37e00000-0000-4000-8000-000000000002', '37e00000-0000-4000-8000-000000000001', '37010000-0000-4000-8000-000000000001'),
  ('37e00000-0000-4000-8000-000000000002', '37e00000-0000-4000-8000-000000000003', '37010000-0000-4000-8000-000000000001'),
  ('37e00000-0000-4000-8000-000000000003', '37e00000-0000-4000-8000-000000000004', null);

-- The entries (by last digit) sharing entry n's group, n included; empty when it is in none.
create or replace function pg_temp.group_of(n int) returns text[] language sql security definer as $$
  select coalesce(array_agg(right(o.entry_id::text, 1) order by o.entry_id), '{}')
    from public.concept_members m join public.concept_members o on o.concept_id = m.concept_id
   where m.entry_id = ('37e00000-0000-4000-8000-00000000000' || n)::uuid $$;
grant execute on function pg_temp.group_of(int) to public;
-- The link 1–2 as the superuser sees it.
create or replace function pg_temp.held_12() returns boolean language sql security definer as $$
  select held from public.variant_links where entry_a = '37e00000-0000-4000-8000-000000000001' and entry_b = '37e00000-0000-4000-8000-000000000002' $$;
grant execute on function pg_temp.held_12() to public;
-- What entry n's page heard last ('variants'), as its variants' last digits.
create or replace function pg_temp.told(n int) returns text[] language sql security definer as $$
  select (select coalesce(array_agg(right(v.value ->> '_id', 1) order by v.ordinality), '{}')
            from jsonb_array_elements(m.payload -> 'variants') with ordinality v)
    from realtime.messages m
   where m.event = 'variants' and m.topic = 'entry:37e00000-0000-4000-8000-00000000000' || n $$;
grant execute on function pg_temp.told(int) to public;
create or replace function pg_temp.forget_told() returns void language sql security definer as $$
  delete from realtime.messages where topic like 'entry:37e00000-%' $$;
grant execute on function pg_temp.forget_told() to public;
select pg_temp.forget_told();
-- The admins' queue, as the caller: a page large enough that cases other tests commit
-- meanwhile (newer than this transaction's) cannot push these off it.
create or replace function pg_temp.queue(status text) returns jsonb language sql as $$
  select public.moderation_queue(status, null, null, 100) -> 'data' $$;
grant execute on function pg_temp.queue(text) to public;

-------------------------------------------------------------------------------- a guest
select tests.authenticate_as(null);
select is(tests.error_of($$ select public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'wrong') $$) - 'message',
  '{"code": "PT401", "hint": "report_login_required"}', 'a guest cannot report a link: PT401 report_login_required');
select throws_ok($$ select public.resolve_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'remove') $$,
  '42501', null, 'a guest may not call resolve_link_report at all');
select throws_ok($$ update public.variant_links set held = true $$, '42501', null, 'nor hold a link by hand');

-------------------------------------------------------------------------------- the link's creator
select tests.clear_authentication();
select tests.authenticate_as('37010000-0000-4000-8000-000000000001', :'linker_session');
select is(tests.error_of($$ select public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'wrong') $$) - 'message',
  '{"code": "PT400", "hint": "report_own", "column": "variantId"}', 'reporting a link you made yourself: PT400 report_own');
select is(tests.error_of($$ select public.resolve_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'restore') $$) - 'message',
  '{"code": "PT403", "hint": "admin_required"}', 'nor resolve one: PT403 admin_required');
select throws_ok($$ update public.variant_links set held = true $$, '42501', null, 'nor hold a link by hand');

-------------------------------------------------------------------------------- a reporter: refused inputs
select tests.authenticate_as('37010000-0000-4000-8000-000000000004', :'r1_session');
select is(tests.error_of($$ select public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'boring') $$) - 'message',
  '{"code": "PT400", "hint": "invalid_report_reason", "column": "reason"}', 'an unknown reason: PT400 invalid_report_reason');
select is(tests.error_of($$ select public.add_link_report('37e00000-0000-4000-8000-000000000001', null, 'wrong') $$) - 'message',
  '{"code": "PT400", "hint": "report_target_required", "column": "variantId"}', 'one entry only: PT400 report_target_required');
select is(tests.error_of($$ select public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000001', 'wrong') $$) - 'message',
  '{"code": "PT400", "hint": "variant_self_link", "column": "variantId"}', 'an entry with itself: PT400 variant_self_link');
select is(tests.error_of($$ select public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'wrong', repeat('x', 501)) $$) ->> 'hint',
  'report_note_too_long', 'a note over 500 characters: report_note_too_long');
select is(tests.error_of($$ select public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000003', 'wrong') $$) - 'message',
  '{"code": "PT404", "hint": "variant_link_not_found"}', 'two entries that are not linked: PT404 variant_link_not_found');
select is(tests.error_of($$ select public.add_link_report('37e00000-0000-4000-8000-000000000003', '37e00000-0000-4000-8000-000000000004', 'wrong') $$) ->> 'hint',
  'variant_link_not_found', 'a link to someone else''s hidden entry is not there either');
select is(tests.error_of($$ select public.resolve_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'restore') $$) ->> 'hint',
  'admin_required', 'a learner cannot resolve');

-------------------------------------------------------------------------------- three accounts report popote–pajita
select is(public.add_link_report('37e00000-0000-4000-8000-000000000002', '37e00000-0000-4000-8000-000000000001', 'wrong', '  Not the same thing.  ') ->> 'repeated',
  'false', 'a learner reports the link, naming it either way round');
select is(public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'duplicate') ->> 'repeated',
  'true', 'again: counted once (repeated)');
select is((select count(*)::int from public.reports), 1, 'they read their own report');
select is((select count(*)::int from public.moderation_cases), 0, 'but not the queue');
select is(pg_temp.group_of(1), '{1,2,3,4}', 'one report holds nothing: still one group');

-- An owner of either entry may report it too (they could also unlink it).
select tests.authenticate_as('37010000-0000-4000-8000-000000000002', :'olga_session');
select is(public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'wrong') ->> 'repeated',
  'false', 'popote''s owner reports the link');
select is((select count(*)::int from public.reports), 1, 'and reads only their own report');
select is(pg_temp.group_of(1), '{1,2,3,4}', 'two reports hold nothing either');
select is(pg_temp.told(1), null, 'and no page is told anything');

select tests.authenticate_as('37010000-0000-4000-8000-000000000006', :'r3_session');
select is(public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'offensive', 'Rude pairing.') ->> 'repeated',
  'false', 'a third account reports');
select ok(pg_temp.held_12(), 'the third account holds the link at once');
select is(pg_temp.group_of(1), '{}', 'popote is in no group any more');
select is(pg_temp.group_of(2), '{2,3,4}', 'pajita''s group goes on without it');
select is(pg_temp.told(1), '{}', 'popote''s page is told live it has no variants');
select is(pg_temp.told(2), '{3}', 'pajita''s page is told its list without popote');
select is(pg_temp.told(3), '{2}', 'and sorbete''s page too');
select is((select count(*)::int from public.variant_links where entry_a = '37e00000-0000-4000-8000-000000000001'), 0,
  'learners no longer read the held link');
select is(public.entry_variants('37e00000-0000-4000-8000-000000000002'),
  jsonb_build_array(jsonb_build_object('_id', '37e00000-0000-4000-8000-000000000003', 'title', 'sorbete37', 'country', 'AR',
                                       'voteScore', 0, 'direct', true, 'canUnlink', false)),
  'pajita''s variants leave popote out');
select is(public.search_concepts('popote37'), '[]'::jsonb, 'the concept search finds no group for popote');
select is(public.tutor_concept('popote37', 'ES'), null, 'nor does the tutor: it cites no Spanish form for popote');
select is((select string_agg(e.value ->> 'title', ',' order by e.ordinality)
             from jsonb_array_elements(public.tutor_concept('pajita37', 'AR') -> 'entries') with ordinality e),
  'sorbete37,pajita37', 'pajita''s group, for the tutor, is without popote');
select is(tests.error_of($$ select public.unlink_variant('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002') $$) ->> 'hint',
  'variant_link_not_found', 'a held link cannot be unlinked by a learner: it is not there for them');

-------------------------------------------------------------------------------- another learner
select tests.authenticate_as('37010000-0000-4000-8000-000000000008', :'other_session');
select is(tests.error_of($$ select public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'wrong') $$) ->> 'hint',
  'variant_link_not_found', 'a fourth learner cannot report the held link: it is not there for them');
select is(public.link_variant('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002') -> 'created', 'false'::jsonb,
  'linking the pair again changes nothing');
select ok(pg_temp.held_12(), 'the link stays held');
select is(public.add_link_report('37e00000-0000-4000-8000-000000000002', '37e00000-0000-4000-8000-000000000003', 'spam') ->> 'repeated',
  'false', 'they may report another link');

select tests.clear_authentication();
select tests.authenticate_as(null);
select is((select count(*)::int from public.variant_links where entry_a = '37e00000-0000-4000-8000-000000000001'), 0,
  'guests do not read the held link either');
select is(public.entry_variants('37e00000-0000-4000-8000-000000000001'), '[]'::jsonb, 'nor see popote grouped');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('37010000-0000-4000-8000-000000000007', :'admin_session');
select is((select count(*)::int from public.variant_links where entry_a = '37e00000-0000-4000-8000-000000000001'), 1,
  'an admin reads the held link');
select is((select c - '_id' - 'notes' - 'firstReportedAt' - 'lastReportedAt' - 'preview' - 'reporters'
             from jsonb_array_elements(pg_temp.queue('open')) c where c ->> 'contentId' = '37e00000-0000-4000-8000-000000000001' and c ->> 'variantId' = '37e00000-0000-4000-8000-000000000002'),
  '{"kind": "link", "count": 3, "hidden": true, "status": "open", "reasons": {"wrong": 2, "offensive": 1}, "commentId": null,
    "contentId": "37e00000-0000-4000-8000-000000000001", "variantId": "37e00000-0000-4000-8000-000000000002", "moderation": "held",
    "resolution": null, "resolvedAt": null, "recordingId": null, "resolutionNote": null}'::jsonb,
  'the queue shows the link case: its pair, three reporters, their reasons, held');
select is((select c -> 'preview' from jsonb_array_elements(pg_temp.queue('open')) c where c ->> 'contentId' = '37e00000-0000-4000-8000-000000000001' and c ->> 'variantId' = '37e00000-0000-4000-8000-000000000002'),
  '{"linked": true, "linkedBy": "Lina Linker", "entries": [
     {"_id": "37e00000-0000-4000-8000-000000000001", "title": "popote37", "country": "MX", "ownerName": "Olga Owner"},
     {"_id": "37e00000-0000-4000-8000-000000000002", "title": "pajita37", "country": "ES", "ownerName": "Otto Owner"}]}'::jsonb,
  'its preview shows both entries');
select is((select jsonb_array_length(c -> 'notes') from jsonb_array_elements(pg_temp.queue('open')) c where c ->> 'contentId' = '37e00000-0000-4000-8000-000000000001' and c ->> 'variantId' = '37e00000-0000-4000-8000-000000000002'),
  2, 'and the notes (trimmed)');
select is(tests.error_of($$ select public.resolve_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'forget') $$) - 'message',
  '{"code": "PT400", "hint": "invalid_report_action", "column": "action"}', 'an unknown action: PT400 invalid_report_action');
select is(tests.error_of($$ select public.resolve_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000003', 'restore') $$) - 'message',
  '{"code": "PT404", "hint": "report_not_found"}', 'a pair nobody reported: PT404 report_not_found');
select is(tests.error_of($$ select public.resolve_link_report(null, '37e00000-0000-4000-8000-000000000003', 'restore') $$) ->> 'hint',
  'report_target_required', 'one entry only: report_target_required');
select pg_temp.forget_told();
select is((select r - '_id' - 'notes' - 'firstReportedAt' - 'lastReportedAt' - 'preview' - 'resolvedAt' - 'reasons' - 'reporters'
             from public.resolve_link_report('37e00000-0000-4000-8000-000000000002', '37e00000-0000-4000-8000-000000000001', 'restore', 'Regional, fine.') r),
  '{"kind": "link", "count": 3, "hidden": false, "status": "resolved", "commentId": null, "contentId": "37e00000-0000-4000-8000-000000000001",
    "variantId": "37e00000-0000-4000-8000-000000000002", "moderation": null, "resolution": "restore", "recordingId": null,
    "resolutionNote": "Regional, fine."}'::jsonb,
  'an admin restores the link (named either way round)');
select ok(not pg_temp.held_12(), 'it is held no more');
select is(pg_temp.group_of(1), '{1,2,3,4}', 'and groups again');
select is(pg_temp.told(1), '{3,2}', 'popote''s page is told its variants are back (Argentina before Spain, both unvoted)');
select is((select count(*)::int from public.reports r join public.moderation_cases m on m.id = r.case_id
            where m.link_a = '37e00000-0000-4000-8000-000000000001' and r.open), 0, 'its reports are closed');
select is((select jsonb_build_object('action', action, 'targetType', target_type, 'targetId', target_id, 'label', target_label, 'reason', reason, 'actor', actor)
             from public.audit_log where target_type = 'variant_link' and target_id like '37e00000-%' order by id desc limit 1),
  jsonb_build_object('action', 'restore', 'targetType', 'variant_link',
                     'targetId', '37e00000-0000-4000-8000-000000000001:37e00000-0000-4000-8000-000000000002',
                     'label', 'popote37 / pajita37', 'reason', 'Regional, fine.', 'actor', '37010000-0000-4000-8000-000000000007'),
  'the restore is audited');

-- An admin may report a link too; a new round reopens the case.
select is(public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'spam') ->> 'repeated',
  'false', 'an admin reports the link: a new round');
select is((select c ->> 'status' from jsonb_array_elements(pg_temp.queue('open')) c
            where c ->> 'contentId' = '37e00000-0000-4000-8000-000000000001'), 'open', 'the case is open again');
select is(public.resolve_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'remove') -> 'preview' -> 'linked',
  'false'::jsonb, 'an admin removes the link');
select is((select count(*)::int from public.variant_links where entry_a = '37e00000-0000-4000-8000-000000000001'), 0, 'it is deleted');
select is(pg_temp.group_of(1), '{}', 'popote leaves the group for good');
select is((select c ->> 'moderation' from jsonb_array_elements(pg_temp.queue('resolved')) c
            where c ->> 'contentId' = '37e00000-0000-4000-8000-000000000001'), 'removed', 'the resolved case says removed');
select is((select action from public.audit_log where target_type = 'variant_link' and target_id like '37e00000-%' order by id desc limit 1), 'remove', 'the removal is audited');

-- Dismissing a held link groups it again too: pajita–sorbete held by three accounts.
select tests.clear_authentication();
select tests.authenticate_as('37010000-0000-4000-8000-000000000004', :'r1_session');
select public.add_link_report('37e00000-0000-4000-8000-000000000002', '37e00000-0000-4000-8000-000000000003', 'wrong');
select is(tests.error_of($$ select public.add_link_report('37e00000-0000-4000-8000-000000000001', '37e00000-0000-4000-8000-000000000002', 'wrong') $$) ->> 'hint',
  'variant_link_not_found', 'a removed link cannot be reported');
select tests.authenticate_as('37010000-0000-4000-8000-000000000005', :'r2_session');
select public.add_link_report('37e00000-0000-4000-8000-000000000003', '37e00000-0000-4000-8000-000000000002', 'wrong');
select is(pg_temp.group_of(3), '{3,4}', 'held at the third account (the other learner''s was the first): pajita, with no link left, leaves');
select tests.authenticate_as('37010000-0000-4000-8000-000000000007', :'admin_session');
select is(public.resolve_link_report('37e00000-0000-4000-8000-000000000002', '37e00000-0000-4000-8000-000000000003', 'dismiss') ->> 'resolution',
  'dismiss', 'an admin dismisses the reports');
select is(pg_temp.group_of(3), '{2,3,4}', 'the link groups as before');
select is((select action from public.audit_log where target_type = 'variant_link' and target_id like '37e00000-%' order by id desc limit 1), 'dismiss', 'the dismissal is audited');

select * from finish();
rollback;
