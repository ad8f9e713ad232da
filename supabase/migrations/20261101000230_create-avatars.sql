-- The seed's avatars (GET /api/avatar/:userId: {_id, userId, description, imageUrl, createdAt},
-- newest first), as images in Supabase Storage: a public `avatars` bucket (images only, at
-- most 1 MB, enforced by Storage while the upload streams), anyone may look, and a signed-in
-- learner writes only into their own folder, <their user id>/<file>. public.avatars lists
-- which of those files are a learner's avatars, with their description.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 1048576, array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Whether the caller may write an object of this name in the avatars bucket: one folder, the
-- caller's own id, then a plain image file name (letters, digits, dot, dash, underscore; no
-- leading dot; .png, .jpg, .jpeg, .webp or .gif; at most 100 characters). Invoker rights.
create or replace function private.may_store_avatar(name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(
    array_length(storage.foldername(may_store_avatar.name), 1) = 1
    and (storage.foldername(may_store_avatar.name))[1] = (select auth.uid())::text
    and storage.filename(may_store_avatar.name) ~* '^[A-Za-z0-9][A-Za-z0-9._-]{0,94}\.(png|jpe?g|webp|gif)$',
    false)
$$;
comment on function private.may_store_avatar(text) is
  'Whether the caller may write this object name in the avatars bucket: <their id>/<plain image file name>.';
revoke all on function private.may_store_avatar(text) from public;
grant execute on function private.may_store_avatar(text) to authenticated;

create policy "Anyone can look at avatars"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'avatars' and (select private.session_is_live()));

create policy "Learners can upload avatars into their own folder"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'avatars' and (select private.session_is_live()) and private.may_store_avatar(name));

create policy "Learners can replace avatars in their own folder"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'avatars' and (select private.session_is_live())
         and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (select private.session_is_live()) and private.may_store_avatar(name));

create policy "Learners can delete avatars in their own folder"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'avatars' and (select private.session_is_live())
         and (storage.foldername(name))[1] = (select auth.uid())::text);

create table public.avatars (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  path text not null unique check (char_length(path) <= 200),
  description text not null default '' check (char_length(description) <= 1000),
  created_at timestamptz not null default now()
);
comment on table public.avatars is 'A learner''s avatars: files in the avatars bucket under their own folder, with a description (the seed''s Avatar).';
create index avatars_user_idx on public.avatars (user_id, created_at desc);
alter table public.avatars enable row level security;

create policy "Anyone can see avatars"
  on public.avatars for select
  to anon, authenticated
  using ((select private.session_is_live()));

-- Only a file the learner uploaded into their own folder (the object exists and is theirs).
create policy "Learners can add their own uploaded images as avatars"
  on public.avatars for insert
  to authenticated
  with check ((select private.session_is_live()) and user_id = (select auth.uid()) and private.may_store_avatar(avatars.path)
              and exists (select 1 from storage.objects o
                           where o.bucket_id = 'avatars' and o.name = avatars.path and o.owner_id = (select auth.uid())::text));

create policy "Learners can remove their own avatars"
  on public.avatars for delete
  to authenticated
  using ((select private.session_is_live()) and user_id = (select auth.uid()));

grant select on public.avatars to anon, authenticated;
grant insert (path, description), delete on public.avatars to authenticated;

-- The avatar JSON the /api answers with (imageUrl is added there, from SUPABASE_URL).
create or replace function public.avatar_json(a public.avatars)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('_id', a.id, 'userId', a.user_id, 'description', a.description, 'path', a.path, 'createdAt', a.created_at)
$$;

-- Adds one of the caller's uploaded images as an avatar: 401 for a guest, 400 for a name
-- outside their folder, 404 when no such file of theirs was uploaded.
create or replace function public.add_avatar(path text, description text default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  added public.avatars;
begin
  perform private.require_sign_in('avatar_login_required');
  if add_avatar.path is null or not private.may_store_avatar(add_avatar.path) then
    raise exception 'not an image in your avatars folder' using errcode = 'PT400', hint = 'avatar_path_invalid', column = 'path';
  end if;
  if char_length(coalesce(add_avatar.description, '')) > 1000 then
    raise exception 'description too long' using errcode = 'PT400', hint = 'avatar_description_too_long', column = 'description';
  end if;
  if not exists (select 1 from storage.objects o
                  where o.bucket_id = 'avatars' and o.name = add_avatar.path and o.owner_id = (select auth.uid())::text) then
    raise exception 'no such upload' using errcode = 'PT404', hint = 'avatar_file_not_found';
  end if;
  insert into public.avatars (path, description)
  values (add_avatar.path, btrim(coalesce(add_avatar.description, '')))
  on conflict on constraint avatars_path_key do nothing
  returning * into added;
  if added.id is null then
    -- Named already (twice the same call): the avatar as it is.
    select * into added from public.avatars a where a.path = add_avatar.path;
  end if;
  return public.avatar_json(added);
end;
$$;
comment on function public.add_avatar(text, text) is
  'Adds one of the caller''s uploaded images in the avatars bucket as their avatar: the avatar JSON.';

-- Anyone: a learner's avatars, newest first (the seed's GET /api/avatar/:userId).
create or replace function public.avatars_of_user(user_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(public.avatar_json(a) order by a.created_at desc, a.id), '[]'::jsonb)
    from public.avatars a where a.user_id = avatars_of_user.user_id
$$;
comment on function public.avatars_of_user(uuid) is 'A learner''s avatars, newest first (anyone).';

revoke all on function public.avatar_json(public.avatars) from public, anon, authenticated, service_role;
revoke all on function public.add_avatar(text, text) from public, anon, authenticated, service_role;
revoke all on function public.avatars_of_user(uuid) from public, anon, authenticated, service_role;
grant execute on function public.avatar_json(public.avatars) to anon, authenticated;
-- Guests may call it only to be told to log in.
grant execute on function public.add_avatar(text, text) to anon, authenticated;
grant execute on function public.avatars_of_user(uuid) to anon, authenticated;
