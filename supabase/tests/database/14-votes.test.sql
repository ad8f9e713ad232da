-- votes: the table's policies and column grants per actor, and public.cast_vote,
-- remove_vote, votes_of_entry and vote_summary. One vote per learner and entry; the same
-- vote again is PT409 vote_already_recorded, the other way switches it, a vote can be taken
-- back; the entry's tallies follow every change and nobody writes them directly; guests read
-- and are asked to log in.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(40);

-- Users: owner …01 (of the entries), voter …02, other …03, admin …04.
select tests.create_user('14010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('14010000-0000-4000-8000-000000000002', 'Vera Voter') as voter_session \gset
select tests.create_user('14010000-0000-4000-8000-000000000003', 'Otto Other') as other_session \gset
select tests.create_user('14010000-0000-4000-8000-000000000004', 'Ada Admin', true) as admin_session \gset

-- Entries: …01 shown, …02 hidden (both the owner's), …03 shown, to be deleted with its votes.
insert into public.entries (id, title, description, country, author, owner, show) values
  ('14e00000-0000-4000-8000-000000000001', 'chido', 'Cool.', 'MX', 'Olga', '14010000-0000-4000-8000-000000000001', true),
  ('14e00000-0000-4000-8000-000000000002', 'vaina', 'Thing.', 'DO', 'Olga', '14010000-0000-4000-8000-000000000001', false),
  ('14e00000-0000-4000-8000-000000000003', 'guagua', 'A bus.', 'CU', 'Olga', '14010000-0000-4000-8000-000000000001', true);
-- The hidden entry already has the owner's upvote (as if cast while it was shown).
insert into public.votes (entry_id, user_id, value) values
  ('14e00000-0000-4000-8000-000000000002', '14010000-0000-4000-8000-000000000001', 1);
-- Last edited long ago: a vote must not look like an edit.
update public.entries set updated_at = '2025-01-01T00:00:00Z' where id = '14e00000-0000-4000-8000-000000000001';

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select is(public.vote_summary('14e00000-0000-4000-8000-000000000001'),
  '{"contentId": "14e00000-0000-4000-8000-000000000001", "upvotes": 0, "downvotes": 0, "voteCount": 0, "userVote": null}',
  'a guest reads an entry''s vote summary (no vote of their own)');
select is(public.votes_of_entry('14e00000-0000-4000-8000-000000000001'), '[]', 'an entry with no votes: an empty list');
select is(tests.error_of($$ select public.cast_vote('14e00000-0000-4000-8000-000000000001', 'upvote') $$) - 'message',
  '{"code": "PT401", "hint": "vote_login_required"}', 'a guest cannot vote: PT401 vote_login_required ("Please log in to vote")');
select is(tests.error_of($$ select public.remove_vote('14e00000-0000-4000-8000-000000000001') $$) ->> 'hint',
  'vote_login_required', 'nor take a vote back');
select is(tests.error_of($$ select public.votes_of_entry('14e00000-0000-4000-8000-000000000002') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'a hidden entry''s votes: PT404 entry_not_found');
select is_empty($$ select * from public.votes where entry_id = '14e00000-0000-4000-8000-000000000002' $$,
  'a guest sees no votes of a hidden entry (RLS)');
select throws_ok($$ insert into public.votes (entry_id, value) values ('14e00000-0000-4000-8000-000000000001', 1) $$,
  '42501', null, 'a guest cannot insert a vote directly');

-------------------------------------------------------------------------------- voter (signed in, not the owner)
select tests.clear_authentication();
select tests.authenticate_as('14010000-0000-4000-8000-000000000002', :'voter_session');

select is(public.cast_vote('14e00000-0000-4000-8000-000000000001', 'upvote') - 'contentId',
  '{"upvotes": 1, "downvotes": 0, "voteCount": 1, "userVote": "upvote"}', 'a learner upvotes: the tallies and their vote');
select is(tests.error_of($$ select public.cast_vote('14e00000-0000-4000-8000-000000000001', 'upvote') $$) - 'message',
  '{"code": "PT409", "hint": "vote_already_recorded"}', 'the same vote again: PT409 vote_already_recorded');
select is(public.cast_vote('14e00000-0000-4000-8000-000000000001', 'downvote') - 'contentId',
  '{"upvotes": 0, "downvotes": 1, "voteCount": -1, "userVote": "downvote"}', 'the other way switches the vote');
select is((public.votes_of_entry('14e00000-0000-4000-8000-000000000001') -> 0) - 'createdAt',
  '{"contentId": "14e00000-0000-4000-8000-000000000001", "userId": "14010000-0000-4000-8000-000000000002", "voteType": "downvote"}',
  'the entry''s votes list it with the spec''s fields');
select is(public.remove_vote('14e00000-0000-4000-8000-000000000001') - 'contentId',
  '{"upvotes": 0, "downvotes": 0, "voteCount": 0, "userVote": null}', 'a learner takes their vote back');
select is(tests.error_of($$ select public.remove_vote('14e00000-0000-4000-8000-000000000001') $$) - 'message',
  '{"code": "PT404", "hint": "vote_not_found"}', 'taking back a vote that is not there: PT404 vote_not_found');
select is(tests.error_of($$ select public.cast_vote('14e00000-0000-4000-8000-000000000001', 'sideways') $$) - 'message',
  '{"code": "PT400", "hint": "vote_type_invalid", "column": "voteType"}', 'a vote type other than upvote/downvote: PT400 on voteType');
select is(tests.error_of($$ select public.cast_vote('14e00000-0000-4000-8000-000000000001', null) $$) ->> 'hint',
  'vote_type_invalid', 'no vote type: vote_type_invalid');
select is(tests.error_of($$ select public.cast_vote('14e00000-0000-4000-8000-0000000000ff', 'upvote') $$) - 'message',
  '{"code": "PT404", "hint": "entry_not_found"}', 'an entry that does not exist: PT404 entry_not_found');
select is(tests.error_of($$ select public.cast_vote('14e00000-0000-4000-8000-000000000002', 'upvote') $$) ->> 'hint',
  'entry_not_found', 'an entry hidden from the learner: entry_not_found');
select is(public.cast_vote('14e00000-0000-4000-8000-000000000001', 'upvote') ->> 'upvotes', '1', 'the learner votes up again');
select throws_ok($$ insert into public.votes (entry_id, user_id, value) values ('14e00000-0000-4000-8000-000000000003', '14010000-0000-4000-8000-000000000003', 1) $$,
  '42501', null, 'nobody votes in someone else''s name (user_id is not theirs to set)');
select throws_ok($$ update public.entries set upvotes = 100 where id = '14e00000-0000-4000-8000-000000000001' $$,
  '42501', null, 'nobody writes the tallies directly');
select throws_ok($$ update public.votes set entry_id = '14e00000-0000-4000-8000-000000000003' where user_id = '14010000-0000-4000-8000-000000000002' $$,
  '42501', null, 'a vote cannot be moved to another entry');
select is((select value from public.votes where entry_id = '14e00000-0000-4000-8000-000000000001' and user_id = '14010000-0000-4000-8000-000000000002'),
  1::smallint, 'the learner reads their own vote');

-------------------------------------------------------------------------------- other user
select tests.clear_authentication();
select tests.authenticate_as('14010000-0000-4000-8000-000000000003', :'other_session');

select is(public.vote_summary('14e00000-0000-4000-8000-000000000001') - 'contentId',
  '{"upvotes": 1, "downvotes": 0, "voteCount": 1, "userVote": null}', 'another user sees the tally, not someone else''s vote as theirs');
select is(public.cast_vote('14e00000-0000-4000-8000-000000000001', 'downvote') - 'contentId',
  '{"upvotes": 1, "downvotes": 1, "voteCount": 0, "userVote": "downvote"}', 'another user''s vote counts beside it');
update public.votes set value = 1 where entry_id = '14e00000-0000-4000-8000-000000000001' and user_id = '14010000-0000-4000-8000-000000000002';
select is((select value from public.votes where entry_id = '14e00000-0000-4000-8000-000000000001' and user_id = '14010000-0000-4000-8000-000000000002'),
  1::smallint, 'another user cannot switch someone else''s vote (RLS: nothing updated)');
delete from public.votes where user_id = '14010000-0000-4000-8000-000000000002';
select is((select count(*)::int from public.votes where user_id = '14010000-0000-4000-8000-000000000002'), 1,
  'nor delete it (RLS: nothing deleted)');
select is(public.cast_vote('14e00000-0000-4000-8000-000000000003', 'upvote') ->> 'voteCount', '1', 'another user upvotes a third entry');
select is(tests.error_of($$ select public.cast_vote('14e00000-0000-4000-8000-000000000002', 'downvote') $$) ->> 'hint',
  'entry_not_found', 'another user cannot vote on a hidden entry');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('14010000-0000-4000-8000-000000000001', :'owner_session');

select is(public.vote_summary('14e00000-0000-4000-8000-000000000002') - 'contentId',
  '{"upvotes": 1, "downvotes": 0, "voteCount": 1, "userVote": "upvote"}', 'the owner reads their hidden entry''s summary and their vote');
select throws_ok($$ select public.cast_vote('14e00000-0000-4000-8000-000000000002', 'downvote') $$,
  '42501', null, 'nobody votes on a hidden entry, not even its owner (RLS: 42501)');
select is(public.remove_vote('14e00000-0000-4000-8000-000000000002') ->> 'voteCount', '0',
  'the owner can still take back a vote on it');
select is(public.cast_vote('14e00000-0000-4000-8000-000000000001', 'upvote') ->> 'upvotes', '2', 'the owner votes for their own entry');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('14010000-0000-4000-8000-000000000004', :'admin_session');

select is(jsonb_array_length(public.votes_of_entry('14e00000-0000-4000-8000-000000000001')), 3, 'an admin reads an entry''s votes');
select is(jsonb_array_length(public.votes_of_entry('14e00000-0000-4000-8000-000000000002')), 0, 'and a hidden entry''s');
delete from public.votes where user_id = '14010000-0000-4000-8000-000000000002';
select is((select count(*)::int from public.votes where user_id = '14010000-0000-4000-8000-000000000002'), 1,
  'an admin cannot delete someone else''s vote either (RLS: nothing deleted)');
select throws_ok($$ update public.entries set downvotes = 0 where id = '14e00000-0000-4000-8000-000000000001' $$,
  '42501', null, 'an admin cannot write the tallies directly');

-------------------------------------------------------------------------------- afterwards (as the superuser)
select tests.clear_authentication();
select results_eq(
  $$ select e.upvotes, e.downvotes from public.entries e where e.id = '14e00000-0000-4000-8000-000000000001' $$,
  $$ select count(*) filter (where value = 1)::int, count(*) filter (where value = -1)::int
       from public.votes where entry_id = '14e00000-0000-4000-8000-000000000001' $$,
  'the tallies equal the votes rows after every insert, switch and delete');
select is((select updated_at from public.entries where id = '14e00000-0000-4000-8000-000000000001'), '2025-01-01T00:00:00Z'::timestamptz,
  'a vote is not an edit: the entry''s updated_at did not move');
delete from public.entries where id = '14e00000-0000-4000-8000-000000000003';
select is_empty($$ select * from public.votes where entry_id = '14e00000-0000-4000-8000-000000000003' $$,
  'deleting an entry deletes its votes (and the tally trigger copes)');
select policies_are('public', 'votes', array[
  'Anyone can read the votes on entries they can see',
  'Learners can vote on shown entries in their own name',
  'Learners can switch their own votes',
  'Learners can take back their own votes'], 'votes has exactly its four policies');

select * from finish();
rollback;
