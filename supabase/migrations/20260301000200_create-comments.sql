-- Comments on entries: learners discuss a word or phrase. The entry's comment_count is kept
-- by a trigger in the commenter's transaction, so it stays exact.
create table public.comments (
  id uuid primary key default extensions.gen_random_uuid(),
  entry_id uuid not null references public.entries (id) on delete cascade,
  owner uuid not null default auth.uid() references auth.users (id) on delete cascade,
  owner_name text not null check (char_length(owner_name) between 1 and 100),
  text text not null check (char_length(btrim(text)) between 1 and 2000),
  created_at timestamptz not null default now()
);
comment on table public.comments is 'Learners'' comments on entries, newest first on the detail page.';
comment on column public.comments.owner_name is 'The commenter''s name when they wrote it (profiles are private; a comment shows who wrote it).';

create index comments_entry_newest_idx on public.comments (entry_id, created_at desc, id desc);
create index comments_owner_idx on public.comments (owner);

alter table public.comments enable row level security;

create policy "Anyone can read the comments on entries they can see"
  on public.comments for select
  to anon, authenticated
  using (exists (select 1 from public.entries e where e.id = entry_id));

create policy "Learners can comment on shown entries in their own name"
  on public.comments for insert
  to authenticated
  with check (owner = (select auth.uid()) and exists (select 1 from public.entries e where e.id = entry_id and e.show));

create policy "Commenters and admins can delete comments"
  on public.comments for delete
  to authenticated
  using (owner = (select auth.uid()) or (select private.is_admin()));

-- The commenter is always the caller; a comment is not edited, only deleted.
revoke all on public.comments from anon, authenticated;
grant select on public.comments to anon, authenticated;
grant insert (entry_id, text, owner_name) on public.comments to authenticated;
grant delete on public.comments to authenticated;

-- Keeps entries.comment_count equal to the comments rows. Definer: the counter is not the
-- commenter's to write (column grants), only this trigger's.
create or replace function private.count_comments()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.entries e
     set comment_count = e.comment_count + case tg_op when 'INSERT' then 1 else -1 end
   where e.id = coalesce(new.entry_id, old.entry_id);
  return null;
end;
$$;
comment on function private.count_comments() is 'Comments trigger: moves the entry''s comment_count by one, in the commenter''s transaction.';
revoke all on function private.count_comments() from public, anon, authenticated, service_role;

create trigger comments_count
  after insert or delete on public.comments
  for each row execute function private.count_comments();

-- A comment as the /api replies with it (the spec's fields).
create or replace function public.comment_json(c public.comments)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    '_id', c.id,
    'contentId', c.entry_id,
    'text', c.text,
    'owner', jsonb_build_object('_id', c.owner, 'name', c.owner_name),
    'createdAt', c.created_at)
$$;

-- Adds the caller's comment: text trimmed, 1 to 2000 characters; shown entries only.
create or replace function public.add_comment(entry_id uuid, text text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  body text := private.trim_text(add_comment.text);
  written public.comments;
begin
  perform private.require_sign_in('comment_login_required');
  if coalesce(body, '') = '' then
    raise exception 'comment text is required' using errcode = 'PT400', hint = 'comment_required', column = 'text';
  elsif char_length(body) > 2000 then
    raise exception 'comment is too long' using errcode = 'PT400', hint = 'comment_too_long', column = 'text';
  end if;
  if not exists (select 1 from public.entries e where e.id = add_comment.entry_id) then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  -- The insert policy refuses hidden entries (42501).
  insert into public.comments as c (entry_id, text, owner_name)
  values (add_comment.entry_id, body, (select p.name from public.profiles p where p.id = (select auth.uid())))
  returning * into written;
  return public.comment_json(written);
end;
$$;
comment on function public.add_comment(uuid, text) is 'Adds a comment as the caller on a shown entry; returns it with the spec''s fields.';

-- The comments on an entry the caller can see, newest first.
create or replace function public.comments_of_entry(entry_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from public.entries e where e.id = comments_of_entry.entry_id) then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  return coalesce(
    (select jsonb_agg(public.comment_json(c) order by c.created_at desc, c.id desc)
       from public.comments c
      where c.entry_id = comments_of_entry.entry_id),
    '[]'::jsonb);
end;
$$;
comment on function public.comments_of_entry(uuid) is 'The comments on an entry the caller can see, newest first.';

-- Deletes a comment: its writer or an admin (RLS).
create or replace function public.delete_comment(comment_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  deleted public.comments;
begin
  perform private.require_sign_in();
  delete from public.comments c where c.id = delete_comment.comment_id returning * into deleted;
  if deleted.id is null then
    if exists (select 1 from public.comments c where c.id = delete_comment.comment_id) then
      raise exception 'not allowed to delete this comment' using errcode = 'PT403', hint = 'forbidden';
    end if;
    raise exception 'no comment %', comment_id using errcode = 'PT404', hint = 'comment_not_found';
  end if;
  return public.comment_json(deleted);
end;
$$;
comment on function public.delete_comment(uuid) is 'Deletes a comment as its writer or an admin; returns what was deleted.';

revoke all on function public.comment_json(public.comments) from public, anon, authenticated, service_role;
revoke all on function public.add_comment(uuid, text) from public, anon, authenticated, service_role;
revoke all on function public.comments_of_entry(uuid) from public, anon, authenticated, service_role;
revoke all on function public.delete_comment(uuid) from public, anon, authenticated, service_role;
grant execute on function public.comment_json(public.comments) to anon, authenticated;
grant execute on function public.comments_of_entry(uuid) to anon, authenticated;
-- Guests may call the writes only to be told to log in (PT401), in the client's words.
grant execute on function public.add_comment(uuid, text) to anon, authenticated;
grant execute on function public.delete_comment(uuid) to anon, authenticated;
