-- Accounts: the profile carries the e-mail and last login the spec's user has (kept in
-- step with auth.users by trigger, so they work the same under GoTrue on Supabase and the
-- local Auth stand-in), and admins grant or revoke admin rights through one function.

alter table public.profiles add column email text;
comment on column public.profiles.email is 'Copy of auth.users.email, kept by trigger; admins see it in the user list.';
update public.profiles p set email = u.email, last_login = u.last_sign_in_at from auth.users u where u.id = p.id;

-- Why: sign-up, e-mail change and sign-in all write auth.users; the profile follows.
create or replace function private.sync_profile_from_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles
     set email = new.email,
         last_login = coalesce(new.last_sign_in_at, last_login)
   where id = new.id
     and (email is distinct from new.email or last_login is distinct from coalesce(new.last_sign_in_at, last_login));
  return new;
end;
$$;
revoke all on function private.sync_profile_from_auth_user() from public;

create trigger on_auth_user_updated
  after update of email, last_sign_in_at on auth.users
  for each row execute function private.sync_profile_from_auth_user();

create or replace function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, name, email, created_at, last_login)
  values (
    new.id,
    left(coalesce(
      nullif(btrim(new.raw_user_meta_data ->> 'name'), ''),
      nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
      split_part(coalesce(new.email, ''), '@', 1)
    ), 100),
    new.email,
    coalesce(new.created_at, now()),
    new.last_sign_in_at
  );
  return new;
end;
$$;

-- Why a trigger: a typo'd zone would break streak days later; reject it when written.
create or replace function private.check_time_zone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names where name = new.time_zone) then
    raise exception 'unknown time zone %', new.time_zone using errcode = '22023';
  end if;
  return new;
end;
$$;
revoke all on function private.check_time_zone() from public;

create trigger profiles_check_time_zone
  before insert or update of time_zone on public.profiles
  for each row execute function private.check_time_zone();

-- The spec's user, as the /api replies with it.
create or replace function public.user_json(p public.profiles)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', p.id,
    'name', p.name,
    'email', p.email,
    'isAdmin', p.is_admin,
    'createdAt', p.created_at,
    'lastLogin', p.last_login,
    'timeZone', p.time_zone,
    'currentStreak', p.current_streak,
    'longestStreak', p.longest_streak
  )
$$;
comment on function public.user_json(public.profiles) is 'A profile as the /api replies with it (_id, name, email, isAdmin, createdAt, lastLogin...).';
revoke all on function public.user_json(public.profiles) from public;
grant execute on function public.user_json(public.profiles) to authenticated, service_role;

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
  if not (select private.is_admin()) then
    raise exception 'only admins can grant or revoke admin rights' using errcode = '42501';
  end if;
  if make_admin is null then
    raise exception 'make_admin must be true or false' using errcode = '22023';
  end if;
  -- Serialise admin changes so two admins cannot both step down at once.
  perform 1 from public.profiles where is_admin for update;
  if not make_admin and target = (select auth.uid()) and not exists (
    select 1 from public.profiles where is_admin and id <> target
  ) then
    raise exception 'you are the only admin' using errcode = 'P0001', hint = 'last_admin';
  end if;
  update public.profiles set is_admin = make_admin where id = target returning * into changed;
  if changed is null then
    raise exception 'no such user' using errcode = 'P0002';
  end if;
  return public.user_json(changed);
end;
$$;
comment on function public.set_admin(uuid, boolean) is 'Admins grant or revoke admin rights; the last admin cannot remove their own.';
revoke all on function public.set_admin(uuid, boolean) from public;
grant execute on function public.set_admin(uuid, boolean) to authenticated, service_role;
