-- entry writes: public.add_entry, update_entry and delete_entry per actor. Field rules with
-- their code and field, trimming, the author's default, the owner always the caller, the
-- guest limit (10 an hour per address), edits of only the given keys, and 401 / 403 / 404
-- as a guest, a user who may see but not edit, and a user who may not see.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(72);

-- Users: owner 1011…, other 1022…, admin 1033….
select tests.create_user('10111111-1111-4111-8111-111111111111', 'Olga Owner') as owner_session \gset
select tests.create_user('10222222-2222-4222-8222-222222222222', 'Otto Other') as other_session \gset
select tests.create_user('10333333-3333-4333-8333-333333333333', 'Ada Admin', true) as admin_session \gset

-- Entries, arranged by the superuser:
--   …01 shown, owner's (edited below)   …02 hidden, owner's   …03 shown, a guest's
--   …04 shown, other's                  …05 hidden, other's   …06 shown, owner's (to delete)
insert into public.entries (id, title, description, country, hint, example_sentence, author, owner, show) values
  ('10e00000-0000-4000-8000-000000000001', 'chido', 'Cool, great.', 'MX', 'Opposite of gacho', '¡Qué chido!', 'Olga', '10111111-1111-4111-8111-111111111111', true),
  ('10e00000-0000-4000-8000-000000000002', 'vaina', 'Thing, stuff.', 'DO', null, null, 'Olga', '10111111-1111-4111-8111-111111111111', false),
  ('10e00000-0000-4000-8000-000000000003', 'guagua', 'A bus.', 'CU', null, null, 'Anonymous', null, true),
  ('10e00000-0000-4000-8000-000000000004', 'parce', 'Friend, buddy.', 'CO', null, null, 'Otto', '10222222-2222-4222-8222-222222222222', true),
  ('10e00000-0000-4000-8000-000000000005', 'pana', 'Friend, buddy.', 'VE', null, null, 'Otto', '10222222-2222-4222-8222-222222222222', false),
  ('10e00000-0000-4000-8000-000000000006', 'ahorita', 'Right now, or never.', 'MX', null, null, 'Olga', '10111111-1111-4111-8111-111111111111', true);

-- This file's addresses start with empty counters.
delete from private.rate_limits where bucket = 'guest_entries' and client like '192.0.2.%';

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.10"}', true);

select is(
  public.add_entry(E'  guagua \t', E'\nA bus.  ', ' cu ') - '_id' - 'createdAt' - 'updatedAt' - 'descriptionEs' - 'rudeIn',
  '{"title": "guagua", "description": "A bus.", "country": "CU", "hint": null, "exampleSentence": null,
    "author": "Anonymous", "owner": null, "addedBy": null, "ownerDeleted": false, "show": true, "voteCount": 0, "upvotes": 0, "downvotes": 0,
    "userVote": null, "inFlashcards": false, "commentCount": 0, "tags": []}',
  'a guest adds an entry: trimmed, country upper-cased, author Anonymous, no owner, shown');
select is(
  public.add_entry('bondi', 'A bus.', 'AR', '   ', ' Se usa en Buenos Aires. ', '  Gus  ')
    - '_id' - 'createdAt' - 'updatedAt' - 'voteCount' - 'upvotes' - 'downvotes' - 'userVote' - 'inFlashcards' - 'commentCount' - 'tags' - 'descriptionEs' - 'rudeIn',
  '{"title": "bondi", "description": "A bus.", "country": "AR", "hint": null,
    "exampleSentence": "Se usa en Buenos Aires.", "author": "Gus", "owner": null, "addedBy": null, "ownerDeleted": false, "show": true}',
  'a guest may name an author; a blank hint is no hint');
select is(tests.error_of($$ select public.add_entry('', 'A bus.', 'AR') $$) - 'message',
  '{"code": "PT400", "hint": "title_required", "column": "title"}', 'a guest''s entry follows the field rules');

-- The guest limit: two added above, seven more, one refused by a field rule (not counted), the tenth.
select lives_ok($$ select public.add_entry('guest ' || i, 'A guest entry.', 'ES') from generate_series(3, 9) i $$,
  'a guest adds up to nine entries');
select is(tests.error_of($$ select public.add_entry('guest 10', '   ', 'ES') $$) ->> 'hint', 'description_required',
  'an invalid entry is refused before it is counted');
select lives_ok($$ select public.add_entry('guest 10', 'A guest entry.', 'ES') $$, 'the tenth entry in the hour is accepted');
select is(tests.error_of($$ select public.add_entry('guest 11', 'A guest entry.', 'ES') $$) - 'message',
  '{"code": "PT429", "hint": "guest_rate_limited", "detail": "{\"retryAfter\": 3600}"}',
  'the eleventh is refused with PT429 guest_rate_limited and the seconds until the hour is over');
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.99, 192.0.2.10"}', true);
select throws_ok($$ select public.add_entry('guest 11', 'A guest entry.', 'ES') $$, 'PT429', null,
  'a made-up address in front of the real one does not help');
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.10, 192.0.2.11"}', true);
select lives_ok($$ select public.add_entry('another guest', 'A guest entry.', 'ES') $$,
  'a guest at another address has a limit of their own');
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.10"}', true);

select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000003', '{"title": "vandal"}') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot edit, not even a guest''s entry: PT401 login_required');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-0000000000ff', '{}') $$) ->> 'hint',
  'login_required', 'a guest is asked to sign in before being told an entry does not exist');
select is(tests.error_of($$ select public.delete_entry('10e00000-0000-4000-8000-000000000003') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot delete: PT401 login_required');

select tests.clear_authentication();
select is((select hits from private.rate_limits where bucket = 'guest_entries' and client = '192.0.2.10'), 10,
  'only the ten accepted entries counted against the address');
select is((select count(*)::integer from public.entries where owner is null and description = 'A guest entry.'), 9,
  'the accepted guest entries were written without an owner');

-------------------------------------------------------------------------------- owner
select tests.authenticate_as('10111111-1111-4111-8111-111111111111', :'owner_session');

select is(
  public.add_entry('neta', 'Truth.', 'MX') - '_id' - 'createdAt' - 'updatedAt' - 'voteCount' - 'upvotes' - 'downvotes' - 'userVote' - 'inFlashcards' - 'commentCount' - 'tags' - 'descriptionEs' - 'rudeIn',
  '{"title": "neta", "description": "Truth.", "country": "MX", "hint": null, "exampleSentence": null,
    "author": "Olga Owner", "owner": "10111111-1111-4111-8111-111111111111",
    "addedBy": {"_id": "10111111-1111-4111-8111-111111111111", "name": "Olga Owner"}, "ownerDeleted": false, "show": true}',
  'a user''s entry is theirs, authored by their profile name, even from an address guests exhausted');
select is(public.add_entry('neta', 'Truth.', 'MX', author => ' La Olga ') ->> 'author', 'La Olga',
  'a user may sign with another (trimmed) name');

-- Field rules, each with its code and the /api's field name.
select is(tests.error_of($$ select public.add_entry(E' \t\n', 'Truth.', 'MX') $$) - 'message',
  '{"code": "PT400", "hint": "title_required", "column": "title"}', 'a blank title: title_required');
select is(tests.error_of($$ select public.add_entry(null, 'Truth.', 'MX') $$) ->> 'hint', 'title_required',
  'a missing title: title_required');
select is(tests.error_of($$ select public.add_entry(repeat('a', 1001), 'Truth.', 'MX') $$) - 'message',
  '{"code": "PT400", "hint": "title_too_long", "column": "title"}', 'a title over 1000 characters: title_too_long');
select is(char_length(public.add_entry('  ' || repeat('a', 1000) || '  ', 'Truth.', 'MX') ->> 'title'), 1000,
  'a title of 1000 characters (spaces around not counted) is accepted');
select is(tests.error_of($$ select public.add_entry('neta', ' ', 'MX') $$) - 'message',
  '{"code": "PT400", "hint": "description_required", "column": "description"}', 'a blank description: description_required');
select is(tests.error_of($$ select public.add_entry('neta', repeat('d', 1001), 'MX') $$) - 'message',
  '{"code": "PT400", "hint": "description_too_long", "column": "description"}', 'a description over 1000: description_too_long');
select is(char_length(public.add_entry('neta', repeat('d', 1000), 'MX') ->> 'description'), 1000,
  'a description of 1000 characters is accepted');
select is(tests.error_of($$ select public.add_entry('saudade', 'Longing.', 'BR') $$) - 'message',
  '{"code": "PT400", "hint": "country_required", "column": "country"}', 'a country outside the 21: country_required');
select is(tests.error_of($$ select public.add_entry('neta', 'Truth.', null) $$) ->> 'hint', 'country_required',
  'a missing country: country_required');
select is(tests.error_of($$ select public.add_entry('neta', 'Truth.', 'MX', repeat('h', 1001)) $$) - 'message',
  '{"code": "PT400", "hint": "hint_too_long", "column": "hint"}', 'a hint over 1000: hint_too_long');
select is(tests.error_of($$ select public.add_entry('neta', 'Truth.', 'MX', null, repeat('e', 1001)) $$) - 'message',
  '{"code": "PT400", "hint": "example_sentence_too_long", "column": "exampleSentence"}',
  'an example over 1000: example_sentence_too_long on exampleSentence');
select is(public.add_entry('neta', 'Truth.', 'MX', repeat('h', 1000), repeat('e', 1000)) ->> 'exampleSentence', repeat('e', 1000),
  'a hint and an example of 1000 characters are accepted');
select is(tests.error_of($$ select public.add_entry('neta', 'Truth.', 'MX', author => repeat('o', 101)) $$) - 'message',
  '{"code": "PT400", "hint": "author_too_long", "column": "author"}', 'an author over 100: author_too_long');
select is(public.add_entry('neta', 'Truth.', 'MX', author => repeat('o', 100)) ->> 'author', repeat('o', 100),
  'an author of 100 characters is accepted');

-- Edits: only the keys given.
select is(
  public.update_entry('10e00000-0000-4000-8000-000000000001', '{"title": "  chido (MX) "}')
    - '_id' - 'createdAt' - 'updatedAt' - 'voteCount' - 'upvotes' - 'downvotes' - 'userVote' - 'inFlashcards' - 'commentCount' - 'tags' - 'descriptionEs' - 'rudeIn',
  '{"title": "chido (MX)", "description": "Cool, great.", "country": "MX", "hint": "Opposite of gacho",
    "exampleSentence": "¡Qué chido!", "author": "Olga", "owner": "10111111-1111-4111-8111-111111111111",
    "addedBy": {"_id": "10111111-1111-4111-8111-111111111111", "name": "Olga Owner"}, "ownerDeleted": false, "show": true}',
  'the owner edits the title (trimmed); every absent key keeps its value');
select is(
  public.update_entry('10e00000-0000-4000-8000-000000000001', '{"hint": null}') - '_id' - 'createdAt' - 'updatedAt'
    - 'voteCount' - 'upvotes' - 'downvotes' - 'userVote' - 'inFlashcards' - 'commentCount' - 'tags' - 'owner' - 'addedBy' - 'ownerDeleted' - 'show' - 'title' - 'description' - 'country' - 'author' - 'descriptionEs' - 'rudeIn',
  '{"hint": null, "exampleSentence": "¡Qué chido!"}', 'a null hint clears the hint and keeps the example');
select is(public.update_entry('10e00000-0000-4000-8000-000000000001', '{"exampleSentence": null}') -> 'exampleSentence',
  'null', 'a null exampleSentence clears it');
select is(public.update_entry('10e00000-0000-4000-8000-000000000001', '{"hint": "  Opposite of gacho ", "exampleSentence": " "}')
    ->> 'hint', 'Opposite of gacho', 'a hint is trimmed; a blank example stays cleared');
select is(public.update_entry('10e00000-0000-4000-8000-000000000001', '{"country": " ar ", "description": "Cool."}')
    ->> 'country', 'AR', 'a country is trimmed and upper-cased');
select is(public.update_entry('10e00000-0000-4000-8000-000000000001', '{"author": " Olga O. "}') ->> 'author', 'Olga O.',
  'the author is trimmed');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000001', '{"author": "  "}') $$) - 'message',
  '{"code": "PT400", "hint": "author_required", "column": "author"}', 'an edit cannot blank the author: author_required');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000001', '{"author": null}') $$) ->> 'hint',
  'author_required', 'nor remove it');
select is(tests.error_of(format($$ select public.update_entry('10e00000-0000-4000-8000-000000000001', '{"author": "%s"}') $$, repeat('o', 101))) ->> 'hint',
  'author_too_long', 'an edit keeps the author within 100 characters');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000001', '{"title": null}') $$) - 'message',
  '{"code": "PT400", "hint": "title_required", "column": "title"}', 'an edit cannot remove the title');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000001', '{"country": "XX"}') $$) ->> 'column',
  'country', 'an edit keeps the country one of the 21');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000001', '{"show": "false"}') $$) - 'message',
  '{"code": "PT400", "hint": "invalid_input", "column": "show"}', 'show must be a boolean: invalid_input');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000001', '["title"]') $$) ->> 'hint',
  'invalid_input', 'changes must be an object');
select is(public.update_entry('10e00000-0000-4000-8000-000000000001', '{"show": false}') ->> 'show', 'false',
  'the owner hides their entry');
select is(public.update_entry('10e00000-0000-4000-8000-000000000001', '{"show": true}') ->> 'show', 'true',
  'and shows it again');
select is(
  public.update_entry('10e00000-0000-4000-8000-000000000001',
    '{"owner": "10222222-2222-4222-8222-222222222222", "upvotes": 99, "voteCount": 99}') - 'updatedAt',
  (select public.entry_json(e) - 'updatedAt' from public.entries e where e.id = '10e00000-0000-4000-8000-000000000001'),
  'keys that are not fields (owner, counters) change nothing');
select is(public.update_entry('10e00000-0000-4000-8000-000000000002', '{}') ->> 'title', 'vaina',
  'no changes return the (own, hidden) entry as it is');

-- What the owner may see but not edit, and what they may not see.
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000003', '{"title": "mine"}') $$) - 'message',
  '{"code": "PT403", "hint": "forbidden"}', 'a guest''s entry: PT403 forbidden');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000004', '{"title": "mine"}') $$) ->> 'hint',
  'forbidden', 'another user''s shown entry: forbidden');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000005', '{"title": "mine"}') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'another user''s hidden entry: PT404 entry_not_found');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-0000000000ff', '{"title": "x"}') $$) ->> 'code',
  'PT404', 'an entry that does not exist: PT404');
select is(tests.error_of($$ select public.delete_entry('10e00000-0000-4000-8000-000000000004') $$) - 'message',
  '{"code": "PT403", "hint": "forbidden"}', 'the owner cannot delete another user''s entry: PT403');
select is(tests.error_of($$ select public.delete_entry('10e00000-0000-4000-8000-000000000005') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'nor one they cannot see: PT404');
select is(public.delete_entry('10e00000-0000-4000-8000-000000000006'), '10e00000-0000-4000-8000-000000000006'::uuid,
  'the owner deletes their entry and gets its id');
select is(tests.error_of($$ select public.delete_entry('10e00000-0000-4000-8000-000000000006') $$) ->> 'hint', 'entry_not_found',
  'a deleted entry is not found any more');

-------------------------------------------------------------------------------- other user
select tests.clear_authentication();
update public.profiles set name = '' where id = '10222222-2222-4222-8222-222222222222';
select tests.authenticate_as('10222222-2222-4222-8222-222222222222', :'other_session');

select is(public.add_entry('pana', 'Friend.', 'VE') ->> 'author', 'Anonymous',
  'a user whose profile has no name signs as Anonymous');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000001', '{"show": false}') $$) - 'message',
  '{"code": "PT403", "hint": "forbidden"}', 'another user cannot hide the owner''s entry: PT403');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000001', '{}') $$) - 'message',
  '{"code": "PT403", "hint": "forbidden"}', 'an empty edit of an entry they may not edit is forbidden too, not a success');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000001', null) $$) ->> 'hint',
  'forbidden', 'and so is an edit without changes');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000002', '{"show": true}') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'nor reveal the owner''s hidden entry: PT404');
select is(tests.error_of($$ select public.delete_entry('10e00000-0000-4000-8000-000000000001') $$) ->> 'code', 'PT403',
  'nor delete the owner''s entry: PT403');
select is(tests.error_of($$ select public.delete_entry('10e00000-0000-4000-8000-000000000002') $$) ->> 'code', 'PT404',
  'nor the owner''s hidden one: PT404');
select is(public.update_entry('10e00000-0000-4000-8000-000000000005', '{"show": true}') ->> 'show', 'true',
  'the other user reveals their own hidden entry');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('10333333-3333-4333-8333-333333333333', :'admin_session');

select is(public.add_entry('chamba', 'Work, a job.', 'PE') ->> 'owner', '10333333-3333-4333-8333-333333333333',
  'an admin''s entry is their own');
select is(public.update_entry('10e00000-0000-4000-8000-000000000002', '{"description": "Thing, stuff (DR)."}') ->> 'description',
  'Thing, stuff (DR).', 'an admin edits a user''s hidden entry');
select is(public.update_entry('10e00000-0000-4000-8000-000000000003', '{"show": false}') ->> 'show', 'false',
  'an admin hides a guest''s entry');
select is(tests.error_of($$ select public.update_entry('10e00000-0000-4000-8000-000000000004', '{"title": ""}') $$) ->> 'hint',
  'title_required', 'an admin''s edit follows the field rules too');
select is(public.delete_entry('10e00000-0000-4000-8000-000000000004'), '10e00000-0000-4000-8000-000000000004'::uuid,
  'an admin deletes another user''s entry');
select is(tests.error_of($$ select public.delete_entry('10e00000-0000-4000-8000-0000000000ff') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'an entry that does not exist is not found, even for an admin');

-------------------------------------------------------------------------------- afterwards
select tests.clear_authentication();
select tests.authenticate_as(null);
select is_empty($$ select 1 from public.entries where id = '10e00000-0000-4000-8000-000000000003' $$,
  'guests no longer see the entry the admin hid');

select tests.clear_authentication();
select results_eq(
  $$ select id, title, description, country, hint, example_sentence, author, owner, show from public.entries
      where id::text like '10e00000-%' order by id $$,
  $$ values
       ('10e00000-0000-4000-8000-000000000001'::uuid, 'chido (MX)', 'Cool.', 'AR'::char(2), 'Opposite of gacho', null::text, 'Olga O.',
        '10111111-1111-4111-8111-111111111111'::uuid, true),
       ('10e00000-0000-4000-8000-000000000002'::uuid, 'vaina', 'Thing, stuff (DR).', 'DO', null, null, 'Olga',
        '10111111-1111-4111-8111-111111111111'::uuid, false),
       ('10e00000-0000-4000-8000-000000000003'::uuid, 'guagua', 'A bus.', 'CU', null, null, 'Anonymous', null, false),
       ('10e00000-0000-4000-8000-000000000005'::uuid, 'pana', 'Friend, buddy.', 'VE', null, null, 'Otto',
        '10222222-2222-4222-8222-222222222222'::uuid, true) $$,
  'only the allowed edits and deletes took effect');
select is((select upvotes from public.entries where id = '10e00000-0000-4000-8000-000000000001'), 0,
  'the counters were never written');

select * from finish();
rollback;
