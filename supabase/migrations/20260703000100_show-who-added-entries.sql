-- Who added an entry, and who may take a tag off it, as the replies tell it.
--
-- Bylines: beside the spec's free-text author, every entry says which account posted it
-- (addedBy: {_id, name}, or null for a guest's or a deleted account's entry, ownerDeleted
-- telling the two apart), and a learner's public profile lists their shown entries. Profiles
-- stay readable only by their owner and admins: one definer helper exposes the display name
-- and the join date, never the e-mail, the admin flag or the streaks.
--
-- Tag removal: whoever added the tag, the entry's owner or an admin may remove it. That rule
-- now lives in one function, private.may_remove_tag, which the delete policy on entry_tags
-- asks and which both tag replies (tags_of_entry, entry_json's tags) use for canRemove, so
-- the × the page shows is exactly what the database allows.

-- ---------------------------------------------------------------------------------------
-- Entries of deleted accounts

alter table public.entries add column owner_deleted boolean not null default false;
comment on column public.entries.owner_deleted is
  'True once the owner''s account was deleted (owner is then null): shown as by "deleted user" rather than by a guest.';
-- Why a copy of the name: the home grid shows every entry's byline, and asking the profile
-- through a definer function for each one cost about 0.1 ms an entry (half the grid's query).
-- Like a comment's owner_name, it is the name the learner had when they added the entry.
alter table public.entries add column owner_name text check (char_length(owner_name) <= 100);
comment on column public.entries.owner_name is
  'The owner''s display name when they added the entry (profiles are private; the byline shows it). Kept by a trigger; clients cannot write it.';
update public.entries e set owner_name = p.name from public.profiles p where p.id = e.owner;

-- Why security definer: the owner's name is read from profiles, which only they and admins
-- may read, whoever inserts. A deleted account's entries stay (entries.owner is "on delete set
-- null"); the foreign key's update fires this too, whichever door deleted the account, and
-- the entry then forgets the name.
create or replace function private.remember_entry_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.owner is not null and new.owner is null then
    new.owner_deleted := true;
  end if;
  if tg_op = 'INSERT' or new.owner is distinct from old.owner then
    new.owner_name := (select p.name from public.profiles p where p.id = new.owner);
  end if;
  return new;
end;
$$;
comment on function private.remember_entry_owner() is
  'Entries trigger: copies the owner''s name on insert, and marks an entry whose owner''s account was deleted.';
revoke all on function private.remember_entry_owner() from public, anon, authenticated, service_role;

create trigger entries_remember_owner
  before insert or update of owner on public.entries
  for each row execute function private.remember_entry_owner();

-- A profile's list: one learner's shown entries, newest first.
create index entries_owner_newest_idx on public.entries (owner, created_at desc, id desc) where show;

-- ---------------------------------------------------------------------------------------
-- The public face of a profile

-- Why security definer: profiles are readable only by their owner and admins; this is the
-- one narrow door to the two things anyone may know of a learner (their display name and
-- when they joined), for bylines and profile pages. Nothing else of the profile leaves it.
create or replace function private.public_profile(user_id uuid)
returns table (id uuid, name text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.name, p.created_at from public.profiles p where p.id = public_profile.user_id
$$;
comment on function private.public_profile(uuid) is
  'A learner''s public face (id, display name, join date), for bylines and profile pages; no row when there is no such account.';
revoke all on function private.public_profile(uuid) from public, anon, authenticated, service_role;
grant execute on function private.public_profile(uuid) to anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- Who may take a tag off an entry: the rule, once

-- Not a definer: it asks as the caller (the entry's owner comes from the caller's row).
-- Always true or false: a guest's entry (no owner) or a deleted adder (null) is simply no match.
create or replace function private.may_remove_tag(added_by uuid, entry_owner uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select auth.uid()) is not null
                  and (may_remove_tag.added_by = (select auth.uid())
                       or may_remove_tag.entry_owner = (select auth.uid())
                       or (select private.is_admin())), false)
$$;
comment on function private.may_remove_tag(uuid, uuid) is
  'Whether the caller may take a tag off an entry: they added it, they own the entry, or they are an admin. The delete policy and canRemove both ask it.';
revoke all on function private.may_remove_tag(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function private.may_remove_tag(uuid, uuid) to anon, authenticated;

drop policy "Whoever added a tag, the entry's owner and admins can remove it" on public.entry_tags;
create policy "Whoever added a tag, the entry's owner and admins can remove it"
  on public.entry_tags for delete
  to authenticated
  using (private.may_remove_tag(added_by, (select e.owner from public.entries e where e.id = entry_id)));

-- The tags on an entry the caller can see, by name, each saying whether the caller may
-- remove it; 404 when they cannot see the entry. (As 20260201000400, plus canRemove.)
create or replace function public.tags_of_entry(entry_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  entry_owner uuid;
begin
  select e.owner into entry_owner from public.entries e where e.id = tags_of_entry.entry_id;
  if not found then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  return coalesce(
    (select jsonb_agg(public.tag_json(t) || jsonb_build_object('canRemove', private.may_remove_tag(et.added_by, entry_owner))
                      order by lower(t.name))
       from public.entry_tags et
       join public.tags t on t.id = et.tag_id
      where et.entry_id = tags_of_entry.entry_id),
    '[]'::jsonb);
end;
$$;
comment on function public.tags_of_entry(uuid) is
  'The tags of an entry the caller can see, ordered by name, each with canRemove (private.may_remove_tag).';

-- ---------------------------------------------------------------------------------------
-- entry_json: as 20260701000100, plus addedBy, ownerDeleted and each tag's canRemove.
create or replace function public.entry_json(e public.entries)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', e.id,
    'title', e.title,
    'description', e.description,
    'country', e.country,
    'hint', e.hint,
    'exampleSentence', e.example_sentence,
    'author', e.author,
    'owner', e.owner,
    'addedBy', case when e.owner is not null
                    then jsonb_build_object('_id', e.owner, 'name', coalesce(e.owner_name, '')) end,
    'ownerDeleted', e.owner_deleted,
    'show', e.show,
    'voteCount', e.vote_score,
    'upvotes', e.upvotes,
    'downvotes', e.downvotes,
    'userVote', (select case v.value when 1 then 'upvote' when -1 then 'downvote' end
                   from public.votes v
                  where v.entry_id = e.id and v.user_id = (select auth.uid())),
    'inFlashcards', exists (select 1 from public.flashcards f
                             where f.user_id = (select auth.uid()) and f.entry_id = e.id),
    'commentCount', e.comment_count,
    'createdAt', e.created_at,
    'updatedAt', e.updated_at,
    -- A guest may remove no tag: the grid guests see most asks nothing per tag.
    'tags', coalesce(
      (select jsonb_agg(jsonb_build_object('_id', t.id, 'name', t.name, 'canRemove',
                                           case when (select auth.uid()) is null then false
                                                else private.may_remove_tag(et.added_by, e.owner) end)
                        order by lower(t.name))
         from public.entry_tags et
         join public.tags t on t.id = et.tag_id
        where et.entry_id = e.id),
      '[]'::jsonb)
  ) || case when e.moderation is null then '{}'::jsonb else jsonb_build_object('moderation', e.moderation) end
$$;
comment on function public.entry_json(public.entries) is
  'An entry as the /api replies with it (_id, exampleSentence, addedBy: {_id, name} | null, tags: [{_id, name, canRemove}], voteCount...).';

-- ---------------------------------------------------------------------------------------
-- A learner's public profile

-- Anyone, guests too: the public face and a keyset page (created_at, id) of the learner's
-- shown entries, newest first. Hidden, held and removed entries are on no one's profile
-- (their owner finds them on Account). Runs as the caller: the entries are the ones RLS shows.
create or replace function public.user_profile(
  user_id uuid,
  page_size integer default 20,
  after_created_at timestamptz default null,
  after_id uuid default null
)
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
      'entryCount', (select count(*) from public.entries e where e.owner = face.id and e.show)),
    'data', coalesce((
      select jsonb_agg(public.entry_json(page.e) order by (page.e).created_at desc, (page.e).id desc)
        from (select e from public.entries e
               where e.owner = face.id and e.show
                 and (after_id is null or (e.created_at, e.id) < (after_created_at, after_id))
               order by e.created_at desc, e.id desc
               limit least(greatest(coalesce(page_size, 20), 1), 101)) page), '[]'::jsonb));
end;
$$;
comment on function public.user_profile(uuid, integer, timestamptz, uuid) is
  'Anyone: a learner''s public profile (name, join date, shown entry count) and a keyset page of their shown entries, newest first.';
revoke all on function public.user_profile(uuid, integer, timestamptz, uuid) from public, anon, authenticated, service_role;
grant execute on function public.user_profile(uuid, integer, timestamptz, uuid) to anon, authenticated;
