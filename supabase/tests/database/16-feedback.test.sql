-- feedback: the table's policies and column grants per actor, and public.add_feedback and
-- list_feedback. Anyone sends (the spec's three required fields, trimmed; five an hour per
-- address); only admins read, the sender included.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(21);

-- Users: sender …01, admin …02.
select tests.create_user('16010000-0000-4000-8000-000000000001', 'Sara Sender') as sender_session \gset
select tests.create_user('16010000-0000-4000-8000-000000000002', 'Ada Admin', true) as admin_session \gset
-- Each actor's requests come from an address of its own (the rate limit counts per address).
delete from private.rate_limits where client like '192.0.2.%';

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
set local request.headers to '{"x-forwarded-for": "192.0.2.16"}';

select is(public.add_feedback('  Gina Guest ', ' gina.pgtap@example.com ', E'  Más entradas de Bolivia, por favor.\n') - '_id' - 'createdAt',
  '{"name": "Gina Guest", "email": "gina.pgtap@example.com", "message": "Más entradas de Bolivia, por favor.", "userId": null}',
  'a guest sends feedback: trimmed, without a user');
select is(tests.error_of($$ select public.add_feedback(' ', 'gina.pgtap@example.com', 'Hola') $$) - 'message',
  '{"code": "PT400", "hint": "name_required", "column": "name"}', 'no name: "Please provide your name."');
select is(tests.error_of($$ select public.add_feedback('Gina', '', 'Hola') $$) - 'message',
  '{"code": "PT400", "hint": "email_required", "column": "email"}', 'no e-mail: "Please provide your email."');
select is(tests.error_of($$ select public.add_feedback('Gina', 'gina@example', 'Hola') $$) - 'message',
  '{"code": "PT400", "hint": "email_invalid", "column": "email"}', 'a malformed e-mail: email_invalid');
select is(tests.error_of($$ select public.add_feedback('Gina', 'gina.pgtap@example.com', null) $$) - 'message',
  '{"code": "PT400", "hint": "message_required", "column": "message"}', 'no message: "Message cannot be blank."');
select is(tests.error_of($$ select public.add_feedback('Gina', 'gina.pgtap@example.com', repeat('m', 5001)) $$) ->> 'hint',
  'message_too_long', 'a message over 5000 characters: message_too_long');
select is(tests.error_of($$ select public.add_feedback(repeat('n', 101), 'gina.pgtap@example.com', 'Hola') $$) ->> 'hint',
  'name_too_long', 'a name over 100 characters: name_too_long');
select throws_ok($$ select * from public.feedback $$, '42501', null, 'a guest cannot read feedback at all, not even their own (no grant)');
select throws_ok($$ select * from public.list_feedback() $$, 'PT401', null, 'a guest cannot list feedback: PT401');
select throws_ok($$ insert into public.feedback (name, email, message, user_id) values ('x', 'x@example.com', 'y', '16010000-0000-4000-8000-000000000001') $$,
  '42501', null, 'nobody sends feedback in someone else''s name');
select lives_ok($$ select public.add_feedback('Gina', 'gina.pgtap@example.com', 'Dos') $$, 'a second message within the hour');
select lives_ok($$ select public.add_feedback('Gina', 'gina.pgtap@example.com', 'Tres') $$, 'a third');
select lives_ok($$ select public.add_feedback('Gina', 'gina.pgtap@example.com', 'Cuatro') $$, 'a fourth');
select lives_ok($$ select public.add_feedback('Gina', 'gina.pgtap@example.com', 'Cinco') $$, 'a fifth');
select is(tests.error_of($$ select public.add_feedback('Gina', 'gina.pgtap@example.com', 'Seis') $$) ->> 'hint',
  'feedback_rate_limited', 'the sixth within the hour from one address: feedback_rate_limited');

-------------------------------------------------------------------------------- sender (signed in)
select tests.clear_authentication();
select tests.authenticate_as('16010000-0000-4000-8000-000000000001', :'sender_session');
set local request.headers to '{"x-forwarded-for": "192.0.2.17"}';

select is(public.add_feedback('Sara', 'sara.pgtap@example.com', 'Me encanta.') ->> 'userId', '16010000-0000-4000-8000-000000000001',
  'a signed-in learner''s feedback carries their id');
select is_empty($$ select * from public.feedback $$, 'a learner reads no feedback, not even their own');
select is(tests.error_of($$ select public.list_feedback() $$) - 'message',
  '{"code": "PT403", "hint": "admin_required"}', 'a learner cannot list feedback: PT403 admin_required');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('16010000-0000-4000-8000-000000000002', :'admin_session');

-- Other suites' feedback may be in the table too: count this file's.
select is((select count(*)::int from jsonb_array_elements(public.list_feedback(500)) f where f ->> 'email' like '%.pgtap@example.com'), 6,
  'an admin lists all feedback');
select is(jsonb_array_length(public.list_feedback(1)), 1, 'as many as asked');
select throws_ok($$ delete from public.feedback $$, '42501', null, 'feedback is not deleted through the API (no grant)');

select * from finish();
rollback;
