-- Tags are short labels anyone logged in can create and put on entries.
create table public.tags (
  id uuid primary key default extensions.gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 20 and name = btrim(name)),
  owner uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.tags is 'Labels for entries; names are unique regardless of case.';
comment on column public.tags.owner is 'Who created the tag; null when the creator was deleted or it came with the seed.';

create unique index tags_name_key on public.tags (lower(name));
create index tags_owner_idx on public.tags (owner);

alter table public.tags enable row level security;

create policy "Anyone can read tags"
  on public.tags for select
  to anon, authenticated
  using (true);

create policy "Logged-in users can create tags in their own name"
  on public.tags for insert
  to authenticated
  with check (owner = (select auth.uid()));

create policy "Admins can delete tags"
  on public.tags for delete
  to authenticated
  using ((select private.is_admin()));

revoke all on public.tags from anon, authenticated;
grant select on public.tags to anon, authenticated;
grant insert (name, owner) on public.tags to authenticated;
grant delete on public.tags to authenticated;

create table public.entry_tags (
  entry_id uuid not null references public.entries (id) on delete cascade,
  tag_id uuid not null references public.tags (id) on delete cascade,
  added_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (entry_id, tag_id)
);
comment on table public.entry_tags is 'Which tags an entry carries, and who put each one there.';

create index entry_tags_tag_id_idx on public.entry_tags (tag_id);
create index entry_tags_added_by_idx on public.entry_tags (added_by);

alter table public.entry_tags enable row level security;

create policy "Anyone can read the tags of entries they can see"
  on public.entry_tags for select
  to anon, authenticated
  using (exists (select 1 from public.entries e where e.id = entry_id));

create policy "Logged-in users can tag shown entries in their own name"
  on public.entry_tags for insert
  to authenticated
  with check (
    added_by = (select auth.uid())
    and exists (select 1 from public.entries e where e.id = entry_id and e.show)
  );

create policy "Whoever added a tag, the entry's owner and admins can remove it"
  on public.entry_tags for delete
  to authenticated
  using (
    added_by = (select auth.uid())
    or (select private.is_admin())
    or exists (select 1 from public.entries e where e.id = entry_id and e.owner = (select auth.uid()))
  );

revoke all on public.entry_tags from anon, authenticated;
grant select on public.entry_tags to anon, authenticated;
grant insert (entry_id, tag_id, added_by) on public.entry_tags to authenticated;
grant delete on public.entry_tags to authenticated;

-- A tag as the /api replies with it.
create or replace function public.tag_json(t public.tags)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('_id', t.id, 'name', t.name, 'owner', t.owner)
$$;
comment on function public.tag_json(public.tags) is 'A tag as the /api replies with it (_id, name, owner).';
revoke all on function public.tag_json(public.tags) from public;
grant execute on function public.tag_json(public.tags) to anon, authenticated, service_role;
