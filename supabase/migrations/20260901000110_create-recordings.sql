-- Recordings: a learner's file in the recordings bucket (20260901000100), registered as said
-- by someone from a country, listened to and voted on by everyone who can see the entry.
-- The row points at the file by its object name; registering checks that the caller uploaded
-- that very file (the storage.objects row is theirs), in the insert policy itself, so no door
-- can register someone else's file or one that is not there. Votes are entry votes' rules
-- (up, down, switch, take back), tallied into vote_score by a trigger in the voter's
-- transaction. Every change tells the entry's page: event 'recordings' {contentId} on
-- entry:<id>, and the page reads the list again.

create table public.recordings (
  id uuid primary key default extensions.gen_random_uuid(),
  entry_id uuid not null references public.entries (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  user_name text not null default '' check (char_length(user_name) <= 100),
  path text not null unique
    check (path ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$'),
  country char(2) not null references public.countries (code),
  duration_ms integer check (duration_ms between 1 and 15000),
  vote_score integer not null default 0,
  moderation text check (moderation in ('held', 'removed')),
  created_at timestamptz not null default now(),
  -- The file lies in its speaker's folder of its entry.
  check (split_part(path, '/', 1) = user_id::text and split_part(path, '/', 2) = entry_id::text)
);
comment on table public.recordings is
  'A learner''s recording of an entry: the object <user_id>/<entry_id>/<file> in the recordings bucket, said by someone from country.';
comment on column public.recordings.path is 'The object''s name in the recordings bucket (storage.objects.name), unique: a file is one recording.';
comment on column public.recordings.user_name is 'The speaker''s display name when they added it (profiles are private; the list says who recorded it). Kept by a trigger.';
comment on column public.recordings.country is 'Where the speaker says it from (the learner''s home country unless they named another).';
comment on column public.recordings.vote_score is 'Up votes minus down votes, kept by a trigger on recording_votes; the list''s order.';
comment on column public.recordings.moderation is
  'held: hidden while moderators look at it (three accounts reported it); removed: taken down by an admin. Only its speaker and admins still read it.';

create index recordings_entry_best_idx on public.recordings (entry_id, vote_score desc, created_at desc, id desc);
create index recordings_user_idx on public.recordings (user_id);
create index recordings_country_idx on public.recordings (country);

alter table public.recordings enable row level security;

create policy "Anyone can read the recordings of entries they can see, speakers and admins held ones too"
  on public.recordings for select
  to anon, authenticated
  using (exists (select 1 from public.entries e where e.id = entry_id)
         and (moderation is null or user_id = (select auth.uid()) or (select private.is_admin())));

create policy "Learners can register their own uploaded files as recordings of entries they can see"
  on public.recordings for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and moderation is null
    and exists (select 1 from public.entries e where e.id = entry_id)
    and exists (select 1 from storage.objects o
                 where o.bucket_id = 'recordings' and o.name = path
                   and coalesce(o.owner_id, o.owner::text) = (select auth.uid())::text));

create policy "Speakers and admins can delete recordings"
  on public.recordings for delete
  to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- The speaker is always the caller (user_id's default); the name, score and moderation are
-- the triggers' and moderators'. A recording is not edited: it is deleted and made again.
revoke all on public.recordings from anon, authenticated;
grant select on public.recordings to anon, authenticated;
grant insert (entry_id, path, country, duration_ms) on public.recordings to authenticated;
grant delete on public.recordings to authenticated;

create table public.recording_votes (
  recording_id uuid not null references public.recordings (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  value smallint not null check (value in (-1, 1)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (recording_id, user_id)
);
comment on table public.recording_votes is 'One vote per learner and recording: +1 up or -1 down; switching updates it, taking it back deletes it.';
create index recording_votes_user_idx on public.recording_votes (user_id);

create trigger recording_votes_touch_updated_at
  before update on public.recording_votes
  for each row execute function private.touch_updated_at();

alter table public.recording_votes enable row level security;

-- Who voted how is nobody else's business: the list says only the caller's own vote.
create policy "Learners read their own votes on recordings"
  on public.recording_votes for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Learners can vote on recordings they can hear in their own name"
  on public.recording_votes for insert
  to authenticated
  with check (user_id = (select auth.uid())
              and exists (select 1 from public.recordings r where r.id = recording_id and r.moderation is null));

create policy "Learners can switch their own votes on recordings"
  on public.recording_votes for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Learners can take back their own votes on recordings"
  on public.recording_votes for delete
  to authenticated
  using (user_id = (select auth.uid()));

revoke all on public.recording_votes from anon, authenticated;
-- Guests read none (no policy of theirs), but the list asks for their vote like anyone's.
grant select on public.recording_votes to anon, authenticated;
grant insert (recording_id, value) on public.recording_votes to authenticated;
grant update (value) on public.recording_votes to authenticated;
grant delete on public.recording_votes to authenticated;

-- Write limits (20260602000100): recordings as a kind of their own; a recording's vote is a
-- vote (switching counts, taking back does not).
insert into private.write_limits (kind, per_minute, per_hour_new, per_hour) values ('recordings', 10, 30, 120);
create trigger recordings_limit_account_writes before insert on public.recordings
  for each row execute function private.limit_account_writes('recordings');
create trigger recording_votes_limit_account_writes before insert or update on public.recording_votes
  for each row execute function private.limit_account_writes('votes');

-- ---------------------------------------------------------------------------------------
-- Triggers

-- Why security definer: the speaker's name is read from profiles, which only they and admins
-- may read.
create or replace function private.remember_recording_speaker()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.user_name := coalesce((select p.name from public.profiles p where p.id = new.user_id), '');
  return new;
end;
$$;
comment on function private.remember_recording_speaker() is 'Recordings trigger: copies the speaker''s display name on insert.';
revoke all on function private.remember_recording_speaker() from public, anon, authenticated, service_role;

create trigger recordings_remember_speaker
  before insert on public.recordings
  for each row execute function private.remember_recording_speaker();

-- Why security definer: the score is not the voter's to write (column grants), only this
-- trigger's. The recording row's lock orders concurrent votes, so the score stays exact.
create or replace function private.tally_recording_votes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  delta integer := coalesce(new.value, 0) - coalesce(old.value, 0);
begin
  if delta <> 0 then
    update public.recordings r set vote_score = r.vote_score + delta
     where r.id = coalesce(new.recording_id, old.recording_id);
  end if;
  return null;
end;
$$;
comment on function private.tally_recording_votes() is 'Recording votes trigger: moves the recording''s vote_score by the change, in the voter''s transaction.';
revoke all on function private.tally_recording_votes() from public, anon, authenticated, service_role;

create trigger recording_votes_tally
  after insert or update of value or delete on public.recording_votes
  for each row execute function private.tally_recording_votes();

-- Why security definer: realtime.send is the server's alone. A recording added, deleted,
-- held or shown again, or its score moved by a vote: its entry's page hears 'recordings'
-- {contentId} and reads the list again (the list is per reader: userVote, canDelete).
create or replace function private.tell_recordings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  told uuid := coalesce(new.entry_id, old.entry_id);
begin
  if exists (select 1 from public.entries e where e.id = told) then
    perform realtime.send(jsonb_build_object('contentId', told), 'recordings', 'entry:' || told, true);
  end if;
  return null;
end;
$$;
comment on function private.tell_recordings() is 'Recordings trigger: broadcasts ''recordings'' {contentId} on entry:<id> when its recordings change.';
revoke all on function private.tell_recordings() from public, anon, authenticated, service_role;

create trigger recordings_tell_subscribers
  after insert or delete or update of vote_score, moderation on public.recordings
  for each row execute function private.tell_recordings();

-- ---------------------------------------------------------------------------------------
-- The functions /api calls (as the caller: the policies above decide)

-- One recording as /api replies with it (the /api adds url, the public address of path).
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
  'A recording as /api replies with it: _id, contentId, path, country, authorName, durationMs, voteScore, the caller''s userVote (up/down/null), createdAt, canDelete.';

-- A recording's object name from what a client may send: the name itself, or the name
-- under its bucket ('recordings/<name>', storage-js's fullPath). Null when it is neither a
-- well-formed name nor in the recordings bucket.
create or replace function private.recording_object_name(path text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$'
              then name end
    from (select case when recording_object_name.path like 'recordings/%'
                      then substr(recording_object_name.path, char_length('recordings/') + 1)
                      else recording_object_name.path end as name) n
$$;
comment on function private.recording_object_name(text) is 'The object name in the recordings bucket a client''s path stands for, or null when it is none.';
revoke all on function private.recording_object_name(text) from public;
grant execute on function private.recording_object_name(text) to anon, authenticated;

-- Why security definer: other buckets' policies may hide their rows from the caller. Whether
-- the caller's own upload of this name lies in another bucket: then the path is outside the
-- recordings bucket (400), not missing (404). Only the caller's own objects are looked at.
create or replace function private.uploaded_elsewhere(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from storage.objects o
                  where o.bucket_id <> 'recordings' and o.name = uploaded_elsewhere.object_name
                    and coalesce(o.owner_id, o.owner::text) = (select auth.uid())::text)
$$;
comment on function private.uploaded_elsewhere(text) is 'Whether the caller uploaded an object of this name to a bucket other than recordings.';
revoke all on function private.uploaded_elsewhere(text) from public, anon, authenticated, service_role;
grant execute on function private.uploaded_elsewhere(text) to authenticated;

-- Registers the caller's uploaded file as a recording of an entry. 400 when the path is not
-- <caller>/<entry>/<file> in the recordings bucket, 404 when the entry or the file is not
-- there, 403 when the file is someone else's, 409 when it is a recording already. Country:
-- the one named, else the caller's home country; durationMs, when given, 1..15000.
-- POST /api/recording/addRecording {contentId, path, country?, durationMs?}.
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
  wanted_country := coalesce(wanted_country, (select p.home_country from public.profiles p where p.id = who));
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
comment on function public.add_recording(uuid, text, text, integer) is
  'Registers the caller''s uploaded file <caller>/<entry>/<file> in the recordings bucket as a recording of the entry; returns it.';

-- An entry's recordings the caller can hear, best-voted first, then newest (at most 100).
-- One whose file its speaker removed through Storage directly is not listed: nothing to hear.
-- GET /api/recording/getRecordings/{contentId}.
create or replace function public.entry_recordings(content_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from public.entries e where e.id = entry_recordings.content_id) then
    raise exception 'no entry %', content_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  return coalesce(
    (select jsonb_agg(public.recording_json(page.best)
                      order by (page.best).vote_score desc, (page.best).created_at desc, (page.best).id desc)
       from (select r as best from public.recordings r
              where r.entry_id = entry_recordings.content_id
                and exists (select 1 from storage.objects o where o.bucket_id = 'recordings' and o.name = r.path)
              order by r.vote_score desc, r.created_at desc, r.id desc
              limit 100) page),
    '[]'::jsonb);
end;
$$;
comment on function public.entry_recordings(uuid) is 'An entry''s recordings the caller can hear, best-voted first, then newest; at most 100.';

-- Votes on a recording as on entries: a first vote is recorded, the other way switches it;
-- with one door for all of it, the same vote again takes it back (userVote null).
-- POST /api/recording/vote {recordingId, voteType: 'up' | 'down'}.
create or replace function public.vote_recording(recording_id uuid, vote_type text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  wanted smallint := case vote_type when 'up' then 1 when 'upvote' then 1 when 'down' then -1 when 'downvote' then -1 end;
  had smallint;
  target public.recordings;
begin
  perform private.require_sign_in('vote_login_required');
  if wanted is null then
    raise exception 'vote type must be up or down' using errcode = 'PT400', hint = 'recording_vote_type_invalid', column = 'voteType';
  end if;
  select * into target from public.recordings r where r.id = vote_recording.recording_id and r.moderation is null;
  if target.id is null then
    raise exception 'no recording %', recording_id using errcode = 'PT404', hint = 'recording_not_found';
  end if;
  -- The caller's vote row, locked: one voter's clicks (two tabs) are taken one at a time. A
  -- first vote racing another first vote of the same voter finds it and goes on from there.
  select v.value into had from public.recording_votes v where v.recording_id = target.id and v.user_id = who for update;
  if had is null then
    insert into public.recording_votes (recording_id, value) values (target.id, wanted)
    on conflict on constraint recording_votes_pkey do nothing;
    if not found then
      select v.value into had from public.recording_votes v where v.recording_id = target.id and v.user_id = who for update;
    end if;
  end if;
  if had = wanted then
    delete from public.recording_votes v where v.recording_id = target.id and v.user_id = who;
  elsif had is not null then
    update public.recording_votes v set value = wanted where v.recording_id = target.id and v.user_id = who;
  end if;
  return jsonb_build_object(
    'recordingId', target.id,
    'contentId', target.entry_id,
    'voteScore', (select r.vote_score from public.recordings r where r.id = target.id),
    'userVote', case when had is not distinct from wanted then null when wanted = 1 then 'up' else 'down' end);
end;
$$;
comment on function public.vote_recording(uuid, text) is
  'Casts (first), switches (the other way) or takes back (the same again) the caller''s vote on a recording; returns {recordingId, contentId, voteScore, userVote}.';

-- Deletes a recording: its speaker or an admin. Returns what /api needs to remove the file
-- from Storage afterwards. DELETE /api/recording/{id}.
create or replace function public.delete_recording(recording_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  target public.recordings;
begin
  perform private.require_sign_in('login_required');
  select * into target from public.recordings r where r.id = delete_recording.recording_id;
  if target.id is null then
    raise exception 'no recording %', recording_id using errcode = 'PT404', hint = 'recording_not_found';
  end if;
  if target.user_id <> (select auth.uid()) and not (select private.is_admin()) then
    raise exception 'not your recording' using errcode = 'PT403', hint = 'recording_delete_forbidden';
  end if;
  delete from public.recordings r where r.id = target.id;
  return jsonb_build_object('_id', target.id, 'contentId', target.entry_id, 'path', target.path);
end;
$$;
comment on function public.delete_recording(uuid) is 'Deletes a recording (its speaker or an admin); returns {_id, contentId, path} so /api can remove the file.';

revoke all on function public.recording_json(public.recordings) from public, anon, authenticated, service_role;
revoke all on function public.add_recording(uuid, text, text, integer) from public, anon, authenticated, service_role;
revoke all on function public.entry_recordings(uuid) from public, anon, authenticated, service_role;
revoke all on function public.vote_recording(uuid, text) from public, anon, authenticated, service_role;
revoke all on function public.delete_recording(uuid) from public, anon, authenticated, service_role;
grant execute on function public.recording_json(public.recordings) to anon, authenticated;
grant execute on function public.entry_recordings(uuid) to anon, authenticated;
-- Guests may call the writes only to be told to log in (PT401), in the client's words.
grant execute on function public.add_recording(uuid, text, text, integer) to anon, authenticated;
grant execute on function public.vote_recording(uuid, text) to anon, authenticated;
grant execute on function public.delete_recording(uuid) to anon, authenticated;
