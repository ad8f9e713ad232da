-- Variant links can be reported like entries (issue 18). A moderation case may name a link:
-- the unordered pair of its two entries (link_a < link_b, as variant_links stores it). Three
-- accounts with open reports hold the link in the reporting transaction: a held link stays in
-- variant_links but groups nothing — concept_members is built from links that are not held,
-- so each entry's "Elsewhere" list, the concept search and the tutor (all of which read
-- concept_members) stop putting the two together at once, for everyone. Only admins still see
-- a held link (in variant_links and the queue). An admin restores or dismisses (the link groups
-- again) or removes (the link is deleted); each is audited. Pages of the entries whose group
-- changed hear 'variants' as when links come and go (20260801000202).

alter table public.variant_links add column held boolean not null default false;
comment on column public.variant_links.held is
  'True while moderators look at the link (three accounts reported it): it groups nothing and only admins read it.';

drop policy "Anyone can read the links between entries they can see" on public.variant_links;
create policy "Anyone can read the unheld links between entries they can see, admins held ones too"
  on public.variant_links for select
  to anon, authenticated
  using ((not held or (select private.is_admin()))
         and exists (select 1 from public.entries e where e.id = entry_a)
         and exists (select 1 from public.entries e where e.id = entry_b));

-- ---------------------------------------------------------------------------------------
-- Groups from links that are not held

-- Both entries of a pair in one group (a new one, the one either is in, or the two merged).
-- Called by the variant_links triggers only (which run as the table owner).
create or replace function private.join_variant_pair(entry_a uuid, entry_b uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  group_a uuid;
  group_b uuid;
begin
  perform private.lock_variant_groups();
  select m.concept_id into group_a from public.concept_members m where m.entry_id = join_variant_pair.entry_a;
  select m.concept_id into group_b from public.concept_members m where m.entry_id = join_variant_pair.entry_b;
  if group_a is null and group_b is null then
    group_a := extensions.gen_random_uuid();
    insert into public.concept_members (entry_id, concept_id)
    values (join_variant_pair.entry_a, group_a), (join_variant_pair.entry_b, group_a);
  elsif group_a is null then
    insert into public.concept_members (entry_id, concept_id) values (join_variant_pair.entry_a, group_b);
  elsif group_b is null then
    insert into public.concept_members (entry_id, concept_id) values (join_variant_pair.entry_b, group_a);
  elsif group_a <> group_b then
    update public.concept_members m set concept_id = group_a where m.concept_id = group_b;
  end if;
end;
$$;
comment on function private.join_variant_pair(uuid, uuid) is 'Puts two linked entries in one group, merging two if need be.';
revoke all on function private.join_variant_pair(uuid, uuid) from public, anon, authenticated, service_role;

-- Why security definer: concept_members is written by no API role. A held link (only a
-- direct insert could make one) groups nothing.
create or replace function private.join_variant_groups()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not new.held then
    perform private.join_variant_pair(new.entry_a, new.entry_b);
  end if;
  return null;
end;
$$;
comment on function private.join_variant_groups() is 'Variant links trigger: a new link (not held) puts both entries in one group, merging two if need be.';
revoke all on function private.join_variant_groups() from public, anon, authenticated, service_role;

-- As 20260801000200, counting only links that are not held.
create or replace function private.regroup_concept(concept uuid)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  delete from public.concept_members m
   where m.concept_id = regroup_concept.concept
     and not exists (select 1 from public.variant_links l
                      where (l.entry_a = m.entry_id or l.entry_b = m.entry_id) and not l.held);

  with recursive members as (
    select m.entry_id from public.concept_members m where m.concept_id = regroup_concept.concept
  ), edges (here, there) as (
    select l.entry_a, l.entry_b from public.variant_links l where not l.held and l.entry_a in (select entry_id from members)
    union all
    select l.entry_b, l.entry_a from public.variant_links l where not l.held and l.entry_b in (select entry_id from members)
  ), reach (start, node) as (
    select entry_id, entry_id from members
    union
    select r.start, e.there from reach r join edges e on e.here = r.node
  ), components as (
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
comment on function private.regroup_concept(uuid) is
  'Splits one group by its remaining links that are not held: unlinked members leave, each connected component is its own group.';
revoke all on function private.regroup_concept(uuid) from public, anon, authenticated, service_role;

-- Why security definer: concept_members is written by no API role. A link held splits its
-- group as if it were gone; a link released joins its two entries again.
create or replace function private.hold_variant_groups()
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
  if new.held then
    for touched in
      select distinct m.concept_id from public.concept_members m where m.entry_id in (new.entry_a, new.entry_b)
    loop
      perform private.regroup_concept(touched);
    end loop;
  else
    perform private.join_variant_pair(new.entry_a, new.entry_b);
  end if;
  return null;
end;
$$;
comment on function private.hold_variant_groups() is 'Variant links trigger: a held link splits its group as if gone; a released one joins its entries again.';
revoke all on function private.hold_variant_groups() from public, anon, authenticated, service_role;

create trigger variant_links_hold_groups
  after update of held on public.variant_links
  for each row
  when (old.held is distinct from new.held)
  execute function private.hold_variant_groups();

-- Why security definer: realtime.send is the server's alone. After the groups are kept (the
-- row trigger above fires before this statement trigger): every entry whose group changed
-- because a link was held or released hears its new list, as in 20260801000202. A column
-- list cannot go with transition tables, so the held change is found by comparing the rows
-- (a link's creator deleted only clears created_by: nobody is told).
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
    with ends as (
      select a.entry_a as entry_id from after_rows a join before_rows b using (entry_a, entry_b) where a.held is distinct from b.held
      union
      select a.entry_b from after_rows a join before_rows b using (entry_a, entry_b) where a.held is distinct from b.held
    )
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
comment on function private.tell_held_variants() is 'Variant links trigger: when links are held or released, broadcasts each affected entry''s new variant list to its page.';
revoke all on function private.tell_held_variants() from public, anon, authenticated, service_role;

create trigger variant_links_tell_on_hold
  after update on public.variant_links
  referencing old table as before_rows new table as after_rows
  for each statement execute function private.tell_held_variants();

-- As 20260801000201, with a held link neither direct nor unlinkable (an admin reads it; it
-- still groups nothing).
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
      on l.entry_a = least(v.id, entry_variants.entry_id) and l.entry_b = greatest(v.id, entry_variants.entry_id) and not l.held
$$;
comment on function public.entry_variants(uuid) is
  'The rest of an entry''s variant group as [{_id, title, country, voteScore, direct, canUnlink}], best country first, best-voted first within one.';

-- ---------------------------------------------------------------------------------------
-- Cases and audit rows naming a link

alter table public.moderation_cases
  add column link_a uuid references public.entries (id) on delete cascade,
  add column link_b uuid references public.entries (id) on delete cascade,
  add constraint moderation_cases_link_key unique (link_a, link_b),
  add constraint moderation_cases_link_pair_check check ((link_a is null) = (link_b is null) and (link_a is null or link_a < link_b)),
  drop constraint moderation_cases_check,
  add constraint moderation_cases_one_target_check check (num_nonnulls(entry_id, comment_id, link_a) = 1);
comment on column public.moderation_cases.link_a is
  'With link_b, a reported variant link: its pair in order (link_a < link_b). The case outlives the link (a link removed stays in the resolved queue).';
create index moderation_cases_link_b_idx on public.moderation_cases (link_b);

alter table public.audit_log
  drop constraint audit_log_target_type_check,
  add constraint audit_log_target_type_check check (target_type in ('entry', 'comment', 'tag', 'user', 'feedback', 'variant_link'));

-- ---------------------------------------------------------------------------------------
-- The functions /api calls

-- Why security definer: the reporter may not read others' reports nor write the counters and
-- the link's state, yet the third report must hold the link in the same transaction. It checks
-- what RLS would (the caller can see both entries and the link) itself.
-- POST /api/report/addReport {contentId, variantId, reason, note?}.
create or replace function public.add_link_report(content_id uuid, variant_id uuid, reason text, note text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  is_admin boolean := (select private.is_admin());
  body text := nullif(private.trim_text(add_link_report.note), '');
  first uuid := least(add_link_report.content_id, add_link_report.variant_id);
  second uuid := greatest(add_link_report.content_id, add_link_report.variant_id);
  link public.variant_links;
  the_case public.moderation_cases;
  written public.reports;
  counted integer;
begin
  perform private.require_sign_in('report_login_required');
  if content_id is null or variant_id is null then
    raise exception 'name the two linked entries' using errcode = 'PT400', hint = 'report_target_required',
      column = case when content_id is null then 'contentId' else 'variantId' end;
  end if;
  if content_id = variant_id then
    raise exception 'an entry is not its own variant' using errcode = 'PT400', hint = 'variant_self_link', column = 'variantId';
  end if;
  if reason is null or reason not in ('spam', 'offensive', 'wrong', 'duplicate', 'other') then
    raise exception 'unknown reason' using errcode = 'PT400', hint = 'invalid_report_reason', column = 'reason';
  end if;
  if char_length(body) > 500 then
    raise exception 'note is too long' using errcode = 'PT400', hint = 'report_note_too_long', column = 'note';
  end if;

  -- The link row's lock: reports of one link are counted one at a time.
  select * into link from public.variant_links l where l.entry_a = first and l.entry_b = second for update;
  if link.entry_a is null or (link.held and not is_admin)
     or (select count(*) from public.entries e
          where e.id in (first, second) and (e.show or e.owner = who or is_admin)) <> 2 then
    raise exception 'no link between % and %', content_id, variant_id using errcode = 'PT404', hint = 'variant_link_not_found';
  end if;
  if link.created_by = who then
    raise exception 'you linked these entries' using errcode = 'PT400', hint = 'report_own', column = 'variantId';
  end if;

  insert into public.moderation_cases as m (link_a, link_b) values (first, second)
  on conflict on constraint moderation_cases_link_key do update set last_reported_at = m.last_reported_at
  returning * into the_case;

  insert into public.reports as r (case_id, reporter, reason, note)
  values (the_case.id, who, add_link_report.reason, body)
  on conflict (case_id, reporter) where open do nothing
  returning * into written;
  if written.id is null then
    select * into written from public.reports r where r.case_id = the_case.id and r.reporter = who and r.open;
    return jsonb_build_object('_id', written.id, 'reason', written.reason, 'createdAt', written.created_at, 'repeated', true);
  end if;

  select count(*) into counted from public.reports r where r.case_id = the_case.id and r.open;
  update public.moderation_cases m
     set reporters = counted,
         last_reported_at = now(),
         status = 'open',
         first_reported_at = case when m.status = 'resolved' then now() else m.first_reported_at end,
         resolution = case when m.status = 'resolved' then null else m.resolution end,
         resolution_note = case when m.status = 'resolved' then null else m.resolution_note end,
         resolved_by = case when m.status = 'resolved' then null else m.resolved_by end,
         resolved_at = case when m.status = 'resolved' then null else m.resolved_at end
   where m.id = the_case.id;

  -- Three accounts: held for moderators, now (the triggers regroup and tell the pages).
  if counted >= 3 and not link.held then
    update public.variant_links l set held = true where l.entry_a = first and l.entry_b = second;
  end if;
  perform private.tell_queue(the_case.id);
  return jsonb_build_object('_id', written.id, 'reason', written.reason, 'createdAt', written.created_at, 'repeated', false);
end;
$$;
comment on function public.add_link_report(uuid, uuid, text, text) is
  'Reports the variant link between two entries as the caller (once per open case); the third account''s report holds it for moderators.';

-- One case as the queue shows it (20260701000100), a link's too: kind 'link', contentId and
-- variantId (only link cases have it) its pair, and both entries in the preview.
create or replace function private.case_json(m public.moderation_cases)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return (
    select jsonb_build_object(
      '_id', m.id,
      'contentId', coalesce(m.entry_id, c.entry_id, m.link_a),
      'commentId', m.comment_id,
      'recordingId', null,
      'kind', case when m.comment_id is not null then 'comment' when m.link_a is not null then 'link' else 'entry' end,
      'count', m.reporters,
      'reasons', coalesce((select jsonb_object_agg(x.reason, x.n) from (
                   select r.reason, count(*) as n from public.reports r
                    where r.case_id = m.id and r.created_at >= m.first_reported_at group by r.reason) x), '{}'::jsonb),
      'notes', coalesce((select jsonb_agg(jsonb_build_object('text', r.note, 'reason', r.reason, 'createdAt', r.created_at) order by r.created_at)
                           from public.reports r
                          where r.case_id = m.id and r.created_at >= m.first_reported_at and r.note is not null), '[]'::jsonb),
      'firstReportedAt', m.first_reported_at,
      'lastReportedAt', m.last_reported_at,
      'hidden', case when m.link_a is null then coalesce(e.moderation, c.moderation) is not null else coalesce(l.held, false) end,
      'moderation', case when m.link_a is null then coalesce(e.moderation, c.moderation)
                         when l.held then 'held'
                         when l.entry_a is null then 'removed' end,
      'preview', case when m.link_a is not null
                   then jsonb_build_object(
                          'linked', l.entry_a is not null,
                          'linkedBy', (select p.name from public.profiles p where p.id = l.created_by),
                          'entries', (select coalesce(jsonb_agg(jsonb_build_object(
                                               '_id', le.id, 'title', le.title, 'country', le.country,
                                               'ownerName', (select p.name from public.profiles p where p.id = le.owner))
                                             order by le.id), '[]'::jsonb)
                                        from public.entries le where le.id in (m.link_a, m.link_b)))
                   when m.comment_id is null
                   then jsonb_build_object('title', e.title, 'description', left(e.description, 200), 'country', e.country,
                                           'author', e.author, 'ownerName', (select p.name from public.profiles p where p.id = e.owner))
                   else jsonb_build_object('text', left(c.text, 300), 'ownerName', c.owner_name,
                                           'entryTitle', (select ce.title from public.entries ce where ce.id = c.entry_id))
                 end,
      'status', m.status,
      'resolution', m.resolution,
      'resolutionNote', m.resolution_note,
      'resolvedAt', m.resolved_at)
      || case when m.link_a is null then '{}'::jsonb else jsonb_build_object('variantId', m.link_b) end
      from (select 1) one
      left join public.entries e on e.id = m.entry_id
      left join public.comments c on c.id = m.comment_id
      left join public.variant_links l on l.entry_a = m.link_a and l.entry_b = m.link_b);
end;
$$;
revoke all on function private.case_json(public.moderation_cases) from public, anon, authenticated, service_role;
grant execute on function private.case_json(public.moderation_cases) to authenticated;

-- Why security definer: it changes a link no API role may write and closes others' reports,
-- which only this function (for admins) may do. restore and dismiss: the link groups again;
-- remove: the link is deleted. POST /api/admin/resolveReport {contentId, variantId, action, note?}.
create or replace function public.resolve_link_report(content_id uuid, variant_id uuid, action text, note text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  body text := nullif(private.trim_text(resolve_link_report.note), '');
  first uuid := least(resolve_link_report.content_id, resolve_link_report.variant_id);
  second uuid := greatest(resolve_link_report.content_id, resolve_link_report.variant_id);
  the_case public.moderation_cases;
  link public.variant_links;
begin
  perform private.require_admin();
  if content_id is null or variant_id is null then
    raise exception 'name the two linked entries' using errcode = 'PT400', hint = 'report_target_required',
      column = case when content_id is null then 'contentId' else 'variantId' end;
  end if;
  if action is null or action not in ('restore', 'remove', 'dismiss') then
    raise exception 'action is restore, remove or dismiss' using errcode = 'PT400', hint = 'invalid_report_action', column = 'action';
  end if;
  if char_length(body) > 500 then
    raise exception 'note is too long' using errcode = 'PT400', hint = 'report_note_too_long', column = 'note';
  end if;
  -- The link's row first, then the case's, in add_link_report's order (no deadlock between them).
  select * into link from public.variant_links l where l.entry_a = first and l.entry_b = second for update;
  select * into the_case from public.moderation_cases m where m.link_a = first and m.link_b = second for update;
  if the_case.id is null then
    raise exception 'nothing reported' using errcode = 'PT404', hint = 'report_not_found';
  end if;

  if link.entry_a is not null then
    if action = 'remove' then
      delete from public.variant_links l where l.entry_a = first and l.entry_b = second;
    elsif link.held then
      update public.variant_links l set held = false where l.entry_a = first and l.entry_b = second;
    end if;
  end if;

  update public.reports r set open = false where r.case_id = the_case.id and r.open;
  update public.moderation_cases m
     set status = 'resolved', resolution = action, resolution_note = body, resolved_by = (select auth.uid()), resolved_at = now()
   where m.id = the_case.id
  returning * into the_case;
  perform private.audit(action, 'variant_link', first::text || ':' || second::text,
                        (select string_agg(e.title, ' / ' order by e.id) from public.entries e where e.id in (first, second)),
                        body,
                        jsonb_build_object('entries', jsonb_build_array(first, second), 'createdBy', link.created_by,
                                           'linked', link.entry_a is not null, 'reporters', the_case.reporters));
  perform private.tell_queue(the_case.id);
  return private.case_json(the_case);
end;
$$;
comment on function public.resolve_link_report(uuid, uuid, text, text) is
  'Admins: restore or dismiss (the link groups again) or remove (the link is deleted) a reported variant link; closes its reports; audited.';

revoke all on function public.add_link_report(uuid, uuid, text, text) from public, anon, authenticated, service_role;
revoke all on function public.resolve_link_report(uuid, uuid, text, text) from public, anon, authenticated, service_role;
-- Guests may call add_link_report only to be told to sign in (PT401); resolving is for admins.
grant execute on function public.add_link_report(uuid, uuid, text, text) to anon, authenticated;
grant execute on function public.resolve_link_report(uuid, uuid, text, text) to authenticated;
