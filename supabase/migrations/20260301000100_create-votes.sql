-- Votes: one per learner and entry, up (+1) or down (-1). The entry's tallies (upvotes,
-- downvotes and the vote_score the home grid sorts by) are kept by a trigger in the voter's
-- own transaction: the entry row's lock orders concurrent votes, so the tallies stay exact.
create table public.votes (
  entry_id uuid not null references public.entries (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  value smallint not null check (value in (-1, 1)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (entry_id, user_id)
);
comment on table public.votes is 'One vote per learner and entry: +1 (the spec''s upvote) or -1 (downvote).';
comment on column public.votes.value is '+1 upvote, -1 downvote; switching a vote updates it, taking it back deletes the row.';

create index votes_user_idx on public.votes (user_id);

create trigger votes_touch_updated_at
  before update on public.votes
  for each row execute function private.touch_updated_at();

alter table public.votes enable row level security;

create policy "Anyone can read the votes on entries they can see"
  on public.votes for select
  to anon, authenticated
  using (exists (select 1 from public.entries e where e.id = entry_id));

create policy "Learners can vote on shown entries in their own name"
  on public.votes for insert
  to authenticated
  with check (user_id = (select auth.uid()) and exists (select 1 from public.entries e where e.id = entry_id and e.show));

create policy "Learners can switch their own votes"
  on public.votes for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Learners can take back their own votes"
  on public.votes for delete
  to authenticated
  using (user_id = (select auth.uid()));

-- The voter is always the caller (user_id's default); only the value is theirs to choose.
revoke all on public.votes from anon, authenticated;
grant select on public.votes to anon, authenticated;
grant insert (entry_id, value) on public.votes to authenticated;
grant update (value) on public.votes to authenticated;
grant delete on public.votes to authenticated;

-- Keeps entries.upvotes and entries.downvotes equal to the votes rows. Definer: the
-- counters are not the voter's to write (column grants), only this trigger's.
create or replace function private.tally_votes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  up_delta integer := 0;
  down_delta integer := 0;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    if old.value = 1 then up_delta := up_delta - 1; else down_delta := down_delta - 1; end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if new.value = 1 then up_delta := up_delta + 1; else down_delta := down_delta + 1; end if;
  end if;
  if up_delta <> 0 or down_delta <> 0 then
    update public.entries e
       set upvotes = e.upvotes + up_delta, downvotes = e.downvotes + down_delta
     where e.id = coalesce(new.entry_id, old.entry_id);
  end if;
  return null;
end;
$$;
comment on function private.tally_votes() is 'Votes trigger: moves the entry''s up/down tallies by the change, in the voter''s transaction.';
revoke all on function private.tally_votes() from public, anon, authenticated, service_role;

create trigger votes_tally
  after insert or update of value or delete on public.votes
  for each row execute function private.tally_votes();

-- A vote is not an edit: updated_at moves only when the entry's own fields change.
drop trigger entries_touch_updated_at on public.entries;
create trigger entries_touch_updated_at
  before update of title, description, country, hint, example_sentence, author, show on public.entries
  for each row execute function private.touch_updated_at();

-- 'upvote' / 'downvote' (the spec's voteType) for a stored value, and back.
create or replace function private.vote_value(vote_type text)
returns smallint
language sql
immutable
set search_path = ''
as $$
  select case vote_type when 'upvote' then 1::smallint when 'downvote' then -1::smallint end
$$;

-- An entry's tallies and the caller's own vote, as the /api replies with them.
create or replace function public.vote_summary(entry_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'contentId', e.id,
    'upvotes', e.upvotes,
    'downvotes', e.downvotes,
    'voteCount', e.vote_score,
    'userVote', (select case v.value when 1 then 'upvote' when -1 then 'downvote' end
                   from public.votes v
                  where v.entry_id = e.id and v.user_id = (select auth.uid())))
  from public.entries e
  where e.id = vote_summary.entry_id
$$;
comment on function public.vote_summary(uuid) is 'An entry''s up/down tallies, score and the caller''s own vote (null when none).';

-- Casts the caller's vote: a first vote is recorded, the other way switches it, the same
-- vote again answers 409 (the spec's "Vote already recorded..."). Guests are asked to log in.
create or replace function public.cast_vote(entry_id uuid, vote_type text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  wanted smallint := private.vote_value(vote_type);
begin
  perform private.require_sign_in('vote_login_required');
  if wanted is null then
    raise exception 'vote type must be upvote or downvote' using errcode = 'PT400', hint = 'vote_type_invalid', column = 'voteType';
  end if;
  if not exists (select 1 from public.entries e where e.id = cast_vote.entry_id) then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  -- One statement for first votes, switches and repeats, so two tabs voting at once cannot
  -- both insert: the second becomes the update (or the 409).
  insert into public.votes as v (entry_id, value)
  values (cast_vote.entry_id, wanted)
  on conflict on constraint votes_pkey do update set value = excluded.value
   where v.value is distinct from excluded.value;
  if not found then
    raise exception 'vote already recorded' using errcode = 'PT409', hint = 'vote_already_recorded';
  end if;
  return public.vote_summary(entry_id);
end;
$$;
comment on function public.cast_vote(uuid, text) is 'Records, switches or (409) repeats the caller''s vote on an entry; returns the vote summary.';

-- Takes the caller's vote back.
create or replace function public.remove_vote(entry_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
begin
  perform private.require_sign_in('vote_login_required');
  delete from public.votes v where v.entry_id = remove_vote.entry_id and v.user_id = (select auth.uid());
  if not found then
    raise exception 'no vote on %', entry_id using errcode = 'PT404', hint = 'vote_not_found';
  end if;
  return public.vote_summary(entry_id);
end;
$$;
comment on function public.remove_vote(uuid) is 'Deletes the caller''s vote on an entry (404 when there is none); returns the vote summary.';

-- The votes on an entry the caller can see, newest first (the spec's list).
create or replace function public.votes_of_entry(entry_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from public.entries e where e.id = votes_of_entry.entry_id) then
    raise exception 'no entry %', entry_id using errcode = 'PT404', hint = 'entry_not_found';
  end if;
  return coalesce(
    (select jsonb_agg(jsonb_build_object(
              'contentId', v.entry_id,
              'userId', v.user_id,
              'voteType', case v.value when 1 then 'upvote' else 'downvote' end,
              'createdAt', v.created_at) order by v.created_at desc, v.user_id)
       from public.votes v
      where v.entry_id = votes_of_entry.entry_id),
    '[]'::jsonb);
end;
$$;
comment on function public.votes_of_entry(uuid) is 'The votes on an entry the caller can see: contentId, userId, voteType, createdAt.';

revoke all on function private.vote_value(text) from public, anon, authenticated, service_role;
grant execute on function private.vote_value(text) to anon, authenticated;
revoke all on function public.vote_summary(uuid) from public, anon, authenticated, service_role;
revoke all on function public.cast_vote(uuid, text) from public, anon, authenticated, service_role;
revoke all on function public.remove_vote(uuid) from public, anon, authenticated, service_role;
revoke all on function public.votes_of_entry(uuid) from public, anon, authenticated, service_role;
grant execute on function public.vote_summary(uuid) to anon, authenticated;
grant execute on function public.votes_of_entry(uuid) to anon, authenticated;
-- Guests may call the writes only to be told to log in (PT401), in the client's words.
grant execute on function public.cast_vote(uuid, text) to anon, authenticated;
grant execute on function public.remove_vote(uuid) to anon, authenticated;
