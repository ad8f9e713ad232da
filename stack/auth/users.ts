import { createHash, randomUUID } from 'node:crypto';
import type postgres from 'postgres';
import { AuthError, validationFailed, weakPassword } from './errors.ts';

export type Tx = postgres.TransactionSql;
type Json = Record<string, unknown>;

/** GoTrue keeps every user under the nil instance. */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Date | null;
  updated_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
  /** The address an e-mail change waits to switch to ('' or null when none is pending). */
  email_change: string | null;
  email_change_sent_at: Date | null;
  recovery_sent_at: Date | null;
  confirmation_sent_at: Date | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

/** The user object as GoTrue serialises it (models.User), identities included. */
export function userJson(user: UserRow, identities: IdentityRow[]): Json {
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: iso(user.confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    // GoTrue's pending e-mail change: the address stays `email` until the link is followed.
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  };
}

const userColumns = `id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
  confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  banned_until, is_anonymous, email_change, email_change_sent_at, recovery_sent_at, confirmation_sent_at`;

export async function findUserById(tx: Tx, id: string, lock = false): Promise<UserRow | undefined> {
  const [row] = await tx.unsafe<UserRow[]>(
    `select ${userColumns} from auth.users where id = $1 and deleted_at is null${lock ? ' for update' : ''}`,
    [id],
  );
  return row;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.unsafe<UserRow[]>(
    `select ${userColumns} from auth.users
      where lower(email) = $1 and is_sso_user = false and deleted_at is null`,
    [email.toLowerCase()],
  );
  return row;
}

export async function identitiesOf(tx: Tx, userId: string): Promise<IdentityRow[]> {
  return tx<IdentityRow[]>`
    select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
      from auth.identities where user_id = ${userId} order by created_at, id`;
}

export async function loadUserJson(tx: Tx, id: string): Promise<Json> {
  const user = await findUserById(tx, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return userJson(user, await identitiesOf(tx, id));
}

// GoTrue's email check (internal/api/mail.go), plus its length limit.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Trims and lower-cases an address, or throws 400 validation_failed. */
export function normaliseEmail(email: unknown): string {
  if (typeof email !== 'string' || email.trim() === '') throw validationFailed('An email address is required');
  const value = email.trim().toLowerCase();
  if (value.length > 255 || !emailPattern.test(value)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return value;
}

/** bcrypt, cost 10, as GoTrue hashes: pgcrypto's `crypt` writes the same `$2a$10$` format. */
export async function hashPassword(tx: Tx, password: string): Promise<string> {
  const [row] = await tx<{ hash: string }[]>`select extensions.crypt(${password}, extensions.gen_salt('bf', 10)) as hash`;
  return row.hash;
}

/** bcrypt reads only the first 72 bytes; a longer password would be cut without a word. */
export const MAX_PASSWORD_BYTES = 72;

/** A new password: at least `minimum` characters (code points), at most 72 bytes of UTF-8. */
export function checkNewPassword(password: string, minimum: number): void {
  if ([...password].length < minimum) throw weakPassword(minimum);
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw new AuthError(422, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} bytes (UTF-8)`);
  }
}

/**
 * bcrypt cost 10 of a random string that was thrown away. Checked against when there is no
 * real hash (no such user, or no password), so a failed sign-in takes as long either way and
 * its timing does not tell whether an e-mail has an account.
 */
const DUMMY_HASH = '$2a$10$PNg.kOOQV6wFlTytWNG5O.DRTvZTzV18Wf3FyHnPzhAlMFYxPaLdq';
const bcryptHash = /^\$2[abxy]\$\d\d\$[./A-Za-z0-9]{53}$/;

/** Whether `password` is the one behind `hash`; always one bcrypt comparison, even without a hash. */
export async function passwordMatches(tx: Tx, hash: string | null | undefined, password: string): Promise<boolean> {
  const real = typeof hash === 'string' && bcryptHash.test(hash) ? hash : null;
  const against = real ?? DUMMY_HASH;
  const [row] = await tx<{ ok: boolean }[]>`select extensions.crypt(${password}, ${against}) = ${against} as ok`;
  return real !== null && row.ok;
}

/** Merges `changes` into metadata the way GoTrue does: a null value deletes the key. */
export function mergeMetadata(current: Json | null, changes: Json): Json {
  const merged: Json = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  emailConfirmedAt: Date | null;
  appMetadata: Json;
  userMetadata: Json;
  identity: { provider: string; providerId?: string; data: Json };
  now: Date;
}

/**
 * Inserts the user (the profile trigger runs) and its first identity; returns the user id.
 * Token columns get empty strings and a password-less user an empty hash, as GoTrue writes
 * them, so GoTrue itself could read these rows.
 */
export async function insertUser(tx: Tx, input: NewUser): Promise<string> {
  const id = randomUUID();
  const providerId = input.identity.providerId ?? id;
  const identityData = { sub: providerId, ...input.identity.data };
  await tx`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous,
                            confirmation_token, recovery_token, email_change_token_new, email_change)
    values (${INSTANCE_ID}, ${id}, 'authenticated', 'authenticated', ${input.email}, ${input.passwordHash ?? ''},
            ${input.emailConfirmedAt}, ${tx.json(input.appMetadata as postgres.JSONValue)},
            ${tx.json(input.userMetadata as postgres.JSONValue)}, ${input.now}, ${input.now}, false,
            '', '', '', '')`;
  await insertIdentity(tx, id, input.identity.provider, providerId, identityData, input.now);
  return id;
}

export async function insertIdentity(
  tx: Tx,
  userId: string,
  provider: string,
  providerId: string,
  data: Json,
  now: Date,
): Promise<void> {
  await tx`
    insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
    values (${providerId}, ${userId}, ${tx.json(data as postgres.JSONValue)}, ${provider}, ${now}, ${now})`;
}

/** A stable, Google-looking numeric subject for an address on the local Google page. */
export function localGoogleSubject(email: string): string {
  const digest = createHash('sha256').update(`local-google:${email}`).digest();
  return '1' + (digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, '0');
}
