-- Native-speaker recordings (issue 19) are files in Supabase Storage: a public `recordings`
-- bucket, anyone may listen, and a signed-in learner writes only into their own folder of
-- an entry they can see: <their user id>/<entry id>/<file>. Storage itself enforces the
-- bucket's size limit (2 MB) and its audio types while the upload streams; these policies on
-- storage.objects decide who may write where, on hosted Supabase and the local stack alike
-- (both run Storage's queries as the caller's role with its JWT claims).

-- Idempotent: a project whose bucket someone made by hand gets this bucket's settings.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('recordings', 'recordings', true, 2097152,
        array['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Whether the caller may write an object of this name in the recordings bucket: exactly two
-- folders, the first the caller's own id, the second an entry they can see (the entries
-- policies decide, so a hidden entry is only its owner's and admins'), then a plain file name
-- (letters, digits, dot, dash, underscore; no leading dot, at most 100 characters). Invoker
-- rights: it asks as the caller. Lower-case ids only, as auth.uid() and entry ids print.
create or replace function private.may_store_recording(name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(
    array_length(storage.foldername(may_store_recording.name), 1) = 2
    and (storage.foldername(may_store_recording.name))[1] = (select auth.uid())::text
    and storage.filename(may_store_recording.name) ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$'
    and exists (select 1 from public.entries e
                 where e.id::text = (storage.foldername(may_store_recording.name))[2]),
    false)
$$;
comment on function private.may_store_recording(text) is
  'Whether the caller may write this object name in the recordings bucket: <their id>/<an entry they can see>/<plain file name>.';
revoke all on function private.may_store_recording(text) from public;
grant execute on function private.may_store_recording(text) to authenticated;

-- Reading: everyone (the bucket is public anyway; listing and authenticated downloads too),
-- but never with a token whose session has ended.
create policy "Anyone can listen to recordings"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'recordings' and (select private.session_is_live()));

create policy "Learners can upload recordings into their own folder"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'recordings' and (select private.session_is_live()) and private.may_store_recording(name));

-- Replacing a file (upsert, move within the folder) stays inside the learner's own folder.
create policy "Learners can replace recordings in their own folder"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'recordings' and (select private.session_is_live())
         and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'recordings' and (select private.session_is_live()) and private.may_store_recording(name));

-- Admins remove others' files through /api, which calls Storage with the service key.
create policy "Learners can delete recordings in their own folder"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'recordings' and (select private.session_is_live())
         and (storage.foldername(name))[1] = (select auth.uid())::text);
