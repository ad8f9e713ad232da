-- Per-account Storage limits (migration 20261203000100): the storage.objects trigger refuses an
-- account's upload past its uploads a minute (42501 too_many_uploads, detail {retryAfter}) or
-- past the bytes it may store (42501 quota_exceeded), counted per owner across buckets, shared
-- by every client of the account; removing files does not give the minute's uploads back; an
-- upsert is judged by what it replaces; a touch or a rename adds nothing. Objects without an
-- owner (the service key) are not limited; a service write in a user's name (a signed upload
-- URL) is. The counters are private: no API role reads or writes them. Actors: guest, owner,
-- another learner, admin, service_role.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(36);

-- Ulla uploads …01; Otto is another learner …02; Ada is an admin …03.
select tests.create_user('49010000-0000-4000-8000-000000000001', 'Ulla Uploader') as ulla_session \gset
select tests.create_user('49010000-0000-4000-8000-000000000002', 'Otto Other') as otto_session \gset
select tests.create_user('49010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- Two buckets where a signed-in learner writes into their own folder, as the app's buckets do.
insert into storage.buckets (id, name, public) values ('limits49a', 'limits49a', false), ('limits49b', 'limits49b', false);
create policy "pgTAP 49 learners add to their folder" on storage.objects for insert to authenticated
  with check (bucket_id like 'limits49_' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "pgTAP 49 learners see their folder" on storage.objects for select to authenticated
  using (bucket_id like 'limits49_' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "pgTAP 49 learners replace in their folder" on storage.objects for update to authenticated
  using (bucket_id like 'limits49_' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "pgTAP 49 learners remove from their folder" on storage.objects for delete to authenticated
  using (bucket_id like 'limits49_' and (storage.foldername(name))[1] = (select auth.uid())::text);
-- An upload as Storage writes it once the bytes are in: owned by the caller, with its size.
create or replace function pg_temp.upload(name text, size bigint, bucket text default 'limits49a') returns void language sql as $$
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
  values (bucket, (select auth.uid())::text || '/' || name, (select auth.uid()), (select auth.uid())::text,
          jsonb_build_object('size', size, 'mimetype', 'text/plain'), extensions.gen_random_uuid()::text) $$;
grant execute on function pg_temp.upload(text, bigint, text) to public;
-- The same upload as an upsert (x-upsert: true): a new version over the name.
create or replace function pg_temp.upsert(name text, size bigint) returns void language sql as $$
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
  values ('limits49a', (select auth.uid())::text || '/' || name, (select auth.uid()), (select auth.uid())::text,
          jsonb_build_object('size', size), extensions.gen_random_uuid()::text)
  on conflict (bucket_id, name) do update
    set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata, version = excluded.version $$;
grant execute on function pg_temp.upsert(text, bigint) to public;
-- Storage's permission check before the bytes: the row without a size.
create or replace function pg_temp.check_upload(name text) returns void language sql as $$
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
  values ('limits49a', (select auth.uid())::text || '/' || name, (select auth.uid()), (select auth.uid())::text, '{"mimetype": "text/plain"}') $$;
grant execute on function pg_temp.check_upload(text) to public;
create or replace function pg_temp.stored(who text) returns bigint language sql security definer as $$
  select coalesce((select bytes from private.storage_usage where owner_id = who), 0) $$;
grant execute on function pg_temp.stored(text) to public;
-- A minute passes for the upload counters (now() is the transaction's start throughout).
create or replace function pg_temp.a_minute_passes() returns void language sql security definer as $$
  update private.storage_uploads set uploaded_at = uploaded_at - interval '61 seconds' $$;
grant execute on function pg_temp.a_minute_passes() to public;
-- Storage's deletes say so for their transaction (storage.protect_delete refuses the rest).
select set_config('storage.allow_delete_query', 'true', true);

-------------------------------------------------------------------------------- the limits
select is((select jsonb_build_object('perMinute', uploads_per_minute, 'bytes', account_bytes) from private.storage_limits),
  '{"perMinute": 30, "bytes": 52428800}', 'by default an account uploads 30 files a minute and stores 50 MB');
select throws_ok($$ insert into private.storage_limits default values $$, '23505', null, 'the limits are one row');
-- Small limits for the rest of this file.
update private.storage_limits set uploads_per_minute = 3, account_bytes = 5000;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select throws_ok($$ select * from private.storage_limits $$, '42501', null, 'a guest cannot read the limits');
select throws_ok($$ update private.storage_limits set uploads_per_minute = 1000 $$, '42501', null, 'nor change them');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('limits49a', 'x/y.txt') $$, '42501', null,
  'a guest uploads nothing here (no policy of theirs)');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('49010000-0000-4000-8000-000000000001', :'ulla_session');
select throws_ok($$ select * from private.storage_uploads $$, '42501', null, 'a learner cannot read the upload counters');
select throws_ok($$ update private.storage_usage set bytes = 0 $$, '42501', null, 'nor reset their bytes');
select throws_ok($$ update private.storage_limits set account_bytes = 1e12 $$, '42501', null, 'nor raise their limits');
select lives_ok($$ select pg_temp.upload('one.txt', 1000) $$, 'the first upload of the minute');
select lives_ok($$ select pg_temp.upload('two.txt', 1000, 'limits49b') $$, 'the second, in another bucket');
select lives_ok($$ select pg_temp.upload('three.txt', 1000) $$, 'the third');
select is(tests.error_of($$ select pg_temp.upload('four.txt', 10) $$) - 'message',
  '{"code": "42501", "hint": "too_many_uploads", "detail": "{\"retryAfter\": 60}"}',
  'the fourth in a minute: 42501 too_many_uploads, retry in 60 s');
select matches(tests.error_of($$ select pg_temp.upload('four.txt', 10) $$) ->> 'message', '^too_many_uploads: ',
  'the message starts with the code (hosted Storage shows it)');
select is(tests.error_of($$ select pg_temp.check_upload('four.txt') $$) ->> 'hint', 'too_many_uploads',
  'Storage''s permission check before the bytes is refused already');
delete from storage.objects where name = '49010000-0000-4000-8000-000000000001/one.txt';
select is(tests.error_of($$ select pg_temp.upload('four.txt', 10) $$) ->> 'hint', 'too_many_uploads',
  'removing a file does not give the minute''s upload back');
select lives_ok($$ update storage.objects set last_accessed_at = now() where name like '49010000-0000-4000-8000-000000000001/%' $$,
  'touching a file is no upload');
select pg_temp.a_minute_passes();
select lives_ok($$ select pg_temp.upload('four.txt', 1000) $$, 'a minute later the learner uploads again');
select is(pg_temp.stored('49010000-0000-4000-8000-000000000001'), 3000::bigint, 'their bytes: the files they keep (one removed)');
select lives_ok($$ select pg_temp.upload('five.txt', 2000) $$, 'up to the line exactly (5000 bytes)');
select pg_temp.a_minute_passes();
select is(tests.error_of($$ select pg_temp.upload('six.txt', 1) $$) - 'message',
  '{"code": "42501", "hint": "quota_exceeded", "detail": "{\"limitBytes\": 5000, \"storedBytes\": 5000}"}',
  'one byte more: 42501 quota_exceeded, with the limit and what is stored');
select is(tests.error_of($$ select pg_temp.check_upload('six.txt') $$) ->> 'hint', 'quota_exceeded',
  'a full account is refused at the permission check, before the bytes');
select is(tests.error_of($$ select pg_temp.upsert('five.txt', 2001) $$) ->> 'hint', 'quota_exceeded',
  'replacing a file with a larger one past the line is refused');
select lives_ok($$ select pg_temp.upsert('five.txt', 1500) $$, 'replacing it with a smaller one is not');
select is(pg_temp.stored('49010000-0000-4000-8000-000000000001'), 4500::bigint, 'the replaced version''s bytes are given back');
select lives_ok($$ update storage.objects set name = '49010000-0000-4000-8000-000000000001/renamed.txt'
                    where name = '49010000-0000-4000-8000-000000000001/five.txt' $$, 'renaming a file adds nothing');

-------------------------------------------------------------------------------- another learner
select tests.authenticate_as('49010000-0000-4000-8000-000000000002', :'otto_session');
select lives_ok($$ select pg_temp.upload('a.txt', 4000) $$, 'another learner''s uploads are counted on their own');
select is(pg_temp.stored('49010000-0000-4000-8000-000000000001'), 4500::bigint, 'and add nothing to the first learner''s bytes');

-------------------------------------------------------------------------------- admin
select tests.authenticate_as('49010000-0000-4000-8000-000000000003', :'admin_session');
select lives_ok($$ select pg_temp.upload('a.txt', 5000) $$, 'an admin uploads up to the line');
select is(tests.error_of($$ select pg_temp.upload('b.txt', 1) $$) ->> 'hint', 'quota_exceeded', 'an admin''s account has the same limits');

-------------------------------------------------------------------------------- service_role
select tests.clear_authentication();
select tests.authenticate_as_service_role();
select lives_ok($$ insert into storage.objects (bucket_id, name, metadata, version)
                   select 'limits49a', 'service/' || n || '.txt', '{"size": 100000}', n::text from generate_series(1, 5) n $$,
  'the service key''s uploads (no owner) are not limited');
select is(tests.error_of($$ insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
                              values ('limits49a', '49010000-0000-4000-8000-000000000001/signed.txt', '49010000-0000-4000-8000-000000000001',
                                      '49010000-0000-4000-8000-000000000001', '{"size": 1000}', 'v') $$) ->> 'hint',
  'quota_exceeded', 'an upload in a learner''s name through the service (a signed upload URL) counts as theirs');
select throws_ok($$ select * from private.storage_usage $$, '42501', null, 'the service role does not read the counters either');
select tests.clear_authentication();
select tests.authenticate_as_service_role();
select lives_ok($$ update storage.objects set owner = '49010000-0000-4000-8000-000000000002', owner_id = '49010000-0000-4000-8000-000000000002'
                    where name = '49010000-0000-4000-8000-000000000001/four.txt' $$,
  'a file given to another learner (1000 bytes, 4000 stored) fits under their line');
select is(tests.error_of($$ update storage.objects set owner = '49010000-0000-4000-8000-000000000002', owner_id = '49010000-0000-4000-8000-000000000002'
                              where name = '49010000-0000-4000-8000-000000000001/renamed.txt' $$) ->> 'hint',
  'quota_exceeded', 'one that would carry them past it is refused');
select tests.clear_authentication();
select is(array[pg_temp.stored('49010000-0000-4000-8000-000000000001'), pg_temp.stored('49010000-0000-4000-8000-000000000002')],
  array[3500, 5000]::bigint[], 'bytes move with the file to its new owner');
select is((select count(*)::integer from private.storage_uploads where owner_id = '49010000-0000-4000-8000-000000000002'), 1,
  'a file given away is no upload of its new owner');

select * from finish();
rollback;
