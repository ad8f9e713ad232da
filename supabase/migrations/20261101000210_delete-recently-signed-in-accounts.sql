-- The seed's delete-account (POST /api/user/delete-account {confirmation: 'DELETE'}) sends no
-- password. A stolen session must still not be enough (public.delete_account asks for the
-- password): without one, the account goes only from a session signed in within the last ten
-- minutes (the token's newest `amr` timestamp: when its holder last proved who they are).
create or replace function private.delete_own_account(confirmation text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  who constant uuid := (select auth.uid());
  proven_at double precision;
  leaving public.profiles;
begin
  perform private.require_sign_in('delete_login_required');
  perform private.assert_session();
  if delete_own_account.confirmation is distinct from 'DELETE' then
    raise exception 'type DELETE to confirm' using errcode = 'PT400', hint = 'delete_confirmation_required', column = 'confirmation';
  end if;
  select max((claim ->> 'timestamp')::double precision) into proven_at
    from pg_catalog.jsonb_array_elements(
           case when pg_catalog.jsonb_typeof((select auth.jwt()) -> 'amr') = 'array' then (select auth.jwt()) -> 'amr' else '[]'::jsonb end) claim
   where pg_catalog.jsonb_typeof(claim -> 'timestamp') = 'number';
  if proven_at is null or proven_at < extract(epoch from pg_catalog.now()) - 600 then
    raise exception 'sign in again to delete the account' using errcode = 'PT403', hint = 'reauthentication_required';
  end if;
  select * into leaving from public.profiles p where p.id = who for update;
  if leaving.id is null then
    raise exception 'no such user' using errcode = 'PT404', hint = 'user_not_found';
  end if;
  if leaving.is_admin and not exists (select 1 from public.profiles p where p.is_admin and p.id <> leaving.id) then
    raise exception 'you are the only admin' using errcode = 'PT409', hint = 'last_admin';
  end if;

  update public.comments c set owner_name = 'deleted user' where c.owner = leaving.id;
  perform private.audit('delete_account', 'user', leaving.id::text, leaving.name, null,
                        jsonb_build_object('byAdmin', false, 'confirmedBy', 'recent_sign_in'));
  delete from auth.users u where u.id = leaving.id;
  return jsonb_build_object('_id', leaving.id, 'deleted', true);
end;
$$;
comment on function private.delete_own_account(text) is
  'Deletes the caller''s own account when confirmation is ''DELETE'' and their session signed in within ten minutes (no password: the seed''s delete-account); as public.delete_account otherwise.';
revoke all on function private.delete_own_account(text) from public, anon, authenticated, service_role;
grant execute on function private.delete_own_account(text) to authenticated;
