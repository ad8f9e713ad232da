-- The storage schema as Supabase has it (made by stack/bootstrap.sql locally, by Storage
-- when hosted): the tables and columns the app's policies and the Storage API use, RLS on
-- with nothing let through until a migration writes a policy (every actor but the service
-- role refused on a bucket without policies), the path helpers policies call, and the guard
-- that keeps rows from being deleted behind the Storage API's back.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(45);

select tests.create_user('38010000-0000-4000-8000-000000000001', 'Oona Owner') as owner_session \gset
select tests.create_user('38010000-0000-4000-8000-000000000002', 'Otis Other') as other_session \gset
select tests.create_user('38010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset

-- The columns of the contract.
select has_table('storage', 'buckets', 'storage.buckets exists');
select has_table('storage', 'objects', 'storage.objects exists');
select ok(
  (select count(*) from information_schema.columns
    where table_schema = 'storage' and table_name = 'buckets'
      and column_name in ('id', 'name', 'owner', 'owner_id', 'public', 'avif_autodetection', 'file_size_limit',
                          'allowed_mime_types', 'created_at', 'updated_at')) = 10,
  'storage.buckets has Supabase''s columns');
select ok(
  (select count(*) from information_schema.columns
    where table_schema = 'storage' and table_name = 'objects'
      and column_name in ('id', 'bucket_id', 'name', 'owner', 'owner_id', 'metadata', 'user_metadata', 'version',
                          'path_tokens', 'created_at', 'updated_at', 'last_accessed_at')) = 12,
  'storage.objects has Supabase''s columns');
select col_type_is('storage', 'buckets', 'file_size_limit', 'bigint', 'a bucket''s size limit is in bytes (bigint)');
select col_type_is('storage', 'buckets', 'allowed_mime_types', 'text[]', 'allowed_mime_types is text[]');
select col_default_is('storage', 'buckets', 'public', 'false', 'buckets are private unless made public');
select col_type_is('storage', 'objects', 'path_tokens', 'text[]', 'path_tokens is text[]');
select col_type_is('storage', 'objects', 'metadata', 'jsonb', 'metadata is jsonb');
select col_is_pk('storage', 'objects', 'id', 'objects are keyed by id');
select fk_ok('storage', 'objects', 'bucket_id', 'storage', 'buckets', 'id');

-- RLS on, and what the API roles may touch at all.
select ok((select relrowsecurity from pg_class where oid = 'storage.buckets'::regclass), 'RLS is on for storage.buckets');
select ok((select relrowsecurity from pg_class where oid = 'storage.objects'::regclass), 'RLS is on for storage.objects');
select ok(
  (select bool_and(has_schema_privilege(r, 'storage', 'usage')) from unnest(array['anon', 'authenticated', 'service_role']) r),
  'anon, authenticated and service_role may use the storage schema');
select ok(
  (select bool_and(has_table_privilege(r, 'storage.objects', 'select, insert, update, delete')
               and has_table_privilege(r, 'storage.buckets', 'select, insert, update, delete'))
     from unnest(array['anon', 'authenticated', 'service_role']) r),
  'the API roles hold Supabase''s grants on both tables (RLS decides)');
select ok((select rolbypassrls from pg_roles where rolname = 'service_role'), 'service_role bypasses RLS');

-- The path helpers.
select is(storage.foldername('u1/c2/take.webm'), array['u1', 'c2'], 'foldername: the folders of a path');
select is(storage.foldername('take.webm'), '{}'::text[], 'foldername: none at the top');
select is(storage.filename('u1/c2/take.webm'), 'take.webm', 'filename: the last segment');
select is(storage.extension('u1/c2/take.v2.webm'), 'webm', 'extension: after the last dot');
select is(storage.extension('u1/README'), 'README', 'extension: the name when it has no dot (as Supabase''s)');
select ok(
  (select bool_and(has_function_privilege(r, 'storage.foldername(text)', 'execute'))
     from unnest(array['anon', 'authenticated']) r),
  'policies written for anon and authenticated may call the helpers');

-- A bucket with no policy, and an object in it (as the superuser).
insert into storage.buckets (id, name) values ('test-38', 'test-38');
insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
values ('test-38', '38010000-0000-4000-8000-000000000001/a/clip.webm', '38010000-0000-4000-8000-000000000001',
        '38010000-0000-4000-8000-000000000001', '{"size": 3, "mimetype": "audio/webm"}');
select is((select path_tokens from storage.objects where bucket_id = 'test-38'),
          array['38010000-0000-4000-8000-000000000001', 'a', 'clip.webm'], 'path_tokens follow the name');
select is((select public from storage.buckets where id = 'test-38'), false, 'a new bucket is private');
select throws_ok(
  $$insert into storage.objects (bucket_id, name) values ('test-38', '38010000-0000-4000-8000-000000000001/a/clip.webm')$$,
  '23505', null, 'one object per name in a bucket');

-- Guest: sees nothing, writes nothing.
select tests.authenticate_as(null);
select is((select count(*)::int from storage.objects where bucket_id = 'test-38'), 0, 'guest: no policy, no object seen');
select is((select count(*)::int from storage.buckets where id = 'test-38'), 0, 'guest: no policy, no bucket seen');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('test-38', 'x.webm')$$, '42501', null, 'guest: cannot add an object');
select throws_ok($$insert into storage.buckets (id, name) values ('guest-38', 'guest-38')$$, '42501', null, 'guest: cannot add a bucket');

-- The object's owner: nothing either, until a migration says so.
select tests.clear_authentication();
select tests.authenticate_as('38010000-0000-4000-8000-000000000001', :'owner_session');
select is((select count(*)::int from storage.objects where bucket_id = 'test-38'), 0, 'owner: no policy, not even their own object');
select throws_ok($$insert into storage.objects (bucket_id, name, owner) values ('test-38', '38010000-0000-4000-8000-000000000001/b.webm', auth.uid())$$,
  '42501', null, 'owner: cannot add an object');
update storage.objects set name = 'moved.webm' where bucket_id = 'test-38';
select throws_ok($$delete from storage.objects where bucket_id = 'test-38'$$, '42501', 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'owner: a stray DELETE is refused outright, as on Supabase');
select set_config('storage.allow_delete_query', 'true', true);
delete from storage.objects where bucket_id = 'test-38';
select set_config('storage.allow_delete_query', 'false', true);

-- Another learner, and an admin (the app's admin is no storage superuser).
select tests.authenticate_as('38010000-0000-4000-8000-000000000002', :'other_session');
select is((select count(*)::int from storage.objects where bucket_id = 'test-38'), 0, 'other learner: nothing seen');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('test-38', 'other.webm')$$, '42501', null, 'other learner: cannot add');
select tests.authenticate_as('38010000-0000-4000-8000-000000000003', :'admin_session');
select is((select count(*)::int from storage.objects where bucket_id = 'test-38'), 0, 'admin: nothing seen without a policy');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('test-38', 'admin.webm')$$, '42501', null, 'admin: cannot add');
with changed as (update storage.buckets set public = true where id = 'test-38' returning id)
select is(count(*)::int, 0, 'admin: cannot make a bucket public') from changed;

-- The service role: everything, RLS bypassed.
select tests.clear_authentication();
select tests.authenticate_as_service_role();
select is((select name from storage.objects where bucket_id = 'test-38'), '38010000-0000-4000-8000-000000000001/a/clip.webm',
  'service role: sees the object (the owner''s update and delete above touched nothing)');
select lives_ok($$insert into storage.objects (bucket_id, name) values ('test-38', 'service.webm')$$, 'service role: adds an object');
select lives_ok($$update storage.buckets set public = true, file_size_limit = 2097152, allowed_mime_types = array['audio/webm'] where id = 'test-38'$$,
  'service role: changes a bucket');
select throws_ok($$delete from storage.objects where name = 'service.webm'$$, '42501', null, 'service role: a stray DELETE is refused too');
select set_config('storage.allow_delete_query', 'true', true);
select lives_ok($$delete from storage.objects where name = 'service.webm'$$, 'service role: deletes as the Storage API does');
select is((select count(*)::int from storage.objects where bucket_id = 'test-38'), 1, 'service role: one object left');
select set_config('storage.allow_delete_query', 'false', true);

-- updated_at follows changes.
select tests.clear_authentication();
update storage.objects set updated_at = now() - interval '1 day' where bucket_id = 'test-38';
update storage.objects set metadata = metadata || '{"size": 4}' where bucket_id = 'test-38';
select ok((select updated_at > now() - interval '1 minute' from storage.objects where bucket_id = 'test-38'),
  'updated_at is set on every change of an object');
select throws_ok($$delete from storage.buckets where id = 'test-38'$$, '42501', null, 'a bucket cannot be deleted by a stray DELETE either');

select * from finish();
rollback;
