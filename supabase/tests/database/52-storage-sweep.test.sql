-- Removing a deleted account's files and stale unregistered uploads (migration
-- 20261203000200): deleting an account, by any door (delete_account as itself or by an admin,
-- or GoTrue's DELETE of the auth.users row), queues in its own transaction every object it
-- owned or kept under its folder, in every bucket, registered or not, and nobody else's;
-- private.removals_queued_here gives a transaction only what it queued; Storage deleting an
-- object takes its entry with it; private.claim_storage_removals (service_role only) queues
-- unregistered avatars and recordings older than 24 hours, drops entries with nothing left to
-- remove, and leases what it returns for five minutes, claimed again once the lease ends.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(23);

-- Dana leaves …01 (with a password); Otto stays …02; Ada is an admin …03; Gil is deleted by GoTrue …04.
select tests.create_user('52010000-0000-4000-8000-000000000001', 'Dana Leaver') as dana_session \gset
select tests.create_user('52010000-0000-4000-8000-000000000002', 'Otto Other') as otto_session \gset
select tests.create_user('52010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
select tests.create_user('52010000-0000-4000-8000-000000000004', 'Gil Gone') as gil_session \gset
update auth.users set encrypted_password = extensions.crypt('correct-horse-52', extensions.gen_salt('bf', 4))
 where id = '52010000-0000-4000-8000-000000000001';
insert into public.entries (id, title, description, country, author, owner, show) values
  ('52e00000-0000-4000-8000-000000000001', 'chévere52', 'Great.', 'VE', 'Otto', null, true);
insert into storage.buckets (id, name, public) values ('other52', 'other52', false);

-- Objects as Storage writes them, owned by their uploader (null: the service key), written `age` ago.
create or replace function pg_temp.put(bucket text, name text, owner uuid, age interval default '0') returns void language sql as $$
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, created_at, updated_at)
  values (bucket, name, owner, owner::text, '{"size": 10}', 'v1', now() - age, now() - age) $$;
-- Dana: a registered avatar and recording, an unregistered upload in each bucket, a file in
-- another bucket, and one the service put into her folder.
select pg_temp.put('avatars', '52010000-0000-4000-8000-000000000001/me.png', '52010000-0000-4000-8000-000000000001');
select pg_temp.put('avatars', '52010000-0000-4000-8000-000000000001/draft.png', '52010000-0000-4000-8000-000000000001');
select pg_temp.put('recordings', '52010000-0000-4000-8000-000000000001/52e00000-0000-4000-8000-000000000001/a.webm', '52010000-0000-4000-8000-000000000001');
select pg_temp.put('recordings', '52010000-0000-4000-8000-000000000001/52e00000-0000-4000-8000-000000000001/b.webm', '52010000-0000-4000-8000-000000000001');
select pg_temp.put('other52', 'notes/dana.txt', '52010000-0000-4000-8000-000000000001');
select pg_temp.put('other52', '52010000-0000-4000-8000-000000000001/by-service.txt', null);
insert into public.avatars (user_id, path) values ('52010000-0000-4000-8000-000000000001', '52010000-0000-4000-8000-000000000001/me.png');
insert into public.recordings (entry_id, user_id, path, country) values
  ('52e00000-0000-4000-8000-000000000001', '52010000-0000-4000-8000-000000000001',
   '52010000-0000-4000-8000-000000000001/52e00000-0000-4000-8000-000000000001/a.webm', 'MX');
-- Otto: a registered avatar two days old, an unregistered one 25 hours old and one 23 hours
-- old, an unregistered recording 25 hours old, an old file of another bucket.
select pg_temp.put('avatars', '52010000-0000-4000-8000-000000000002/me.png', '52010000-0000-4000-8000-000000000002', '2 days');
select pg_temp.put('avatars', '52010000-0000-4000-8000-000000000002/stale.png', '52010000-0000-4000-8000-000000000002', '25 hours');
select pg_temp.put('avatars', '52010000-0000-4000-8000-000000000002/fresh.png', '52010000-0000-4000-8000-000000000002', '23 hours');
select pg_temp.put('recordings', '52010000-0000-4000-8000-000000000002/52e00000-0000-4000-8000-000000000001/old.webm', '52010000-0000-4000-8000-000000000002', '25 hours');
select pg_temp.put('other52', '52010000-0000-4000-8000-000000000002/old.txt', '52010000-0000-4000-8000-000000000002', '3 days');
insert into public.avatars (user_id, path) values ('52010000-0000-4000-8000-000000000002', '52010000-0000-4000-8000-000000000002/me.png');
-- Gil: one file.
select pg_temp.put('avatars', '52010000-0000-4000-8000-000000000004/gil.png', '52010000-0000-4000-8000-000000000004');
-- What the queue holds, as "<bucket>:<name>:<reason>".
create or replace function pg_temp.queued() returns text[] language sql security definer as $$
  select coalesce(array_agg(bucket_id || ':' || name || ':' || reason order by bucket_id, name), '{}') from private.storage_removals $$;
grant execute on function pg_temp.queued() to public;
create or replace function pg_temp.mine() returns text[] language sql as $$
  select coalesce(array_agg(bucket_id || ':' || name order by bucket_id, name), '{}') from private.removals_queued_here() $$;
grant execute on function pg_temp.mine() to public;
-- An entry some other transaction queued long ago.
insert into private.storage_removals (bucket_id, name, owner_id, reason, queued_by)
values ('other52', 'someone/else.txt', null, 'account_deleted', '1'::xid8);
select pg_temp.put('other52', 'someone/else.txt', null);

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select throws_ok($$ select * from private.removals_queued_here() $$, '42501', null, 'a guest may not ask what was queued');
select throws_ok($$ select * from private.claim_storage_removals() $$, '42501', null, 'nor claim removals');
select throws_ok($$ select * from private.storage_removals $$, '42501', null, 'nor read the queue');

-------------------------------------------------------------------------------- another learner
select tests.clear_authentication();
select tests.authenticate_as('52010000-0000-4000-8000-000000000002', :'otto_session');
select is(pg_temp.mine(), '{}', 'a learner whose transaction deleted no account is given nothing');
select throws_ok($$ select * from private.claim_storage_removals() $$, '42501', null, 'a learner may not claim removals');
select throws_ok($$ delete from private.storage_removals $$, '42501', null, 'nor empty the queue');

-------------------------------------------------------------------------------- the account itself
select tests.authenticate_as('52010000-0000-4000-8000-000000000001', :'dana_session');
select lives_ok($$ select public.delete_account('correct-horse-52') $$, 'Dana deletes her account');
select is(pg_temp.mine(), array[
  'avatars:52010000-0000-4000-8000-000000000001/draft.png', 'avatars:52010000-0000-4000-8000-000000000001/me.png',
  'other52:52010000-0000-4000-8000-000000000001/by-service.txt', 'other52:notes/dana.txt',
  'recordings:52010000-0000-4000-8000-000000000001/52e00000-0000-4000-8000-000000000001/a.webm',
  'recordings:52010000-0000-4000-8000-000000000001/52e00000-0000-4000-8000-000000000001/b.webm'],
  'her transaction is given every file she stored (owned or in her folder, every bucket, registered or not), and only what it queued');
select tests.clear_authentication();
select is(array_length(pg_temp.queued(), 1), 7, 'they are queued (beside the older entry), as account_deleted; nobody else''s files');
select is((select count(*)::integer from private.storage_removals where reason = 'account_deleted' and owner_id = '52010000-0000-4000-8000-000000000001'), 6,
  'each names the account it was deleted with');

-------------------------------------------------------------------------------- admin, and GoTrue
select tests.authenticate_as('52010000-0000-4000-8000-000000000003', :'admin_session');
select lives_ok($$ select public.delete_account(null, '52010000-0000-4000-8000-000000000004') $$, 'an admin deletes Gil''s account');
select ok('avatars:52010000-0000-4000-8000-000000000004/gil.png:account_deleted' = any (pg_temp.queued()), 'his file is queued');
select tests.clear_authentication();
select tests.create_user('52010000-0000-4000-8000-000000000005', 'Hugo Hosted') as hugo_session \gset
select pg_temp.put('avatars', '52010000-0000-4000-8000-000000000005/h.png', '52010000-0000-4000-8000-000000000005');
delete from auth.users where id = '52010000-0000-4000-8000-000000000005';
select ok('avatars:52010000-0000-4000-8000-000000000005/h.png:account_deleted' = any (pg_temp.queued()),
  'GoTrue deleting the auth.users row (DELETE /admin/users/{id}) queues the files too');

-------------------------------------------------------------------------------- Storage removing an object
select set_config('storage.allow_delete_query', 'true', true);
delete from storage.objects where bucket_id = 'avatars' and name = '52010000-0000-4000-8000-000000000005/h.png';
select ok(not ('avatars:52010000-0000-4000-8000-000000000005/h.png:account_deleted' = any (pg_temp.queued())),
  'an object Storage removes leaves the queue with it');

-------------------------------------------------------------------------------- the sweep (service_role)
select tests.authenticate_as_service_role();
select throws_ok($$ select * from private.storage_removals $$, '42501', null, 'the service role does not read the queue directly');
select is(tests.error_of($$ select * from private.claim_storage_removals(0) $$) ->> 'hint', 'invalid_input', 'a batch of 0 is refused');
create temporary table claimed as select * from private.claim_storage_removals(100);
select is((select array_agg(bucket_id || ':' || name order by bucket_id, name) from claimed where reason = 'unregistered'), array[
  'avatars:52010000-0000-4000-8000-000000000002/stale.png',
  'recordings:52010000-0000-4000-8000-000000000002/52e00000-0000-4000-8000-000000000001/old.webm'],
  'a tick queues unregistered avatars and recordings older than 24 hours (not registered ones, younger ones or other buckets)');
select is((select count(*)::integer from claimed where reason = 'account_deleted'), 8, 'and claims every deleted account''s file');
select is_empty($$ select * from private.claim_storage_removals(100) $$, 'a second tick meanwhile claims nothing (leased)');
select tests.clear_authentication();
select is((select count(*)::integer from private.storage_removals where claimed_until > now() + interval '4 minutes' and attempts = 1), 10,
  'each claim holds for five minutes and is counted');
-- An entry whose object is already gone (removed some other way).
insert into private.storage_removals (bucket_id, name, reason) values ('other52', 'ghost.txt', 'account_deleted');
update private.storage_removals set claimed_until = now() - interval '1 second' where name like '52010000-0000-4000-8000-000000000001/%';
insert into public.avatars (user_id, path) values ('52010000-0000-4000-8000-000000000002', '52010000-0000-4000-8000-000000000002/stale.png');
update private.storage_removals set claimed_until = now() - interval '1 second' where name = '52010000-0000-4000-8000-000000000002/stale.png';
select tests.authenticate_as_service_role();
select is((select array_agg(name order by name) from private.claim_storage_removals(100)), array[
  '52010000-0000-4000-8000-000000000001/52e00000-0000-4000-8000-000000000001/a.webm',
  '52010000-0000-4000-8000-000000000001/52e00000-0000-4000-8000-000000000001/b.webm',
  '52010000-0000-4000-8000-000000000001/by-service.txt', '52010000-0000-4000-8000-000000000001/draft.png',
  '52010000-0000-4000-8000-000000000001/me.png'],
  'once a lease ends the file is claimed again; one registered meanwhile is not, and one already gone leaves the queue');
select tests.clear_authentication();
select is((select attempts from private.storage_removals where name = '52010000-0000-4000-8000-000000000001/me.png'), 2, 'a second attempt');
select ok(not exists (select 1 from private.storage_removals where name in ('ghost.txt', '52010000-0000-4000-8000-000000000002/stale.png')),
  'the entries with nothing left to remove are gone from the queue');

select * from finish();
rollback;
