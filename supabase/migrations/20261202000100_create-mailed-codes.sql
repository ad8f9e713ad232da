-- The local Auth service's mailed codes and links (recovery, sign-up confirmation, both
-- sides of an e-mail change, the reauthentication nonce), and how many wrong guesses each
-- code and each account may take. Hosted GoTrue keeps its own tokens and has no attempt
-- counter; these rows are the local stand-in's state, read and written only by it (it
-- connects as the owner), never by an API role.
--
-- The arithmetic (SECURITY.md, "Mailed codes"): a 6-digit code is one of 10^6. A code dies
-- after 5 wrong guesses, and an account takes at most 9 wrong guesses at any of its codes in
-- any 24 hours, whatever address they come from; past either, even the right code is refused
-- as a wrong one is. So one account's codes are guessed right with a chance of at most
-- 9 in 10^6 a day. The mailed link carries a separate 256-bit token, so guessing a code never
-- tells the link, and a burnt code never kills its link.
create table private.mailed_codes (
  user_id uuid not null references auth.users (id) on delete cascade,
  purpose text not null
    check (purpose in ('signup', 'recovery', 'email_change_current', 'email_change_new', 'reauthentication')),
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  link_hash text check (link_hash ~ '^[0-9a-f]{64}$'),
  sent_at timestamptz not null,
  expires_at timestamptz not null,
  wrong_guesses integer not null default 0 check (wrong_guesses >= 0),
  primary key (user_id, purpose)
);
comment on table private.mailed_codes is
  'The live code (and link) of each mail the local Auth sent an account, one per purpose; a newer mail replaces it, using it deletes it.';
comment on column private.mailed_codes.code_hash is
  'Hex SHA-256 of the account, the purpose and the 6-digit code (private.mailed_code_hash); the code itself is never kept.';
comment on column private.mailed_codes.link_hash is
  'Hex SHA-256 of the 32-byte random token in the mailed link (none for the reauthentication nonce, which has no link).';
comment on column private.mailed_codes.wrong_guesses is 'Wrong guesses at this code; at 5 the code is dead.';
create unique index mailed_codes_link_hash_key on private.mailed_codes (link_hash);
-- No policy: only the owner (the local Auth) reads or writes it.
alter table private.mailed_codes enable row level security;
revoke all on table private.mailed_codes from public, anon, authenticated, service_role;

create table private.mailed_code_guesses (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  purpose text not null,
  guessed_at timestamptz not null
);
comment on table private.mailed_code_guesses is
  'One row per wrong guess at any mailed code of an account, kept a day: the account-wide budget of 9 a day counts them.';
create index mailed_code_guesses_user_idx on private.mailed_code_guesses (user_id, guessed_at);
alter table private.mailed_code_guesses enable row level security;
revoke all on table private.mailed_code_guesses from public, anon, authenticated, service_role;

-- A code's stored form. Salted with the account and purpose so equal codes never look alike;
-- a hash cannot hide one of 10^6 codes from someone who reads this table, so what protects
-- the codes is that no API role can.
create or replace function private.mailed_code_hash(user_id uuid, purpose text, code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(extensions.digest(user_id::text || ':' || purpose || ':' || coalesce(code, ''), 'sha256'), 'hex')
$$;
revoke all on function private.mailed_code_hash(uuid, text, text) from public, anon, authenticated, service_role;

-- Keeps a freshly mailed code (and its link's token) for the account, replacing the last
-- mail of the same purpose: its code and link die, and the new code starts with no wrong
-- guesses (the account's daily budget goes on).
create or replace function private.keep_mailed_code(
  user_id uuid, purpose text, code text, link_token text, sent_at timestamptz, expires_at timestamptz)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if keep_mailed_code.code !~ '^[0-9]{6}$' then
    raise exception 'a mailed code has six digits' using errcode = 'PT400', hint = 'invalid_input';
  end if;
  if keep_mailed_code.link_token is not null and length(keep_mailed_code.link_token) < 32 then
    raise exception 'a mailed link token is long and random' using errcode = 'PT400', hint = 'invalid_input';
  end if;
  insert into private.mailed_codes as m (user_id, purpose, code_hash, link_hash, sent_at, expires_at, wrong_guesses)
  values (keep_mailed_code.user_id, keep_mailed_code.purpose,
          private.mailed_code_hash(keep_mailed_code.user_id, keep_mailed_code.purpose, keep_mailed_code.code),
          case when keep_mailed_code.link_token is null then null
               else encode(extensions.digest(keep_mailed_code.link_token, 'sha256'), 'hex') end,
          keep_mailed_code.sent_at, keep_mailed_code.expires_at, 0)
  on conflict on constraint mailed_codes_pkey do update
     set code_hash = excluded.code_hash, link_hash = excluded.link_hash, sent_at = excluded.sent_at,
         expires_at = excluded.expires_at, wrong_guesses = 0;
end;
$$;
comment on function private.keep_mailed_code(uuid, text, text, text, timestamptz, timestamptz) is
  'Stores a mailed code and link token (hashed) for an account, replacing the previous mail of that purpose.';
revoke all on function private.keep_mailed_code(uuid, text, text, text, timestamptz, timestamptz)
  from public, anon, authenticated, service_role;

-- One guess at a code of the account, at time `at`: the newest live code among `purposes`
-- is compared. 'used' (the code is deleted: it works once), 'wrong' (counted against the
-- code and the account) or 'refused' (no live code, the code took 5 wrong guesses, or the
-- account 9 in the last 24 hours: nothing is compared, so the right code is refused too).
-- The account's row lock makes concurrent guesses take turns, so no two read the same
-- count: the caps hold under any number of simultaneous guesses.
create or replace function private.guess_mailed_code(user_id uuid, purposes text[], code text, at timestamptz)
returns table (outcome text, purpose text)
language plpgsql
volatile
set search_path = ''
as $$
declare
  per_code constant integer := 5;
  per_day constant integer := 9;
  candidate private.mailed_codes;
  recent integer;
begin
  perform 1 from auth.users u where u.id = guess_mailed_code.user_id for update;
  select count(*) into recent
    from private.mailed_code_guesses g
   where g.user_id = guess_mailed_code.user_id and g.guessed_at > guess_mailed_code.at - interval '24 hours';
  select m.* into candidate
    from private.mailed_codes m
   where m.user_id = guess_mailed_code.user_id and m.purpose = any (guess_mailed_code.purposes)
     and m.expires_at > guess_mailed_code.at and m.wrong_guesses < per_code
   order by m.sent_at desc
   limit 1
     for update;
  if candidate.user_id is null or recent >= per_day then
    return query select 'refused'::text, null::text;
    return;
  end if;
  -- Equality of two hashes: how long it takes says nothing about the code.
  if candidate.code_hash = private.mailed_code_hash(candidate.user_id, candidate.purpose, btrim(coalesce(guess_mailed_code.code, ''))) then
    delete from private.mailed_codes m where m.user_id = candidate.user_id and m.purpose = candidate.purpose;
    return query select 'used'::text, candidate.purpose;
    return;
  end if;
  update private.mailed_codes m set wrong_guesses = m.wrong_guesses + 1
   where m.user_id = candidate.user_id and m.purpose = candidate.purpose;
  insert into private.mailed_code_guesses (user_id, purpose, guessed_at)
  values (candidate.user_id, candidate.purpose, guess_mailed_code.at);
  delete from private.mailed_code_guesses g
   where g.user_id = candidate.user_id and g.guessed_at <= guess_mailed_code.at - interval '24 hours';
  return query select 'wrong'::text, candidate.purpose;
end;
$$;
comment on function private.guess_mailed_code(uuid, text[], text, timestamptz) is
  'Checks one guess at an account''s mailed code: used once, counted when wrong, refused past 5 wrong per code or 9 per account a day.';
revoke all on function private.guess_mailed_code(uuid, text[], text, timestamptz)
  from public, anon, authenticated, service_role;

-- Follows a mailed link at time `at`: the account and purpose of the live code whose link
-- token this is, deleted in the same statement (a link works once; of two followers at once
-- one gets it). The token is 256 random bits, found by its hash: nothing to guess, and wrong
-- guesses at the code never kill it.
create or replace function private.follow_mailed_link(purposes text[], link_token text, at timestamptz)
returns table (user_id uuid, purpose text)
language sql
volatile
set search_path = ''
as $$
  delete from private.mailed_codes m
   where m.link_hash = encode(extensions.digest(coalesce(follow_mailed_link.link_token, ''), 'sha256'), 'hex')
     and m.purpose = any (follow_mailed_link.purposes) and m.expires_at > follow_mailed_link.at
  returning m.user_id, m.purpose
$$;
comment on function private.follow_mailed_link(text[], text, timestamptz) is
  'Uses a mailed link''s token once: its account and purpose while it lives, else nothing.';
revoke all on function private.follow_mailed_link(text[], text, timestamptz)
  from public, anon, authenticated, service_role;
