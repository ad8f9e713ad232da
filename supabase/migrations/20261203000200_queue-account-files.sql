-- Deleting an account removes every file it ever stored (issue 30). The deletion itself
-- leaves the record: a trigger on auth.users copies, in the deleting transaction, every
-- object of the account (owned by it, or under its <id>/ folder, in any bucket, registered or
-- not) into a private queue, whichever door deleted it (/api, an admin, GoTrue's own
-- DELETE /admin/users/{id}). Files are removed through Storage's API only (hosted Storage
-- keeps them in S3): /api removes the ones its transaction queued right after it commits,
-- and the `sweep` edge function (every 10 minutes) removes whatever is left, plus uploads
-- of the avatars and recordings buckets never registered with /api within 24 hours.
-- An entry leaves the queue when Storage deletes its object row (a trigger), so the queue
-- never depends on the rows surviving and a removal that failed is simply tried again.

create table private.storage_removals (
  bucket_id text not null,
  name text not null,
  owner_id text,
  reason text not null check (reason in ('account_deleted', 'unregistered')),
  queued_at timestamptz not null default now(),
  queued_by xid8 not null default pg_catalog.pg_current_xact_id(),
  claimed_until timestamptz,
  attempts integer not null default 0,
  primary key (bucket_id, name)
);
comment on table private.storage_removals is
  'Files Storage must remove (through its API): objects of deleted accounts and stale unregistered uploads. An entry leaves when its object row is deleted.';
comment on column private.storage_removals.owner_id is 'The account the file belonged to (the deleted one, or the uploader).';
comment on column private.storage_removals.queued_by is 'The transaction that queued it: /api removes what its own deletion queued (private.removals_queued_here).';
comment on column private.storage_removals.claimed_until is 'A sweep is removing it until then (a lease); afterwards another tick may try again.';
comment on column private.storage_removals.attempts is 'How many sweeps have claimed it.';
create index storage_removals_queued_idx on private.storage_removals (queued_at);
alter table private.storage_removals enable row level security;
revoke all on private.storage_removals from public, anon, authenticated, service_role;

-- Why security definer: it reads every bucket's rows of the leaving account (policies would
-- hide them from whoever deletes it) and writes the private queue. The account's upload
-- counters go with it.
create or replace function private.queue_account_files()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into private.storage_removals as r (bucket_id, name, owner_id, reason)
  select o.bucket_id, o.name, old.id::text, 'account_deleted'
    from storage.objects o
   where coalesce(o.owner_id, o.owner::text) = old.id::text
      or o.name like old.id::text || '/%'
  on conflict (bucket_id, name) do update
    set owner_id = excluded.owner_id, reason = excluded.reason, queued_at = now(),
        queued_by = pg_catalog.pg_current_xact_id(), claimed_until = null;
  delete from private.storage_uploads u where u.owner_id = old.id::text;
  return null;
end;
$$;
comment on function private.queue_account_files() is
  'auth.users trigger: queues every object the deleted account owned or kept under its folder, in any bucket, for removal through Storage.';
revoke all on function private.queue_account_files() from public, anon, authenticated, service_role;

create trigger queue_account_files
  after delete on auth.users
  for each row execute function private.queue_account_files();

-- Why security definer: the queue is private; whoever removes the object (Storage, as the
-- caller or the service) takes its entry with it.
create or replace function private.forget_removed_file()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  delete from private.storage_removals r where r.bucket_id = old.bucket_id and r.name = old.name;
  return null;
end;
$$;
comment on function private.forget_removed_file() is 'storage.objects trigger: a removed object''s file is gone, so its removal entry goes too.';
revoke all on function private.forget_removed_file() from public, anon, authenticated, service_role;

create trigger forget_removed_file
  after delete on storage.objects
  for each row execute function private.forget_removed_file();

-- Why security definer: the queue is private. The files the caller's own transaction queued
-- (its account deletion), for /api to remove through Storage once that transaction commits;
-- nothing anyone else queued.
create or replace function private.removals_queued_here()
returns table (bucket_id text, name text)
language sql
volatile
security definer
set search_path = ''
as $$
  select r.bucket_id, r.name from private.storage_removals r
   where r.queued_by = pg_catalog.pg_current_xact_id()
   order by r.bucket_id, r.name
$$;
comment on function private.removals_queued_here() is 'The files this transaction queued for removal (an account it deleted): {bucket_id, name}.';
revoke all on function private.removals_queued_here() from public, anon, authenticated, service_role;
grant execute on function private.removals_queued_here() to authenticated;

-- The buckets whose files /api registers (recordings, avatars): an upload there that is not
-- a recording or an avatar 24 hours after it was written is swept.
create or replace function private.is_unregistered_upload(bucket_id text, name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select case is_unregistered_upload.bucket_id
    when 'recordings' then not exists (select 1 from public.recordings r where r.path = is_unregistered_upload.name)
    when 'avatars' then not exists (select 1 from public.avatars a where a.path = is_unregistered_upload.name)
    else false end
$$;
comment on function private.is_unregistered_upload(text, text) is
  'Whether an object of the recordings or avatars bucket is no recording or avatar (false for other buckets).';
revoke all on function private.is_unregistered_upload(text, text) from public, anon, authenticated, service_role;

-- Why security definer: it reads every bucket and the private queue; granted to service_role
-- alone (the sweep function). One sweep tick's work: drop entries whose object is already
-- gone or that were registered meanwhile, queue unregistered uploads older than 24 hours,
-- prune old upload counters, then claim up to `batch` entries for five minutes and return
-- them. Entries another tick holds are skipped (row locks, skip locked), so overlapping
-- ticks share the work; an entry whose removal failed is claimed again once its lease ends.
create or replace function private.claim_storage_removals(batch integer default 500)
returns table (bucket_id text, name text, reason text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if batch is null or batch < 1 or batch > 1000 then
    raise exception 'batch must be 1 to 1000' using errcode = 'PT400', hint = 'invalid_input';
  end if;
  delete from private.storage_removals r
   where not exists (select 1 from storage.objects o where o.bucket_id = r.bucket_id and o.name = r.name)
      or (r.reason = 'unregistered' and not private.is_unregistered_upload(r.bucket_id, r.name));
  insert into private.storage_removals (bucket_id, name, owner_id, reason)
  select o.bucket_id, o.name, coalesce(o.owner_id, o.owner::text), 'unregistered'
    from storage.objects o
   where o.bucket_id in ('recordings', 'avatars')
     and coalesce(o.updated_at, o.created_at) < now() - interval '24 hours'
     and private.is_unregistered_upload(o.bucket_id, o.name)
   limit claim_storage_removals.batch
  on conflict do nothing;
  delete from private.storage_uploads u where u.uploaded_at <= now() - interval '1 minute';
  return query
  with picked as (
    select r.bucket_id, r.name
      from private.storage_removals r
     where r.claimed_until is null or r.claimed_until < now()
     order by r.queued_at, r.bucket_id, r.name
     limit claim_storage_removals.batch
       for update skip locked
  )
  update private.storage_removals r
     set claimed_until = now() + interval '5 minutes', attempts = r.attempts + 1
    from picked p
   where r.bucket_id = p.bucket_id and r.name = p.name
  returning r.bucket_id, r.name, r.reason;
end;
$$;
comment on function private.claim_storage_removals(integer) is
  'The storage sweep''s tick: queues stale unregistered uploads, then claims up to batch removals for five minutes: {bucket_id, name, reason}. service_role only.';
revoke all on function private.claim_storage_removals(integer) from public, anon, authenticated, service_role;
grant execute on function private.claim_storage_removals(integer) to service_role;
