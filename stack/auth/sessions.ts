import { randomUUID } from 'node:crypto';
import { AuthError, userBanned } from './errors.ts';
import { seconds, type AuthContext } from './context.ts';
import { newRefreshToken, signAccessToken } from './tokens.ts';
import { INSTANCE_ID, findUserById, identitiesOf, userJson, type Tx } from './users.ts';

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  provider_token?: string;
  provider_refresh_token?: string;
}

export interface Client {
  ip: string | null;
  userAgent: string | null;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string;
}

const refreshNotFound = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
const refreshAlreadyUsed = () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');

/**
 * Starts a session for a user who just proved who they are (`method`: password, oauth…):
 * the session row, its AMR claim and first refresh token, and the sign-in timestamps
 * (auth.users.last_sign_in_at and the identity's). Every way in comes here, so a banned
 * account gets no session from any of them (403 user_banned; the whole transaction undone).
 */
export async function startSession(
  ctx: AuthContext,
  tx: Tx,
  userId: string,
  method: string,
  provider: string,
  client: Client,
  extras: Pick<SessionJson, 'provider_token' | 'provider_refresh_token'> = {},
): Promise<SessionJson> {
  const now = ctx.now();
  // public.profiles.last_login follows last_sign_in_at by trigger, as it does under GoTrue.
  const [user] = await tx<{ banned_until: Date | null }[]>`
    update auth.users set last_sign_in_at = ${now} where id = ${userId} returning banned_until`;
  if (user?.banned_until && user.banned_until > now) throw userBanned();
  const sessionId = randomUUID();
  await tx`insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
           values (${sessionId}, ${userId}, ${now}, ${now}, 'aal1', ${client.userAgent}, ${client.ip})`;
  await tx`insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
           values (${randomUUID()}, ${sessionId}, ${now}, ${now}, ${method})`;
  const token = await insertRefreshToken(tx, userId, sessionId, null, now);
  await tx`update auth.identities set last_sign_in_at = ${now} where user_id = ${userId} and provider = ${provider}`;
  return sessionJson(ctx, tx, userId, sessionId, token, extras);
}

async function insertRefreshToken(tx: Tx, userId: string, sessionId: string, parent: string | null, now: Date) {
  const token = newRefreshToken();
  await tx`insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
           values (${INSTANCE_ID}, ${token}, ${userId}, false, ${now}, ${now}, ${parent}, ${sessionId})`;
  return token;
}

/** A fresh access token for the session (claims from the user as it is now) plus the user. */
export async function sessionJson(
  ctx: AuthContext,
  tx: Tx,
  userId: string,
  sessionId: string,
  refreshToken: string,
  extras: Pick<SessionJson, 'provider_token' | 'provider_refresh_token'> = {},
): Promise<SessionJson> {
  const user = await findUserById(tx, userId);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const amr = await tx<{ method: string; created_at: Date }[]>`
    select authentication_method as method, created_at from auth.mfa_amr_claims
     where session_id = ${sessionId} order by created_at`;
  const issuedAt = seconds(ctx.now());
  const expiresIn = ctx.settings.jwtExpiry;
  const accessToken = await signAccessToken(
    {
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal: 'aal1',
      amr: amr.map((claim) => ({ method: claim.method, timestamp: seconds(claim.created_at) })),
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    ctx.keys,
    { issuer: ctx.externalUrl, issuedAt, expiresIn },
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: issuedAt + expiresIn,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(tx, userId)),
    ...extras,
  };
}

/**
 * The refresh_token grant with GoTrue's rotation rules: a live token is revoked and replaced
 * by a child. A revoked token used again within the reuse interval gets the session's
 * currently active token back (a tab that lost the race still signs in); later, it counts as
 * theft: the whole token family is revoked and 400 refresh_token_already_used is returned.
 */
export async function refreshSession(ctx: AuthContext, refreshToken: string): Promise<SessionJson> {
  return ctx.sql.begin(async (tx) => {
    const now = ctx.now();
    const [token] = await tx<RefreshTokenRow[]>`
      select id, token, user_id, revoked, updated_at, parent, session_id
        from auth.refresh_tokens where token = ${refreshToken} for update`;
    if (!token || !token.session_id) throw refreshNotFound();
    const [session] = await tx<{ id: string; not_after: Date | null }[]>`
      select id, not_after from auth.sessions where id = ${token.session_id} for update`;
    if (!session) throw refreshNotFound();
    if (session.not_after && session.not_after <= now) {
      throw new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
    }
    const user = await findUserById(tx, token.user_id);
    if (!user) throw refreshNotFound();
    if (user.banned_until && user.banned_until > now) throw new AuthError(400, 'user_banned', 'User is banned');

    let issued: string;
    if (token.revoked) {
      const reuseUntil = token.updated_at.getTime() + ctx.settings.refreshTokenReuseInterval * 1000;
      const [active] = await tx<{ token: string }[]>`
        select token from auth.refresh_tokens
         where session_id = ${token.session_id} and revoked = false order by id desc limit 1`;
      if (now.getTime() > reuseUntil || !active) {
        if (ctx.settings.enableRefreshTokenRotation) {
          await tx`update auth.refresh_tokens set revoked = true, updated_at = ${now}
                    where session_id = ${token.session_id} and revoked = false`;
        }
        return { error: refreshAlreadyUsed() };
      }
      issued = active.token;
    } else {
      await tx`update auth.refresh_tokens set revoked = true, updated_at = ${now} where id = ${token.id}`;
      issued = await insertRefreshToken(tx, token.user_id, token.session_id, token.token, now);
    }
    await tx`update auth.sessions set refreshed_at = ${now}::timestamptz at time zone 'UTC', updated_at = ${now}
              where id = ${token.session_id}`;
    return { session: await sessionJson(ctx, tx, token.user_id, token.session_id, issued) };
  }).then((result) => {
    // The family revocation is committed before the error is returned, as in GoTrue.
    if ('error' in result && result.error) throw result.error;
    return (result as { session: SessionJson }).session;
  });
}

/** POST /logout: global ends every session of the user, local this one, others all but this one. */
export async function endSessions(ctx: AuthContext, userId: string, sessionId: string | null, scope: string) {
  await ctx.sql.begin(async (tx) => {
    if (scope === 'local' && sessionId) await tx`delete from auth.sessions where id = ${sessionId}`;
    else if (scope === 'others' && sessionId) {
      await tx`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`;
    } else await tx`delete from auth.sessions where user_id = ${userId}`;
  });
}
