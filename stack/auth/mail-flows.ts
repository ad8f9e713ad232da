import { createHash, randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Mailer } from '../mail/types.ts';
import type { AuthContext } from './context.ts';
import { AuthError, validationFailed } from './errors.ts';
import { mailLanguage, renderMail, type MailKind } from './mail-templates.ts';
import { allowedRedirect, errorRedirect } from './oauth.ts';
import { clientOf, readJson } from './requests.ts';
import { startSession, type SessionJson } from './sessions.ts';
import { findUserByEmail, findUserById, normaliseEmail, type Tx, type UserRow } from './users.ts';

/**
 * Mail that lets a learner back in or changes who they are, as GoTrue does it: a six-digit
 * code and a link carrying `sha224(email + code)`, kept in the user's token column until it
 * is used or expires; GET /verify follows the link, POST /verify takes the code or hash.
 */

/** GoTrue's token hash: hex SHA-224 of the address and the code. */
export const tokenHash = (email: string, otp: string) => createHash('sha224').update(email + otp).digest('hex');

const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const expiredLink = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');

/** GoTrue's per-address mail frequency (`[auth.email] max_frequency`). */
function checkFrequency(ctx: AuthContext, sentAt: Date | null): void {
  if (!sentAt) return;
  const wait = Math.ceil((sentAt.getTime() + ctx.settings.maxFrequencySeconds * 1000 - ctx.now().getTime()) / 1000);
  if (wait > 0) {
    throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`, { retryAfter: wait });
  }
}

export function verifyUrl(ctx: AuthContext, type: string, hash: string, redirectTo: string): string {
  const url = new URL(`${ctx.externalUrl}/verify`);
  url.searchParams.set('token', hash);
  url.searchParams.set('type', type);
  url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
}

/** Sends one of Auth's mails; a refusal by the SMTP server is GoTrue's 500 "Error sending … email". */
export async function sendAuthMail(mailer: Mailer | undefined, kind: MailKind, user: Pick<UserRow, 'raw_user_meta_data'>, to: string, c: Context, values: Parameters<typeof renderMail>[3]): Promise<void> {
  if (!mailer) throw new AuthError(500, 'unexpected_failure', 'Error sending email: no mailer configured');
  try {
    await mailer.send(renderMail(kind, mailLanguage(user.raw_user_meta_data, c.req.header('accept-language')), to, values));
  } catch (error) {
    console.error(`auth: sending a ${kind} mail failed: ${(error as Error).message}`);
    throw new AuthError(500, 'unexpected_failure', `Error sending ${kind === 'recovery' ? 'recovery' : kind === 'confirmation' ? 'confirmation' : 'email change'} email`);
  }
}

/**
 * Starts an e-mail change (PUT /user with `email`): the address switches only once the link
 * mailed to the new address is followed — and, with double_confirm_changes, the one mailed
 * to the current address too; without it the current address is told of the request.
 */
export async function startEmailChange(ctx: AuthContext, tx: Tx, mailer: Mailer | undefined, user: UserRow, newEmail: string, redirectTo: string, c: Context): Promise<void> {
  checkFrequency(ctx, user.email_change_sent_at);
  const otpNew = newOtp();
  const hashNew = tokenHash(newEmail, otpNew);
  const both = ctx.settings.doubleConfirmChanges && Boolean(user.email);
  const otpCurrent = newOtp();
  const hashCurrent = both ? tokenHash(user.email!, otpCurrent) : '';
  await tx`update auth.users
              set email_change = ${newEmail}, email_change_token_new = ${hashNew}, email_change_token_current = ${hashCurrent},
                  email_change_confirm_status = 0, email_change_sent_at = ${ctx.now()}
            where id = ${user.id}`;
  await sendAuthMail(mailer, 'email_change_new', user, newEmail, c, { link: verifyUrl(ctx, 'email_change', hashNew, redirectTo), otp: otpNew, newEmail });
  if (both) {
    await sendAuthMail(mailer, 'email_change_current', user, user.email!, c, {
      link: verifyUrl(ctx, 'email_change', hashCurrent, redirectTo),
      otp: otpCurrent,
      newEmail,
    });
  } else if (user.email) {
    // One link decides: the current address hears of the request at once, while it can still act.
    await sendAuthMail(mailer, 'email_change_requested', user, user.email, c, { newEmail });
  }
}

/** A sign-up waiting for its confirmation link (enable_confirmations). */
export async function sendConfirmation(ctx: AuthContext, tx: Tx, mailer: Mailer | undefined, user: UserRow, redirectTo: string, c: Context): Promise<void> {
  checkFrequency(ctx, user.confirmation_sent_at);
  const otp = newOtp();
  const hash = tokenHash(user.email!, otp);
  await tx`update auth.users set confirmation_token = ${hash}, confirmation_sent_at = ${ctx.now()} where id = ${user.id}`;
  await sendAuthMail(mailer, 'confirmation', user, user.email!, c, { link: verifyUrl(ctx, 'signup', hash, redirectTo), otp });
}

type Verified = { session: SessionJson; type: string } | { message: string };

const linkTypes = ['recovery', 'signup', 'email_change', 'email', 'invite', 'magiclink'] as const;

/** Follows a mailed token: the session it opens, or (first of two e-mail change links) a message. */
async function verifyToken(ctx: AuthContext, mailer: Mailer | undefined, c: Context, type: string, hash: string): Promise<Verified> {
  if (!hash || hash.length > 256) throw expiredLink();
  const now = ctx.now();
  const fresh = (sentAt: Date | null) => sentAt !== null && sentAt.getTime() + ctx.settings.otpExpirySeconds * 1000 > now.getTime();
  return ctx.sql.begin(async (tx): Promise<Verified> => {
    if (type === 'recovery') {
      const [row] = await tx<{ id: string; recovery_sent_at: Date | null }[]>`
        select id, recovery_sent_at from auth.users where recovery_token = ${hash} and recovery_token <> '' and deleted_at is null for update`;
      if (!row || !fresh(row.recovery_sent_at)) throw expiredLink();
      // Following the link proves the address, as GoTrue reads it.
      await tx`update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, ${now}) where id = ${row.id}`;
      return { type, session: await startSession(ctx, tx, row.id, 'recovery', 'email', clientOf(ctx, c)) };
    }
    if (type === 'signup' || type === 'email') {
      const [row] = await tx<{ id: string; confirmation_sent_at: Date | null }[]>`
        select id, confirmation_sent_at from auth.users where confirmation_token = ${hash} and confirmation_token <> '' and deleted_at is null for update`;
      if (!row || !fresh(row.confirmation_sent_at)) throw expiredLink();
      await tx`update auth.users set confirmation_token = '', email_confirmed_at = coalesce(email_confirmed_at, ${now}) where id = ${row.id}`;
      await tx`update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = ${row.id} and provider = 'email'`;
      return { type: 'signup', session: await startSession(ctx, tx, row.id, 'otp', 'email', clientOf(ctx, c)) };
    }
    if (type === 'email_change') {
      const [row] = await tx<{ id: string; email: string | null; email_change: string | null; email_change_sent_at: Date | null; email_change_token_new: string | null; email_change_token_current: string | null; email_change_confirm_status: number }[]>`
        select id, email, email_change, email_change_sent_at, email_change_token_new, email_change_token_current, email_change_confirm_status
          from auth.users
         where (email_change_token_new = ${hash} or email_change_token_current = ${hash}) and coalesce(email_change, '') <> '' and deleted_at is null
         for update`;
      if (!row || !fresh(row.email_change_sent_at)) throw expiredLink();
      const otherPending = row.email_change_token_new === hash ? row.email_change_token_current : row.email_change_token_new;
      if (otherPending) {
        // The first of two links: remember it, and wait for the other address.
        if (row.email_change_token_new === hash) await tx`update auth.users set email_change_token_new = '', email_change_confirm_status = 1 where id = ${row.id}`;
        else await tx`update auth.users set email_change_token_current = '', email_change_confirm_status = 1 where id = ${row.id}`;
        return { message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' };
      }
      const newEmail = row.email_change!;
      const taken = await findUserByEmail(tx, newEmail);
      if (taken && taken.id !== row.id) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      await tx`update auth.users
                  set email = ${newEmail}, email_change = '', email_change_token_new = '', email_change_token_current = '',
                      email_change_confirm_status = 0, email_change_sent_at = null, email_confirmed_at = ${now}, updated_at = ${now}
                where id = ${row.id}`;
      await tx`update auth.identities set identity_data = identity_data || ${tx.json({ email: newEmail, email_verified: true })}, updated_at = ${now}
                where user_id = ${row.id} and provider = 'email'`;
      const user = (await findUserById(tx, row.id))!;
      // The old address hears of it, so a change nobody there made does not go unnoticed.
      if (row.email) await sendAuthMail(mailer, 'email_changed_notice', user, row.email, c, { newEmail });
      return { type, session: await startSession(ctx, tx, row.id, 'otp', 'email', clientOf(ctx, c)) };
    }
    throw validationFailed(`Unsupported verification type: ${type}`);
  });
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

/** POST /recover, GET and POST /verify, POST /resend. */
export function mailFlowRoutes(ctx: AuthContext, mailer: Mailer | undefined): Hono {
  const app = new Hono();

  app.post('/recover', async (c) => {
    const body = await readJson(c);
    if (typeof body.email !== 'string' || !body.email.trim()) throw validationFailed('Password recovery requires an email');
    const email = normaliseEmail(body.email);
    const redirectTo = allowedRedirect(ctx.settings, c.req.query('redirect_to') ?? (typeof body.redirect_to === 'string' ? body.redirect_to : undefined));
    await ctx.sql.begin(async (tx) => {
      const found = await findUserByEmail(tx, email);
      // The same reply whether or not the address has an account.
      if (!found) return;
      const user = (await findUserById(tx, found.id, true))!;
      checkFrequency(ctx, user.recovery_sent_at);
      const otp = newOtp();
      const hash = tokenHash(email, otp);
      await tx`update auth.users set recovery_token = ${hash}, recovery_sent_at = ${ctx.now()} where id = ${user.id}`;
      await sendAuthMail(mailer, 'recovery', user, email, c, { link: verifyUrl(ctx, 'recovery', hash, redirectTo), otp });
    });
    return c.json({});
  });

  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const referrer = allowedRedirect(ctx.settings, c.req.query('redirect_to'));
    if (!linkTypes.includes(type as (typeof linkTypes)[number])) {
      return c.redirect(errorRedirect(referrer, 'invalid_request', 'validation_failed', 'Verify requires a verification type'), 303);
    }
    try {
      const result = await verifyToken(ctx, mailer, c, type, c.req.query('token') ?? '');
      if ('message' in result) {
        const url = new URL(referrer);
        url.hash = new URLSearchParams({ message: result.message }).toString();
        return c.redirect(url.toString(), 303);
      }
      return c.redirect(sessionRedirect(referrer, result.session, result.type), 303);
    } catch (error) {
      if (!(error instanceof AuthError) || error.status >= 500) throw error;
      return c.redirect(errorRedirect(referrer, 'access_denied', error.code, error.message), 303);
    }
  });

  app.post('/verify', async (c) => {
    const body = await readJson(c);
    const type = typeof body.type === 'string' ? body.type : '';
    if (!linkTypes.includes(type as (typeof linkTypes)[number])) throw validationFailed('Verify requires a verification type');
    let hash = typeof body.token_hash === 'string' ? body.token_hash : '';
    if (!hash) {
      if (typeof body.token !== 'string' || typeof body.email !== 'string') throw validationFailed('Verify requires either a token or a token hash');
      hash = tokenHash(normaliseEmail(body.email), body.token.trim());
    }
    const result = await verifyToken(ctx, mailer, c, type, hash).catch((error: unknown) => {
      if (error instanceof AuthError && error.code === 'otp_expired') throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
      throw error;
    });
    if ('message' in result) return c.json({ msg: result.message, message: result.message });
    return c.json(result.session);
  });

  app.post('/resend', async (c) => {
    const body = await readJson(c);
    if (body.type !== 'signup' && body.type !== 'email_change') throw validationFailed('Unsupported resend type');
    const email = normaliseEmail(body.email);
    const redirectTo = allowedRedirect(ctx.settings, c.req.query('redirect_to') ?? undefined);
    await ctx.sql.begin(async (tx) => {
      const found = await findUserByEmail(tx, email);
      if (!found) return;
      const user = (await findUserById(tx, found.id, true))!;
      if (body.type === 'signup') {
        if (!user.email_confirmed_at) await sendConfirmation(ctx, tx, mailer, user, redirectTo, c);
      } else if (user.email_change) {
        await startEmailChange(ctx, tx, mailer, user, user.email_change, redirectTo, c);
      }
    });
    return c.json({});
  });

  return app;
}
