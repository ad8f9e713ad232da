-- The daily reminder's rules (issue 32): which learners a tick of the `reminders` edge function
-- reminds, claimed so that no learner is reminded twice on one local day however many ticks
-- overlap; and the one-click unsubscribe (RFC 8058) that turns the mail off with no sign-in.
--
-- A learner is due a reminder at a tick when reminders are on (mail or push), their local
-- time (profiles.time_zone) has reached remind_at today, within a catch-up window of one hour
-- (a tick missed during a restart or deploy still reminds; a reminder at 02:30 on a day the
-- clocks skip 02:00-03:00 is sent at 03:00; a window never reaches back into yesterday, so a
-- 23:50 reminder missed until 00:10 is dropped rather than sent on the wrong day), they were
-- not reminded on their local date yet (reminded_on), they have cards due in today's session
-- (private.due_flashcard_count_at: due by the end of their day, within the daily limits),
-- they have not reviewed today, and their account is confirmed, not banned and not deleted.
-- Learners skipped for having nothing due stay unclaimed and are looked at again each minute
-- of the window (a card may fall due, or be added, meanwhile).

-- The tick looks learners up by zone and time of day: a partial index over those who asked.
create index profiles_reminder_time_idx on public.profiles (time_zone, remind_at)
  where remind_by_email or remind_by_push;

-- Why security definer: it reads every learner's profile, cards, reviews and auth.users row
-- (confirmation, ban) and writes reminded_on, which no API role may; granted to service_role
-- only (the reminders function, with a secret key). Why row locks with skip locked and the
-- reminded_on check in the same statement: two overlapping ticks never claim one learner —
-- the second skips rows the first holds, and re-checks reminded_on on rows it committed.
create or replace function private.claim_reminders(at timestamptz, max_learners integer default 500)
returns table (
  user_id uuid,
  email text,
  name text,
  language text,
  due_cards integer,
  current_streak integer,
  streak_at_stake boolean,
  by_email boolean,
  by_push boolean,
  local_date date
)
language sql
volatile
security definer
set search_path = ''
as $$
  with zones as (
    select z.time_zone, (claim_reminders.at at time zone z.time_zone) as local_now
      from (select distinct p.time_zone from public.profiles p where p.remind_by_email or p.remind_by_push) z
  ), windows as (
    select z.time_zone,
           z.local_now::date as local_date,
           greatest(date_trunc('minute', z.local_now) - interval '59 minutes', z.local_now::date::timestamp)::time as opens,
           date_trunc('minute', z.local_now)::time as closes,
           z.local_now::date::timestamp at time zone z.time_zone as day_start,
           (z.local_now::date + 1)::timestamp at time zone z.time_zone as day_end
      from zones z
  ), claimable as (
    select p.id, w.local_date, due.cards,
           -- the live streak at the tick: 0 once missed days outrun the freezes held
           (private.current_streak_at(p.id, claim_reminders.at) ->> 'streak')::integer as streak
      from windows w
      join public.profiles p on p.time_zone = w.time_zone
      join auth.users u on u.id = p.id
      cross join lateral (select private.due_flashcard_count_at(p.id, claim_reminders.at) as cards offset 0) due
     where (p.remind_by_email or p.remind_by_push)
       and p.remind_at between w.opens and w.closes
       and (p.reminded_on is null or p.reminded_on < w.local_date)
       and (p.remind_by_push or u.email is not null)
       and u.email_confirmed_at is not null
       and (u.banned_until is null or u.banned_until <= claim_reminders.at)
       and u.deleted_at is null
       and not exists (select 1 from public.reviews r
                        where r.user_id = p.id and r.reviewed_at >= w.day_start and r.reviewed_at < w.day_end)
       and due.cards > 0
     order by p.remind_at, p.id
     limit greatest(claim_reminders.max_learners, 0)
       for update of p skip locked
  )
  update public.profiles p
     set reminded_on = c.local_date
    from claimable c, auth.users u
   where p.id = c.id and u.id = p.id
     and (p.reminded_on is null or p.reminded_on < c.local_date)
  returning p.id, u.email, p.name, p.language, c.cards,
            c.streak, c.streak > 0, p.remind_by_email, p.remind_by_push, c.local_date
$$;
comment on function private.claim_reminders(timestamptz, integer) is
  'One reminders tick at `at`: claims (sets reminded_on, row locks, skip locked) up to max_learners learners due a reminder now (see migration 20261208000100) and returns what the mail and push need (and the learner''s local date, for the word of the day).';
revoke all on function private.claim_reminders(timestamptz, integer) from public, anon, authenticated, service_role;
grant execute on function private.claim_reminders(timestamptz, integer) to service_role;

-- Why security definer: the unsubscribe link works with no sign-in; the reminders function
-- has already checked the link's token (an HMAC of the user id) and passes the user id, or
-- null for a token that did not verify, so forged tokens count against the same per-address
-- limit. Turning the mail off twice is the same as once. Returns the learner's language
-- (for the page), or null when there is no such learner.
create or replace function private.unsubscribe_from_reminder_mail(user_id uuid, client text, confirm boolean)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  learner_language text;
begin
  perform private.take_rate_limit('reminder_unsubscribe', unsubscribe_from_reminder_mail.client, 60, interval '1 minute');
  if unsubscribe_from_reminder_mail.user_id is null then
    return null;
  end if;
  if unsubscribe_from_reminder_mail.confirm then
    update public.profiles p set remind_by_email = false
     where p.id = unsubscribe_from_reminder_mail.user_id and p.remind_by_email;
  end if;
  select p.language into learner_language from public.profiles p where p.id = unsubscribe_from_reminder_mail.user_id;
  return learner_language;
end;
$$;
comment on function private.unsubscribe_from_reminder_mail(uuid, text, boolean) is
  'The one-click unsubscribe behind a verified token: 60 requests a minute per client address, then (confirm) remind_by_email off; the learner''s language, or null.';
revoke all on function private.unsubscribe_from_reminder_mail(uuid, text, boolean) from public, anon, authenticated, service_role;
grant execute on function private.unsubscribe_from_reminder_mail(uuid, text, boolean) to service_role;
