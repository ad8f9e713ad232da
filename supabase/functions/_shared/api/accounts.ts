import { Hono } from 'hono';
import { z } from 'zod';
import { isAuthSessionMissingError, type Session } from '@supabase/auth-js';
import { adminAuth, authorizeUrl, fromAuthError, publicAuth } from '../auth-service.ts';
import type { Caller } from '../auth.ts';
import { asCaller, type Tx } from '../db.ts';
import { ApiError, loginRequired } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import type { SessionTokens, User } from './types.ts';
import { parseBody, uuid } from './validate.ts';

const email = z
  .string({ error: 'Please provide your email.' })
  .trim()
  .toLowerCase()
  .min(1, 'Please provide your email.')
  .pipe(z.email('Please provide a valid email address.'));
const password = z.string({ error: 'Password cannot be blank.' }).min(1, 'Password cannot be blank.');
const name = z.string({ error: 'Please provide your name.' }).trim().min(1, 'Please provide your name.').max(100, 'A name is at most 100 characters.');

const registerBody = z
  .object({
    name,
    email,
    password: password.min(8, 'Password must be at least 8 characters long.'),
    confirmPassword: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match.' });
    }
  });

const loginBody = z.object({ email, password });

const updateBody = z
  .object({
    name: name.optional(),
    timeZone: z.string().trim().min(1).max(64).optional(),
    email: email.optional(),
    password: z.string().min(8, 'Password must be at least 8 characters long.').optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to update.' });

const setAdminBody = z.object({ userId: uuid, isAdmin: z.boolean() });

/** Auth failures on these routes also carry the spec's `authenticated: false`. */
const unauthenticated = (error: ApiError) => new ApiError(error.status, error.code, error.message, { authenticated: false, ...error.details });

function asUser(id: string): Caller {
  return { role: 'authenticated', userId: id, claims: { sub: id, role: 'authenticated' } };
}

async function profileOf(tx: Tx, id: string): Promise<User | null> {
  const [row] = await tx<{ user: User }[]>`select public.user_json(p) as user from public.profiles p where p.id = ${id}`;
  return row?.user ?? null;
}

function tokensOf(session: Session): SessionTokens {
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_in: session.expires_in,
    expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in,
    token_type: 'bearer',
  };
}

/** The signed-in user behind the bearer token, checked with Auth so a revoked session counts as none. */
async function currentUser(authorization: string | undefined, caller: Caller): Promise<User | null> {
  const token = authorization?.replace(/^Bearer\s+/i, '');
  if (!caller.userId || !token) return null;
  const { data, error } = await publicAuth().getUser(token);
  if (error || !data.user) return null;
  return asCaller(caller, (tx) => profileOf(tx, data.user.id));
}

export const auth = new Hono<ApiEnv>()
  .post('/login', async (c) => {
    const body = await parseBody(c, loginBody).catch((error: unknown) => {
      throw error instanceof ApiError ? unauthenticated(error) : error;
    });
    const { data, error } = await publicAuth(c.req.header('x-forwarded-for')).signInWithPassword({ email: body.email, password: body.password });
    if (error || !data.session) throw fromAuthError(error);
    const user = await asCaller(asUser(data.user.id), (tx) => profileOf(tx, data.user.id));
    return c.json({ authenticated: true, user, message: 'Logged in successfully!', session: tokensOf(data.session) });
  })
  .get('/google', (c) => {
    const redirectTo = c.req.query('redirectTo');
    if (redirectTo && !/^https?:\/\//.test(redirectTo)) throw new ApiError(400, 'invalid_input', 'redirectTo must be an http(s) URL.');
    return c.redirect(authorizeUrl('google', redirectTo), 302);
  })
  .post('/logout', async (c) => {
    const token = c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
    if (c.get('caller').userId && token) {
      const { error } = await adminAuth().signOut(token, 'local');
      // An already-ended session is as logged out as it gets.
      if (error && !isAuthSessionMissingError(error) && !['session_not_found', 'bad_jwt'].includes(error.code ?? '')) {
        throw fromAuthError(error);
      }
    }
    return c.json({ success: true, message: 'Logged out successfully!' });
  })
  .get('/getUser', async (c) => {
    return c.json({ user: await currentUser(c.req.header('authorization'), c.get('caller')) });
  })
  .get('/authStatus', async (c) => {
    const user = await currentUser(c.req.header('authorization'), c.get('caller'));
    return c.json({ isAuthenticated: user !== null, user });
  });

export const user = new Hono<ApiEnv>()
  .post('/register', async (c) => {
    const body = await parseBody(c, registerBody).catch((error: unknown) => {
      throw error instanceof ApiError ? unauthenticated(error) : error;
    });
    const { data, error } = await publicAuth(c.req.header('x-forwarded-for')).signUp({
      email: body.email,
      password: body.password,
      options: { data: { name: body.name } },
    });
    if (error || !data.user) throw fromAuthError(error);
    const user = await asCaller(asUser(data.user.id), (tx) => profileOf(tx, data.user!.id));
    if (!data.session) {
      // Projects that confirm e-mails first: the account exists, the session comes later.
      return c.json({ authenticated: false, user, message: 'Please confirm your email address first.', session: null }, 201);
    }
    return c.json({ authenticated: true, user, message: 'Registration successful!', session: tokensOf(data.session) }, 201);
  })
  .post('/update', async (c) => {
    const caller = c.get('caller');
    if (!caller.userId) throw loginRequired('Please log in to update your account.');
    const body = await parseBody(c, updateBody);
    const userId = caller.userId;
    if (body.email !== undefined || body.password !== undefined) {
      const { error } = await adminAuth().updateUserById(userId, {
        ...(body.email !== undefined ? { email: body.email, email_confirm: true } : {}),
        ...(body.password !== undefined ? { password: body.password } : {}),
      });
      if (error) throw fromAuthError(error);
    }
    const updated = await c.get('run')(async (tx) => {
      const patch: Record<string, string> = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.timeZone !== undefined) patch.time_zone = body.timeZone;
      if (Object.keys(patch).length) {
        try {
          await tx`update public.profiles set ${tx(patch)} where id = ${userId}`;
        } catch (error) {
          if ((error as { code?: string }).code === '22023') {
            throw new ApiError(400, 'invalid_input', 'Unknown time zone.', { errors: { timeZone: 'Unknown time zone.' } });
          }
          throw error;
        }
      }
      return profileOf(tx, userId);
    });
    return c.json({ user: updated });
  })
  .get('/getUsers', async (c) => {
    const caller = c.get('caller');
    if (!caller.userId) throw loginRequired('Please log in to view this page');
    const users = await c.get('run')(async (tx) => {
      const [{ admin }] = await tx<{ admin: boolean }[]>`select private.is_admin() as admin`;
      if (!admin) throw new ApiError(403, 'forbidden', "You don't have permission to view this page");
      const rows = await tx<{ user: User }[]>`select public.user_json(p) as user from public.profiles p order by p.created_at desc, p.id`;
      return rows.map((row) => row.user);
    });
    return c.json({ users });
  })
  .put('/setAdmin', async (c) => {
    const caller = c.get('caller');
    if (!caller.userId) throw loginRequired('Please log in to view this page');
    const body = await parseBody(c, setAdminBody);
    const updated = await c.get('run')(async (tx) => {
      try {
        const [row] = await tx<{ user: User }[]>`select public.set_admin(${body.userId}, ${body.isAdmin}) as user`;
        return row.user;
      } catch (error) {
        const failure = error as { code?: string; hint?: string };
        if (failure.code === 'P0001' && failure.hint === 'last_admin') {
          throw new ApiError(409, 'last_admin', 'You cannot remove your own admin rights while you are the only admin.');
        }
        if (failure.code === 'P0002') throw new ApiError(404, 'not_found', 'User not found.');
        if (failure.code === '42501') throw new ApiError(403, 'forbidden', "You don't have permission to view this page");
        throw error;
      }
    });
    return c.json({ user: updated });
  });
