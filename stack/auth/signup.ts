import { Hono } from 'hono';
import { z } from 'zod';
import type { Mailer } from '../mail/types.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import { sendConfirmation } from './mail-flows.ts';
import { allowedRedirect } from './oauth.ts';
import { clientOf, limitByAddress, parse, readJson } from './requests.ts';
import { startSession } from './sessions.ts';
import { checkNewPassword, findUserByEmail, findUserById, hashPassword, insertUser, loadUserJson, normaliseEmail } from './users.ts';

const signupBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  phone: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * POST /signup with an e-mail and password: a session at once, or (with confirmations on)
 * the user and a mailed confirmation link, as GoTrue answers.
 */
export function signupRoutes(ctx: AuthContext, mailer: Mailer | undefined): Hono {
  const app = new Hono();

  app.post('/signup', async (c) => {
    const { settings } = ctx;
    const body = parse(signupBody, await readJson(c));
    // No address at all is supabase-js's signInAnonymously(): off here (/settings says
    // anonymous_users: false), answered as GoTrue answers it, before its other checks.
    if (!body.email && !body.phone) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    if (!settings.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    limitByAddress(ctx, c, 'signInSignUps');
    if (!body.email) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    const email = normaliseEmail(body.email);
    if (!body.password) throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
    checkNewPassword(body.password, settings.minimumPasswordLength);
    const confirm = settings.enableConfirmations;
    const reply = await ctx.sql.begin(async (tx) => {
      if (await findUserByEmail(tx, email)) throw new AuthError(422, 'user_already_exists', 'User already registered');
      const time = ctx.now();
      const id = await insertUser(tx, {
        email,
        passwordHash: await hashPassword(tx, body.password!),
        // [auth.email] enable_confirmations: off, the address counts as confirmed at once.
        emailConfirmedAt: confirm ? null : time,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: { ...(body.data ?? {}), email_verified: !confirm },
        identity: { provider: 'email', data: { email, email_verified: !confirm, phone_verified: false } },
        now: time,
      });
      if (!confirm) return startSession(ctx, tx, id, 'password', 'email', clientOf(ctx, c));
      // As GoTrue with confirmations on: the user, no session, and a mail with the link.
      const user = (await findUserById(tx, id, true))!;
      await sendConfirmation(ctx, tx, mailer, user, allowedRedirect(settings, c.req.query('redirect_to')), c);
      return loadUserJson(tx, id);
    });
    return c.json(reply);
  });

  return app;
}
