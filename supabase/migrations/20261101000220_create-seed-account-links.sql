-- The seed's reset-password and verify-email pages read `?token=` from their link and post it
-- to /api. Auth mails the links (its recovery and confirmation mails); the /api puts a token
-- of its own in their redirect_to and keeps only its SHA-256 here, with the account it was
-- asked for and an expiry: holding the token shows the mail was read. One use each.
create table private.account_links (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  purpose text not null check (purpose in ('reset_password', 'verify_email')),
  user_id uuid not null references auth.users (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
comment on table private.account_links is
  'Tokens of the seed''s reset-password and verify-email links (SHA-256 only): which account, what for, until when; used once. Reached only through the definer functions below.';
create index account_links_user_idx on private.account_links (user_id);
-- No policy: nobody reads or writes it but the functions below (definer, owner).
alter table private.account_links enable row level security;
revoke all on table private.account_links from public, anon, authenticated, service_role;

-- Remembers a link's token for the account with this e-mail, if there is one (the caller is
-- told nothing either way): a reset link lives an hour, a verification link two days. Old
-- tokens of the account for the same purpose go (one live link each), and expired ones.
create or replace function private.remember_account_link(purpose text, email text, token_hash text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  account uuid;
begin
  if remember_account_link.purpose not in ('reset_password', 'verify_email')
     or remember_account_link.token_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'not a link token' using errcode = 'PT400', hint = 'invalid_input';
  end if;
  select u.id into account from auth.users u where lower(u.email) = lower(btrim(remember_account_link.email)) limit 1;
  delete from private.account_links l where l.expires_at < now();
  if account is null then
    return;
  end if;
  delete from private.account_links l where l.user_id = account and l.purpose = remember_account_link.purpose;
  insert into private.account_links (token_hash, purpose, user_id, expires_at)
  values (remember_account_link.token_hash, remember_account_link.purpose, account,
          now() + case remember_account_link.purpose when 'reset_password' then interval '1 hour' else interval '48 hours' end);
end;
$$;
comment on function private.remember_account_link(text, text, text) is
  'Keeps the SHA-256 of a reset-password or verify-email link''s token for the account with this e-mail (none: nothing, and nothing said).';

-- Uses a link's token once: {userId, emailConfirmed} of its account, or PT400
-- reset_link_invalid / verification_link_invalid when unknown, used, expired or (a reset)
-- not yet followed through Auth. A reset also ends every session of the account (the /api
-- sets the new password next). A refused token is left as it was.
create or replace function private.use_account_link(purpose text, token_hash text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  used private.account_links;
begin
  delete from private.account_links l
   where l.token_hash = use_account_link.token_hash and l.purpose = use_account_link.purpose and l.expires_at >= now()
  returning * into used;
  -- A reset token counts only once Auth's own recovery link, mailed with it, was followed
  -- (a session signed in by 'recovery' since the token was made): the token alone is not
  -- proof enough that the mail was read.
  if used.purpose = 'reset_password' and not exists (
       select 1 from auth.mfa_amr_claims m join auth.sessions s on s.id = m.session_id
        where s.user_id = used.user_id and m.authentication_method = 'recovery' and m.created_at >= used.created_at) then
    used := null;
  end if;
  if used.user_id is null then
    raise exception 'the link is unknown, used or expired' using errcode = 'PT400',
      hint = case use_account_link.purpose when 'reset_password' then 'reset_link_invalid' else 'verification_link_invalid' end;
  end if;
  if used.purpose = 'reset_password' then
    delete from auth.sessions s where s.user_id = used.user_id;
  end if;
  return jsonb_build_object('userId', used.user_id,
                            'emailConfirmed', (select u.email_confirmed_at is not null from auth.users u where u.id = used.user_id));
end;
$$;
comment on function private.use_account_link(text, text) is
  'Takes a reset-password or verify-email token (its SHA-256) once: {userId, emailConfirmed} (a reset also ends the account''s sessions), else PT400.';

-- Whether the caller's e-mail address is confirmed (the seed's emailVerified).
create or replace function private.caller_email_confirmed()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select u.email_confirmed_at is not null from auth.users u where u.id = (select auth.uid())
$$;
comment on function private.caller_email_confirmed() is 'Whether the signed-in caller''s e-mail address is confirmed.';

revoke all on function private.remember_account_link(text, text, text) from public, anon, authenticated, service_role;
revoke all on function private.use_account_link(text, text) from public, anon, authenticated, service_role;
revoke all on function private.caller_email_confirmed() from public, anon, authenticated, service_role;
-- Guests ask for reset links and follow both kinds; the signed-in ask for verification links.
grant execute on function private.remember_account_link(text, text, text) to anon, authenticated;
grant execute on function private.use_account_link(text, text) to anon, authenticated;
grant execute on function private.caller_email_confirmed() to authenticated;
