import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { isAuthSessionMissingError, type Session } from '@supabase/auth-js';
import { adminAuth, authorizeUrl, fromAuthError, pkceAuth, pkceVerifierKey, publicAuth, requestEmailChange } from '../auth-service.ts';
import { callerFrom, guest, type Caller } from '../auth.ts';
import type { ListedUser, SessionTokens, User } from '../contract/accounts.ts';
import { MAX_NEW_CARDS_PER_DAY, MAX_REVIEWS_PER_DAY } from '../contract/limits.ts';
import { asCaller } from '../db.ts';
import { env } from '../env.ts';
import { ApiError, fromPostgres } from '../errors.ts';
import { messages } from '../messages.ts';
import { newPassword } from '../passwords.ts';
import { configuredAppOrigins, originOf, requestOrigin } from '../origins.ts';
import { clearSessionCookie, clearVerifierCookie, setSessionCookie, setVerifierCookie, verifierFromCookies } from '../session-cookie.ts';
import { filesQueuedHere, removeAccountFiles } from './account-files.ts';
import type { ApiEnv } from './context.ts';
import { changesReminders, reminderFields, saveReminderSettings } from './reminder-settings.ts';
import { countParam, cursorParam, email, encodeCursor, pageOf, parseBody, parseQuery, personName as name, timeIdCursor, uuid } from './validate.ts';

const password = z.string({ error: 'password_required' }).min(1, 'password_required');

const registerBody = z
  .object({ name, email, password: newPassword, confirmPassword: z.string().optional() })
  .superRefine((body, ctx) => {
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwords_mismatch' });
    }
  });

const loginBody = z.object({ email, password });

const updateBody = z
  .object({
    name: name.optional(),
    timeZone: z.string().trim().min(1, 'time_zone_invalid').max(64, 'time_zone_invalid').optional(),
    email: email.optional(),
    password: newPassword.optional(),
    currentPassword: z.string().optional(),
    // Where the learner lives (one of the 21 countries); null clears it.
    homeCountry: z
      .string({ error: 'unknown_country' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'unknown_country')
      .nullable()
      .optional(),
    // Where the learner's Spanish is from (one of the 21, any case); null or '' clears it.
    speakerCountry: z
      .string({ error: 'unknown_country' })
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, 'unknown_country')
      .nullable()
      .optional(),
    // Daily limits of the review session (the range is SQL's rule too).
    newCardsPerDay: z.number({ error: 'new_cards_per_day_invalid' }).int('new_cards_per_day_invalid').min(0, 'new_cards_per_day_invalid').max(MAX_NEW_CARDS_PER_DAY, 'new_cards_per_day_invalid').optional(),
    maxReviewsPerDay: z
      .number({ error: 'max_reviews_per_day_invalid' })
      .int('max_reviews_per_day_invalid')
      .min(0, 'max_reviews_per_day_invalid')
      .max(MAX_REVIEWS_PER_DAY, 'max_reviews_per_day_invalid')
      .optional(),
    // Which notifications the learner receives (the inbox and the live toasts).
    notifications: z
      .object({ comments: z.boolean().optional(), replies: z.boolean().optional(), votes: z.boolean().optional(), moderation: z.boolean().optional() }, {
        error: 'invalid_input',
      })
      .optional(),
    // The daily reminder, the language it is written in, and its offer at a session's end.
    ...reminderFields,
  })
  .refine((body) => [body.name, body.timeZone, body.email, body.password, body.notifications, body.homeCountry, body.speakerCountry, body.newCardsPerDay, body.maxReviewsPerDay].some((value) => value !== undefined) || changesReminders(body), {
    message: 'nothing_to_update',
  });

const setAdminBody = z.object({ userId: uuid, isAdmin: z.boolean() });

const deleteAccountBody = z.object({ currentPassword: z.string().optional() });

/** palabrotas' delete-account: `confirmation` must be DELETE; a password is optional (a recent sign-in stands for it). */
const palabrotasDeleteAccountBody = z.object({ confirmation: z.string().optional(), currentPassword: z.string().optional() });

const usersQuery = z.object({
  limit: countParam(999, 500),
  // Keyset cursor of the users list: [createdAt, id], base64url JSON like the entries' cursor.
  cursor: cursorParam(timeIdCursor),
});

function tokensOf(session: Session): SessionTokens {
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_in: session.expires_in,
    expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in,
    token_type: 'bearer',
  };
}

/** The signed-in caller's profile (current_profile checks their session too). */
async function profileOf(caller: Caller, address: string | null): Promise<User | null> {
  return asCaller(caller, async (tx) => (await tx<{ user: User | null }[]>`select public.current_profile() as user`)[0].user, address);
}

/** The profile behind a session Auth just started. */
async function sessionProfile(session: Session, address: string | null): Promise<User | null> {
  return profileOf(await callerFrom(`Bearer ${session.access_token}`), address);
}

/** Failures of sign-in and registration also carry the spec's `authenticated: false`. */
function unauthenticated(error: unknown): unknown {
  return error instanceof ApiError
    ? new ApiError(error.status, error.code, { fields: error.fields, details: { ...error.details, authenticated: false } })
    : error;
}

/**
 * Guessing throttle per account and address (private.record_login_attempt): refuses while
 * the account must wait, then records how `attempt` went. `attempt` resolves to its result
 * when the password was right and to false when it was wrong; a wrong one is answered with
 * `wrong` (or with 429 once the account must wait); anything `attempt` throws passes through.
 */
async function throttled<T>(
  accountEmail: string,
  address: string | null,
  wrong: ApiError,
  attempt: () => Promise<T | false>,
): Promise<T> {
  await asCaller(guest, (tx) => tx`select private.check_login_throttle(${accountEmail}, ${address})`, address);
  const outcome = await attempt();
  const [{ wait }] = await asCaller(
    guest,
    (tx) => tx<{ wait: number }[]>`select private.record_login_attempt(${accountEmail}, ${address}, ${outcome !== false}) as wait`,
    address,
  );
  if (outcome !== false) return outcome;
  if (wait > 0) throw new ApiError(429, 'login_throttled', { details: { ...wrong.details, retryAfter: wait } });
  throw wrong;
}

/**
 * The signed-in learner's current password, checked before a change that a stolen session
 * must not make (sign-in details, deleting the account); wrong guesses count like sign-in's.
 */
async function requireCurrentPassword(c: Context<ApiEnv>, current: string | undefined): Promise<string> {
  const caller = c.get('caller');
  if (!current) throw new ApiError(400, 'current_password_required', { field: 'currentPassword' });
  const accountEmail = typeof caller.claims.email === 'string' ? caller.claims.email : caller.userId!;
  const wrongPassword = new ApiError(403, 'current_password_incorrect', { field: 'currentPassword' });
  await throttled(accountEmail, c.get('address'), wrongPassword, () =>
    c.get('run')((tx) => tx`select private.check_current_password(${current})`).then(
      () => true,
      (error: { code?: string; hint?: string }) => {
        if (error.hint === 'current_password_incorrect') return false;
        throw error;
      },
    ),
  );
  return current;
}

/** Whether an error is "this session has already ended", which logging out may ignore. */
function sessionAlreadyEnded(error: { code?: string } | null): boolean {
  return error !== null && (isAuthSessionMissingError(error) || ['session_not_found', 'bad_jwt', 'user_not_found'].includes(error.code ?? ''));
}

/**
 * The app's origin a Google sign-in or a mailed link returns to: the page that sent the browser here (its
 * Referer, when the browser says it is this same origin or it is one of the app's), else the
 * origin this request was sent to, else SITE_URL. Auth checks it against its allow-list.
 */
function appReturnOrigin(c: Context<ApiEnv>): string {
  const referrer = originOf(c.req.header('referer'));
  const sameOrigin = c.req.header('sec-fetch-site')?.toLowerCase() === 'same-origin';
  if (referrer && (sameOrigin || configuredAppOrigins().has(referrer))) return referrer;
  return requestOrigin(c.req.url, c.req.raw.headers) ?? originOf(env('SITE_URL')) ?? new URL(c.req.url).origin;
}

/**
 * GET /api/auth/google without `redirectTo` (the palabrotas client): a PKCE sign-in whose
 * verifier waits in a cookie, returning to /api/auth/google/callback on the app's origin,
 * which trades the code for the session and keeps it in the session cookie.
 */
async function startGoogleCookieSignIn(c: Context<ApiEnv>): Promise<Response> {
  const store = new Map<string, string>();
  const { data, error } = await pkceAuth(store, c.get('address')).signInWithOAuth({
    provider: 'google',
    options: { redirectTo: `${appReturnOrigin(c)}/api/auth/google/callback`, skipBrowserRedirect: true },
  });
  const verifier = store.get(pkceVerifierKey);
  if (error || !data.url || !verifier) throw fromAuthError(error);
  setVerifierCookie(c, verifier);
  c.header('Cache-Control', 'no-store');
  return c.redirect(data.url, 302);
}

/** Back from Google through Auth: signed in by cookie at the app's home page, or at its login page with the reason. */
async function finishGoogleCookieSignIn(c: Context<ApiEnv>): Promise<Response> {
  const verifier = verifierFromCookies(c);
  clearVerifierCookie(c);
  c.header('Cache-Control', 'no-store');
  const failed = (reason: string) => c.redirect(`/login?error=${encodeURIComponent(reason)}`, 302);
  const code = c.req.query('code');
  if (!code) return failed(c.req.query('error_description')?.slice(0, 200) || 'Authentication failed');
  if (!verifier) return failed('Authentication failed');
  const store = new Map([[pkceVerifierKey, verifier]]);
  const { data, error } = await pkceAuth(store, c.get('address')).exchangeCodeForSession(code);
  if (error || !data.session) return failed('Login failed');
  setSessionCookie(c, data.session);
  return c.redirect('/', 302);
}

export const auth = new Hono<ApiEnv>()
  .post('/login', async (c) => {
    const address = c.get('address');
    const body = await parseBody(c, loginBody).catch((error: unknown) => {
      throw unauthenticated(error);
    });
    const wrongPassword = new ApiError(401, 'invalid_credentials', { details: { authenticated: false } });
    const session = await throttled(body.email, address, wrongPassword, async () => {
      const { data, error } = await publicAuth(address).signInWithPassword({ email: body.email, password: body.password });
      if (error?.code === 'invalid_credentials') return false;
      if (error || !data.session) throw fromAuthError(error);
      return data.session;
    });
    const user = await sessionProfile(session, address);
    if (c.get('sessionMode') === 'cookie') setSessionCookie(c, session);
    return c.json({ authenticated: true, user, message: 'Logged in successfully!', session: tokensOf(session) });
  })
  .get('/google', (c) => {
    const redirectTo = c.req.query('redirectTo');
    if (redirectTo !== undefined) {
      // Auth checks it against its allow-list; refuse what is not even an http(s) URL here.
      let target: URL | undefined;
      try {
        target = new URL(redirectTo);
      } catch {
        target = undefined;
      }
      if (!target || !/^https?:$/.test(target.protocol) || target.username || target.password) {
        throw new ApiError(400, 'invalid_redirect', { field: 'redirectTo' });
      }
    }
    if (redirectTo !== undefined) return c.redirect(authorizeUrl('google', redirectTo), 302);
    return startGoogleCookieSignIn(c);
  })
  .get('/google/callback', (c) => finishGoogleCookieSignIn(c))
  .post('/logout', async (c) => {
    const caller = c.get('caller');
    if (caller.userId && caller.token) {
      const { error } = await adminAuth().signOut(caller.token, 'local');
      if (error && !sessionAlreadyEnded(error)) throw fromAuthError(error);
    }
    // Whichever way the session came, the browser keeps no cookie of it (every chunk expired).
    clearSessionCookie(c);
    return c.json({ success: true, message: 'Logged out successfully!' });
  })
  .get('/getUser', async (c) => {
    const caller = c.get('caller');
    return c.json({ user: caller.userId ? await profileOf(caller, c.get('address')) : null });
  })
  .get('/authStatus', async (c) => {
    const caller = c.get('caller');
    if (!caller.userId) return c.json({ isAuthenticated: false, user: null });
    try {
      const user = await profileOf(caller, c.get('address'));
      return c.json({ isAuthenticated: user !== null, user });
    } catch (error) {
      // A status check answers "not signed in" for a session that has ended.
      if (fromPostgres(error as { code?: string }, true)?.code === 'session_ended') {
        return c.json({ isAuthenticated: false, user: null });
      }
      throw error;
    }
  });

export const user = new Hono<ApiEnv>()
  .post('/register', async (c) => {
    const address = c.get('address');
    const body = await parseBody(c, registerBody).catch((error: unknown) => {
      throw unauthenticated(error);
    });
    const { data, error } = await publicAuth(address).signUp({
      email: body.email,
      password: body.password,
      options: { data: { name: body.name } },
    });
    if (error || !data.user) throw fromAuthError(error);
    if (!data.session) {
      // Projects that confirm e-mails first: the account exists, the session comes later.
      return c.json(
        { authenticated: false, user: null, code: 'email_not_confirmed', message: messages.email_not_confirmed, session: null },
        201,
      );
    }
    const user = await sessionProfile(data.session, address);
    if (c.get('sessionMode') === 'cookie') setSessionCookie(c, data.session);
    return c.json({ authenticated: true, user, message: 'Registration successful!', session: tokensOf(data.session) }, 201);
  })
  .post('/update', async (c) => {
    const caller = c.get('caller');
    if (!caller.userId || !caller.token) throw new ApiError(401, 'login_required');
    const body = await parseBody(c, updateBody);
    const userId = caller.userId;
    if (body.email !== undefined || body.password !== undefined) {
      // Changing how one signs in needs the current password (a stolen session is not
      // enough), counted like sign-in guesses.
      const current = await requireCurrentPassword(c, body.currentPassword);
      if (body.password !== undefined && body.password === current) {
        throw new ApiError(400, 'same_password', { field: 'password' });
      }
      if (body.password !== undefined) {
        // A new password ends every other session.
        const { error } = await adminAuth().updateUserById(userId, { password: body.password });
        if (error) throw fromAuthError(error);
        const ended = await adminAuth().signOut(caller.token, 'others');
        if (ended.error) throw fromAuthError(ended.error);
      }
      // A new address must be proven: Auth mails links to it (and to the current one), and the
      // address switches only once they are followed, never here.
      if (body.email !== undefined) await requestEmailChange(caller.token, body.email, `${appReturnOrigin(c)}/account`);
    }
    const updated = await c.get('run')(async (tx) => {
      if (body.name !== undefined || body.timeZone !== undefined) {
        await tx`select public.update_profile(name => ${body.name ?? null}, time_zone => ${body.timeZone ?? null})`;
      }
      if (body.notifications !== undefined) {
        const { comments, replies, votes, moderation } = body.notifications;
        await tx`select public.set_notification_settings(${comments ?? null}::boolean, ${replies ?? null}::boolean, ${votes ?? null}::boolean, ${moderation ?? null}::boolean)`;
      }
      if (body.newCardsPerDay !== undefined || body.maxReviewsPerDay !== undefined) {
        await tx`select public.set_daily_limits(${body.newCardsPerDay ?? null}::integer, ${body.maxReviewsPerDay ?? null}::integer)`;
      }
      if (body.homeCountry !== undefined) {
        await tx`select public.set_home_country(${body.homeCountry}::text)`;
      }
      if (body.speakerCountry !== undefined) {
        await tx`select public.set_speaker_country(${body.speakerCountry}::text)`;
      }
      await saveReminderSettings(tx, body);
      return (await tx<{ user: User | null }[]>`select public.current_profile() as user`)[0].user;
    });
    const pendingEmail = body.email !== undefined && body.email.toLowerCase() !== updated?.email?.toLowerCase() ? body.email : undefined;
    return c.json({ user: updated, ...(pendingEmail ? { pendingEmail } : {}) });
  })
  .get('/getUsers', async (c) => {
    const query = parseQuery(c, usersQuery);
    const users = await c.get('run')(async (tx) => {
      const rows = await tx<{ user: ListedUser }[]>`
        select list_users as user from public.list_users(
          page_size => ${query.limit + 1}::integer,
          after_created_at => ${query.cursor?.[0] ?? null}::timestamptz,
          after_id => ${query.cursor?.[1] ?? null}::uuid)`;
      return rows.map((row) => row.user);
    });
    const { items, nextCursor } = pageOf(users, query.limit, (last) => encodeCursor([last.createdAt, last._id]));
    return c.json({ users: items, nextCursor });
  })
  .post('/deleteAccount', async (c) => {
    if (!c.get('caller').userId) throw new ApiError(401, 'login_required');
    const body = await parseBody(c, deleteAccountBody);
    const current = await requireCurrentPassword(c, body.currentPassword);
    const files = await c.get('run')(async (tx) => {
      await tx`select public.delete_account(${current})`;
      return filesQueuedHere(tx);
    });
    await removeAccountFiles(files);
    return c.json({ success: true, message: 'Account deleted' });
  })
  // palabrotas' path and payload ({confirmation: 'DELETE'}, its reply): with currentPassword as
  // deleteAccount; without, only from a session signed in within ten minutes (private.delete_own_account).
  .post('/delete-account', async (c) => {
    if (!c.get('caller').userId) throw new ApiError(401, 'delete_login_required');
    const body = await parseBody(c, palabrotasDeleteAccountBody);
    if (body.confirmation !== 'DELETE') throw new ApiError(400, 'delete_confirmation_required', { field: 'confirmation' });
    const current = body.currentPassword !== undefined ? await requireCurrentPassword(c, body.currentPassword) : undefined;
    const files = await c.get('run')(async (tx) => {
      if (current !== undefined) await tx`select public.delete_account(${current})`;
      else await tx`select private.delete_own_account(${body.confirmation ?? null})`;
      return filesQueuedHere(tx);
    });
    await removeAccountFiles(files);
    return c.json({ success: true, message: 'Your account has been deleted.' });
  })
  .put('/setAdmin', async (c) => {
    const body = await parseBody(c, setAdminBody);
    const updated = await c.get('run')(
      async (tx) => (await tx<{ user: User }[]>`select public.set_admin(${body.userId}, ${body.isAdmin}) as user`)[0].user,
    );
    return c.json({ user: updated });
  });
