import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Mailer } from '../mail/types.ts';
import type { AuthContext } from './context.ts';
import { AuthError, validationFailed } from './errors.ts';
import { dropMailedCodes, keepMailedCode } from './mailed-codes.ts';
import { mailLanguage, renderMail, type MailKind } from './mail-templates.ts';
import { allowedRedirect } from './oauth.ts';
import { readJson } from './requests.ts';
import { findUserByEmail, findUserById, normaliseEmail, type Tx, type UserRow } from './users.ts';

/**
 * The mails that let a learner back in or change who they are. Each carries a six-digit code
 * and a link with a separate random token (mailed-codes.ts keeps both, hashed); the `*_sent_at`
 * columns of auth.users still say when, as GoTrue's do. GET and POST /verify (verify.ts) take
 * them back.
 */

/** GoTrue's per-address mail frequency (`[auth.email] max_frequency`). */
export function checkFrequency(ctx: AuthContext, sentAt: Date | null): void {
  if (!sentAt) return;
  const wait = Math.ceil((sentAt.getTime() + ctx.settings.maxFrequencySeconds * 1000 - ctx.now().getTime()) / 1000);
  if (wait > 0) {
    throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`, { retryAfter: wait });
  }
}

/**
 * `max_frequency` for an address whether or not it has an account: a second request within
 * the window is refused the same way for both, so the answer never tells which addresses are
 * registered (GoTrue only times mails it actually sent). Memory only, like the per-address
 * limits; an account's own `*_sent_at` still holds across restarts.
 */
export function checkAskedLately(ctx: AuthContext, kind: string, email: string): void {
  const key = createHash('sha256').update(`${kind}\0${email}`).digest('base64');
  const now = ctx.now().getTime();
  const window = ctx.settings.maxFrequencySeconds * 1000;
  const last = ctx.mailAsked.get(key);
  if (last !== undefined && last + window > now) checkFrequency(ctx, new Date(last));
  ctx.mailAsked.set(key, now);
  if (ctx.mailAsked.size > 10_000) {
    for (const [asked, at] of ctx.mailAsked) if (at + window <= now) ctx.mailAsked.delete(asked);
  }
}

/** The link a mail carries: GoTrue's /verify with the link's own token (not derived from the code). */
export function verifyUrl(ctx: AuthContext, type: string, token: string, redirectTo: string): string {
  const url = new URL(`${ctx.externalUrl}/verify`);
  url.searchParams.set('token', token);
  url.searchParams.set('type', type);
  url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
}

const sendingFailure: Record<MailKind, string> = {
  recovery: 'recovery',
  confirmation: 'confirmation',
  reauthentication: 'reauthentication',
  email_change_new: 'email change',
  email_change_current: 'email change',
  email_change_requested: 'email change',
  email_changed_notice: 'email change',
};

/** Sends one of Auth's mails; a refusal by the SMTP server is GoTrue's 500 "Error sending … email". */
export async function sendAuthMail(mailer: Mailer | undefined, kind: MailKind, user: Pick<UserRow, 'raw_user_meta_data'>, to: string, c: Context, values: Parameters<typeof renderMail>[3]): Promise<void> {
  if (!mailer) throw new AuthError(500, 'unexpected_failure', 'Error sending email: no mailer configured');
  try {
    await mailer.send(renderMail(kind, mailLanguage(user.raw_user_meta_data, c.req.header('accept-language')), to, values));
  } catch (error) {
    console.error(`auth: sending a ${kind} mail failed: ${(error as Error).message}`);
    throw new AuthError(500, 'unexpected_failure', `Error sending ${sendingFailure[kind]} email`);
  }
}

/**
 * Starts an e-mail change (PUT /user with `email`): the address switches only once the link
 * mailed to the new address is followed and, with double_confirm_changes, the one mailed to
 * the current address too; without it the current address is told of the request.
 */
export async function startEmailChange(ctx: AuthContext, tx: Tx, mailer: Mailer | undefined, user: UserRow, newEmail: string, redirectTo: string, c: Context): Promise<void> {
  checkFrequency(ctx, user.email_change_sent_at);
  const both = ctx.settings.doubleConfirmChanges && Boolean(user.email);
  // A change started over replaces both sides: no link of an earlier request still counts.
  await dropMailedCodes(tx, user.id, ['email_change_current', 'email_change_new']);
  const toNew = await keepMailedCode(ctx, tx, user.id, 'email_change_new');
  const toCurrent = both ? await keepMailedCode(ctx, tx, user.id, 'email_change_current') : undefined;
  await tx`update auth.users
              set email_change = ${newEmail}, email_change_token_new = '', email_change_token_current = '',
                  email_change_confirm_status = 0, email_change_sent_at = ${ctx.now()}
            where id = ${user.id}`;
  const link = (token: string | undefined) => verifyUrl(ctx, 'email_change', token!, redirectTo);
  await sendAuthMail(mailer, 'email_change_new', user, newEmail, c, { link: link(toNew.linkToken), otp: toNew.code, newEmail });
  if (toCurrent) {
    await sendAuthMail(mailer, 'email_change_current', user, user.email!, c, { link: link(toCurrent.linkToken), otp: toCurrent.code, newEmail });
  } else if (user.email) {
    // One link decides: the current address hears of the request at once, while it can still act.
    await sendAuthMail(mailer, 'email_change_requested', user, user.email, c, { newEmail });
  }
}

/** A sign-up waiting for its confirmation link (enable_confirmations). */
export async function sendConfirmation(ctx: AuthContext, tx: Tx, mailer: Mailer | undefined, user: UserRow, redirectTo: string, c: Context): Promise<void> {
  checkFrequency(ctx, user.confirmation_sent_at);
  const { code, linkToken } = await keepMailedCode(ctx, tx, user.id, 'signup');
  await tx`update auth.users set confirmation_token = '', confirmation_sent_at = ${ctx.now()} where id = ${user.id}`;
  await sendAuthMail(mailer, 'confirmation', user, user.email!, c, { link: verifyUrl(ctx, 'signup', linkToken!, redirectTo), otp: code });
}

/** POST /recover and POST /resend. */
export function mailFlowRoutes(ctx: AuthContext, mailer: Mailer | undefined): Hono {
  const app = new Hono();

  app.post('/recover', async (c) => {
    const body = await readJson(c);
    if (typeof body.email !== 'string' || !body.email.trim()) throw validationFailed('Password recovery requires an email');
    const email = normaliseEmail(body.email);
    const redirectTo = allowedRedirect(ctx.settings, c.req.query('redirect_to') ?? (typeof body.redirect_to === 'string' ? body.redirect_to : undefined));
    checkAskedLately(ctx, 'recovery', email);
    await ctx.sql.begin(async (tx) => {
      const found = await findUserByEmail(tx, email);
      // The same reply whether or not the address has an account.
      if (!found) return;
      const user = (await findUserById(tx, found.id, true))!;
      checkFrequency(ctx, user.recovery_sent_at);
      const { code, linkToken } = await keepMailedCode(ctx, tx, user.id, 'recovery');
      await tx`update auth.users set recovery_token = '', recovery_sent_at = ${ctx.now()} where id = ${user.id}`;
      await sendAuthMail(mailer, 'recovery', user, email, c, { link: verifyUrl(ctx, 'recovery', linkToken!, redirectTo), otp: code });
    });
    return c.json({});
  });

  app.post('/resend', async (c) => {
    const body = await readJson(c);
    if (body.type !== 'signup' && body.type !== 'email_change') throw validationFailed('Unsupported resend type');
    const email = normaliseEmail(body.email);
    const redirectTo = allowedRedirect(ctx.settings, c.req.query('redirect_to') ?? undefined);
    checkAskedLately(ctx, body.type, email);
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
