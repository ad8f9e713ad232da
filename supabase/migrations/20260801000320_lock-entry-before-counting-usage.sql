-- keep_usage (20260801000300) counted an entry's marks before taking its row lock: two
-- learners marking the same entry at once could each count without the other's mark, and
-- the one who wrote rude_in last could leave it stale. Now the entry's row is locked first
-- (for no key update: the marks' foreign keys hold key share locks on it, which this does
-- not wait for), then the marks are counted in a statement of its own, which sees every
-- mark committed meanwhile. Entries are locked in id order when one statement marks several.

-- Why security definer: entries.rude_in is not the marker's to write (no client may write
-- it: column grants), and realtime.send is the server's alone.
create or replace function private.keep_usage()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed uuid;
  rude char(2)[];
begin
  for changed in select distinct c.entry_id from changed_rows c order by 1
  loop
    if not exists (select 1 from public.entries e where e.id = changed for no key update) then
      continue; -- the entry itself is being deleted
    end if;
    rude := private.rude_countries(changed);
    update public.entries e set rude_in = rude where e.id = changed and e.rude_in is distinct from rude;
    perform realtime.send(
      jsonb_build_object('contentId', changed, 'usage', private.usage_tallies(changed), 'rudeIn', to_jsonb(rude)),
      'usage', 'entry:' || changed, true);
  end loop;
  return null;
end;
$$;
comment on function private.keep_usage() is
  'Usage marks trigger: locks each changed entry, recomputes its rude_in and broadcasts its tallies (entry:<id>, event usage), once per statement.';
revoke all on function private.keep_usage() from public, anon, authenticated, service_role;
