-- Variants (issue 18): one meaning, many countries. Learners link two entries that mean the
-- same thing in their countries (popote in Mexico, pajita in Spain); links form groups, a
-- concept: linking A–B and B–C puts all three together.
--
--   variant_links    one row per link, the pair stored in order (entry_a < entry_b) so a
--                    pair is one row whichever way round it was linked
--   concept_members  which group each linked entry is in, kept by the triggers below: an
--                    insert merges the two groups; a delete regroups what is left by
--                    connected components (a group may split, an entry left with no link
--                    leaves it). An entry in no link is in no group.
--
-- Clients only read both (through entries they can see); writes go through link_variant and
-- unlink_variant (20260801000201). A plain insert as postgres (the seed) keeps groups too.

create table public.variant_links (
  entry_a uuid not null references public.entries (id) on delete cascade,
  entry_b uuid not null references public.entries (id) on delete cascade,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (entry_a, entry_b),
  check (entry_a < entry_b)
);
comment on table public.variant_links is
  'Two entries that mean the same thing in their countries; the pair in order (entry_a < entry_b), one row per pair.';
comment on column public.variant_links.created_by is 'Who linked them (they may unlink); null for the seed or a deleted account.';

create index variant_links_entry_b_idx on public.variant_links (entry_b);
create index variant_links_created_by_idx on public.variant_links (created_by);

create table public.concept_members (
  entry_id uuid primary key references public.entries (id) on delete cascade,
  concept_id uuid not null
);
comment on table public.concept_members is
  'The group (concept) of every entry that has at least one variant link; kept by the variant_links triggers, never written by clients.';
comment on column public.concept_members.concept_id is 'Names the group; entries linked directly or through others share it. Not stable across splits.';

create index concept_members_concept_id_idx on public.concept_members (concept_id);

alter table public.variant_links enable row level security;
alter table public.concept_members enable row level security;

create policy "Anyone can read the links between entries they can see"
  on public.variant_links for select
  to anon, authenticated
  using (exists (select 1 from public.entries e where e.id = entry_a)
         and exists (select 1 from public.entries e where e.id = entry_b));

create policy "Anyone can read the groups of entries they can see"
  on public.concept_members for select
  to anon, authenticated
  using (exists (select 1 from public.entries e where e.id = entry_id));

revoke all on public.variant_links from anon, authenticated;
revoke all on public.concept_members from anon, authenticated;
grant select on public.variant_links to anon, authenticated;
grant select on public.concept_members to anon, authenticated;

-- Why: a pair is one row whichever way round it was written (the seed need not sort its
-- ids); the check above then only refuses an entry linked to itself.
create or replace function private.order_variant_link()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  first uuid := least(new.entry_a, new.entry_b);
begin
  new.entry_b := greatest(new.entry_a, new.entry_b);
  new.entry_a := first;
  return new;
end;
$$;
comment on function private.order_variant_link() is 'Variant links trigger: stores the pair in order (entry_a < entry_b).';
revoke all on function private.order_variant_link() from public, anon, authenticated, service_role;

create trigger variant_links_order_pair
  before insert on public.variant_links
  for each row execute function private.order_variant_link();

-- Why one lock: two links made at once (A–B here, B–C there) must end in one group; group
-- changes are rare, so they simply take turns.
create or replace function private.lock_variant_groups()
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(1802000200)
$$;
comment on function private.lock_variant_groups() is 'Serialises changes to variant groups for the rest of the transaction.';
revoke all on function private.lock_variant_groups() from public, anon, authenticated, service_role;

-- Why security definer: concept_members is written by no API role.
-- A new link: both entries end in one group (a new one, the one either is in, or the two
-- merged).
create or replace function private.join_variant_groups()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  group_a uuid;
  group_b uuid;
begin
  perform private.lock_variant_groups();
  select m.concept_id into group_a from public.concept_members m where m.entry_id = new.entry_a;
  select m.concept_id into group_b from public.concept_members m where m.entry_id = new.entry_b;
  if group_a is null and group_b is null then
    group_a := extensions.gen_random_uuid();
    insert into public.concept_members (entry_id, concept_id) values (new.entry_a, group_a), (new.entry_b, group_a);
  elsif group_a is null then
    insert into public.concept_members (entry_id, concept_id) values (new.entry_a, group_b);
  elsif group_b is null then
    insert into public.concept_members (entry_id, concept_id) values (new.entry_b, group_a);
  elsif group_a <> group_b then
    update public.concept_members m set concept_id = group_a where m.concept_id = group_b;
  end if;
  return null;
end;
$$;
comment on function private.join_variant_groups() is 'Variant links trigger: a new link puts both entries in one group, merging two if need be.';
revoke all on function private.join_variant_groups() from public, anon, authenticated, service_role;

create trigger variant_links_join_groups
  after insert on public.variant_links
  for each row execute function private.join_variant_groups();

-- One group after links left it: members with no link left leave; the rest are split into
-- connected components. The biggest component keeps the group's id, each other one gets a
-- new id. Called by split_variant_groups only (which runs as the table owner).
create or replace function private.regroup_concept(concept uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  delete from public.concept_members m
   where m.concept_id = regroup_concept.concept
     and not exists (select 1 from public.variant_links l where l.entry_a = m.entry_id or l.entry_b = m.entry_id);

  with recursive members as (
    select m.entry_id from public.concept_members m where m.concept_id = regroup_concept.concept
  ), edges (here, there) as (
    select l.entry_a, l.entry_b from public.variant_links l where l.entry_a in (select entry_id from members)
    union all
    select l.entry_b, l.entry_a from public.variant_links l where l.entry_b in (select entry_id from members)
  ), reach (start, node) as (
    select entry_id, entry_id from members
    union
    select r.start, e.there from reach r join edges e on e.here = r.node
  ), components as (
    -- Each member's component is named by the smallest id it reaches.
    select r.start as entry_id, min(r.node::text) as root from reach r group by r.start
  ), ranked as (
    select c.root, row_number() over (order by count(*) desc, c.root) as place from components c group by c.root
  ), named as (
    select r.root, case when r.place = 1 then regroup_concept.concept else extensions.gen_random_uuid() end as concept_id
      from ranked r
  )
  update public.concept_members m
     set concept_id = n.concept_id
    from components c
    join named n on n.root = c.root
   where m.entry_id = c.entry_id
     and m.concept_id <> n.concept_id;
end;
$$;
comment on function private.regroup_concept(uuid) is 'Splits one group by its remaining links: unlinked members leave, each connected component is its own group.';
revoke all on function private.regroup_concept(uuid) from public, anon, authenticated, service_role;

-- Why security definer: concept_members is written by no API role.
-- Once per statement (an entry's delete removes all its links in one go): every group that
-- lost a link is regrouped.
create or replace function private.split_variant_groups()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  touched uuid;
begin
  perform private.lock_variant_groups();
  for touched in
    select distinct m.concept_id
      from public.concept_members m
     where m.entry_id in (select g.entry_a from gone g union select g.entry_b from gone g)
  loop
    perform private.regroup_concept(touched);
  end loop;
  return null;
end;
$$;
comment on function private.split_variant_groups() is 'Variant links trigger: after links are removed, regroups each group that lost one (it may split).';
revoke all on function private.split_variant_groups() from public, anon, authenticated, service_role;

create trigger variant_links_split_groups
  after delete on public.variant_links
  referencing old table as gone
  for each statement execute function private.split_variant_groups();
