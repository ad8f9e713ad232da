-- Daily reminders (issue 32): a learner may be reminded by e-mail and/or Web Push at a local
-- time of their choosing (in profiles.time_zone, the zone streak days count in), in their
-- language. Both are off until the learner turns them on. `reminded_on` is the learner's
-- local date of the last reminder sent, so no learner is reminded twice on one day.

alter table public.profiles
  add column remind_by_email boolean not null default false,
  add column remind_by_push boolean not null default false,
  add column remind_at time not null default '19:00',
  add column language text not null default 'en',
  add column reminded_on date,
  add constraint profiles_remind_at_check check (remind_at = date_trunc('minute', remind_at)::time),
  add constraint profiles_language_check check (language in ('en', 'es'));
comment on column public.profiles.remind_by_email is 'Whether the daily reminder is mailed (off until the learner turns it on; one-click unsubscribe turns it off).';
comment on column public.profiles.remind_by_push is 'Whether the daily reminder is sent by Web Push to the learner''s subscribed browsers.';
comment on column public.profiles.remind_at is 'The local time (whole minutes, in time_zone) at which the daily reminder is due.';
comment on column public.profiles.language is 'The language the learner reads Jerga in (en or es): reminders are written in it.';
comment on column public.profiles.reminded_on is 'The learner''s local date of the last reminder sent: never twice on one day. Written only by the reminders tick.';

grant update (remind_by_email, remind_by_push, remind_at, language) on public.profiles to authenticated;

-- user_json: as 20261001000110, plus the reminder settings and the language.
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
    'language', p.language
  ) || case when p.home_country is null then '{}'::jsonb else jsonb_build_object('homeCountry', p.home_country) end
$$;
