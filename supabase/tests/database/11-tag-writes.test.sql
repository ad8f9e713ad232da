-- tag writes: public.tags_of_entry, add_tag, tag_entry and untag_entry per actor. Guests read
-- and are asked to sign in; names are trimmed, 1 to 20 characters, unique in any case (409
-- with the existing tag); tagging is idempotent and only for shown entries (RLS); a tag comes
-- off by whoever added it, the entry's owner or an admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(45);

-- Users: owner …01 (of the entries), tagger …02, other …03, admin …04.
select tests.create_user('11010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('11010000-0000-4000-8000-000000000002', 'Tomas Tagger') as tagger_session \gset
select tests.create_user('11010000-0000-4000-8000-000000000003', 'Otto Other') as other_session \gset
select tests.create_user('11010000-0000-4000-8000-000000000004', 'Ada Admin', true) as admin_session \gset

-- Entries: …01 shown, owner's   …02 hidden, owner's   …03 shown, a guest's   …04 shown, owner's, untagged.
insert into public.entries (id, title, description, country, author, owner, show) values
  ('11e00000-0000-4000-8000-000000000001', 'chido', 'Cool.', 'MX', 'Olga', '11010000-0000-4000-8000-000000000001', true),
  ('11e00000-0000-4000-8000-000000000002', 'vaina', 'Thing.', 'DO', 'Olga', '11010000-0000-4000-8000-000000000001', false),
  ('11e00000-0000-4000-8000-000000000003', 'guagua', 'A bus.', 'CU', 'Anonymous', null, true),
  ('11e00000-0000-4000-8000-000000000004', 'neta', 'Truth.', 'MX', 'Olga', '11010000-0000-4000-8000-000000000001', true);
-- Tags: …01 Chilango and …02 albur (the tagger's), …03 Costeño (ownerless, as seeded).
insert into public.tags (id, name, owner) values
  ('11700000-0000-4000-8000-000000000001', 'Chilango', '11010000-0000-4000-8000-000000000002'),
  ('11700000-0000-4000-8000-000000000002', 'albur', '11010000-0000-4000-8000-000000000002'),
  ('11700000-0000-4000-8000-000000000003', 'Costeño', null);
-- Links and who added them: entry 01 Chilango (tagger), albur (owner); 02 Chilango (owner); 03 albur (tagger).
insert into public.entry_tags (entry_id, tag_id, added_by) values
  ('11e00000-0000-4000-8000-000000000001', '11700000-0000-4000-8000-000000000001', '11010000-0000-4000-8000-000000000002'),
  ('11e00000-0000-4000-8000-000000000001', '11700000-0000-4000-8000-000000000002', '11010000-0000-4000-8000-000000000001'),
  ('11e00000-0000-4000-8000-000000000002', '11700000-0000-4000-8000-000000000001', '11010000-0000-4000-8000-000000000001'),
  ('11e00000-0000-4000-8000-000000000003', '11700000-0000-4000-8000-000000000002', '11010000-0000-4000-8000-000000000002');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(public.tags_of_entry('11e00000-0000-4000-8000-000000000001'),
  '[{"_id": "11700000-0000-4000-8000-000000000002", "name": "albur", "owner": "11010000-0000-4000-8000-000000000002", "canRemove": false},
    {"_id": "11700000-0000-4000-8000-000000000001", "name": "Chilango", "owner": "11010000-0000-4000-8000-000000000002", "canRemove": false}]',
  'a guest reads a shown entry''s tags, by name whatever the case');
select is(public.tags_of_entry('11e00000-0000-4000-8000-000000000004'), '[]', 'an untagged entry has an empty list');
select is(tests.error_of($$ select public.tags_of_entry('11e00000-0000-4000-8000-000000000002') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'a hidden entry''s tags: PT404 entry_not_found');
select is(tests.error_of($$ select public.tags_of_entry('11e00000-0000-4000-8000-0000000000ff') $$) ->> 'hint',
  'entry_not_found', 'an entry that does not exist: entry_not_found');
select is(tests.error_of($$ select public.add_tag('Guiri') $$) - 'message',
  '{"code": "PT401", "hint": "tag_login_required"}', 'a guest cannot add a tag: PT401 tag_login_required');
select is(tests.error_of($$ select public.tag_entry('11e00000-0000-4000-8000-000000000004', '11700000-0000-4000-8000-000000000003') $$) - 'message',
  '{"code": "PT401", "hint": "tag_login_required"}', 'a guest cannot tag an entry: PT401 tag_login_required');
select is(tests.error_of($$ select public.untag_entry('11e00000-0000-4000-8000-000000000003', '11700000-0000-4000-8000-000000000002') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot take a tag off, not even a guest entry''s: PT401 login_required');

-------------------------------------------------------------------------------- tagger (a signed-in user, not the entries' owner)
select tests.clear_authentication();
select tests.authenticate_as('11010000-0000-4000-8000-000000000002', :'tagger_session');

select is(public.add_tag(E'  Norteño \t') - '_id', '{"name": "Norteño", "owner": "11010000-0000-4000-8000-000000000002"}',
  'a user adds a tag: trimmed, in their name');
select is(tests.error_of($$ select public.add_tag('   ') $$) - 'message',
  '{"code": "PT400", "hint": "tag_name_required", "column": "name"}', 'a blank name: PT400 tag_name_required');
select is(tests.error_of($$ select public.add_tag(null) $$) ->> 'hint', 'tag_name_required', 'no name: tag_name_required');
select is(tests.error_of($$ select public.add_tag(repeat('x', 21)) $$) - 'message',
  '{"code": "PT400", "hint": "tag_name_too_long", "column": "name"}', 'a name over 20 characters: tag_name_too_long');
select is(public.add_tag('  ' || repeat('ñ', 20) || '  ') ->> 'name', repeat('ñ', 20),
  'a name of 20 characters (not bytes; spaces around not counted) is accepted');
select is(tests.error_of($$ select public.add_tag(' CHILANGO ') $$) - 'message' - 'detail',
  '{"code": "PT409", "hint": "tag_exists", "column": "name"}', 'a name taken in another case: PT409 tag_exists');
select is((tests.error_of($$ select public.add_tag('chilango') $$) ->> 'detail')::jsonb,
  '{"data": {"_id": "11700000-0000-4000-8000-000000000001", "name": "Chilango", "owner": "11010000-0000-4000-8000-000000000002"}}',
  'and the reply carries the existing tag as data');
select is((tests.error_of($$ select public.add_tag('NORTEÑO') $$) ->> 'detail')::jsonb -> 'data' ->> 'name', 'Norteño',
  'a tag added a moment ago is taken too');

select is(public.tag_entry('11e00000-0000-4000-8000-000000000004', '11700000-0000-4000-8000-000000000003'),
  '[{"_id": "11700000-0000-4000-8000-000000000003", "name": "Costeño", "owner": null, "canRemove": true}]',
  'a user tags another user''s shown entry and gets its tags back');
select is(public.tag_entry('11e00000-0000-4000-8000-000000000004', '11700000-0000-4000-8000-000000000003'),
  '[{"_id": "11700000-0000-4000-8000-000000000003", "name": "Costeño", "owner": null, "canRemove": true}]',
  'tagging again is fine and changes nothing');
select is(jsonb_array_length(public.tag_entry('11e00000-0000-4000-8000-000000000001', '11700000-0000-4000-8000-000000000002')), 2,
  'tagging with a tag someone else already put there is fine too');
select is(tests.error_of($$ select public.tag_entry('11e00000-0000-4000-8000-0000000000ff', '11700000-0000-4000-8000-000000000003') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'an entry that does not exist: PT404 entry_not_found');
select is(tests.error_of($$ select public.tag_entry('11e00000-0000-4000-8000-000000000004', '11700000-0000-4000-8000-0000000000ff') $$) - 'message',
  '{"code": "PT404", "hint": "tag_not_found"}', 'a tag that does not exist: PT404 tag_not_found');
select is(tests.error_of($$ select public.tag_entry('11e00000-0000-4000-8000-000000000002', '11700000-0000-4000-8000-000000000003') $$) ->> 'hint',
  'entry_not_found', 'an entry hidden from the user: entry_not_found');

select is(public.untag_entry('11e00000-0000-4000-8000-000000000003', '11700000-0000-4000-8000-000000000002'), '[]',
  'whoever added a tag takes it off (a guest''s entry) and gets the remaining tags');
select is(tests.error_of($$ select public.untag_entry('11e00000-0000-4000-8000-000000000001', '11700000-0000-4000-8000-000000000002') $$) - 'message',
  '{"code": "PT403", "hint": "forbidden"}', 'a tag the owner added on their entry (still theirs after the re-tag): PT403 forbidden');
select is(tests.error_of($$ select public.untag_entry('11e00000-0000-4000-8000-000000000001', '11700000-0000-4000-8000-000000000003') $$) - 'message',
  '{"code": "PT404", "hint": "tag_not_found"}', 'a tag the entry does not carry: PT404 tag_not_found');
select is(tests.error_of($$ select public.untag_entry('11e00000-0000-4000-8000-000000000002', '11700000-0000-4000-8000-000000000001') $$) ->> 'hint',
  'tag_not_found', 'a tag on an entry hidden from the user: not found');

-------------------------------------------------------------------------------- owner (of the entries)
select tests.clear_authentication();
select tests.authenticate_as('11010000-0000-4000-8000-000000000001', :'owner_session');

select is(public.tags_of_entry('11e00000-0000-4000-8000-000000000002') -> 0 ->> 'name', 'Chilango',
  'the owner reads their hidden entry''s tags');
select throws_ok($$ select public.tag_entry('11e00000-0000-4000-8000-000000000002', '11700000-0000-4000-8000-000000000003') $$,
  '42501', null, 'nobody tags a hidden entry, not even its owner (RLS: 42501)');
select is(public.untag_entry('11e00000-0000-4000-8000-000000000001', '11700000-0000-4000-8000-000000000001') -> 0 ->> 'name', 'albur',
  'the entry''s owner takes off a tag someone else added');
select is(public.untag_entry('11e00000-0000-4000-8000-000000000001', '11700000-0000-4000-8000-000000000002'), '[]',
  'and one they added themselves');
select is(tests.error_of($$ select public.untag_entry('11e00000-0000-4000-8000-000000000001', '11700000-0000-4000-8000-000000000002') $$) ->> 'hint',
  'tag_not_found', 'a tag already taken off is not found');

-------------------------------------------------------------------------------- other user
select tests.clear_authentication();
select tests.authenticate_as('11010000-0000-4000-8000-000000000003', :'other_session');

select is(tests.error_of($$ select public.untag_entry('11e00000-0000-4000-8000-000000000004', '11700000-0000-4000-8000-000000000003') $$) - 'message',
  '{"code": "PT403", "hint": "forbidden"}', 'another user cannot take off a tag they did not add on an entry not theirs');
select is(jsonb_array_length(public.tag_entry('11e00000-0000-4000-8000-000000000001', '11700000-0000-4000-8000-000000000003')), 1,
  'another user tags a shown entry');
select is(public.untag_entry('11e00000-0000-4000-8000-000000000001', '11700000-0000-4000-8000-000000000003'), '[]',
  'and takes their own tag off again');
select is(tests.error_of($$ select public.tags_of_entry('11e00000-0000-4000-8000-000000000002') $$) ->> 'code', 'PT404',
  'another user cannot read a hidden entry''s tags');
select is(public.add_tag('Porteño') ->> 'owner', '11010000-0000-4000-8000-000000000003', 'another user adds a tag of their own');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('11010000-0000-4000-8000-000000000004', :'admin_session');

select is(jsonb_array_length(public.tags_of_entry('11e00000-0000-4000-8000-000000000002')), 1,
  'an admin reads a hidden entry''s tags');
select throws_ok($$ select public.tag_entry('11e00000-0000-4000-8000-000000000002', '11700000-0000-4000-8000-000000000003') $$,
  '42501', null, 'an admin cannot tag a hidden entry either (RLS: 42501)');
select is(public.untag_entry('11e00000-0000-4000-8000-000000000002', '11700000-0000-4000-8000-000000000001'), '[]',
  'an admin takes a tag off a user''s hidden entry');
select is(public.untag_entry('11e00000-0000-4000-8000-000000000004', '11700000-0000-4000-8000-000000000003'), '[]',
  'and off any entry, whoever added it');
select is(tests.error_of($$ select public.untag_entry('11e00000-0000-4000-8000-000000000004', '11700000-0000-4000-8000-000000000003') $$) - 'message',
  '{"code": "PT404", "hint": "tag_not_found"}', 'a missing link is not found, even for an admin');
select is(tests.error_of($$ select public.add_tag('porteño') $$) ->> 'hint', 'tag_exists', 'an admin cannot take a name either');
select is(public.add_tag('Cheto') ->> 'owner', '11010000-0000-4000-8000-000000000004', 'an admin''s tag is theirs');

-------------------------------------------------------------------------------- afterwards
select tests.clear_authentication();
select is_empty(
  $$ select 1 from public.entry_tags where entry_id::text like '11e00000-%' $$,
  'every link was taken off by someone allowed to');
select results_eq(
  $$ select name, owner from public.tags where name in ('Norteño', 'Porteño', 'Cheto', repeat('ñ', 20)) order by name $$,
  $$ values ('Cheto', '11010000-0000-4000-8000-000000000004'::uuid), ('Norteño', '11010000-0000-4000-8000-000000000002'::uuid),
            ('Porteño', '11010000-0000-4000-8000-000000000003'::uuid), (repeat('ñ', 20), '11010000-0000-4000-8000-000000000002'::uuid) $$,
  'the tags added are owned by who added them');
select is((select count(*)::integer from public.tags where lower(name) = 'chilango'), 1, 'no second Chilango was created');

select * from finish();
rollback;
