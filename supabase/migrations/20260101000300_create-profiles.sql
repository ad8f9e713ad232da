-- One profile per auth user: the name the app greets, the admin flag, streak state.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null default '' check (char_length(name) <= 100),
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  last_login timestamptz,
  time_zone text not null default 'UTC',
  current_streak integer not null default 0 check (current_streak >= 0),
  longest_streak integer not null default 0 check (longest_streak >= 0),
  last_streak_day date
);
comment on table public.profiles is 'Per-user data kept beside auth.users; created by trigger on sign-up.';
comment on column public.profiles.is_admin is 'Admins manage users and may edit or delete any entry. Never writable by the user.';
comment on column public.profiles.time_zone is 'IANA zone in which a streak day is counted.';

alter table public.profiles enable row level security;

-- Why security definer: policies on other tables ask "is the caller an admin?" and must
-- not depend on the caller being able to read profiles.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select p.is_admin from public.profiles p where p.id = (select auth.uid())),
    false
  )
$$;
revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

create policy "Users can read their own profile and admins every profile"
  on public.profiles for select
  to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()));

create policy "Users can edit their own profile"
  on public.profiles for update
  to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
-- Only these columns: is_admin, streaks and timestamps are never the client's to write.
grant update (name, time_zone) on public.profiles to authenticated;

-- Why: every auth user needs a profile, however they signed up (password, Google, admin).
create or replace function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, name, created_at)
  values (
    new.id,
    left(coalesce(
      nullif(btrim(new.raw_user_meta_data ->> 'name'), ''),
      nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
      split_part(coalesce(new.email, ''), '@', 1)
    ), 100),
    coalesce(new.created_at, now())
  );
  return new;
end;
$$;
revoke all on function private.create_profile_for_new_user() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();
