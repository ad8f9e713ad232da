-- Per-account write limits (private.limit_account_writes on entries, comments, votes, tags,
-- cards and reviews): per minute for everyone, per hour tighter for accounts younger than a
-- day; one account's count never touches another's; guests and service code are not counted.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(14);

select tests.create_user('24010000-0000-4000-8000-000000000001', 'Nina New') as new_session \gset
select tests.create_user('24010000-0000-4000-8000-000000000002', 'Vera Veteran') as old_session \gset
select tests.create_user('24010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
update public.profiles set created_at = now() - interval '2 days' where id = '24010000-0000-4000-8000-000000000002';
insert into public.entries (id, title, description, country, author, owner, show) values
  ('24e00000-0000-4000-8000-000000000001', 'parcero', 'Friend.', 'CO', 'Vera', '24010000-0000-4000-8000-000000000002', true);

-- Forget this file's minute windows, so the hour limits can be reached inside one transaction.
create function pg_temp.next_minute() returns void language sql as $$
  delete from private.rate_limits where bucket like 'writes:%:minute' and client like '24010000-%'
$$;

create function pg_temp.add_entries(n integer) returns void language plpgsql as $$
begin
  for i in 1..n loop
    perform public.add_entry('chévere ' || i || ' ' || extensions.gen_random_uuid(), 'Great.', 'VE');
  end loop;
end;
$$;

-------------------------------------------------------------------------------- a new account (owner of what it writes)
select tests.authenticate_as('24010000-0000-4000-8000-000000000001', :'new_session');
select lives_ok($$ select pg_temp.add_entries(10) $$, 'a new account adds 10 entries in a minute (a keen learner''s first hour)');
select is(tests.error_of($$ select pg_temp.add_entries(1) $$) ->> 'hint', 'rate_limited', 'the 11th within the minute is refused: rate_limited');
select ok((tests.error_of($$ select pg_temp.add_entries(1) $$) ->> 'detail')::jsonb ->> 'retryAfter' is not null, 'with the seconds to wait');
select tests.clear_authentication();
select pg_temp.next_minute();
select tests.authenticate_as('24010000-0000-4000-8000-000000000001', :'new_session');
select lives_ok($$ select pg_temp.add_entries(10) $$, 'the next minute, 10 more (20 in its first hour)');
select tests.clear_authentication();
select pg_temp.next_minute();
select tests.authenticate_as('24010000-0000-4000-8000-000000000001', :'new_session');
select is(tests.error_of($$ select pg_temp.add_entries(1) $$) ->> 'hint', 'rate_limited', 'but not a 21st in the hour while younger than a day');
select lives_ok($$ select public.add_comment('24e00000-0000-4000-8000-000000000001', 'uno') $$, 'other kinds keep their own counts');

-------------------------------------------------------------------------------- an older account (another user)
select tests.authenticate_as('24010000-0000-4000-8000-000000000002', :'old_session');
select lives_ok($$ select pg_temp.add_entries(10) $$, 'another account is not touched by the first one''s count');
select tests.clear_authentication();
select pg_temp.next_minute();
select tests.authenticate_as('24010000-0000-4000-8000-000000000002', :'old_session');
select lives_ok($$ select pg_temp.add_entries(10) $$, 'an account older than a day passes 20 in the hour');
select tests.clear_authentication();
select pg_temp.next_minute();
select tests.authenticate_as('24010000-0000-4000-8000-000000000002', :'old_session');
select is(tests.error_of($$ select pg_temp.add_entries(11) $$) ->> 'hint', 'rate_limited', 'and still meets the per-minute limit');

select is(tests.error_of($$
  do $body$ begin
    for i in 1..21 loop perform public.add_comment('24e00000-0000-4000-8000-000000000001', 'spam ' || i); end loop;
  end $body$ $$) ->> 'hint', 'rate_limited', 'a burst of 21 comments in a minute is refused');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('24010000-0000-4000-8000-000000000003', :'admin_session');
select is(tests.error_of($$ select pg_temp.add_entries(11) $$) ->> 'hint', 'rate_limited', 'an admin''s own writes meet the same limits');

-------------------------------------------------------------------------------- guest and service code
select tests.clear_authentication();
select tests.authenticate_as(null);
select lives_ok($$ select public.add_entry('guagua de invitado', 'Bus.', 'CU') $$, 'a guest adds an entry under the guest limit');
select tests.clear_authentication();
select is((select count(*)::int from private.rate_limits where bucket like 'writes:%' and client !~ '^[0-9a-f]{8}-'), 0,
  'and is never counted per account');
select tests.clear_authentication();
set local request.jwt.claims to '';
select lives_ok($$
  insert into public.comments (entry_id, owner, owner_name, text)
  select '24e00000-0000-4000-8000-000000000001', '24010000-0000-4000-8000-000000000001', 'Nina New', 'seeded ' || g from generate_series(1, 50) g $$,
  'service code without a user''s claims (seeds, migrations) is not counted');

select * from finish();
rollback;
