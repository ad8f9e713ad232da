-- Issue 35: a learner's cards as an Anki collection. Each learner has a collection key, written
-- into the GUID of every note Jerga exports for them (jerga-<key>-<entry id>), so a package
-- brought back names whose cards it holds: importAnki takes the notes with the caller's key and
-- refuses a package of another collection. The key is an identifier, not a secret (anyone the
-- learner shares a deck with sees it); it keeps one learner's package out of another's account.

create table private.anki_collections (
  user_id uuid primary key references auth.users (id) on delete cascade,
  key text not null unique default encode(extensions.gen_random_bytes(12), 'hex')
    check (key ~ '^[A-Za-z0-9]{8,32}$'),
  created_at timestamptz not null default now()
);
comment on table private.anki_collections is
  'Each learner''s Anki collection key (issue 35), made at their first export: the middle of every exported note''s GUID, how importAnki knows a package is theirs.';
alter table private.anki_collections enable row level security;
revoke all on private.anki_collections from public, anon, authenticated;

create or replace function private.anki_collection_key(user_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  found text;
begin
  insert into private.anki_collections as c (user_id) values (anki_collection_key.user_id)
  on conflict on constraint anki_collections_pkey do nothing;
  select c.key into found from private.anki_collections c where c.user_id = anki_collection_key.user_id;
  return found;
end;
$$;
comment on function private.anki_collection_key(uuid) is
  'The learner''s Anki collection key, made on first use (two first exports at once agree on one).';
revoke all on function private.anki_collection_key(uuid) from public, anon, authenticated;
