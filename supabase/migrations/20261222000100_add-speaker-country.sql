-- Where a learner's Spanish is from (issue 34): profiles.speaker_country, one of the 21 or
-- unsaid. Set on the Account page (POST /api/user/update {speakerCountry}), returned with the
-- profile and on the public profile, and it fixes the country of every recording the learner
-- makes from then on: a recording says who spoke it, not where they chose to file it.

alter table public.profiles add column speaker_country char(2) references public.countries (code);
comment on column public.profiles.speaker_country is
  'Where the learner''s Spanish is from (null: unsaid). Public (the profile page shows it); fixes recordings.country at insert.';
create index profiles_speaker_country_idx on public.profiles (speaker_country);
-- Written through set_speaker_country; the column grant keeps the own-profile policy the rule.
grant update (speaker_country) on public.profiles to authenticated;

-- user_json: as 20261208000010, plus speakerCountry when the learner has said one (absent
-- otherwise, like homeCountry).
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
    || case when p.speaker_country is null then '{}'::jsonb else jsonb_build_object('speakerCountry', p.speaker_country) end
$$;

-- Sets (or with null or '' clears) the caller's speaker country: one of the 21, any case.
-- POST /api/user/update {speakerCountry}.
create or replace function public.set_speaker_country(country text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  wanted_country text := nullif(upper(btrim(set_speaker_country.country)), '');
  written public.profiles;
begin
  perform private.require_sign_in();
  if wanted_country is not null and not exists (select 1 from public.countries c where c.code = wanted_country) then
    raise exception 'unknown country %', left(set_speaker_country.country, 20)
      using errcode = 'PT400', hint = 'unknown_country', column = 'speakerCountry';
  end if;
  update public.profiles p set speaker_country = wanted_country where p.id = (select auth.uid())
  returning * into written;
  if not found then
    raise exception 'no profile for %', (select auth.uid()) using errcode = 'PT404', hint = 'user_not_found';
  end if;
  return public.user_json(written);
end;
$$;
comment on function public.set_speaker_country(text) is 'Sets the caller''s speaker country (null or empty clears it); returns their profile.';
revoke all on function public.set_speaker_country(text) from public, anon, authenticated, service_role;
-- Guests may call it only to be told to log in (PT401).
grant execute on function public.set_speaker_country(text) to anon, authenticated;

-- The public face gains the speaker country (a new column of the result: dropped and made
-- again; its callers are plpgsql and sql bodies, which name columns, not the row type).
drop function private.public_profile(uuid);
-- Why security definer: profiles are readable only by their owner and admins; this exposes
-- only what anyone may see of a learner.
create function private.public_profile(user_id uuid)
returns table (id uuid, name text, created_at timestamptz, speaker_country char(2))
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.name, p.created_at, p.speaker_country from public.profiles p where p.id = public_profile.user_id
$$;
comment on function private.public_profile(uuid) is
  'A learner''s public face (id, display name, join date, speaker country), for bylines and profile pages; no row when there is no such account.';
revoke all on function private.public_profile(uuid) from public, anon, authenticated, service_role;
grant execute on function private.public_profile(uuid) to anon, authenticated;

-- user_profile: as before, plus speakerCountry on `user` when the learner has said one.
create or replace function public.user_profile(user_id uuid, page_size integer default 20, after_created_at timestamptz default null, after_id uuid default null)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  face record;
begin
  select * into face from private.public_profile(user_profile.user_id);
  if face.id is null then
    raise exception 'no such user' using errcode = 'PT404', hint = 'user_not_found';
  end if;
  return jsonb_build_object(
    'user', jsonb_build_object(
      '_id', face.id,
      'name', face.name,
      'createdAt', face.created_at,
      'entryCount', (select count(*) from public.entries e where e.owner = face.id and e.show))
      || case when face.speaker_country is null then '{}'::jsonb else jsonb_build_object('speakerCountry', face.speaker_country) end,
    'data', coalesce((
      select jsonb_agg(public.entry_json(page.e) order by (page.e).created_at desc, (page.e).id desc)
        from (select e from public.entries e
               where e.owner = face.id and e.show
                 and (after_id is null or (e.created_at, e.id) < (after_created_at, after_id))
               order by e.created_at desc, e.id desc
               limit least(greatest(coalesce(page_size, 20), 1), 101)) page), '[]'::jsonb));
end;
$$;

-- ---------------------------------------------------------------------------------------
-- Recordings say their speaker's country

comment on column public.recordings.country is
  'Where the speaker says it from: their speaker_country when they had one at insert (fixed by a trigger), else the country they named or their home country.';

-- Why security definer: the speaker's name and country are read from profiles, which only
-- they and admins may read. As 20260901000110, plus: the speaker's country, when they have
-- said one, is the recording's, whatever the client sent.
create or replace function private.remember_recording_speaker()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  speaker public.profiles;
begin
  select * into speaker from public.profiles p where p.id = new.user_id;
  new.user_name := coalesce(speaker.name, '');
  new.country := coalesce(speaker.speaker_country, new.country);
  return new;
end;
$$;
comment on function private.remember_recording_speaker() is
  'Recordings trigger: copies the speaker''s display name on insert, and their speaker_country, when set, into country.';

-- recording_json: as 20260901000110, plus speakerCountry (the same value as country: the
-- speaker's country when they made it).
create or replace function public.recording_json(r public.recordings)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', r.id,
    'contentId', r.entry_id,
    'path', r.path,
    'country', r.country,
    'speakerCountry', r.country,
    'authorName', r.user_name,
    'durationMs', r.duration_ms,
    'voteScore', r.vote_score,
    'userVote', (select case v.value when 1 then 'up' when -1 then 'down' end
                   from public.recording_votes v
                  where v.recording_id = r.id and v.user_id = (select auth.uid())),
    'createdAt', r.created_at,
    'canDelete', coalesce(r.user_id = (select auth.uid()) or (select private.is_admin()), false))
  || case when r.moderation is null then '{}'::jsonb else jsonb_build_object('moderation', r.moderation) end
$$;
comment on function public.recording_json(public.recordings) is
  'A recording as /api replies with it: _id, contentId, path, country, speakerCountry, authorName, durationMs, voteScore, the caller''s userVote (up/down/null), createdAt, canDelete.';

-- add_recording: as 20260901000110, except that the speaker's own country, when they have
-- said one, comes first (the trigger above fixes it anyway): a speaker with a speaker country
-- and no home country need not name one.
create or replace function public.add_recording(content_id uuid, path text, country text default null, duration_ms integer default null)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  object_name text := private.recording_object_name(add_recording.path);
  wanted_country text := nullif(upper(private.trim_text(add_recording.country)), '');
  file_owner text;
  written public.recordings;
begin
  perform private.require_sign_in('recording_login_required');
  if content_id is null then
    raise exception 'name the entry' using errcode = 'PT400', hint = 'id_required', column = 'contentId';
  end if;
  if object_name is null then
    raise exception 'not a file of the recordings bucket: %', left(add_recording.path, 200)
      using errcode = 'PT400', hint = 'recording_path_invalid', column = 'path';
  end if;
  if not exists (select 1 from public.entries e where e.id = add_recording.content_id) then
    raise exception 'no entry %', content_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  if split_part(object_name, '/', 2) <> content_id::text then
    raise exception 'the file is filed under another entry' using errcode = 'PT400', hint = 'recording_path_invalid', column = 'path';
  end if;
  if duration_ms is not null and duration_ms not between 1 and 15000 then
    raise exception 'duration out of range' using errcode = 'PT400', hint = 'recording_duration_invalid', column = 'durationMs';
  end if;
  wanted_country := coalesce((select p.speaker_country from public.profiles p where p.id = who), wanted_country,
                             (select p.home_country from public.profiles p where p.id = who));
  if wanted_country is null then
    raise exception 'say where the speaker is from' using errcode = 'PT400', hint = 'country_required', column = 'country';
  end if;
  if not exists (select 1 from public.countries c where c.code = wanted_country) then
    raise exception 'unknown country %', left(add_recording.country, 20) using errcode = 'PT400', hint = 'unknown_country', column = 'country';
  end if;
  select coalesce(o.owner_id, o.owner::text) into file_owner
    from storage.objects o where o.bucket_id = 'recordings' and o.name = object_name;
  if not found then
    if private.uploaded_elsewhere(object_name) then
      raise exception 'the file % is in another bucket', object_name using errcode = 'PT400', hint = 'recording_path_invalid', column = 'path';
    end if;
    raise exception 'no file %', object_name using errcode = 'PT404', hint = 'recording_file_not_found', column = 'path';
  end if;
  if file_owner is distinct from who::text or split_part(object_name, '/', 1) <> who::text then
    raise exception 'the file is someone else''s' using errcode = 'PT403', hint = 'recording_file_not_yours', column = 'path';
  end if;
  insert into public.recordings as r (entry_id, path, country, duration_ms)
  values (content_id, object_name, wanted_country, duration_ms)
  on conflict on constraint recordings_path_key do nothing
  returning * into written;
  if written.id is null then
    raise exception 'already a recording: %', object_name using errcode = 'PT409', hint = 'recording_exists', column = 'path';
  end if;
  return public.recording_json(written);
end;
$$;
grant execute on function public.add_recording(content_id uuid, path text, country text, duration_ms integer) to anon;
