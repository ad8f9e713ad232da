-- push_subscriptions (migration 20261208000300): the policies and column grants per actor,
-- and public.save_push_subscription. Guests can neither subscribe nor read; a learner saves
-- a browser once however often it subscribes, sees and removes only their own (never the
-- keys, which only the tick reads), keeps at most 10 (the least recently renewed replaced)
-- and is held to the account write limit `push`; another account subscribing the same
-- browser takes it over; an admin is a learner here; the service role (the reminders tick)
-- reads every row, marks successes and removes, and changes nothing else.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(37);

-- Users: owner …01, other …02, admin …03.
select tests.create_user('56010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('56010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
select tests.create_user('56010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- A browser's subscription to the test push service: endpoint by name, well-formed keys.
create function pg_temp.save(name text) returns jsonb language sql as $$
  select public.save_push_subscription('https://push.example.com/send/' || name, 'B' || repeat('A', 86), repeat('a', 22))
$$;
create function pg_temp.endpoints(who uuid) returns text[] language sql security definer as $$
  select coalesce(array_agg(replace(endpoint, 'https://push.example.com/send/', '') order by endpoint), '{}')
    from public.push_subscriptions where user_id = who
$$;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select is(tests.error_of($$ select pg_temp.save('guest') $$) ->> 'hint', 'login_required', 'a guest is asked to log in to subscribe');
select throws_ok($$ select endpoint from public.push_subscriptions $$, '42501', null, 'a guest cannot read subscriptions');
select throws_ok($$ delete from public.push_subscriptions $$, '42501', null, 'a guest cannot delete subscriptions');

-------------------------------------------------------------------------------- the owner
select tests.authenticate_as('56010000-0000-4000-8000-000000000001');
select lives_ok($$ select pg_temp.save('a') $$, 'a learner subscribes a browser');
select lives_ok($$ select pg_temp.save('a') $$, 'and the same browser again');
select is((select count(*)::int from public.push_subscriptions), 1, 'which is still one subscription');
select throws_ok($$ select user_id from public.push_subscriptions $$, '42501', null, 'the learner sees their rows but not the owner column (column grants)');
select throws_ok($$ select auth from public.push_subscriptions $$, '42501', null, 'nor the browser''s auth secret (only the tick reads keys)');
select throws_ok($$ insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
                   values ('56010000-0000-4000-8000-000000000001', 'https://push.example.com/send/direct', 'B' || repeat('A', 86), repeat('a', 22)) $$,
                 '42501', null, 'a learner cannot insert directly (save_push_subscription is the door)');
select throws_ok($$ update public.push_subscriptions set last_success_at = now() $$, '42501', null, 'nor update');
select is(tests.error_of($$ select public.save_push_subscription('http://push.example.com/x', 'B' || repeat('A', 86), repeat('a', 22)) $$)
            - 'message', '{"code": "PT400", "hint": "push_endpoint_invalid", "column": "endpoint"}', 'an http endpoint off loopback is refused, naming the field');
select is(tests.error_of($$ select public.save_push_subscription('https://10.0.0.1/x', 'B' || repeat('A', 86), repeat('a', 22)) $$) ->> 'hint',
          'push_endpoint_invalid', 'an IP literal is refused (the server posts there)');
select is(tests.error_of($$ select public.save_push_subscription('https://metadata.google.internal/x', 'B' || repeat('A', 86), repeat('a', 22)) $$) ->> 'hint',
          'push_endpoint_invalid', 'so is an internal host name');
select is(tests.error_of($$ select public.save_push_subscription('https://push.example.com/x', 'B' || repeat('A', 85), repeat('a', 22)) $$) ->> 'column',
          'keys.p256dh', 'a short public key is refused');
select is(tests.error_of($$ select public.save_push_subscription('https://push.example.com/x', 'B' || repeat('A', 86), repeat('a', 21) || '=') $$) ->> 'column',
          'keys.auth', 'a malformed auth secret is refused');
select lives_ok($$ select public.save_push_subscription('http://127.0.0.1:9/push/local', 'B' || repeat('A', 86), repeat('a', 22)) $$,
                'http on loopback is stored (the local test push service; the api allows it only on a local stack)');
select lives_ok($$ do $b$ begin for i in 1..11 loop perform pg_temp.save('n' || lpad(i::text, 2, '0')); end loop; end $b$ $$, 'eleven more browsers');
select is((select count(*)::int from public.push_subscriptions), 10, 'at most ten are kept');
select is(pg_temp.endpoints('56010000-0000-4000-8000-000000000001'),
          array['n02', 'n03', 'n04', 'n05', 'n06', 'n07', 'n08', 'n09', 'n10', 'n11'], 'the least recently renewed went first (a, the loopback one, n01)');
select lives_ok($$ select pg_temp.save('n02'), pg_temp.save('n12') $$, 'renewing n02, then a twelfth');
select is(pg_temp.endpoints('56010000-0000-4000-8000-000000000001'),
          array['n02', 'n04', 'n05', 'n06', 'n07', 'n08', 'n09', 'n10', 'n11', 'n12'], 'the renewed one stays, the oldest renewal (n03) goes');
-- 16 writes so far in this minute (the refusals above were not writes); the limit is 20.
select lives_ok($$ select pg_temp.save('n13'), pg_temp.save('n14'), pg_temp.save('n15'), pg_temp.save('n16') $$, 'up to 20 subscriptions in a minute');
select is(tests.error_of($$ select pg_temp.save('n17') $$) ->> 'hint', 'rate_limited', 'the 21st in a minute is refused: rate_limited');

-------------------------------------------------------------------------------- another user
select tests.authenticate_as('56010000-0000-4000-8000-000000000002');
select is_empty($$ select endpoint from public.push_subscriptions $$, 'another learner sees none of the owner''s');
select is_empty($$ delete from public.push_subscriptions where endpoint like '%/n15' returning endpoint $$, 'nor deletes them');
select lives_ok($$ select pg_temp.save('n15') $$, 'the owner''s browser, now signed in to another account, subscribes for it');
select results_eq($$ select replace(endpoint, 'https://push.example.com/send/', '') from public.push_subscriptions $$, array['n15'], 'which now sees it as its own');
select ok(not ('n15' = any(pg_temp.endpoints('56010000-0000-4000-8000-000000000001'))), 'and the owner no longer has it');

-------------------------------------------------------------------------------- an admin
select tests.authenticate_as('56010000-0000-4000-8000-000000000003');
select is_empty($$ select endpoint from public.push_subscriptions $$, 'an admin sees no one else''s subscriptions');
select is_empty($$ delete from public.push_subscriptions returning endpoint $$, 'nor deletes them');

-------------------------------------------------------------------------------- the owner removes their own
select tests.authenticate_as('56010000-0000-4000-8000-000000000001');
select results_eq($$ delete from public.push_subscriptions where endpoint like '%/n14' returning replace(endpoint, 'https://push.example.com/send/', '') $$,
                  array['n14'], 'the owner removes their own');

-------------------------------------------------------------------------------- the service role (the reminders tick)
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.push_subscriptions
             where user_id in ('56010000-0000-4000-8000-000000000001', '56010000-0000-4000-8000-000000000002')), 9, 'the tick reads every learner''s (8 of the owner''s, 1 of the other''s)');
select lives_ok($$ update public.push_subscriptions set last_success_at = now() where endpoint like '%/n15' $$, 'marks a success');
select throws_ok($$ update public.push_subscriptions set endpoint = 'https://push.example.com/send/moved' $$, '42501', null, 'and changes nothing else');
select results_eq($$ delete from public.push_subscriptions where endpoint like '%/n13' returning 1 $$, array[1], 'removes a subscription the push service says is gone');
select tests.clear_authentication();

select is((select count(*)::int from private.write_limits where kind = 'push'), 1, 'the push write limit is configured');
select throws_ok($$ insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
                   values ('56010000-0000-4000-8000-000000000001', 'https://10.0.0.1/x', 'B' || repeat('A', 86), repeat('a', 22)) $$,
                 '23514', null, 'the table itself refuses an IP literal, whoever writes');

select * from finish();
rollback;
