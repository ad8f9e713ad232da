-- Variant links reach open pages live, as votes and edits do: when links change, every entry
-- whose group changed hears 'variants' on its page's topic (entry:<id>, which only those who
-- can see the entry may join) with its new list: {contentId, variants: [{_id, title, country,
-- voteScore, direct}]}. The broadcast is the same for everyone, so it leaves out canUnlink
-- (the caller's own reply says it).

-- Why security definer: realtime.send is the server's alone (no API role may broadcast).
-- Once per statement, after the groups are kept (variant_links_join_groups is a row trigger,
-- which fires before any statement trigger; variant_links_split_groups sorts before this).
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
    with ends as (
      select c.entry_a as entry_id from changed c
      union
      select c.entry_b from changed c
    )
    -- Every member of a group now holding an end, and the ends themselves (one may have left).
    select m.entry_id
      from public.concept_members m
     where m.concept_id in (select g.concept_id from public.concept_members g where g.entry_id in (select entry_id from ends))
    union
    select entry_id from ends
  loop
    if exists (select 1 from public.entries e where e.id = told) then
      perform realtime.send(
        jsonb_build_object('contentId', told, 'variants', coalesce(
          (select jsonb_agg(v.item - 'canUnlink' order by v.n)
             from jsonb_array_elements(public.entry_variants(told)) with ordinality as v(item, n)),
          '[]'::jsonb)),
        'variants', 'entry:' || told, true);
    end if;
  end loop;
  return null;
end;
$$;
comment on function private.tell_variants() is 'Variant links trigger: broadcasts each affected entry''s new variant list to its page.';
revoke all on function private.tell_variants() from public, anon, authenticated, service_role;

create trigger variant_links_tell_on_insert
  after insert on public.variant_links
  referencing new table as changed
  for each statement execute function private.tell_variants();
create trigger variant_links_tell_on_delete
  after delete on public.variant_links
  referencing old table as changed
  for each statement execute function private.tell_variants();
