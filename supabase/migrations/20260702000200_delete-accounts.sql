-- "Delete my account": a learner leaves with their current password, or an admin removes an
-- account. Flashcards, reviews, streaks, chats, notifications, votes and reports go with
-- the account (their foreign keys cascade); entries and comments stay, shown as by
-- "deleted user"; sessions end at once (auth.sessions cascades); the audit log keeps the event.

-- Comments outlive their writer, as entries and tags already do.
alter table public.comments alter column owner drop not null;
alter table public.comments drop constraint comments_owner_fkey;
alter table public.comments add constraint comments_owner_fkey foreign key (owner) references auth.users (id) on delete set null;
comment on column public.comments.owner is 'The writer; null once their account was deleted (owner_name then says "deleted user").';

-- Why security definer: an account lives in auth.users, which no API role may delete from;
-- this function holds who may (the account itself with its password, or an admin for
-- someone else) and writes the audit row in the same transaction.
create or replace function public.delete_account(current_password text default null, target uuid default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  leaving public.profiles;
  by_admin boolean;
begin
  perform private.require_sign_in();
  by_admin := target is not null and target is distinct from who;
  if by_admin then
    perform private.require_admin();
  else
    -- The account itself: a stolen session is not enough.
    perform private.check_current_password(current_password);
  end if;
  select * into leaving from public.profiles p where p.id = coalesce(target, who) for update;
  if leaving.id is null then
    raise exception 'no such user' using errcode = 'PT404', hint = 'user_not_found';
  end if;
  if by_admin and leaving.is_admin then
    raise exception 'revoke admin rights first' using errcode = 'PT409', hint = 'delete_admin';
  end if;
  if not by_admin and leaving.is_admin and not exists (select 1 from public.profiles p where p.is_admin and p.id <> leaving.id) then
    raise exception 'you are the only admin' using errcode = 'PT409', hint = 'last_admin';
  end if;

  update public.comments c set owner_name = 'deleted user' where c.owner = leaving.id;
  perform private.audit('delete_account', 'user', leaving.id::text, leaving.name, null,
                        jsonb_build_object('byAdmin', by_admin));
  delete from auth.users u where u.id = leaving.id;
  return jsonb_build_object('_id', leaving.id, 'deleted', true);
end;
$$;
comment on function public.delete_account(text, uuid) is
  'Deletes the caller''s account (with its current password) or, for an admin, someone else''s; entries and comments stay as by "deleted user"; audited.';
revoke all on function public.delete_account(text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.delete_account(text, uuid) to authenticated;
