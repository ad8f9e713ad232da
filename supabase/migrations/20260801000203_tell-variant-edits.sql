-- A variant's own change reaches the pages of its group too: when an entry in a group is
-- renamed, moves country, or is hidden or shown again (an edit, moderation), every other
-- member's page hears 'variants' with its new list, as when links change
-- (20260801000202_tell-variant-changes.sql). Votes are left out: they are frequent, and a
-- variant's score on another page may wait for its next load.

-- Why security definer: realtime.send is the server's alone (no API role may broadcast).
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
    perform realtime.send(
      jsonb_build_object('contentId', told, 'variants', coalesce(
        (select jsonb_agg(v.item - 'canUnlink' order by v.n)
           from jsonb_array_elements(public.entry_variants(told)) with ordinality as v(item, n)),
        '[]'::jsonb)),
      'variants', 'entry:' || told, true);
  end loop;
  return null;
end;
$$;
comment on function private.tell_variant_edit() is 'Entries trigger: a grouped entry''s new title, country or visibility is broadcast to the other pages of its group.';
revoke all on function private.tell_variant_edit() from public, anon, authenticated, service_role;

-- Not `update of` these columns: moderation hides an entry through a trigger, not its SET list.
create trigger entries_tell_variant_edits
  after update on public.entries
  for each row
  when ((old.title, old.country, old.show) is distinct from (new.title, new.country, new.show))
  execute function private.tell_variant_edit();
