-- The learner's reminder settings (issue 32), written through /api/user/update or straight
-- through PostgREST: the rules live here so both ways refuse the same bad values.
-- A `time` column takes '24:00' (the end of a day), which no reminder can be due at: refused.
-- Whole minutes and the two languages are checked since 20261208000010.
-- The end of a review session offers the e-mail reminder once per learner, on any device:
-- `reminder_offered_at` remembers that it was offered.

alter table public.profiles
  add column reminder_offered_at timestamptz,
  add constraint profiles_remind_at_in_day_check check (remind_at < '24:00');
comment on column public.profiles.reminder_offered_at is
  'When the end of a review session first offered the e-mail reminder (null: never); it is offered once.';

grant update (reminder_offered_at) on public.profiles to authenticated;

-- user_json: as 20261208000010, plus whether the reminder was offered.
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
                                        'votes', p.notify_votes, 'moderation', p.notify_moderation),
    'newCardsPerDay', p.new_cards_per_day,
    'maxReviewsPerDay', p.max_reviews_per_day,
    'reminders', jsonb_build_object('email', p.remind_by_email, 'push', p.remind_by_push,
                                    'time', to_char(p.remind_at, 'HH24:MI')),
    'language', p.language,
    'reminderOffered', p.reminder_offered_at is not null
  ) || case when p.home_country is null then '{}'::jsonb else jsonb_build_object('homeCountry', p.home_country) end
$$;

-- Sets the caller's reminder switches and time (null keeps one) and, given `offered`, notes
-- that the reminder was offered (the first time counts); returns their profile. The time is
-- the learner's local HH:MM, 00:00..23:59: '7pm', '24:00', '19:60' or '19:00:30' are refused
-- with a coded error naming the field.
create or replace function public.set_reminders(
  email boolean default null, push boolean default null, remind_at text default null, offered boolean default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  written public.profiles;
begin
  perform private.require_sign_in();
  if set_reminders.remind_at !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    raise exception 'a reminder time is HH:MM from 00:00 to 23:59' using errcode = 'PT400', hint = 'reminder_time_invalid', column = 'reminders.time';
  end if;
  update public.profiles p
     set remind_by_email = coalesce(set_reminders.email, p.remind_by_email),
         remind_by_push = coalesce(set_reminders.push, p.remind_by_push),
         remind_at = coalesce(set_reminders.remind_at::time, p.remind_at),
         reminder_offered_at = case when set_reminders.offered then coalesce(p.reminder_offered_at, now()) else p.reminder_offered_at end
   where p.id = (select auth.uid())
  returning * into written;
  if not found then
    raise exception 'no profile for %', (select auth.uid()) using errcode = 'PT404', hint = 'user_not_found';
  end if;
  return public.user_json(written);
end;
$$;
comment on function public.set_reminders(boolean, boolean, text, boolean) is
  'Sets the caller''s e-mail and push reminder switches and local time (HH:MM, 00:00..23:59); null keeps one; offered notes the end-of-session offer; returns their profile.';

-- Sets the language the caller reads Jerga in (en or es): reminders are written in it.
create or replace function public.set_language(language text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  written public.profiles;
begin
  perform private.require_sign_in();
  if set_language.language is null or set_language.language not in ('en', 'es') then
    raise exception 'a language is en or es' using errcode = 'PT400', hint = 'language_invalid', column = 'language';
  end if;
  update public.profiles p set language = set_language.language
   where p.id = (select auth.uid())
  returning * into written;
  if not found then
    raise exception 'no profile for %', (select auth.uid()) using errcode = 'PT404', hint = 'user_not_found';
  end if;
  return public.user_json(written);
end;
$$;
comment on function public.set_language(text) is 'Sets the caller''s language (en or es), which reminders are written in; returns their profile.';

revoke all on function public.set_reminders(boolean, boolean, text, boolean) from public, anon, authenticated, service_role;
revoke all on function public.set_language(text) from public, anon, authenticated, service_role;
-- Run as the caller (invoker, under RLS and the column grants); guests only to be told to log in.
grant execute on function public.set_reminders(boolean, boolean, text, boolean) to anon, authenticated;
grant execute on function public.set_language(text) to anon, authenticated;
