-- Variants, the functions /api calls: link_variant and unlink_variant (the only writes), and
-- entry_variants (what an entry's page shows of its group, inside getContentById's one query).
-- Errors follow 20260201000100_create-request-guards.sql.

-- Linking counts against the account write limits like any other write; unlinking does not
-- (as a vote taken back does not).
insert into private.write_limits (kind, per_minute, per_hour_new, per_hour) values ('links', 30, 60, 300);

create trigger variant_links_limit_account_writes before insert on public.variant_links
  for each row execute function private.limit_account_writes('links');

-- The rest of an entry's group, shown entries only: countries ordered by their best-voted
-- form, then by code; within a country, best-voted first. `direct` says the entry is linked to
-- this one itself (not through another); `canUnlink` whether the caller may remove that link
-- (they made it, own either entry, or are an admin). Runs as the caller: only what they may see.
create or replace function public.entry_variants(entry_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(
      jsonb_build_object(
        '_id', v.id,
        'title', v.title,
        'country', v.country,
        'voteScore', v.vote_score,
        'direct', l.entry_a is not null,
        'canUnlink', coalesce(l.entry_a is not null and (select auth.uid()) is not null
                              and (l.created_by = (select auth.uid())
                                   or v.owner = (select auth.uid())
                                   or me.owner = (select auth.uid())
                                   or (select private.is_admin())), false))
      order by v.best desc, v.country, v.vote_score desc, v.created_at, v.id),
    '[]'::jsonb)
    from (select e.id, e.title, e.country, e.vote_score, e.owner, e.created_at,
                 max(e.vote_score) over (partition by e.country) as best
            from public.concept_members mine
            join public.concept_members other on other.concept_id = mine.concept_id and other.entry_id <> mine.entry_id
            join public.entries e on e.id = other.entry_id and e.show
           where mine.entry_id = entry_variants.entry_id) v
    left join public.entries me on me.id = entry_variants.entry_id
    left join public.variant_links l
      on l.entry_a = least(v.id, entry_variants.entry_id) and l.entry_b = greatest(v.id, entry_variants.entry_id)
$$;
comment on function public.entry_variants(uuid) is
  'The rest of an entry''s variant group as [{_id, title, country, voteScore, direct, canUnlink}], best country first, best-voted first within one.';

-- Why security definer: no API role may write variant_links. Called by link_variant, which
-- has checked (as the caller, by the read policy) that both entries exist for them; the rule is
-- repeated here so that no other door links what the caller cannot see. True when the link
-- is new, false when it was there already.
create or replace function private.add_variant_link(entry_a uuid, entry_b uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
begin
  if who is null then
    raise exception 'this needs a signed-in user' using errcode = 'PT401', hint = 'variant_login_required';
  end if;
  if add_variant_link.entry_a = add_variant_link.entry_b then
    raise exception 'an entry cannot be its own variant' using errcode = 'PT400', hint = 'variant_self_link', column = 'variantId';
  end if;
  if (select count(*) from public.entries e
       where e.id in (add_variant_link.entry_a, add_variant_link.entry_b)
         and (e.show or e.owner = who or (select private.is_admin()))) <> 2 then
    raise exception 'no such entries' using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  if exists (select 1 from public.variant_links l
              where l.entry_a = least(add_variant_link.entry_a, add_variant_link.entry_b)
                and l.entry_b = greatest(add_variant_link.entry_a, add_variant_link.entry_b)) then
    return false; -- linking again changes nothing (and is not counted as a write)
  end if;
  insert into public.variant_links (entry_a, entry_b, created_by)
  values (least(add_variant_link.entry_a, add_variant_link.entry_b), greatest(add_variant_link.entry_a, add_variant_link.entry_b), who)
  on conflict on constraint variant_links_pkey do nothing;
  return found;
end;
$$;
comment on function private.add_variant_link(uuid, uuid) is 'Links two entries the caller can see as variants (in either order); false when already linked.';
revoke all on function private.add_variant_link(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function private.add_variant_link(uuid, uuid) to authenticated;

-- Why security definer: no API role may delete from variant_links. Removes the link when the
-- caller made it, owns either entry, or is an admin; false (nothing removed) otherwise.
create or replace function private.remove_variant_link(entry_a uuid, entry_b uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
begin
  if who is null then
    return false;
  end if;
  delete from public.variant_links l
   where l.entry_a = least(remove_variant_link.entry_a, remove_variant_link.entry_b)
     and l.entry_b = greatest(remove_variant_link.entry_a, remove_variant_link.entry_b)
     and (l.created_by = who
          or (select private.is_admin())
          or exists (select 1 from public.entries e where e.id in (l.entry_a, l.entry_b) and e.owner = who));
  return found;
end;
$$;
comment on function private.remove_variant_link(uuid, uuid) is 'Removes a variant link when the caller linked it, owns either entry or is an admin.';
revoke all on function private.remove_variant_link(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function private.remove_variant_link(uuid, uuid) to authenticated;

-- Says two entries mean the same thing in their countries. Signed-in only; an entry linked to
-- itself is 400; an entry the caller cannot see is 404; linking again changes nothing.
-- Returns {created, variants} with the content's variants as entry_variants gives them.
create or replace function public.link_variant(content_id uuid, variant_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  created boolean;
begin
  perform private.require_sign_in('variant_login_required');
  if link_variant.content_id is null or link_variant.variant_id is null then
    raise exception 'two entries are needed' using errcode = 'PT400', hint = 'invalid_id',
      column = case when link_variant.content_id is null then 'contentId' else 'variantId' end;
  end if;
  if link_variant.content_id = link_variant.variant_id then
    raise exception 'an entry cannot be its own variant' using errcode = 'PT400', hint = 'variant_self_link', column = 'variantId';
  end if;
  if not exists (select 1 from public.entries e where e.id = link_variant.content_id) then
    raise exception 'no entry %', content_id using errcode = 'PT404', hint = 'entry_not_found', column = 'contentId';
  end if;
  if not exists (select 1 from public.entries e where e.id = link_variant.variant_id) then
    raise exception 'no entry %', variant_id using errcode = 'PT404', hint = 'entry_not_found', column = 'variantId';
  end if;
  created := private.add_variant_link(link_variant.content_id, link_variant.variant_id);
  return jsonb_build_object('created', created, 'variants', public.entry_variants(link_variant.content_id));
end;
$$;
comment on function public.link_variant(uuid, uuid) is
  'Links two entries as variants as the caller (idempotent, either order); returns {created, variants}.';

-- Takes a link away: whoever linked them, either entry's owner, or an admin (403 for anyone
-- else); 404 when the caller sees no such link. Returns the content's variants afterwards.
create or replace function public.unlink_variant(content_id uuid, variant_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform private.require_sign_in('variant_login_required');
  -- Run as the caller: a link between entries they cannot see is not there for them.
  if not exists (select 1 from public.variant_links l
                  where l.entry_a = least(unlink_variant.content_id, unlink_variant.variant_id)
                    and l.entry_b = greatest(unlink_variant.content_id, unlink_variant.variant_id)) then
    raise exception 'no link between % and %', content_id, variant_id using errcode = 'PT404', hint = 'variant_link_not_found';
  end if;
  if not private.remove_variant_link(unlink_variant.content_id, unlink_variant.variant_id) then
    raise exception 'not allowed to remove this link' using errcode = 'PT403', hint = 'forbidden';
  end if;
  return public.entry_variants(unlink_variant.content_id);
end;
$$;
comment on function public.unlink_variant(uuid, uuid) is 'Removes a variant link as the caller (linker, either entry''s owner or admin); returns the content''s variants.';

revoke all on function public.entry_variants(uuid) from public, anon, authenticated, service_role;
revoke all on function public.link_variant(uuid, uuid) from public, anon, authenticated, service_role;
revoke all on function public.unlink_variant(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.entry_variants(uuid) to anon, authenticated, service_role;
-- Guests may call the writes only to be told to sign in (PT401), in the client's words.
grant execute on function public.link_variant(uuid, uuid) to anon, authenticated;
grant execute on function public.unlink_variant(uuid, uuid) to anon, authenticated;
