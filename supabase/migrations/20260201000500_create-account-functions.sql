-- Account reads and writes as one function each, run as the caller, raising the error
-- codes of 20260201000100_create-request-guards.sql.

-- The caller's own profile (null when they have none).
create or replace function public.current_profile()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in();
  return (select public.user_json(p) from public.profiles p where p.id = (select auth.uid()));
end;
$$;
comment on function public.current_profile() is 'The signed-in caller''s profile as the /api replies with it.';

-- Changes the caller's display name and/or time zone (null keeps a field).
create or replace function public.update_profile(name text default null, time_zone text default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  new_name text := private.trim_text(update_profile.name);
  new_zone text := private.trim_text(update_profile.time_zone);
  written public.profiles;
begin
  perform private.require_sign_in();
  if update_profile.name is not null and new_name = '' then
    raise exception 'name is required' using errcode = 'PT400', hint = 'name_required', column = 'name';
  elsif char_length(new_name) > 100 then
    raise exception 'name is too long' using errcode = 'PT400', hint = 'name_too_long', column = 'name';
  elsif new_zone is not null and not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new_zone) then
    raise exception 'unknown time zone %', new_zone using errcode = 'PT400', hint = 'time_zone_invalid', column = 'timeZone';
  end if;
  update public.profiles p
     set name = coalesce(new_name, p.name),
         time_zone = coalesce(new_zone, p.time_zone)
   where p.id = caller
  returning * into written;
  if not found then
    raise exception 'no profile for %', caller using errcode = 'PT404', hint = 'user_not_found';
  end if;
  return public.user_json(written);
end;
$$;
comment on function public.update_profile(text, text) is 'Changes the caller''s name and time zone.';

-- Every account, newest first, for admins: one page of at most 1000 (keyset pagination on
-- created_at, id). Others get 403 in the spec's words.
create or replace function public.list_users(
  page_size integer default 500,
  after_created_at timestamptz default null,
  after_id uuid default null
)
returns setof jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('page_login_required');
  if not (select private.is_admin()) then
    raise exception 'only admins can list users' using errcode = 'PT403', hint = 'admin_required';
  end if;
  return query
    select public.user_json(p)
      from public.profiles p
     where after_id is null or (p.created_at, p.id) < (after_created_at, after_id)
     order by p.created_at desc, p.id desc
     limit least(greatest(coalesce(page_size, 500), 1), 1000);
end;
$$;
comment on function public.list_users(integer, timestamptz, uuid) is 'Admins list accounts, newest first, a page at a time.';

-- Replaces the first version (20260102000100) to raise this project's error codes.
-- Why security definer: is_admin is never the client's to write (no column grant), so
-- this is the one way to change it, and it holds the rule: only admins may, and an admin
-- never removes their own rights while nobody else is admin.
create or replace function public.set_admin(target uuid, make_admin boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.profiles;
begin
  perform private.require_sign_in('page_login_required');
  if not (select private.is_admin()) then
    raise exception 'only admins can grant or revoke admin rights' using errcode = 'PT403', hint = 'admin_required';
  end if;
  if make_admin is null then
    raise exception 'make_admin must be true or false' using errcode = 'PT400', hint = 'invalid_input', column = 'isAdmin';
  end if;
  -- Serialise admin changes so two admins cannot both step down at once.
  perform 1 from public.profiles where is_admin for update;
  if not make_admin and target = (select auth.uid()) and not exists (
    select 1 from public.profiles where is_admin and id <> target
  ) then
    raise exception 'you are the only admin' using errcode = 'PT409', hint = 'last_admin';
  end if;
  update public.profiles set is_admin = make_admin where id = target returning * into changed;
  if changed is null then
    raise exception 'no such user' using errcode = 'PT404', hint = 'user_not_found';
  end if;
  return public.user_json(changed);
end;
$$;

-- public's default privileges grant every API role; take them back and grant what each needs.
-- Guests may call these only to be told to sign in (PT401).
revoke all on function public.current_profile() from public, anon, authenticated, service_role;
revoke all on function public.update_profile(text, text) from public, anon, authenticated, service_role;
revoke all on function public.list_users(integer, timestamptz, uuid) from public, anon, authenticated, service_role;
revoke all on function public.set_admin(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function public.current_profile() to anon, authenticated;
grant execute on function public.update_profile(text, text) to anon, authenticated;
grant execute on function public.list_users(integer, timestamptz, uuid) to anon, authenticated;
-- set_admin runs with its owner's rights: guests may not call it at all.
grant execute on function public.set_admin(uuid, boolean) to authenticated;
