-- Pronunciation requests and the per-country voice queue (issue 34). A learner asks to hear an
-- entry said from its own country (one request per learner and entry). An entry is "voiced"
-- when it has a native recording: one said from the entry's country (recordings.country =
-- entries.country) that moderators do not hide. The queue of a country is its shown entries
-- with no native recording, most requested first, then best voted.
--
-- Reading the queue must not count requests or look for recordings per row: private.voice_needs
-- keeps, per entry, its country, whether it is shown, its score, its open requests and whether
-- it is voiced, refreshed by triggers on entries, recordings and recording_requests; an index
-- serves the queue's order, and private.voice_counts keeps each country's totals for the
-- "27 of 39" line and the Voices page. When an entry becomes voiced, everyone who asked is
-- notified (kind 'recording', 20261222000120) and their requests are fulfilled (removed).

create table public.recording_requests (
  entry_id uuid not null references public.entries (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (entry_id, user_id)
);
comment on table public.recording_requests is
  'A learner asking to hear an entry said from its own country: one per learner and entry, removed when the first native recording lands.';
create index recording_requests_user_idx on public.recording_requests (user_id, created_at desc);

alter table public.recording_requests enable row level security;

-- Who asked is nobody else's business: counts are read through the functions below.
create policy "Learners read their own recording requests"
  on public.recording_requests for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Learners can ask for recordings of entries they can see in their own name"
  on public.recording_requests for insert
  to authenticated
  with check (user_id = (select auth.uid())
              and exists (select 1 from public.entries e where e.id = entry_id));

create policy "Learners can withdraw their own recording requests"
  on public.recording_requests for delete
  to authenticated
  using (user_id = (select auth.uid()));

revoke all on public.recording_requests from anon, authenticated;
-- Guests read none (no policy of theirs), but the entry's state asks for their request like anyone's.
grant select on public.recording_requests to anon, authenticated;
grant delete on public.recording_requests to authenticated;
grant insert (entry_id) on public.recording_requests to authenticated;

-- Write limits (20260602000100): asking is a kind of its own, generous enough to ask for a
-- page of entries one after another.
insert into private.write_limits (kind, per_minute, per_hour_new, per_hour) values ('recording_requests', 30, 60, 300);
create trigger recording_requests_limit_account_writes before insert on public.recording_requests
  for each row execute function private.limit_account_writes('recording_requests');

-- ---------------------------------------------------------------------------------------
-- The queue's bookkeeping

create table private.voice_needs (
  entry_id uuid primary key references public.entries (id) on delete cascade,
  country char(2) not null references public.countries (code),
  shown boolean not null,
  vote_score integer not null,
  requests integer not null default 0 check (requests >= 0),
  voiced boolean not null default false
);
comment on table private.voice_needs is
  'One row per entry: what the voice queue orders by (open requests, score) and filters on (country, shown, voiced). Kept by triggers; read only by definer functions.';
comment on column private.voice_needs.shown is 'entries.show: whether a guest may see the entry (only those count and are queued).';
comment on column private.voice_needs.voiced is 'Whether the entry has a native recording: said from its own country, not hidden by moderators.';
alter table private.voice_needs enable row level security;
revoke all on private.voice_needs from public, anon, authenticated;
-- The queue's order, keyset included: (requests, vote_score, entry_id) descending per country.
create index voice_needs_queue_idx on private.voice_needs (country, requests desc, vote_score desc, entry_id desc)
  where shown and not voiced;

create table private.voice_counts (
  country char(2) primary key references public.countries (code),
  total integer not null default 0 check (total >= 0),
  voiced integer not null default 0 check (voiced >= 0)
);
comment on table private.voice_counts is 'Per country: its shown entries (total) and how many of them are voiced. Kept by the voice_needs trigger.';
alter table private.voice_counts enable row level security;
revoke all on private.voice_counts from public, anon, authenticated;
insert into private.voice_counts (country) select c.code from public.countries c;

-- Why security definer: voice_counts is no client's to write. A voice_needs row's change moves
-- its country's totals by what it changed (countries locked in code order: no deadlock when an
-- entry moves between two).
create or replace function private.count_voices()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op <> 'INSERT' and old.shown then
    update private.voice_counts c set total = c.total - 1, voiced = c.voiced - old.voiced::integer where c.country = old.country;
  end if;
  if tg_op <> 'DELETE' and new.shown then
    insert into private.voice_counts as c (country, total, voiced) values (new.country, 1, new.voiced::integer)
    on conflict (country) do update set total = c.total + 1, voiced = c.voiced + new.voiced::integer;
  end if;
  return null;
end;
$$;
comment on function private.count_voices() is 'voice_needs trigger: moves voice_counts by the row''s change (shown entries, voiced ones).';
revoke all on function private.count_voices() from public, anon, authenticated, service_role;

create trigger voice_needs_count
  after insert or delete or update of country, shown, voiced on private.voice_needs
  for each row execute function private.count_voices();

-- Why security definer: the bookkeeping reads every request and recording, whoever changed
-- one. Recomputes an entry's voice_needs row from its sources under the row's lock (taken
-- first, so concurrent changes to one entry are counted one after another, each reading what
-- the one before committed). Returns whether the entry has just become voiced.
create or replace function private.refresh_voice_need(entry_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  was_voiced boolean;
  entry public.entries;
  now_voiced boolean;
begin
  select v.voiced into was_voiced from private.voice_needs v where v.entry_id = refresh_voice_need.entry_id for update;
  select * into entry from public.entries e where e.id = refresh_voice_need.entry_id;
  if entry.id is null then
    delete from private.voice_needs v where v.entry_id = refresh_voice_need.entry_id;
    return false;
  end if;
  now_voiced := exists (select 1 from public.recordings r
                         where r.entry_id = entry.id and r.country = entry.country and r.moderation is null);
  insert into private.voice_needs as v (entry_id, country, shown, vote_score, requests, voiced)
  values (entry.id, entry.country, entry.show, entry.vote_score,
          (select count(*) from public.recording_requests q where q.entry_id = entry.id), now_voiced)
  on conflict on constraint voice_needs_pkey do update
    set country = excluded.country, shown = excluded.shown, vote_score = excluded.vote_score,
        requests = excluded.requests, voiced = excluded.voiced
    where (v.country, v.shown, v.vote_score, v.requests, v.voiced)
          is distinct from (excluded.country, excluded.shown, excluded.vote_score, excluded.requests, excluded.voiced);
  return now_voiced and not coalesce(was_voiced, false);
end;
$$;
comment on function private.refresh_voice_need(uuid) is
  'Recomputes an entry''s voice_needs row (country, shown, score, open requests, voiced) under its lock; true when it has just become voiced.';
revoke all on function private.refresh_voice_need(uuid) from public, anon, authenticated, service_role;

-- Why security definer: the requesters are not the caller's to read, nor their requests to
-- delete. An entry just voiced: each learner who asked (not the speaker) is told, and every
-- request for it is fulfilled.
create or replace function private.fulfil_recording_requests(entry_id uuid, speaker uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.entries;
  requester uuid;
begin
  select * into entry from public.entries e where e.id = fulfil_recording_requests.entry_id;
  for requester in
    select q.user_id from public.recording_requests q
     where q.entry_id = entry.id and q.user_id is distinct from speaker
     order by q.created_at, q.user_id
  loop
    perform private.notify(requester, 'recording', entry.id, null,
                           jsonb_build_object('title', entry.title, 'country', entry.country));
  end loop;
  delete from public.recording_requests q where q.entry_id = entry.id;
end;
$$;
comment on function private.fulfil_recording_requests(uuid, uuid) is
  'Tells every learner who asked for the entry (but the speaker) that it has a native recording now (kind recording), and removes the requests.';
revoke all on function private.fulfil_recording_requests(uuid, uuid) from public, anon, authenticated, service_role;

-- Why security definer: as refresh_voice_need. Entries: added, moved to another country,
-- shown or hidden, or voted on.
create or replace function private.keep_entry_voice_need()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.refresh_voice_need(new.id) then
    perform private.fulfil_recording_requests(new.id, null);
  end if;
  return null;
end;
$$;
comment on function private.keep_entry_voice_need() is 'Entries trigger: refreshes the entry''s voice_needs row (a new country may make it voiced).';
revoke all on function private.keep_entry_voice_need() from public, anon, authenticated, service_role;

create trigger entries_keep_voice_need
  after insert or update of country, show, upvotes, downvotes on public.entries
  for each row execute function private.keep_entry_voice_need();

-- Why security definer: as refresh_voice_need. Recordings: added, deleted, held or shown
-- again. The first native one (added, or shown again by moderators) fulfils the requests.
create or replace function private.keep_recording_voice_need()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.refresh_voice_need(coalesce(new.entry_id, old.entry_id)) and tg_op <> 'DELETE' then
    perform private.fulfil_recording_requests(new.entry_id, new.user_id);
  end if;
  return null;
end;
$$;
comment on function private.keep_recording_voice_need() is
  'Recordings trigger: refreshes the entry''s voice_needs row; when it has just become voiced, fulfils its requests.';
revoke all on function private.keep_recording_voice_need() from public, anon, authenticated, service_role;

create trigger recordings_keep_voice_need
  after insert or delete or update of moderation, country on public.recordings
  for each row execute function private.keep_recording_voice_need();

-- Why security definer: as refresh_voice_need, and realtime.send is the server's alone. A
-- request made or withdrawn: the count moves, and the entry's page hears 'recordings'
-- {contentId} (as for recordings) and reads the count again.
create or replace function private.keep_request_voice_need()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  told uuid := coalesce(new.entry_id, old.entry_id);
begin
  perform private.refresh_voice_need(told);
  if exists (select 1 from public.entries e where e.id = told) then
    perform realtime.send(jsonb_build_object('contentId', told), 'recordings', 'entry:' || told, true);
  end if;
  return null;
end;
$$;
comment on function private.keep_request_voice_need() is
  'Recording requests trigger: refreshes the entry''s request count and broadcasts ''recordings'' {contentId} on entry:<id>.';
revoke all on function private.keep_request_voice_need() from public, anon, authenticated, service_role;

create trigger recording_requests_keep_voice_need
  after insert or delete on public.recording_requests
  for each row execute function private.keep_request_voice_need();

-- Every entry there is now (the migration runs once; triggers keep it from here on).
insert into private.voice_needs (entry_id, country, shown, vote_score, requests, voiced)
select e.id, e.country, e.show, e.vote_score, 0,
       exists (select 1 from public.recordings r where r.entry_id = e.id and r.country = e.country and r.moderation is null)
  from public.entries e;

-- ---------------------------------------------------------------------------------------
-- Reading the bookkeeping (definer helpers: voice_needs and voice_counts are private)

-- Why security definer: voice_needs is private. An entry's open requests and whether it is
-- voiced; with `lock`, the row is locked until the caller's transaction ends, so a request
-- and the first native recording of its entry are taken one after the other (the request
-- then sees the entry voiced, or the recording sees the request and fulfils it).
create or replace function private.voice_need_of(entry_id uuid, lock boolean default false)
returns table (requests integer, voiced boolean)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if lock then
    return query select v.requests, v.voiced from private.voice_needs v where v.entry_id = voice_need_of.entry_id for update;
  else
    return query select v.requests, v.voiced from private.voice_needs v where v.entry_id = voice_need_of.entry_id;
  end if;
end;
$$;
comment on function private.voice_need_of(uuid, boolean) is 'An entry''s open requests and whether it is voiced (locked with lock); no row for an unknown entry.';
revoke all on function private.voice_need_of(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function private.voice_need_of(uuid, boolean) to anon, authenticated;

-- Why security definer: voice_needs is private; what it returns is what a guest may read (shown
-- entries only). One keyset page of a country's queue: shown, not voiced, most requested
-- first, then best voted, then id (all descending); page_size rows at most (the caller asks
-- one more to learn whether a next page exists).
create or replace function private.voice_queue_page(country text, page_size integer, after_requests integer, after_score integer, after_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'contentId', e.id,
           'title', e.title,
           'description', e.description,
           'exampleSentence', e.example_sentence,
           'country', e.country,
           'voteScore', page.vote_score,
           'requests', page.requests)
           || case when e.description_es is null then '{}'::jsonb else jsonb_build_object('descriptionEs', e.description_es) end
           order by page.requests desc, page.vote_score desc, page.entry_id desc), '[]'::jsonb)
    from (select v.entry_id, v.requests, v.vote_score from private.voice_needs v
           where v.country = voice_queue_page.country and v.shown and not v.voiced
             and (voice_queue_page.after_id is null
                  or (v.requests, v.vote_score, v.entry_id) < (voice_queue_page.after_requests, voice_queue_page.after_score, voice_queue_page.after_id))
           order by v.requests desc, v.vote_score desc, v.entry_id desc
           limit least(greatest(coalesce(voice_queue_page.page_size, 20), 1), 101)) page
    join public.entries e on e.id = page.entry_id
$$;
comment on function private.voice_queue_page(text, integer, integer, integer, uuid) is
  'A keyset page of a country''s voice queue (shown entries with no native recording) as voiceNeed objects.';
revoke all on function private.voice_queue_page(text, integer, integer, integer, uuid) from public, anon, authenticated, service_role;
grant execute on function private.voice_queue_page(text, integer, integer, integer, uuid) to anon, authenticated;

-- Why security definer: voice_counts is private (and public knowledge).
create or replace function private.voice_totals()
returns table (country char(2), total integer, voiced integer)
language sql
stable
security definer
set search_path = ''
as $$
  select c.code, coalesce(v.total, 0), coalesce(v.voiced, 0)
    from public.countries c left join private.voice_counts v on v.country = c.code
   order by c.code
$$;
comment on function private.voice_totals() is 'Per country (all of them, by code): shown entries and how many are voiced.';
revoke all on function private.voice_totals() from public, anon, authenticated, service_role;
grant execute on function private.voice_totals() to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- The functions /api calls (as the caller: the policies above decide)

-- An entry's requests as the entry page shows them: {contentId, count, requested, native}.
-- 404 content_not_found when the caller cannot see the entry. GET /api/recording/request/{id}.
create or replace function public.recording_request_state(content_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  need record;
begin
  if content_id is null or not exists (select 1 from public.entries e where e.id = recording_request_state.content_id) then
    raise exception 'no entry %', content_id using errcode = 'PT404', hint = 'content_not_found';
  end if;
  select * into need from private.voice_need_of(content_id);
  return jsonb_build_object(
    'contentId', content_id,
    'count', coalesce(need.requests, 0),
    'requested', exists (select 1 from public.recording_requests q
                          where q.entry_id = recording_request_state.content_id and q.user_id = (select auth.uid())),
    'native', coalesce(need.voiced, false));
end;
$$;
comment on function public.recording_request_state(uuid) is
  'Anyone: an entry''s open pronunciation requests {contentId, count, requested (the caller''s), native}.';

-- Asks for a native recording of an entry, once per learner: {created, ...state}; created is
-- false when the caller had asked already. 401 for guests, 404 content_not_found when the
-- caller cannot see the entry, 409 entry_voiced when it is voiced (nothing to ask for).
-- POST /api/recording/request {contentId}.
create or replace function public.request_recording(content_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  voiced boolean;
  created boolean;
begin
  perform private.require_sign_in('login_required');
  if content_id is null or not exists (select 1 from public.entries e where e.id = request_recording.content_id) then
    raise exception 'no entry %', content_id using errcode = 'PT404', hint = 'content_not_found';
  end if;
  select n.voiced into voiced from private.voice_need_of(content_id, true) n;
  if coalesce(voiced, false) then
    raise exception 'the entry has a native recording' using errcode = 'PT409', hint = 'entry_voiced';
  end if;
  insert into public.recording_requests (entry_id) values (content_id)
  on conflict on constraint recording_requests_pkey do nothing;
  created := found;
  return jsonb_build_object('created', created) || public.recording_request_state(content_id);
end;
$$;
comment on function public.request_recording(uuid) is
  'Signed in: asks for a native recording of an entry (idempotent); returns {created, contentId, count, requested, native}.';

-- Withdraws the caller's request (nothing to withdraw is fine). 401 for guests, 404
-- content_not_found when the caller cannot see the entry. DELETE /api/recording/request.
create or replace function public.withdraw_recording_request(content_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform private.require_sign_in('login_required');
  if content_id is null or not exists (select 1 from public.entries e where e.id = withdraw_recording_request.content_id) then
    raise exception 'no entry %', content_id using errcode = 'PT404', hint = 'content_not_found';
  end if;
  delete from public.recording_requests q where q.entry_id = withdraw_recording_request.content_id and q.user_id = (select auth.uid());
  return public.recording_request_state(content_id);
end;
$$;
comment on function public.withdraw_recording_request(uuid) is 'Signed in: withdraws the caller''s request for an entry; returns the entry''s requests.';

-- Anyone: a keyset page of a country's voice queue with the country's totals:
-- {country, data: [voiceNeed], total, remaining}; data holds up to page_size + 1 rows (the
-- /api cuts the last and makes it the cursor). 400 unknown_country.
-- GET /api/recording/requests?country=XX&limit=&cursor=.
create or replace function public.voice_queue(country text, page_size integer default 20, after_requests integer default null,
                                              after_score integer default null, after_id uuid default null)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  code text := nullif(upper(btrim(voice_queue.country)), '');
  totals record;
begin
  if code is null then
    raise exception 'name a country' using errcode = 'PT400', hint = 'country_required', column = 'country';
  end if;
  select * into totals from private.voice_totals() t where t.country = code;
  if totals.country is null then
    raise exception 'unknown country %', left(voice_queue.country, 20) using errcode = 'PT400', hint = 'unknown_country', column = 'country';
  end if;
  return jsonb_build_object(
    'country', code,
    'data', private.voice_queue_page(code, page_size, after_requests, after_score, after_id),
    'total', totals.total,
    'remaining', totals.total - totals.voiced);
end;
$$;
comment on function public.voice_queue(text, integer, integer, integer, uuid) is
  'Anyone: a keyset page of a country''s shown entries with no native recording (most requested, best voted, id; descending) and its totals.';

-- Anyone: per country (by code), shown entries and voiced ones. GET /api/recording/voices.
create or replace function public.voices_summary()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('data', coalesce(jsonb_agg(jsonb_build_object('country', t.country, 'total', t.total, 'voiced', t.voiced)
                                                       order by t.country), '[]'::jsonb))
    from private.voice_totals() t
$$;
comment on function public.voices_summary() is 'Anyone: {data: [{country, total, voiced}]} for every country, by code.';

revoke all on function public.recording_request_state(uuid) from public, anon, authenticated, service_role;
revoke all on function public.request_recording(uuid) from public, anon, authenticated, service_role;
revoke all on function public.withdraw_recording_request(uuid) from public, anon, authenticated, service_role;
revoke all on function public.voice_queue(text, integer, integer, integer, uuid) from public, anon, authenticated, service_role;
revoke all on function public.voices_summary() from public, anon, authenticated, service_role;
grant execute on function public.recording_request_state(uuid) to anon, authenticated;
grant execute on function public.voice_queue(text, integer, integer, integer, uuid) to anon, authenticated;
grant execute on function public.voices_summary() to anon, authenticated;
-- Guests may call the writes only to be told to log in (PT401).
grant execute on function public.request_recording(uuid) to anon, authenticated;
grant execute on function public.withdraw_recording_request(uuid) to anon, authenticated;
