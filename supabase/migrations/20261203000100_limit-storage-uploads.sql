-- Per-account Storage limits (issue 30): an account uploads at most 30 files a minute and
-- stores at most 50 MB (52428800 bytes) across every bucket, by default. The rule lives on
-- storage.objects itself, so every door that writes an object row (Storage's uploads,
-- upserts, copies and signed upload URLs, on hosted Supabase and on the local stack alike)
-- meets it, and every client of one account shares one count. Objects without an owner
-- (the service key, which names no user) are not limited.
--
-- Refusals are raised with SQLSTATE 42501 and the code in `hint` (too_many_uploads,
-- quota_exceeded), the message starting with that code: hosted Storage renders 42501 as its
-- AccessDenied error with our message (any other SQLSTATE becomes a 500 there), and the
-- local Storage answers 429 (with Retry-After, `detail` {"retryAfter": seconds}) and 413.

-- The limits, one row. Change them with an update (the local stack sets them from
-- JERGA_STORAGE_UPLOADS_PER_MINUTE and JERGA_STORAGE_ACCOUNT_BYTES when given).
create table private.storage_limits (
  id boolean primary key default true check (id),
  uploads_per_minute integer not null default 30 check (uploads_per_minute >= 0),
  account_bytes bigint not null default 52428800 check (account_bytes >= 0)
);
comment on table private.storage_limits is
  'Per-account Storage limits (one row): uploads a minute and bytes stored across every bucket. Service uploads (no owner) are not limited.';
comment on column private.storage_limits.uploads_per_minute is 'New object versions (uploads, upserts, copies) one account may write in any 60 seconds.';
comment on column private.storage_limits.account_bytes is 'The most one account may store, the sum of its objects'' metadata size.';
alter table private.storage_limits enable row level security;
revoke all on private.storage_limits from public, anon, authenticated, service_role;
insert into private.storage_limits default values;

-- Each upload an account made, kept apart from the objects: removing files does not give
-- the minute's uploads back. Rows older than a minute are pruned as new ones come and by the
-- storage sweep.
create table private.storage_uploads (
  owner_id text not null,
  uploaded_at timestamptz not null default now()
);
comment on table private.storage_uploads is 'One row per object version an account wrote, for the uploads-a-minute limit (pruned after a minute).';
create index storage_uploads_owner_idx on private.storage_uploads (owner_id, uploaded_at);
alter table private.storage_uploads enable row level security;
revoke all on private.storage_uploads from public, anon, authenticated, service_role;

-- Bytes stored per account, kept by a trigger: Supabase lets no one index storage.objects,
-- so summing an owner's objects on every upload would read the whole table.
create table private.storage_usage (
  owner_id text primary key,
  bytes bigint not null default 0
);
comment on table private.storage_usage is 'Bytes each account stores in Storage (the sum of its objects'' metadata size), kept by triggers on storage.objects.';
alter table private.storage_usage enable row level security;
revoke all on private.storage_usage from public, anon, authenticated, service_role;

-- An object's size as Storage records it (metadata.size), 0 when it has none (Storage's
-- permission check before the bytes arrive writes no size) or it is not a number.
create or replace function private.object_size(metadata jsonb)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select case when pg_catalog.jsonb_typeof(object_size.metadata -> 'size') = 'number'
              then least(greatest((object_size.metadata ->> 'size')::numeric, 0), 9e18)::bigint
              else 0 end
$$;
comment on function private.object_size(jsonb) is 'An object''s size in bytes from its Storage metadata; 0 when unknown.';
revoke all on function private.object_size(jsonb) from public, anon, authenticated, service_role;

insert into private.storage_usage (owner_id, bytes)
select coalesce(o.owner_id, o.owner::text), sum(private.object_size(o.metadata))
  from storage.objects o
 where coalesce(o.owner_id, o.owner::text) is not null
 group by 1;

-- Why security definer: it reads and writes the private counters, which no API role may
-- touch, for whoever writes the object (the uploader's role, or Storage's own on hosted).
-- Before a new object version of an account: refused past the uploads a minute, or when the
-- account would store more than its bytes. One advisory lock per account orders its
-- concurrent uploads, so two at once cannot both pass either line. An insert over an
-- existing name (an upsert) is judged by its update, which runs this trigger again; an
-- update that writes no new version and adds no bytes (a touch, a rename) passes.
create or replace function private.limit_storage_uploads()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uploader constant text := coalesce(new.owner_id, new.owner::text);
  new_size constant bigint := private.object_size(new.metadata);
  size_known constant boolean := coalesce(pg_catalog.jsonb_typeof(new.metadata -> 'size') = 'number', false);
  limits private.storage_limits;
  replaced_size bigint := 0;
  new_version boolean := true;
  stored bigint;
  recent integer;
  oldest timestamptz;
begin
  if uploader is null then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if exists (select 1 from storage.objects o where o.bucket_id = new.bucket_id and o.name = new.name) then
      return new;
    end if;
  else
    new_version := new.version is distinct from old.version;
    if coalesce(old.owner_id, old.owner::text) is not distinct from uploader then
      replaced_size := private.object_size(old.metadata);
    end if;
    if not new_version and new_size <= replaced_size then
      return new;
    end if;
  end if;

  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('jerga:storage-account:' || uploader, 0));
  select * into limits from private.storage_limits;
  if new_version then
    select count(*), min(u.uploaded_at) into recent, oldest
      from private.storage_uploads u
     where u.owner_id = uploader and u.uploaded_at > now() - interval '1 minute';
    if recent >= limits.uploads_per_minute then
      raise exception 'too_many_uploads: an account may upload % files a minute', limits.uploads_per_minute
        using errcode = '42501', hint = 'too_many_uploads',
              detail = pg_catalog.jsonb_build_object('retryAfter',
                coalesce(greatest(1, ceil(extract(epoch from oldest + interval '1 minute' - now())))::integer, 60))::text;
    end if;
  end if;
  stored := coalesce((select s.bytes from private.storage_usage s where s.owner_id = uploader), 0) - replaced_size;
  -- Before the bytes arrive (Storage's permission check) the size is unknown: a full account is refused already.
  if stored + new_size > limits.account_bytes or (not size_known and stored >= limits.account_bytes) then
    raise exception 'quota_exceeded: an account may store % bytes', limits.account_bytes
      using errcode = '42501', hint = 'quota_exceeded',
            detail = pg_catalog.jsonb_build_object('limitBytes', limits.account_bytes, 'storedBytes', greatest(stored, 0))::text;
  end if;
  if new_version then
    delete from private.storage_uploads u where u.owner_id = uploader and u.uploaded_at <= now() - interval '1 minute';
    insert into private.storage_uploads (owner_id) values (uploader);
  end if;
  return new;
end;
$$;
comment on function private.limit_storage_uploads() is
  'storage.objects trigger: refuses an account''s upload past its uploads a minute (too_many_uploads) or bytes (quota_exceeded), SQLSTATE 42501.';
revoke all on function private.limit_storage_uploads() from public, anon, authenticated, service_role;

create trigger limit_storage_uploads
  before insert or update on storage.objects
  for each row execute function private.limit_storage_uploads();

-- Why security definer: it writes private.storage_usage for whoever changed the object.
-- Moves an object's bytes off its old owner and onto its new one.
create or replace function private.count_storage_usage()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  old_owner text;
  new_owner text;
begin
  if tg_op <> 'INSERT' then
    old_owner := coalesce(old.owner_id, old.owner::text);
  end if;
  if tg_op <> 'DELETE' then
    new_owner := coalesce(new.owner_id, new.owner::text);
  end if;
  if tg_op = 'UPDATE' and old_owner is not distinct from new_owner
     and private.object_size(old.metadata) = private.object_size(new.metadata) then
    return null;
  end if;
  if old_owner is not null then
    update private.storage_usage s set bytes = greatest(0, s.bytes - private.object_size(old.metadata))
     where s.owner_id = old_owner;
  end if;
  if new_owner is not null then
    insert into private.storage_usage as s (owner_id, bytes) values (new_owner, private.object_size(new.metadata))
    on conflict (owner_id) do update set bytes = s.bytes + excluded.bytes;
  end if;
  return null;
end;
$$;
comment on function private.count_storage_usage() is 'storage.objects trigger: keeps private.storage_usage (bytes per owner) in step with every insert, update and delete.';
revoke all on function private.count_storage_usage() from public, anon, authenticated, service_role;

create trigger count_storage_usage
  after insert or update or delete on storage.objects
  for each row execute function private.count_storage_usage();
