import { Hono, type Context } from 'hono';
import type postgres from 'postgres';
import { z } from 'zod';
import type { Mailer } from '../mail/types.ts';
import { emailExists } from './admin.ts';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import { checkGuessThrottle, recordGuess } from './guess-throttle.ts';
import { startEmailChange } from './mail-flows.ts';
import { allowedRedirect } from './oauth.ts';
import { reauthenticationNeeded, spendNonce } from './reauthenticate.ts';
import { clientOf, limitByAddress, parse, readJson, requireUser, type Caller } from './requests.ts';
import {
  MAX_PASSWORD_BYTES,
  checkNewPassword,
  findUserByEmail,
  findUserById,
  hashPassword,
  loadUserJson,
  mergeMetadata,
  normaliseEmail,
  passwordMatches,
} from './users.ts';

const userUpdateBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  current_password: z.string().optional(),
  nonce: z.string().optional(),
  phone: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
});
type UserUpdate = z.infer<typeof userUpdateBody>;

/** Whether the caller's session came from a recovery link or code within the link's lifetime. */
async function freshRecovery(ctx: AuthContext, caller: Caller): Promise<boolean> {
  if (!caller.sessionId) return false;
  const [recovery] = await ctx.sql`
    select 1 from auth.mfa_amr_claims where session_id = ${caller.sessionId} and authentication_method = 'recovery'
       and created_at > ${new Date(ctx.now().getTime() - ctx.settings.otpExpirySeconds * 1000)}`;
  return Boolean(recovery);
}

/**
 * What a new password needs besides itself: nothing in a fresh recovery session (the mail was
 * read); otherwise the current password (GoTrue's update_password_require_current_password,
 * counted by the shared guessing throttle) or, for an account without one, the nonce
 * GET /reauthenticate mailed (secure_password_change; limited like every code).
 */
async function checkPasswordProof(ctx: AuthContext, c: Context, caller: Caller, body: UserUpdate): Promise<void> {
  if (await freshRecovery(ctx, caller)) return;
  const hash = caller.user.encrypted_password;
  const ip = clientOf(ctx, c).ip;
  if (!hash) {
    if (!ctx.settings.securePasswordChange) return;
    if (!body.nonce) throw reauthenticationNeeded();
    limitByAddress(ctx, c, 'tokenVerifications');
    return spendNonce(ctx, caller.user.id, body.nonce);
  }
  const given = body.current_password;
  const email = caller.user.email ?? caller.user.id;
  await checkGuessThrottle(ctx, email, ip);
  const usable = typeof given === 'string' && given !== '' && Buffer.byteLength(given, 'utf8') <= MAX_PASSWORD_BYTES;
  const matches = await ctx.sql.begin((tx) => passwordMatches(tx, hash, usable ? given : ''));
  if (usable) await recordGuess(ctx, email, ip, matches);
  if (!matches) throw new AuthError(400, 'current_password_mismatch', 'Current password required when setting new password.');
}

/** GET and PUT /user: the signed-in user, and what they change about themselves. */
export function userRoutes(ctx: AuthContext, mailer: Mailer | undefined): Hono {
  const app = new Hono();

  app.get('/user', async (c) => {
    const { user } = await requireUser(ctx, c);
    return c.json(await ctx.sql.begin((tx) => loadUserJson(tx, user.id)));
  });

  app.put('/user', async (c) => {
    const caller = await requireUser(ctx, c);
    const body = parse(userUpdateBody, await readJson(c));
    const id = caller.user.id;
    if (body.phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    if (body.password !== undefined) {
      checkNewPassword(body.password, ctx.settings.minimumPasswordLength);
      await checkPasswordProof(ctx, c, caller, body);
    }
    const newEmail = body.email !== undefined && body.email.trim().toLowerCase() !== (caller.user.email ?? '') ? normaliseEmail(body.email) : undefined;
    const user = await ctx.sql.begin(async (tx) => {
      const current = await findUserById(tx, id, true);
      if (!current) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      const time = ctx.now();
      const json = (value: Record<string, unknown>) => tx.json(value as postgres.JSONValue);
      if (body.data) {
        await tx`update auth.users set raw_user_meta_data = ${json(mergeMetadata(current.raw_user_meta_data, body.data))}
                  where id = ${id}`;
      }
      if (body.password !== undefined) {
        if (await passwordMatches(tx, current.encrypted_password, body.password)) {
          throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
        }
        await tx`update auth.users set encrypted_password = ${await hashPassword(tx, body.password)} where id = ${id}`;
        // Like GoTrue: a new password signs out every other session.
        if (caller.sessionId) await tx`delete from auth.sessions where user_id = ${id} and id <> ${caller.sessionId}`;
        else await tx`delete from auth.sessions where user_id = ${id}`;
      }
      if (newEmail !== undefined) {
        const other = await findUserByEmail(tx, newEmail);
        if (other && other.id !== id) throw emailExists();
        // GoTrue's secure e-mail change: nothing switches until the mailed links are followed.
        const redirectTo = allowedRedirect(ctx.settings, c.req.query('redirect_to'));
        await startEmailChange(ctx, tx, mailer, { ...current, raw_user_meta_data: { ...current.raw_user_meta_data, ...(body.data ?? {}) } }, newEmail, redirectTo, c);
      }
      await tx`update auth.users set updated_at = ${time} where id = ${id}`;
      return loadUserJson(tx, id);
    });
    return c.json(user);
  });

  return app;
}
