-- Edits of an entry and added avatars count in the account write limits (kinds `edits` and
-- `avatars`, migration 20261206000100): an owner's 31st edit in a minute and a learner's 6th
-- avatar are refused; what other triggers write on an entry (tallies) is no edit; each
-- account has its own count; guests and service code are not counted.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(8);

select tests.create_user('53010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
select tests.create_user('53010000-0000-4000-8000-000000000002', 'Otto Other') as other_session \gset
update public.profiles set created_at = now() - interval '2 days' where id in ('53010000-0000-4000-8000-000000000001', '53010000-0000-4000-8000-000000000002');
insert into public.entries (id, title, description, country, author, owner, show) values
  ('53e00000-0000-4000-8000-000000000001', 'guagua', 'Bus.', 'CU', 'Olga', '53010000-0000-4000-8000-000000000001', true),
  ('53e00000-0000-4000-8000-000000000002', 'camión', 'Bus.', 'MX', 'Otto', '53010000-0000-4000-8000-000000000002', true);

create function pg_temp.edit(entry uuid, n integer) returns void language plpgsql as $$
begin
  for i in 1..n loop
    perform public.update_entry(entry, jsonb_build_object('description', 'Bus, take ' || i || '.'));
  end loop;
end;
$$;

-- Avatars need an upload of the account's own in the avatars bucket first (as Storage writes it).
insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
select 'avatars', '53010000-0000-4000-8000-000000000001/face-' || i || '.png', '53010000-0000-4000-8000-000000000001',
       '53010000-0000-4000-8000-000000000001', '{"size": 10, "mimetype": "image/png"}'
  from generate_series(1, 6) i;

-------------------------------------------------------------------------------- the owner
select tests.authenticate_as('53010000-0000-4000-8000-000000000001', :'owner_session');
select lives_ok($$ select pg_temp.edit('53e00000-0000-4000-8000-000000000001', 30) $$, 'an owner edits an entry 30 times in a minute');
select is(tests.error_of($$ select pg_temp.edit('53e00000-0000-4000-8000-000000000001', 1) $$) ->> 'hint', 'rate_limited', 'the 31st edit in the minute is refused: rate_limited');
select lives_ok($$
  do $body$ begin
    for i in 1..5 loop perform public.add_avatar('53010000-0000-4000-8000-000000000001/face-' || i || '.png'); end loop;
  end $body$ $$, 'a learner adds 5 avatars in a minute');
select is(tests.error_of($$ select public.add_avatar('53010000-0000-4000-8000-000000000001/face-6.png') $$) ->> 'hint', 'rate_limited', 'the 6th is refused');
select tests.clear_authentication();

-------------------------------------------------------------------------------- what other triggers write is no edit
select set_config('request.jwt.claims', tests.claims('53010000-0000-4000-8000-000000000002', :'other_session'), true);
select lives_ok($$
  do $body$ begin
    for i in 1..40 loop update public.entries set upvotes = upvotes + 1 where id = '53e00000-0000-4000-8000-000000000002'; end loop;
  end $body$ $$, 'forty tally updates in the voter''s transaction count nothing');

-------------------------------------------------------------------------------- another user
select tests.authenticate_as('53010000-0000-4000-8000-000000000002', :'other_session');
select lives_ok($$ select pg_temp.edit('53e00000-0000-4000-8000-000000000002', 30) $$, 'another account''s edits have their own count (and the tallies took none of it)');
select tests.clear_authentication();

-------------------------------------------------------------------------------- guests and service code
select set_config('request.jwt.claims', '{"role": "anon"}', true);
select lives_ok($$
  do $body$ begin
    for i in 1..40 loop update public.entries set description = 'Service ' || i where id = '53e00000-0000-4000-8000-000000000001'; end loop;
  end $body$ $$, 'writes without a signed-in user (service code, migrations) are not counted');
select is((select count(*)::int from private.write_limits where kind in ('edits', 'avatars')), 2, 'both kinds are configured');

select * from finish();
rollback;
