-- A learner's home country (profiles.home_country, 20260801000100): set on the Account page,
-- returned with the profile, and what makes a usage mark a local's (entry_usage's locals).

-- user_json: as 20260702000100, plus homeCountry when the learner has said one (absent
-- otherwise, so a profile without keeps the shape it always had, as tags without nameEs do).
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
    'longestStreak', p.longest_streak,
    'notifications', jsonb_build_object('comments', p.notify_comments, 'replies', p.notify_replies,
                                        'votes', p.notify_votes, 'moderation', p.notify_moderation)
  ) || case when p.home_country is null then '{}'::jsonb else jsonb_build_object('homeCountry', p.home_country) end
$$;

-- Sets (or with null clears) the caller's home country: one of the 21 countries, any case.
create or replace function public.set_home_country(country text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  wanted_country text := upper(btrim(set_home_country.country));
  written public.profiles;
begin
  perform private.require_sign_in();
  if wanted_country = '' then
    wanted_country := null;
  end if;
  if wanted_country is not null and not exists (select 1 from public.countries c where c.code = wanted_country) then
    raise exception 'unknown country %', set_home_country.country using errcode = 'PT400', hint = 'unknown_country', column = 'homeCountry';
  end if;
  update public.profiles p set home_country = wanted_country where p.id = (select auth.uid())
  returning * into written;
  if not found then
    raise exception 'no profile for %', (select auth.uid()) using errcode = 'PT404', hint = 'user_not_found';
  end if;
  return public.user_json(written);
end;
$$;
comment on function public.set_home_country(text) is 'Sets the caller''s home country (null or empty clears it); returns their profile.';
revoke all on function public.set_home_country(text) from public, anon, authenticated, service_role;
-- Guests may call it only to be told to log in (PT401).
grant execute on function public.set_home_country(text) to anon, authenticated;
