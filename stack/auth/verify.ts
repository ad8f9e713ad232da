import { Hono, type Context } from 'hono';
import type { Mailer } from '../mail/types.ts';
import type { AuthContext } from './context.ts';
import { AuthError, userBanned, validationFailed } from './errors.ts';
import { sendAuthMail } from './mail-flows.ts';
import { commitWithoutWaiting, followMailedLink, guessMailedCode, pendingPurposes, type CodePurpose } from './mailed-codes.ts';
import { allowedRedirect, errorRedirect } from './oauth.ts';
import { clientOf, limitByAddress, readJson } from './requests.ts';
import { startSession, type SessionJson } from './sessions.ts';
import { findUserByEmail, findUserById, normaliseEmail, type Tx } from './users.ts';

/**
 * GoTrue's /verify. A mailed link (GET ?token=, or POST {token_hash}) carries its own random
 * token, found by its hash; a typed code (POST {email, token}) is one guess at that account's
 * code, counted in SQL. Both are limited per client address (`token_verifications`).
 */

type Verified = { session: SessionJson; type: string } | { message: string };

const verifyTypes = ['recovery', 'signup', 'email_change', 'email', 'invite', 'magiclink'] as const;
type VerifyType = (typeof verifyTypes)[number];

/** Which mailed codes each `type` may use, as GoTrue reads its token columns (no invites here). */
const purposesOf: Record<VerifyType, CodePurpose[]> = {
  recovery: ['recovery'],
  magiclink: ['recovery'],
  signup: ['signup'],
  email: ['signup', 'recovery'],
  email_change: ['email_change_current', 'email_change_new'],
  invite: [],
};

const isVerifyType = (type: string): type is VerifyType => (verifyTypes as readonly string[]).includes(type);
const expiredLink = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
const wrongCode = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/** GoTrue's phone types: no phone provider here, so no code of theirs can be right (as GoTrue with SMS off). */
const phoneTypes = new Set(['sms', 'phone_change']);

function checkedType(type: string): VerifyType {
  if (phoneTypes.has(type)) throw wrongCode();
  if (!isVerifyType(type)) throw validationFailed('Verify requires a verification type');
  if (!purposesOf[type].length) throw validationFailed('Unsupported verification type');
  return type;
}

/** What a used code or link does: a session (GoTrue's `type` for it), or half an e-mail change. */
async function complete(ctx: AuthContext, mailer: Mailer | undefined, c: Context, tx: Tx, userId: string, purpose: CodePurpose, type: VerifyType): Promise<Verified> {
  const now = ctx.now();
  const client = clientOf(ctx, c);
  // Following the link (or typing the code) proves the address, as GoTrue reads it. A banned
  // account is refused by startSession, the whole transaction undone.
  const confirm = async () => {
    const [found] = await tx`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, ${now})
                              where id = ${userId} and deleted_at is null returning id`;
    if (!found) throw expiredLink();
  };
  if (purpose === 'recovery') {
    await confirm();
    // Only a recovery link or code opens a recovery session (no current password needed); as
    // `email` or `magiclink` it signs in like a magic link.
    const recovery = type === 'recovery';
    return { type: recovery ? 'recovery' : 'magiclink', session: await startSession(ctx, tx, userId, recovery ? 'recovery' : 'otp', 'email', client) };
  }
  if (purpose === 'signup') {
    await confirm();
    await tx`update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = ${userId} and provider = 'email'`;
    return { type: 'signup', session: await startSession(ctx, tx, userId, 'otp', 'email', client) };
  }
  const user = await findUserById(tx, userId, true);
  if (!user || purpose === 'reauthentication' || !user.email_change) throw expiredLink();
  if (user.banned_until && user.banned_until > now) throw userBanned();
  const other: CodePurpose = purpose === 'email_change_new' ? 'email_change_current' : 'email_change_new';
  if ((await pendingPurposes(tx, userId, [other])).length) {
    // The first of two links: the other address must confirm too.
    await tx`update auth.users set email_change_confirm_status = 1 where id = ${userId}`;
    return { message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' };
  }
  const newEmail = user.email_change;
  const taken = await findUserByEmail(tx, newEmail);
  if (taken && taken.id !== userId) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  await tx`update auth.users
              set email = ${newEmail}, email_change = '', email_change_token_new = '', email_change_token_current = '',
                  email_change_confirm_status = 0, email_change_sent_at = null, email_confirmed_at = ${now}, updated_at = ${now}
            where id = ${userId}`;
  await tx`update auth.identities set identity_data = identity_data || ${tx.json({ email: newEmail, email_verified: true })}, updated_at = ${now}
            where user_id = ${userId} and provider = 'email'`;
  // The old address hears of it, so a change nobody there made does not go unnoticed.
  if (user.email) await sendAuthMail(mailer, 'email_changed_notice', user, user.email, c, { newEmail });
  return { type, session: await startSession(ctx, tx, userId, 'otp', 'email', client) };
}

/** A mailed link's token: used once, while it lives; anything else is otp_expired. */
function verifyLink(ctx: AuthContext, mailer: Mailer | undefined, c: Context, type: VerifyType, token: string): Promise<Verified> {
  if (!token || token.length > 256) throw expiredLink();
  return ctx.sql.begin(async (tx) => {
    const link = await followMailedLink(ctx, tx, purposesOf[type], token);
    if (!link) throw expiredLink();
    return complete(ctx, mailer, c, tx, link.userId, link.purpose, type);
  });
}

/**
 * The accounts a typed code may belong to, with the codes to try. An e-mail change's code is
 * looked for under the current address (its side of the change) and under the new one.
 */
async function codeHolders(tx: Tx, type: VerifyType, email: string): Promise<{ userId: string; purposes: CodePurpose[] }[]> {
  if (type !== 'email_change') {
    const user = await findUserByEmail(tx, email);
    return user ? [{ userId: user.id, purposes: purposesOf[type] }] : [];
  }
  const rows = await tx<{ id: string; side: 'current' | 'new' }[]>`
    select id, case when lower(email) = ${email} then 'current' else 'new' end as side
      from auth.users
     where deleted_at is null and coalesce(email_change, '') <> '' and (lower(email) = ${email} or lower(email_change) = ${email})
     order by email_change_sent_at desc nulls last
     limit 5`;
  return rows.map((row) => ({ userId: row.id, purposes: [row.side === 'current' ? 'email_change_current' : 'email_change_new'] }));
}

/** A typed code: one counted guess per account it may belong to; a wrong or refused one is otp_expired. */
async function verifyCode(ctx: AuthContext, mailer: Mailer | undefined, c: Context, type: VerifyType, emailInput: unknown, code: string): Promise<Verified> {
  const email = normaliseEmail(emailInput);
  // Wrong guesses must be committed to count, so the refusal is thrown after the transaction.
  const verified = await ctx.sql.begin(async (tx) => {
    for (const holder of await codeHolders(tx, type, email)) {
      const guess = await guessMailedCode(ctx, tx, holder.userId, holder.purposes, code);
      if (guess.outcome === 'used') return complete(ctx, mailer, c, tx, holder.userId, guess.purpose, type);
    }
    await commitWithoutWaiting(tx);
    return null;
  });
  if (!verified) throw wrongCode();
  return verified;
}

/** The implicit-flow answer: the session in the fragment with the link's `type`. */
function sessionRedirect(referrer: string, session: SessionJson, type: string): string {
  const url = new URL(referrer);
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type,
  });
  url.hash = fragment.toString();
  return url.toString();
}

/** GET and POST /verify. */
export function verifyRoutes(ctx: AuthContext, mailer: Mailer | undefined): Hono {
  const app = new Hono();

  // A browser following a mail's link: every answer, a refusal too, is a redirect to the app.
  app.get('/verify', async (c) => {
    const referrer = allowedRedirect(ctx.settings, c.req.query('redirect_to'));
    try {
      limitByAddress(ctx, c, 'tokenVerifications');
      const type = checkedType(c.req.query('type') ?? '');
      const result = await verifyLink(ctx, mailer, c, type, c.req.query('token') ?? '');
      if ('message' in result) {
        const url = new URL(referrer);
        url.hash = new URLSearchParams({ message: result.message }).toString();
        return c.redirect(url.toString(), 303);
      }
      return c.redirect(sessionRedirect(referrer, result.session, result.type), 303);
    } catch (error) {
      if (!(error instanceof AuthError) || error.status >= 500) throw error;
      const limited = error.status === 429;
      const kind = limited ? 'temporarily_unavailable' : error.code === 'validation_failed' ? 'invalid_request' : 'access_denied';
      if (limited) c.header('retry-after', String(error.extra.retryAfter));
      return c.redirect(errorRedirect(referrer, kind, error.code, error.message), 303);
    }
  });

  app.post('/verify', async (c) => {
    limitByAddress(ctx, c, 'tokenVerifications');
    const body = await readJson(c);
    const type = checkedType(typeof body.type === 'string' ? body.type : '');
    const hash = typeof body.token_hash === 'string' ? body.token_hash : '';
    const code = typeof body.token === 'string' ? body.token : '';
    if (Boolean(hash) === Boolean(code)) throw validationFailed('Verify requires either a token or a token hash');
    const result = hash
      ? await verifyLink(ctx, mailer, c, type, hash).catch((error: unknown) => {
          if (error instanceof AuthError && error.code === 'otp_expired') throw wrongCode();
          throw error;
        })
      : await verifyCode(ctx, mailer, c, type, body.email, code);
    if ('message' in result) return c.json({ msg: result.message, message: result.message });
    return c.json(result.session);
  });

  return app;
}
