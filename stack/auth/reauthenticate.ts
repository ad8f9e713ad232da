import { Hono } from 'hono';
import type { Mailer } from '../mail/types.ts';
import type { AuthContext } from './context.ts';
import { AuthError, validationFailed } from './errors.ts';
import { checkFrequency, sendAuthMail } from './mail-flows.ts';
import { commitWithoutWaiting, guessMailedCode, keepMailedCode } from './mailed-codes.ts';
import { requireUser } from './requests.ts';
import { findUserById } from './users.ts';

/**
 * GoTrue's reauthentication: GET /reauthenticate mails the signed-in account a six-digit
 * nonce; PUT /user {password, nonce} spends it (secure_password_change). The nonce is a
 * mailed code like the others: hashed, once, an hour, and in the same guess caps.
 */

export const reauthenticationNeeded = () => new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication.');
const nonceNotValid = () => new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');

/** Spends the account's nonce (one counted guess), or throws GoTrue's 422 reauthentication_not_valid. */
export async function spendNonce(ctx: AuthContext, userId: string, nonce: string): Promise<void> {
  // A wrong guess is counted by the committed transaction; the refusal comes after it.
  const guess = await ctx.sql.begin(async (tx) => {
    const outcome = await guessMailedCode(ctx, tx, userId, ['reauthentication'], nonce);
    if (outcome.outcome !== 'used') await commitWithoutWaiting(tx);
    return outcome;
  });
  if (guess.outcome !== 'used') throw nonceNotValid();
}

/** GET /reauthenticate. */
export function reauthenticateRoutes(ctx: AuthContext, mailer: Mailer | undefined): Hono {
  const app = new Hono();

  app.get('/reauthenticate', async (c) => {
    const { user: caller } = await requireUser(ctx, c);
    if (!caller.email) throw validationFailed('Reauthentication requires the user to have an email or a phone number');
    if (!caller.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
    await ctx.sql.begin(async (tx) => {
      const user = (await findUserById(tx, caller.id, true))!;
      const [{ reauthentication_sent_at: sentAt }] = await tx<{ reauthentication_sent_at: Date | null }[]>`
        select reauthentication_sent_at from auth.users where id = ${user.id}`;
      checkFrequency(ctx, sentAt);
      const { code } = await keepMailedCode(ctx, tx, user.id, 'reauthentication', false);
      await tx`update auth.users set reauthentication_token = '', reauthentication_sent_at = ${ctx.now()} where id = ${user.id}`;
      await sendAuthMail(mailer, 'reauthentication', user, user.email!, c, { otp: code });
    });
    return c.json({});
  });

  return app;
}
