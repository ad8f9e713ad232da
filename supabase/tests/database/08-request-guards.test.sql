-- request guards: a token's session must still exist (assert_session), the client's address
-- comes from request.headers, and per-client limits count and refuse (take_rate_limit).
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(21);

select tests.create_user('81111111-1111-4111-8111-111111111111', 'Live User') as live_session \gset
select tests.create_user('82222222-2222-4222-8222-222222222222', 'Ended User') as ended_session \gset
select tests.create_user('83333333-3333-4333-8333-333333333333', 'Banned User') as banned_session \gset
select tests.create_user('84444444-4444-4444-8444-444444444444', 'Expired User') as expired_session \gset
-- Signed out (the session row is gone), banned, and a session past its not_after.
delete from auth.sessions where id = :'ended_session';
update auth.users set banned_until = now() + interval '1 day' where id = '83333333-3333-4333-8333-333333333333';
update auth.sessions set not_after = now() - interval '1 minute' where id = :'expired_session';

-------------------------------------------------------------------------------- assert_session
select tests.authenticate_as(null);
select throws_ok($$ select private.assert_session() $$, '42501', null,
  'guests cannot call assert_session: only signed-in callers have a session to check');
select throws_ok($$ select private.check_current_password('x') $$, '42501', null, 'a guest cannot check passwords');

select tests.clear_authentication();
select tests.authenticate_as('81111111-1111-4111-8111-111111111111', :'live_session');
select lives_ok($$ select private.assert_session() $$, 'a user with a live session passes');

select tests.authenticate_as('82222222-2222-4222-8222-222222222222', :'ended_session');
select is(tests.error_of($$ select private.assert_session() $$) - 'message',
  '{"code": "PT401", "hint": "session_ended"}', 'a signed-out session is refused with PT401 session_ended');

select tests.authenticate_as('83333333-3333-4333-8333-333333333333', :'banned_session');
select throws_ok($$ select private.assert_session() $$, 'PT401', null, 'a banned user''s session is refused');

select tests.authenticate_as('84444444-4444-4444-8444-444444444444', :'expired_session');
select throws_ok($$ select private.assert_session() $$, 'PT401', null, 'a session past its not_after is refused');

select tests.authenticate_as('82222222-2222-4222-8222-222222222222', :'live_session');
select throws_ok($$ select private.assert_session() $$, 'PT401', null, 'another user''s session id does not count');

select set_config('request.jwt.claims', '{"sub": "81111111-1111-4111-8111-111111111111", "role": "authenticated"}', true);
select throws_ok($$ select private.assert_session() $$, 'PT401', null, 'a token without a session id is refused');

select set_config('request.jwt.claims', '{"sub": "81111111-1111-4111-8111-111111111111", "role": "authenticated", "session_id": "x''; drop table auth.users; --"}', true);
select throws_ok($$ select private.assert_session() $$, 'PT401', null, 'a malformed session id is refused, not a 22P02');

select tests.clear_authentication();
delete from auth.users where id = '81111111-1111-4111-8111-111111111111';
select tests.authenticate_as('81111111-1111-4111-8111-111111111111', :'live_session');
select throws_ok($$ select private.assert_session() $$, 'PT401', null, 'a deleted user''s token is refused');
select throws_ok($$ select * from auth.sessions $$, '42501', null, 'a user cannot read Auth''s sessions');

-------------------------------------------------------------------------------- client_address
select tests.clear_authentication();
select tests.authenticate_as(null);
select is(private.client_address(), 'unknown', 'no request.headers: the address is unknown');
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.9"}', true);
select is(private.client_address(), '203.0.113.9', 'the forwarded address');
select set_config('request.headers', '{"x-forwarded-for": "198.51.100.1, 203.0.113.9"}', true);
select is(private.client_address(), '203.0.113.9', 'the right-most entry, written by the closest proxy');

-------------------------------------------------------------------------------- take_rate_limit
select lives_ok($$ select private.take_rate_limit('test_bucket', '203.0.113.9', 2, interval '1 hour') $$, 'the first hit passes');
select lives_ok($$ select private.take_rate_limit('test_bucket', '203.0.113.9', 2, interval '1 hour') $$, 'the second hit passes');
select is(tests.error_of($$ select private.take_rate_limit('test_bucket', '203.0.113.9', 2, interval '1 hour', 'guest_rate_limited') $$)
          - 'message' - 'detail',
  '{"code": "PT429", "hint": "guest_rate_limited"}', 'the third is refused with 429 and the code given');
select ok(((tests.error_of($$ select private.take_rate_limit('test_bucket', '203.0.113.9', 2, interval '1 hour') $$)
           ->> 'detail')::jsonb ->> 'retryAfter')::integer between 1 and 3600, 'and says how long to wait');
select lives_ok($$ select private.take_rate_limit('test_bucket', '198.51.100.1', 2, interval '1 hour') $$,
  'another client has its own count');
select throws_ok($$ select * from private.rate_limits $$, '42501', null, 'a guest cannot read the counters');

select tests.clear_authentication();
update private.rate_limits set window_start = now() - interval '2 hours' where bucket = 'test_bucket' and client = '203.0.113.9';
select tests.authenticate_as(null);
select lives_ok($$ select private.take_rate_limit('test_bucket', '203.0.113.9', 2, interval '1 hour') $$,
  'after the window the count starts again');

select * from finish();
rollback;
