import { Hono, type Context } from 'hono';
import type { AuthContext } from './context.ts';
import { AuthError, invalidCredentials, validationFailed } from './errors.ts';
import { checkGuessThrottle, countedByCaller, recordGuess } from './guess-throttle.ts';
import { exchangeAuthCode } from './oauth.ts';
import { clientOf, limitByAddress, readJson, requireUser } from './requests.ts';
import { endSessions, refreshSession, startSession, type SessionJson } from './sessions.ts';
import { MAX_PASSWORD_BYTES, findUserByEmail, passwordMatches } from './users.ts';

/** grant_type=password: a session for a confirmed, unbanned account whose password matches. */
async function passwordGrant(ctx: AuthContext, c: Context): Promise<SessionJson> {
  const client = clientOf(ctx, c);
  const body = await readJson(c);
  const { email, password } = body;
  if (typeof email !== 'string' || !email.trim()) {
    throw validationFailed(typeof body.phone === 'string' && body.phone ? 'Phone logins are disabled' : 'missing email or phone');
  }
  // One guessing throttle with /api/auth/login (which counts its own calls itself).
  const counted = !countedByCaller(ctx, c);
  if (counted) await checkGuessThrottle(ctx, email.trim(), client.ip);
  let refused = false;
  const session = await ctx.sql
    .begin(async (tx) => {
      const user = await findUserByEmail(tx, email.trim());
      // One bcrypt comparison whatever happens (a dummy hash when there is no user), so
      // the time a refusal takes does not say whether the e-mail has an account. A
      // password past bcrypt's 72 bytes could only match by truncation: never.
      const usable = typeof password === 'string' && Buffer.byteLength(password, 'utf8') <= MAX_PASSWORD_BYTES;
      const matches = await passwordMatches(tx, user?.encrypted_password, usable ? password : '');
      if (!user || !usable || !matches) {
        refused = true;
        throw invalidCredentials();
      }
      if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      if (user.banned_until && user.banned_until > ctx.now()) throw new AuthError(400, 'user_banned', 'User is banned');
      return startSession(ctx, tx, user.id, 'password', 'email', client);
    })
    .catch(async (error: unknown) => {
      if (counted && refused) await recordGuess(ctx, email.trim(), client.ip, false);
      throw error;
    });
  if (counted) await recordGuess(ctx, email.trim(), client.ip, true);
  return session;
}

/** Sessions: POST /token (the password, refresh_token and pkce grants) and POST /logout. */
export function sessionRoutes(ctx: AuthContext): Hono {
  const app = new Hono();

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    if (grant === 'password') {
      limitByAddress(ctx, c, 'signInSignUps');
      return c.json(await passwordGrant(ctx, c));
    }
    if (grant === 'refresh_token') {
      limitByAddress(ctx, c, 'tokenRefresh');
      const { refresh_token: token } = await readJson(c);
      if (typeof token !== 'string' || !token) throw validationFailed('refresh_token required');
      return c.json(await refreshSession(ctx, token));
    }
    if (grant === 'pkce') {
      limitByAddress(ctx, c, 'signInSignUps');
      const body = await readJson(c);
      return c.json(await exchangeAuthCode(ctx, body.auth_code, body.code_verifier, clientOf(ctx, c)));
    }
    throw validationFailed(`unsupported_grant_type: ${grant ?? 'missing grant_type'}`);
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    const { user, sessionId } = await requireUser(ctx, c);
    await endSessions(ctx, user.id, sessionId, scope);
    return c.body(null, 204);
  });

  return app;
}
