-- login throttle: private.check_login_throttle / record_login_attempt — free failures, then a
-- doubling wait (retryAfter) up to 15 minutes, per account AND client, cleared by a success,
-- restarted after an hour of quiet, the e-mail kept only as a hash; private.login_failures
-- out of the API roles' reach; private.check_current_password for the signed-in caller.
-- now() is the transaction's start, so every wait below is exact.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(45);

-- Users: with a password 0911…, with an empty hash (Google-only) 0922…, with none 0933….
select tests.create_user('09111111-1111-4111-8111-111111111111', 'Pia Password') as pia_session \gset
select tests.create_user('09222222-2222-4222-8222-222222222222', 'Gus Google') as gus_session \gset
select tests.create_user('09333333-3333-4333-8333-333333333333', 'Nina Nohash') as nina_session \gset
update auth.users set encrypted_password = extensions.crypt('right horse battery', extensions.gen_salt('bf', 4))
 where id = '09111111-1111-4111-8111-111111111111';
update auth.users set encrypted_password = '' where id = '09222222-2222-4222-8222-222222222222';
update auth.users set encrypted_password = null where id = '09333333-3333-4333-8333-333333333333';

-- Counters of these accounts left by anything else are not this file's business.
delete from private.login_failures
 where account in (private.login_account('victim@test.jerga.local'), private.login_account('bystander@test.jerga.local'));

-------------------------------------------------------------------------------- anonymous: the throttle (as the api calls it)
select tests.authenticate_as(null);

select lives_ok($$ select private.check_login_throttle('victim@test.jerga.local', '192.0.2.9') $$,
  'an account without failures may sign in');
select results_eq(
  $$ select private.record_login_attempt('victim@test.jerga.local', '192.0.2.9', false) from generate_series(1, 4) $$,
  array[0, 0, 0, 0], 'the first four failures cost no wait');
select lives_ok($$ select private.check_login_throttle('victim@test.jerga.local', '192.0.2.9') $$,
  'after four failures the next try still goes ahead');
select is(private.record_login_attempt('victim@test.jerga.local', '192.0.2.9', false), 1,
  'the fifth failure sets a 1-second wait');
select is(tests.error_of($$ select private.check_login_throttle('victim@test.jerga.local', '192.0.2.9') $$) - 'message',
  '{"code": "PT429", "hint": "login_throttled", "detail": "{\"retryAfter\": 1}"}',
  'while it lasts, a sign-in is refused with PT429 login_throttled and retryAfter');
select is(tests.error_of($$ select private.check_login_throttle('  VICTIM@Test.Jerga.Local ', '192.0.2.9') $$) ->> 'hint',
  'login_throttled', 'the account is the e-mail whatever its case and surrounding spaces');
select results_eq(
  $$ select private.record_login_attempt('victim@test.jerga.local', '192.0.2.9', false) from generate_series(6, 9) $$,
  array[2, 4, 8, 16], 'each further failure doubles the wait');
select is((tests.error_of($$ select private.check_login_throttle('victim@test.jerga.local', '192.0.2.9') $$) ->> 'detail')::jsonb,
  '{"retryAfter": 16}', 'the refusal says the current wait');
select results_eq(
  $$ select private.record_login_attempt('victim@test.jerga.local', '192.0.2.9', false) from generate_series(10, 16) $$,
  array[32, 64, 128, 256, 512, 900, 900], 'the wait stops growing at 15 minutes');
select is((tests.error_of($$ select private.check_login_throttle('victim@test.jerga.local', '192.0.2.9') $$) ->> 'detail')::jsonb,
  '{"retryAfter": 900}', 'and the refusal never asks for more than 900 seconds');

-- per account AND client
select lives_ok($$ select private.check_login_throttle('victim@test.jerga.local', '198.51.100.7') $$,
  'the same account from another client is not held back');
select lives_ok($$ select private.check_login_throttle('bystander@test.jerga.local', '192.0.2.9') $$,
  'another account from the same client is not held back');
select is(private.record_login_attempt('victim@test.jerga.local', '198.51.100.7', false), 0,
  'a failure from another client starts its own count');
select lives_ok($$ select private.check_login_throttle('victim@test.jerga.local', null) $$,
  'a client without an address has its own count too');
select is(private.record_login_attempt('victim@test.jerga.local', null, false), 0,
  'and counts as the client ''unknown''');

-- the counters are out of reach
select throws_ok($$ select * from private.login_failures $$, '42501', null, 'a guest cannot read the counters');
select throws_ok($$ delete from private.login_failures $$, '42501', null, 'a guest cannot clear the counters');
select throws_ok($$ update private.login_failures set blocked_until = null $$, '42501', null, 'a guest cannot lift a wait');
select throws_ok(
  $$ insert into private.login_failures (account, client, failures, last_failure_at) values ('x', 'y', 1, now()) $$,
  '42501', null, 'a guest cannot write counters');
select throws_ok($$ select private.login_account('victim@test.jerga.local') $$, '42501', null,
  'a guest cannot call the hashing helper either');

-------------------------------------------------------------------------------- the superuser: what is stored
select tests.clear_authentication();
select results_eq(
  $$ select client, failures from private.login_failures
      where account = encode(extensions.digest('victim@test.jerga.local', 'sha256'), 'hex') order by client $$,
  $$ values ('192.0.2.9', 16), ('198.51.100.7', 1), ('unknown', 1) $$,
  'one row per account and client; the account is the SHA-256 of the lower-cased e-mail');
select is_empty($$ select 1 from private.login_failures where account like '%@%' or client like '%victim%' $$,
  'no e-mail address is stored');
select is(
  (select blocked_until from private.login_failures
    where account = private.login_account('victim@test.jerga.local') and client = '192.0.2.9'),
  now() + interval '900 seconds', 'blocked_until is the time of the last failure plus the wait');

-------------------------------------------------------------------------------- authenticated: the throttle is the guest's (the api signs in as one); counters out of reach
select tests.authenticate_as('09111111-1111-4111-8111-111111111111', :'pia_session');
select throws_ok($$ select private.record_login_attempt('victim@test.jerga.local', '192.0.2.9', true) $$, '42501', null,
  'a signed-in caller cannot clear a throttle (the api records attempts as a guest)');
select throws_ok($$ select * from private.login_failures $$, '42501', null, 'a signed-in user cannot read the counters');
select throws_ok($$ delete from private.login_failures $$, '42501', null, 'a signed-in user cannot clear the counters');

-------------------------------------------------------------------------------- a success clears; an hour of quiet starts again
select tests.clear_authentication();
select tests.authenticate_as(null);
select is(private.record_login_attempt('victim@test.jerga.local', '192.0.2.9', true), 0, 'a success returns no wait');
select lives_ok($$ select private.check_login_throttle('victim@test.jerga.local', '192.0.2.9') $$,
  'and lets the next sign-in go ahead at once');
select is(private.record_login_attempt('victim@test.jerga.local', '192.0.2.9', false), 0,
  'after a success the failures are counted from one again');
select tests.clear_authentication();
select results_eq(
  $$ select client, failures from private.login_failures
      where account = private.login_account('victim@test.jerga.local') order by client $$,
  $$ values ('192.0.2.9', 1), ('198.51.100.7', 1), ('unknown', 1) $$,
  'a success clears only its own client''s count');
select tests.authenticate_as(null);

-- Five failures from a fresh client, then an hour and a minute pass (as the superuser moves them).
select results_eq(
  $$ select private.record_login_attempt('bystander@test.jerga.local', '192.0.2.50', false) from generate_series(1, 5) $$,
  array[0, 0, 0, 0, 1], 'five failures on a second account block it for a second');
select tests.clear_authentication();
update private.login_failures
   set last_failure_at = last_failure_at - interval '61 minutes', blocked_until = blocked_until - interval '61 minutes'
 where account = private.login_account('bystander@test.jerga.local');
select tests.authenticate_as(null);
select lives_ok($$ select private.check_login_throttle('bystander@test.jerga.local', '192.0.2.50') $$,
  'an hour later the wait is long over');
select is(private.record_login_attempt('bystander@test.jerga.local', '192.0.2.50', false), 0,
  'a failure after an hour of quiet starts the count again: no wait');
select tests.clear_authentication();
select is(
  (select failures from private.login_failures
    where account = private.login_account('bystander@test.jerga.local') and client = '192.0.2.50'),
  1, 'the count is back at one');
-- Within the hour it does not start again.
update private.login_failures
   set last_failure_at = last_failure_at - interval '59 minutes', failures = 5
 where account = private.login_account('bystander@test.jerga.local');
select tests.authenticate_as(null);
select is(private.record_login_attempt('bystander@test.jerga.local', '192.0.2.50', false), 2,
  'a failure after 59 minutes keeps counting (the sixth: 2 seconds)');

-------------------------------------------------------------------------------- check_current_password
select tests.clear_authentication();
select tests.authenticate_as(null);
select throws_ok($$ select private.check_current_password('right horse battery') $$, '42501', null,
  'a guest cannot check passwords at all');

select tests.clear_authentication();
select tests.authenticate_as('09111111-1111-4111-8111-111111111111', :'pia_session');
select lives_ok($$ select private.check_current_password('right horse battery') $$, 'the right password passes');
select is(tests.error_of($$ select private.check_current_password('wrong horse battery') $$) - 'message',
  '{"code": "PT403", "hint": "current_password_incorrect", "column": "currentPassword"}',
  'a wrong password is PT403 current_password_incorrect on currentPassword');
select is(tests.error_of($$ select private.check_current_password(null) $$) ->> 'hint', 'current_password_incorrect',
  'no password at all is wrong too');
select is(tests.error_of($$ select private.check_current_password('Right horse battery') $$) ->> 'hint', 'current_password_incorrect',
  'the comparison is case-sensitive');
select throws_ok($$ select encrypted_password from auth.users $$, '42501', null,
  'the caller still cannot read the hashes themselves');

select tests.authenticate_as('09222222-2222-4222-8222-222222222222', :'gus_session');
select is(tests.error_of($$ select private.check_current_password('anything') $$) - 'message',
  '{"code": "PT409", "hint": "no_password", "column": "currentPassword"}',
  'an account with an empty hash (Google only) is PT409 no_password');
select is(tests.error_of($$ select private.check_current_password('') $$) ->> 'hint', 'no_password',
  'even an empty password does not match an empty hash');

select tests.authenticate_as('09333333-3333-4333-8333-333333333333', :'nina_session');
select is(tests.error_of($$ select private.check_current_password('anything') $$) ->> 'hint', 'no_password',
  'an account with no hash at all is PT409 no_password');

select set_config('request.jwt.claims', '{"role": "authenticated"}', true);
select is(tests.error_of($$ select private.check_current_password('anything') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a token without a user is refused with PT401 login_required');

select * from finish();
rollback;
