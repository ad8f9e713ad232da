-- One way to tell pages about variants: the three triggers that broadcast 'variants' (links
-- added or removed, 20260801000202; links held or released, 20260801000800; a grouped entry
-- edited, 20260801000203) each wrote the same broadcast, and the first two the same "which
-- pages" query. Both now live here once; what each trigger sends, and to whom, is unchanged.

-- The pages a change of links between these entries reaches: every member of a group now
-- holding one of them, and the entries themselves (one may have left its group).
create or replace function private.variant_pages(ends uuid[])
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select m.entry_id
    from public.concept_members m
   where m.concept_id in (select g.concept_id from public.concept_members g where g.entry_id = any (variant_pages.ends))
  union
  select unnest(variant_pages.ends)
$$;
comment on function private.variant_pages(uuid[]) is 'The entries whose pages hear a change of links between these entries: their groups'' members and themselves.';
revoke all on function private.variant_pages(uuid[]) from public, anon, authenticated, service_role;

-- An entry's new list on its page's topic: {contentId, variants} without canUnlink (the
-- broadcast is the same for everyone). Called by the definer triggers below, as their owner.
create or replace function private.send_variants(told uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  select realtime.send(
    jsonb_build_object('contentId', send_variants.told, 'variants', coalesce(
      (select jsonb_agg(v.item - 'canUnlink' order by v.n)
         from jsonb_array_elements(public.entry_variants(send_variants.told)) with ordinality as v(item, n)),
      '[]'::jsonb)),
    'variants', 'entry:' || send_variants.told, true)
$$;
comment on function private.send_variants(uuid) is 'Broadcasts an entry''s variant list to its page (event variants on entry:<id>).';
revoke all on function private.send_variants(uuid) from public, anon, authenticated, service_role;

-- As 20260801000202.
create or replace function private.tell_variants()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  told uuid;
begin
  for told in
    select private.variant_pages(array(select c.entry_a from changed c union select c.entry_b from changed c))
  loop
    if exists (select 1 from public.entries e where e.id = told) then
      perform private.send_variants(told);
    end if;
  end loop;
  return null;
end;
$$;

-- As 20260801000800.
create or replace function private.tell_held_variants()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  told uuid;
begin
  for told in
    with held_changed as (
      select a.entry_a, a.entry_b from after_rows a join before_rows b using (entry_a, entry_b) where a.held is distinct from b.held
    )
    select private.variant_pages(array(select h.entry_a from held_changed h union select h.entry_b from held_changed h))
  loop
    if exists (select 1 from public.entries e where e.id = told) then
      perform private.send_variants(told);
    end if;
  end loop;
  return null;
end;
$$;

-- As 20260801000203.
create or replace function private.tell_variant_edit()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  told uuid;
begin
  for told in
    select m.entry_id
      from public.concept_members m
     where m.concept_id = (select g.concept_id from public.concept_members g where g.entry_id = new.id)
       and m.entry_id <> new.id
  loop
    perform private.send_variants(told);
  end loop;
  return null;
end;
$$;
