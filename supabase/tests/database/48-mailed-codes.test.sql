-- Mailed codes (the local Auth's recovery, confirmation, e-mail change and reauthentication
-- codes and links): private.keep_mailed_code / guess_mailed_code / follow_mailed_link.
-- The Auth service (the owner): a code works once; 5 wrong guesses kill it, and then the
-- right code is refused like a wrong one; a newer mail replaces code and link and starts the
-- code's count again, but an account takes at most 9 wrong guesses a day across all its codes
-- (counted rows, so a restart forgets nothing), and after 24 hours may guess again; expired
-- codes and links are refused without counting; the link is its own 256-bit token, never
-- killed by wrong codes, used once. Anonymous, signed-in and service_role callers can neither
-- read the tables nor call the functions. Times are passed in, so every check is exact.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(41);

select tests.create_user('48000000-0000-4000-8000-000000000001', 'Vera Victim') as victim_session \gset
select tests.create_user('48000000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset

-- One guess at `at` minutes past the base time; its outcome.
create or replace function pg_temp.guess(who uuid, purposes text[], code text, minutes integer) returns text language sql as $$
  select outcome from private.guess_mailed_code(who, purposes, code, '2026-12-02 10:00:00+00'::timestamptz + make_interval(mins => minutes)) $$;
-- A mail sent `minutes` past the base time, living an hour.
create or replace function pg_temp.mail(who uuid, purpose text, code text, link text, minutes integer) returns void language sql as $$
  select private.keep_mailed_code(who, purpose, code, link,
    '2026-12-02 10:00:00+00'::timestamptz + make_interval(mins => minutes),
    '2026-12-02 11:00:00+00'::timestamptz + make_interval(mins => minutes)) $$;
create or replace function pg_temp.follow(purposes text[], link text, minutes integer) returns uuid language sql as $$
  select user_id from private.follow_mailed_link(purposes, link, '2026-12-02 10:00:00+00'::timestamptz + make_interval(mins => minutes)) $$;

\set victim '\'48000000-0000-4000-8000-000000000001\'::uuid'
\set other '\'48000000-0000-4000-8000-000000000002\'::uuid'

-------------------------------------------------------------------------------- the Auth service: keeping a mail
select pg_temp.mail(:victim, 'recovery', '123456', 'recovery-link-token-0123456789abcdefghijkl', 0);
select is((select count(*)::int from private.mailed_codes where user_id = :victim), 1, 'a mail keeps one row per account and purpose');
select ok((select code_hash <> '123456' and code_hash ~ '^[0-9a-f]{64}$' and link_hash ~ '^[0-9a-f]{64}$'
             and link_hash <> encode(extensions.digest('123456', 'sha256'), 'hex')
             from private.mailed_codes where user_id = :victim and purpose = 'recovery'),
  'only hashes are kept, and the link''s hash is not the code''s');
select is(tests.error_of($$ select pg_temp.mail('48000000-0000-4000-8000-000000000001', 'recovery', '12345', null, 0) $$) ->> 'hint',
  'invalid_input', 'a code is six digits');
select is(tests.error_of($$ select pg_temp.mail('48000000-0000-4000-8000-000000000001', 'recovery', '123456', 'short', 0) $$) ->> 'hint',
  'invalid_input', 'a link token is long');
select is(tests.error_of($$ select pg_temp.mail('48000000-0000-4000-8000-000000000001', 'sudo', '123456', null, 0) $$) ->> 'code',
  '23514', 'an unknown purpose is refused');

-------------------------------------------------------------------------------- the Auth service: guessing one code
select is(pg_temp.guess(:victim, '{recovery}', '123456', 1), 'used', 'the right code is used');
select is((select count(*)::int from private.mailed_codes where user_id = :victim), 0, 'and is gone');
select is(pg_temp.guess(:victim, '{recovery}', '123456', 2), 'refused', 'so the same code again is refused');
select is((select count(*)::int from private.mailed_code_guesses where user_id = :victim), 0, 'a guess with no live code is not counted');

select pg_temp.mail(:victim, 'recovery', '111111', 'recovery-link-token-1123456789abcdefghijkl', 10);
select is(pg_temp.guess(:victim, '{signup}', '111111', 11), 'refused', 'a code is only good for its own purpose');
select results_eq($$ select pg_temp.guess('48000000-0000-4000-8000-000000000001', '{recovery}', code, 11)
                      from unnest(array['000000', '000001', ' 000002 ', 'abc', '99999']) as code $$,
  array['wrong', 'wrong', 'wrong', 'wrong', 'wrong'], 'five wrong guesses (anything that is not the code) are wrong');
select is((select wrong_guesses from private.mailed_codes where user_id = :victim and purpose = 'recovery'), 5, 'each counted on the code');
select is(pg_temp.guess(:victim, '{recovery}', '111111', 12), 'refused', 'after five wrong guesses the right code is refused too');
select is(pg_temp.guess(:victim, '{recovery}', '000003', 12), 'refused', 'and so is a wrong one: the answers are alike');
select is((select count(*)::int from private.mailed_code_guesses where user_id = :victim), 5, 'refusals are not counted');
select is(pg_temp.follow('{recovery}', 'recovery-link-token-1123456789abcdefghijkl', 13), :victim,
  'wrong codes never kill the link: it still opens the account');
select is(pg_temp.follow('{recovery}', 'recovery-link-token-1123456789abcdefghijkl', 14), null, 'a link works once');

-------------------------------------------------------------------------------- the Auth service: the account's daily budget
select pg_temp.mail(:victim, 'recovery', '222222', 'recovery-link-token-2123456789abcdefghijkl', 20);
select is((select wrong_guesses from private.mailed_codes where user_id = :victim and purpose = 'recovery'), 0,
  'a newer mail starts its code''s count again');
select results_eq($$ select pg_temp.guess('48000000-0000-4000-8000-000000000001', '{recovery}', code, 21)
                      from unnest(array['000010', '000011', '000012']) as code $$,
  array['wrong', 'wrong', 'wrong'], 'three more wrong guesses at the new code');
select pg_temp.mail(:victim, 'reauthentication', '333333', null, 22);
select is(pg_temp.guess(:victim, '{reauthentication}', '000020', 23), 'wrong', 'a ninth wrong guess, at another code of the account');
select is(pg_temp.guess(:victim, '{reauthentication}', '333333', 24), 'refused',
  'nine wrong guesses in a day: every code of the account is refused, the right one too');
select is(pg_temp.guess(:victim, '{recovery}', '222222', 24), 'refused', 'the recovery code as well');
select pg_temp.mail(:victim, 'recovery', '444444', 'recovery-link-token-4123456789abcdefghijkl', 30);
select is(pg_temp.guess(:victim, '{recovery}', '444444', 31), 'refused', 'and a freshly mailed code: new mails do not buy guesses');
select is(pg_temp.follow('{recovery}', 'recovery-link-token-4123456789abcdefghijkl', 32), :victim, 'the link still works');
select is(pg_temp.guess(:other, '{recovery}', '000000', 32), 'refused', 'another account (no code) is not affected…');
select pg_temp.mail(:other, 'recovery', '555555', 'recovery-link-token-5123456789abcdefghijkl', 32);
select is(pg_temp.guess(:other, '{recovery}', '555555', 33), 'used', '…and uses its own code');
select pg_temp.mail(:victim, 'recovery', '666666', 'recovery-link-token-6123456789abcdefghijkl', 60 * 24 + 20);
select is(pg_temp.guess(:victim, '{recovery}', '666666', 60 * 24 + 21), 'used', '24 hours after the first counted guesses, the right code works again');
select is((select count(*)::int from private.mailed_code_guesses where user_id = :victim), 9,
  'the nine guesses are rows in the database (a restart forgets none)');
select is(pg_temp.guess(:victim, '{reauthentication}', '000030', 60 * 24 + 23), 'refused', 'an expired code is refused…');
select is((select count(*)::int from private.mailed_code_guesses where user_id = :victim), 9, '…and not counted');

-------------------------------------------------------------------------------- the Auth service: links and expiry
select pg_temp.mail(:victim, 'email_change_new', '777777', 'change-new-link-token-123456789abcdefghijk', 3000);
select pg_temp.mail(:victim, 'email_change_current', '888888', 'change-cur-link-token-123456789abcdefghijk', 3000);
select is(pg_temp.follow('{signup}', 'change-new-link-token-123456789abcdefghijk', 3001), null, 'a link is only good for its own type');
select is(pg_temp.follow('{email_change_current,email_change_new}', 'change-new-link-token-123456789abcdefghij', 3001), null,
  'a token that is not the whole token finds nothing');
select results_eq($$ select purpose from private.follow_mailed_link('{email_change_current,email_change_new}',
                       'change-new-link-token-123456789abcdefghijk', '2026-12-04 12:01:00+00') $$,
  array['email_change_new'], 'the link names its side of the change');
select pg_temp.mail(:victim, 'email_change_current', '999999', 'change-cur-link-token-223456789abcdefghijk', 3030);
select is(pg_temp.follow('{email_change_current}', 'change-cur-link-token-123456789abcdefghijk', 3031), null,
  'a newer mail kills the older link');
select is(pg_temp.guess(:victim, '{email_change_current}', '888888', 3031), 'wrong', 'and the older code');
select is(pg_temp.follow('{email_change_current}', 'change-cur-link-token-223456789abcdefghijk', 3091), null,
  'a link past its hour is refused');
select is(pg_temp.guess(:victim, '{email_change_current}', '999999', 3091), 'refused', 'and so is its code');

-------------------------------------------------------------------------------- anonymous, signed-in, service_role: no way in
select tests.authenticate_as(null);
select throws_ok($$ select * from private.mailed_codes $$, '42501', null, 'anonymous: cannot read the codes');
select throws_ok($$ select * from private.guess_mailed_code('48000000-0000-4000-8000-000000000001', '{recovery}', '000000', now()) $$,
  '42501', null, 'anonymous: cannot guess through SQL');
select tests.authenticate_as('48000000-0000-4000-8000-000000000001', :'victim_session');
select throws_ok($$ select * from private.follow_mailed_link('{recovery}', 'x', now()) $$, '42501', null,
  'signed in: cannot follow links through SQL');
select tests.clear_authentication();
select tests.authenticate_as_service_role();
select throws_ok($$ select private.keep_mailed_code('48000000-0000-4000-8000-000000000001', 'recovery', '123456', null, now(), now()) $$,
  '42501', null, 'service_role: cannot keep codes either');
select tests.clear_authentication();

select * from finish();
rollback;
