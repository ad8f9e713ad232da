import { randomBytes, randomInt } from 'node:crypto';
import type { AuthContext } from './context.ts';
import type { Tx } from './users.ts';

/**
 * The secrets Auth mails: a six-digit code to type, and (except for the reauthentication
 * nonce) a link carrying a separate 32-byte random token. Both are kept only hashed, in
 * private.mailed_codes; the guessing rules (5 wrong guesses a code, 9 an account a day) are
 * SQL (migration 20261202000100), so a restart forgets nothing.
 */

/** What a mailed code is for; one live code per account and purpose. */
export type CodePurpose = 'signup' | 'recovery' | 'email_change_current' | 'email_change_new' | 'reauthentication';

export interface MailedSecrets {
  code: string;
  /** The link's token (none for the reauthentication nonce). */
  linkToken?: string;
}

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const newLinkToken = () => randomBytes(32).toString('base64url');

/** A fresh code (and link token) for the account, replacing the last mail of this purpose. */
export async function keepMailedCode(ctx: AuthContext, tx: Tx, userId: string, purpose: CodePurpose, withLink = true): Promise<MailedSecrets> {
  const secrets: MailedSecrets = { code: newCode(), ...(withLink ? { linkToken: newLinkToken() } : {}) };
  const sentAt = ctx.now();
  const expiresAt = new Date(sentAt.getTime() + ctx.settings.otpExpirySeconds * 1000);
  await tx`select private.keep_mailed_code(${userId}, ${purpose}, ${secrets.code}, ${secrets.linkToken ?? null}, ${sentAt}, ${expiresAt})`;
  return secrets;
}

export type GuessOutcome = { outcome: 'used'; purpose: CodePurpose } | { outcome: 'wrong' | 'refused'; purpose: CodePurpose | null };

/**
 * One guess at the account's newest live code among `purposes`. The caller's transaction
 * must commit a 'wrong' outcome (it is counted), so answer the refusal after the commit.
 */
export async function guessMailedCode(ctx: AuthContext, tx: Tx, userId: string, purposes: readonly CodePurpose[], code: string): Promise<GuessOutcome> {
  const [row] = await tx<GuessOutcome[]>`select outcome, purpose from private.guess_mailed_code(${userId}, ${purposes as CodePurpose[]}, ${code}, ${ctx.now()})`;
  return row;
}

/** Follows a mailed link: its account and purpose, once, while it lives. */
export async function followMailedLink(ctx: AuthContext, tx: Tx, purposes: readonly CodePurpose[], token: string): Promise<{ userId: string; purpose: CodePurpose } | undefined> {
  // The lookup is by the token's SHA-256: the key is a hash of an unguessable secret, so the
  // time it takes tells nothing about any stored token.
  const [row] = await tx<{ user_id: string; purpose: CodePurpose }[]>`
    select user_id, purpose from private.follow_mailed_link(${purposes as CodePurpose[]}, ${token}, ${ctx.now()})`;
  return row ? { userId: row.user_id, purpose: row.purpose } : undefined;
}

/** Forgets the account's codes of these purposes (an e-mail change finished or started over). */
export async function dropMailedCodes(tx: Tx, userId: string, purposes: readonly CodePurpose[]): Promise<void> {
  await tx`delete from private.mailed_codes where user_id = ${userId} and purpose = any(${purposes as CodePurpose[]})`;
}

/** The purposes among these that still have a code waiting (live or not). */
export async function pendingPurposes(tx: Tx, userId: string, purposes: readonly CodePurpose[]): Promise<CodePurpose[]> {
  const rows = await tx<{ purpose: CodePurpose }[]>`
    select purpose from private.mailed_codes where user_id = ${userId} and purpose = any(${purposes as CodePurpose[]})`;
  return rows.map((row) => row.purpose);
}

/**
 * A refused guess's transaction commits without waiting for its WAL to reach the disk
 * (synchronous_commit off, for this transaction only): a wrong guess then costs no fsync.
 * Its count survives any restart of Auth or Postgres; only a crash of Postgres itself in
 * the next fraction of a second (3 × wal_writer_delay at most) could lose it.
 */
export async function commitWithoutWaiting(tx: Tx): Promise<void> {
  await tx`set local synchronous_commit = off`;
}
