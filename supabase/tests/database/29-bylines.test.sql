-- bylines and tag removal rights: entry_json's addedBy ({_id, name} through the definer
-- private.public_profile, never an e-mail, admin flag or streak) and ownerDeleted; the public
-- profile (public.user_profile: shown entries only, newest first, keyset pages; 404 for no
-- such account); and canRemove on every tag (tags_of_entry, entry_json) from the same rule as
-- the delete policy on entry_tags (private.may_remove_tag), per actor: anonymous, other
-- learner, owner, admin, and the entries of a deleted account.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(51);

-- Users: owner …01, other …02 (tags the owner's entry), admin …03, leaver …04 (deletes their account).
select tests.create_user('29010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('29010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('29010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
select tests.create_user('29010000-0000-4000-8000-000000000004', 'Lea Leaver') as leaver_session \gset
update public.profiles set current_streak = 4, longest_streak = 9 where id = '29010000-0000-4000-8000-000000000001';

-- Entries: the owner's …01 (older) and …06 (newer) shown, …02 hidden, …03 held; …04 a guest's;
-- …05 the leaver's; …07 the admin's.
insert into public.entries (id, title, description, country, author, owner, show, moderation, created_at) values
  ('29e00000-0000-4000-8000-000000000001', 'chido', 'Cool.', 'MX', 'La Olga', '29010000-0000-4000-8000-000000000001', true, null, '2026-07-01 10:00+00'),
  ('29e00000-0000-4000-8000-000000000002', 'vaina', 'Thing.', 'DO', 'Olga', '29010000-0000-4000-8000-000000000001', false, null, '2026-07-01 11:00+00'),
  ('29e00000-0000-4000-8000-000000000003', 'pendejo', 'Rude.', 'MX', 'Olga', '29010000-0000-4000-8000-000000000001', true, 'held', '2026-07-01 12:00+00'),
  ('29e00000-0000-4000-8000-000000000004', 'guagua', 'A bus.', 'CU', 'Anonymous', null, true, null, '2026-07-01 13:00+00'),
  ('29e00000-0000-4000-8000-000000000005', 'bondi', 'A bus.', 'AR', 'Lea', '29010000-0000-4000-8000-000000000004', true, null, '2026-07-01 14:00+00'),
  ('29e00000-0000-4000-8000-000000000006', 'neta', 'Truth.', 'MX', 'Olga', '29010000-0000-4000-8000-000000000001', true, null, '2026-07-01 15:00+00'),
  ('29e00000-0000-4000-8000-000000000007', 'guay', 'Cool.', 'ES', 'Ada', '29010000-0000-4000-8000-000000000003', true, null, '2026-07-01 16:00+00');
-- Tags on chido: albur (added by other), Chilango (added by the owner). On guagua: costeño (added by other).
insert into public.tags (id, name, owner) values
  ('29700000-0000-4000-8000-000000000001', 'albur', '29010000-0000-4000-8000-000000000002'),
  ('29700000-0000-4000-8000-000000000002', 'Chilango', '29010000-0000-4000-8000-000000000001'),
  ('29700000-0000-4000-8000-000000000003', 'costeño', '29010000-0000-4000-8000-000000000002');
insert into public.entry_tags (entry_id, tag_id, added_by) values
  ('29e00000-0000-4000-8000-000000000001', '29700000-0000-4000-8000-000000000001', '29010000-0000-4000-8000-000000000002'),
  ('29e00000-0000-4000-8000-000000000001', '29700000-0000-4000-8000-000000000002', '29010000-0000-4000-8000-000000000001'),
  ('29e00000-0000-4000-8000-000000000004', '29700000-0000-4000-8000-000000000003', '29010000-0000-4000-8000-000000000002');

-- What a tag list says, as "name:canRemove" by name.
create or replace function tests.removable(tags jsonb)
returns text[]
language sql
immutable
as $$
  select array_agg((t ->> 'name') || ':' || (t ->> 'canRemove') order by n) from jsonb_array_elements(tags) with ordinality as x(t, n)
$$;
grant execute on function tests.removable(jsonb) to public;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is((select public.entry_json(e) -> 'addedBy' from public.entries e where e.id = '29e00000-0000-4000-8000-000000000001'),
  '{"_id": "29010000-0000-4000-8000-000000000001", "name": "Olga Owner"}',
  'a guest sees who added an entry: their id and display name, beside the free-text author');
select is((select public.entry_json(e) ->> 'author' from public.entries e where e.id = '29e00000-0000-4000-8000-000000000001'),
  'La Olga', 'the spec''s author stays as written');
select ok((select public.entry_json(e)::text from public.entries e where e.id = '29e00000-0000-4000-8000-000000000001')
          !~* '(test\.jerga\.local|isAdmin|is_admin|streak)',
  'and nothing else of the profile: no e-mail, admin flag or streak');
select is((select public.entry_json(e) -> 'addedBy' from public.entries e where e.id = '29e00000-0000-4000-8000-000000000004'),
  'null', 'a guest''s entry was added by no account');
select is((select public.entry_json(e) -> 'ownerDeleted' from public.entries e where e.id = '29e00000-0000-4000-8000-000000000004'),
  'false', 'and not by a deleted one');
select throws_ok($$ select name from public.profiles $$, '42501', null, 'a guest still cannot read profiles');
select is(pg_get_function_result('private.public_profile(uuid)'::regprocedure),
  'TABLE(id uuid, name text, created_at timestamp with time zone, speaker_country character)',
  'the definer door returns the id, name, join date and speaker country only (issue 34: where their Spanish is from is public)');

select is(tests.removable(public.tags_of_entry('29e00000-0000-4000-8000-000000000001')), array['albur:false', 'Chilango:false'],
  'a guest may remove no tag (tags_of_entry)');
select is((select tests.removable(public.entry_json(e) -> 'tags') from public.entries e where e.id = '29e00000-0000-4000-8000-000000000001'),
  array['albur:false', 'Chilango:false'], 'nor as entry_json says it');
select ok(not private.may_remove_tag('29010000-0000-4000-8000-000000000002', null), 'the rule says no to a guest whatever the tag');

select set_eq($$ select jsonb_object_keys(public.user_profile('29010000-0000-4000-8000-000000000001') -> 'user') $$,
  array['_id', 'name', 'createdAt', 'entryCount'], 'a guest reads a profile: id, name, join date and entry count, nothing else');
select is((public.user_profile('29010000-0000-4000-8000-000000000001') -> 'user') - 'createdAt',
  '{"_id": "29010000-0000-4000-8000-000000000001", "name": "Olga Owner", "entryCount": 2}', 'counting shown entries only');
select is((select array_agg(e ->> 'title' order by n)
             from jsonb_array_elements(public.user_profile('29010000-0000-4000-8000-000000000001') -> 'data') with ordinality as x(e, n)),
  array['neta', 'chido'], 'the profile lists shown entries, newest first: not the hidden one, not the held one');
select is((select array_agg(e ->> 'title')
             from jsonb_array_elements(public.user_profile('29010000-0000-4000-8000-000000000001', page_size => 1) -> 'data') e),
  array['neta'], 'a page at a time');
select is((select array_agg(e ->> 'title')
             from jsonb_array_elements(public.user_profile('29010000-0000-4000-8000-000000000001', page_size => 1,
                    after_created_at => '2026-07-01 15:00+00', after_id => '29e00000-0000-4000-8000-000000000006') -> 'data') e),
  array['chido'], 'the next page starts after the cursor (createdAt, id)');
select is(public.user_profile('29010000-0000-4000-8000-000000000001', page_size => 1000) -> 'data' -> 0 -> 'addedBy' ->> 'name',
  'Olga Owner', 'its entries carry their byline (a page size past the cap is capped, not refused)');
select is(tests.error_of($$ select public.user_profile('29010000-0000-4000-8000-0000000000ff') $$) - 'message',
  '{"code": "PT404", "hint": "user_not_found"}', 'no such account: PT404 user_not_found');
select is((public.user_profile('29010000-0000-4000-8000-000000000003') -> 'user') - 'createdAt',
  '{"_id": "29010000-0000-4000-8000-000000000003", "name": "Ada Admin", "entryCount": 1}', 'an admin''s profile does not say they are one');
select throws_ok($$ delete from public.entry_tags $$, '42501', null, 'a guest cannot delete taggings (no grant)');

-------------------------------------------------------------------------------- other learner
select tests.clear_authentication();
select tests.authenticate_as('29010000-0000-4000-8000-000000000002', :'other_session');

select is_empty($$ select name from public.profiles where id = '29010000-0000-4000-8000-000000000001' $$,
  'another learner still cannot read the owner''s profile row');
select is((select public.entry_json(e) -> 'addedBy' ->> 'name' from public.entries e where e.id = '29e00000-0000-4000-8000-000000000001'),
  'Olga Owner', 'yet sees their name on the byline');
select is(tests.removable(public.tags_of_entry('29e00000-0000-4000-8000-000000000001')), array['albur:true', 'Chilango:false'],
  'another learner may remove the tag they added, not the owner''s (tags_of_entry)');
select is((select tests.removable(public.entry_json(e) -> 'tags') from public.entries e where e.id = '29e00000-0000-4000-8000-000000000001'),
  array['albur:true', 'Chilango:false'], 'and entry_json says the same');
select is_empty($$ delete from public.entry_tags where entry_id = '29e00000-0000-4000-8000-000000000001'
                    and tag_id = '29700000-0000-4000-8000-000000000002' returning tag_id $$,
  'the delete policy agrees: the owner''s tag does not come off');
select is(tests.error_of($$ select public.untag_entry('29e00000-0000-4000-8000-000000000001', '29700000-0000-4000-8000-000000000002') $$) ->> 'hint',
  'forbidden', 'untag_entry says forbidden');
select is(tests.removable(public.untag_entry('29e00000-0000-4000-8000-000000000004', '29700000-0000-4000-8000-000000000003')),
  null, 'their own tag on a guest''s entry comes off (the reply: no tags left)');
select is(tests.removable(public.tag_entry('29e00000-0000-4000-8000-000000000004', '29700000-0000-4000-8000-000000000003')),
  array['costeño:true'], 'tag_entry''s reply carries canRemove too');
select is((select array_agg(e ->> 'title' order by n)
             from jsonb_array_elements(public.user_profile('29010000-0000-4000-8000-000000000001') -> 'data') with ordinality as x(e, n)),
  array['neta', 'chido'], 'another learner''s view of the profile: shown entries only');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('29010000-0000-4000-8000-000000000001', :'owner_session');

select is(tests.removable(public.tags_of_entry('29e00000-0000-4000-8000-000000000001')), array['albur:true', 'Chilango:true'],
  'the entry''s owner may remove every tag on it, whoever added it');
select is(tests.removable(public.tags_of_entry('29e00000-0000-4000-8000-000000000004')), array['costeño:false'],
  'but not another learner''s tag on someone else''s entry');
select is((select public.entry_json(e) -> 'addedBy' ->> 'name' from public.entries e where e.id = '29e00000-0000-4000-8000-000000000002'),
  'Olga Owner', 'their hidden entry carries their byline');
select is(public.user_profile('29010000-0000-4000-8000-000000000001') -> 'user' ->> 'entryCount', '2',
  'their own profile, as others see it: two shown entries');
select is((select array_agg(e ->> 'title' order by n)
             from jsonb_array_elements(public.user_profile('29010000-0000-4000-8000-000000000001') -> 'data') with ordinality as x(e, n)),
  array['neta', 'chido'], 'hidden and held ones are on Account, not the public profile');
select is(tests.removable(public.untag_entry('29e00000-0000-4000-8000-000000000001', '29700000-0000-4000-8000-000000000001')),
  array['Chilango:true'], 'the owner takes another learner''s tag off their entry, as canRemove said');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('29010000-0000-4000-8000-000000000003', :'admin_session');

select is(tests.removable(public.tags_of_entry('29e00000-0000-4000-8000-000000000004')), array['costeño:true'],
  'an admin may remove any tag');
select is((select tests.removable(public.entry_json(e) -> 'tags') from public.entries e where e.id = '29e00000-0000-4000-8000-000000000001'),
  array['Chilango:true'], 'on any entry');
select is((select array_agg(e ->> 'title' order by n)
             from jsonb_array_elements(public.user_profile('29010000-0000-4000-8000-000000000001') -> 'data') with ordinality as x(e, n)),
  array['neta', 'chido'], 'an admin''s view of a profile lists shown entries only too');
select is(public.user_profile('29010000-0000-4000-8000-000000000001') -> 'user' ->> 'entryCount', '2', 'and counts them');
select ok((select public.entry_json(e)::text from public.entries e where e.id = '29e00000-0000-4000-8000-000000000007')
          !~* '(test\.jerga\.local|isAdmin|is_admin|streak)', 'an admin''s own byline says nothing of their rights either');
select is(tests.removable(public.untag_entry('29e00000-0000-4000-8000-000000000004', '29700000-0000-4000-8000-000000000003')),
  null, 'an admin takes a learner''s tag off a guest''s entry');

-------------------------------------------------------------------------------- a deleted account
select tests.clear_authentication();
select is((select owner_deleted from public.entries where id = '29e00000-0000-4000-8000-000000000005'), false,
  'before: the leaver''s entry is theirs');
delete from auth.users where id = '29010000-0000-4000-8000-000000000004';
select tests.authenticate_as(null);
select is((select public.entry_json(e) -> 'addedBy' from public.entries e where e.id = '29e00000-0000-4000-8000-000000000005'),
  'null', 'a deleted account''s entry stays, added by no account');
select is((select public.entry_json(e) -> 'ownerDeleted' from public.entries e where e.id = '29e00000-0000-4000-8000-000000000005'),
  'true', 'and says its account was deleted (not a guest''s)');
select is(tests.error_of($$ select public.user_profile('29010000-0000-4000-8000-000000000004') $$) ->> 'hint',
  'user_not_found', 'the deleted account has no profile');
select is((select public.entry_json(e) -> 'ownerDeleted' from public.entries e where e.id = '29e00000-0000-4000-8000-000000000001'),
  'false', 'other entries are untouched');
select tests.clear_authentication();
select tests.authenticate_as('29010000-0000-4000-8000-000000000001', :'owner_session');
select throws_ok($$ update public.entries set owner_deleted = true where id = '29e00000-0000-4000-8000-000000000001' $$,
  '42501', null, 'not even the owner writes owner_deleted: only the trigger does');
select throws_ok($$ update public.entries set owner_name = 'Shakira' where id = '29e00000-0000-4000-8000-000000000001' $$,
  '42501', null, 'nor owner_name: the byline''s name is the trigger''s copy');
select is((public.add_entry(title => 'chamba', description => 'Work.', country => 'MX')) -> 'addedBy' ->> 'name',
  'Olga Owner', 'a new entry takes its adder''s name at once');
select tests.clear_authentication();
select is((select owner_name from public.entries where id = '29e00000-0000-4000-8000-000000000005'), null,
  'a deleted account''s entry forgets the name');
update public.profiles set name = 'Olga Renamed' where id = '29010000-0000-4000-8000-000000000001';
select is((select public.entry_json(e) -> 'addedBy' ->> 'name' from public.entries e where e.id = '29e00000-0000-4000-8000-000000000001'),
  'Olga Owner', 'a byline keeps the name its adder had then, as a comment does');
select has_index('public', 'entries', 'entries_owner_newest_idx', 'a profile''s page reads an index');

select * from finish();
rollback;
