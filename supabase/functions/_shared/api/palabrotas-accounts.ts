import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { adminAuth, fromAuthError, publicAuth } from '../auth-service.ts';
import { ApiError, fromPostgres } from '../errors.ts';
import { newPassword } from '../passwords.ts';
import type { User } from '../contract/accounts.ts';
import type { ApiEnv } from './context.ts';
import { email, parseBody } from './validate.ts';

// The palabrotas client's account pages (github.com/dikuw/palabrotas: ForgotPassword, ResetPassword,
// VerifyEmail, the verification banner) on top of Auth's own recovery and confirmation mails.
// Its pages read `?token=` from their link and post it here: the /api puts a token of its
// own in the redirect of Auth's mail (`<the page's origin>/reset-password?token=…`), keeps only
// its SHA-256 (private.account_links) and takes it back once. A reset token counts only after
// Auth's recovery link itself was followed (the SQL checks the account signed in by
// 'recovery' since): the mail was read. Where the page's origin is not one Auth may redirect to,
// Auth falls back to its site URL: the app's own /reset-password, which works with Auth's session.

const forgotBody = z.object({ email });
const resetBody = z.object({ token: z.unknown().optional(), password: z.unknown().optional(), confirmPassword: z.unknown().optional() });
const verifyBody = z.object({ token: z.unknown().optional() });

/** Our link tokens: 32 random bytes as hex. Anything else is no link of ours. */
const linkToken = /^[0-9a-f]{64}$/;

function newLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The origin of the page that asked (the browser's Origin header), where its link should lead; null when none or not http(s). */
function pageOrigin(c: Context<ApiEnv>): string | null {
  const origin = c.req.header('origin');
  if (!origin) return null;
  try {
    const url = new URL(origin);
    return /^https?:$/.test(url.protocol) && !url.username && !url.password ? `${url.protocol}//${url.host}` : null;
  } catch {
    return null;
  }
}

/** The caller's profile with palabrotas' `emailVerified`, or null for a guest. */
async function verifiedProfile(c: Context<ApiEnv>): Promise<(User & { emailVerified: boolean }) | null> {
  if (!c.get('caller').userId) return null;
  const row = await c.get('run')(
    async (tx) => (await tx<{ user: User | null; confirmed: boolean | null }[]>`select public.current_profile() as user, private.caller_email_confirmed() as confirmed`)[0],
  );
  return row.user ? { ...row.user, emailVerified: row.confirmed === true } : null;
}

export const palabrotasAuth = new Hono<ApiEnv>()
  // {email} → always the same answer (nothing said of who has an account); Auth mails the link.
  .post('/forgot-password', async (c) => {
    const body = await parseBody(c, forgotBody);
    const origin = pageOrigin(c);
    const token = newLinkToken();
    const { error } = await publicAuth(c.get('address')).resetPasswordForEmail(body.email, {
      ...(origin ? { redirectTo: `${origin}/reset-password?token=${token}` } : {}),
    });
    if (error) throw fromAuthError(error);
    // After Auth took the request: a refused one (too soon again) leaves the last link working.
    if (origin) {
      const hash = await sha256(token);
      await c.get('run')((tx) => tx`select private.remember_account_link('reset_password', ${body.email}, ${hash})`);
    }
    return c.json({ success: true, message: 'If an account exists with that email, a reset link has been sent.' });
  })
  // {token, password, confirmPassword} → the new password; every session of the account ends.
  .post('/reset-password', async (c) => {
    const body = await parseBody(c, resetBody);
    const { token, password, confirmPassword } = body;
    if (typeof token !== 'string' || !token || typeof password !== 'string' || !password || typeof confirmPassword !== 'string' || !confirmPassword) {
      throw new ApiError(400, 'reset_fields_required');
    }
    if (password !== confirmPassword) throw new ApiError(400, 'passwords_mismatch', { field: 'confirmPassword' });
    const checked = await newPassword.safeParseAsync(password);
    if (!checked.success) {
      const code = checked.error.issues[0]?.message;
      throw new ApiError(400, code === 'password_too_long' || code === 'password_too_common' ? code : 'password_too_short', { field: 'password' });
    }
    if (!linkToken.test(token)) throw new ApiError(400, 'reset_link_invalid');
    const hash = await sha256(token);
    const account = await c.get('run')(
      async (tx) => (await tx<{ account: { userId: string } }[]>`select private.use_account_link('reset_password', ${hash}) as account`)[0].account,
    );
    const { error } = await adminAuth().updateUserById(account.userId, { password });
    if (error) throw fromAuthError(error);
    return c.json({ success: true, message: 'Password updated successfully. You can now log in.' });
  })
  // {token} (or ?token=) → VERIFIED once Auth's confirmation link was followed; ALREADY_VERIFIED
  // for a signed-in learner whose address is confirmed, whatever the token.
  .post('/verify-email', async (c) => {
    const body = await parseBody(c, verifyBody);
    const token = typeof body.token === 'string' && body.token.trim() ? body.token.trim() : (c.req.query('token') ?? '').trim();
    if (!token) throw new ApiError(400, 'verification_token_required');
    try {
      if (!linkToken.test(token)) throw new ApiError(400, 'verification_link_invalid');
      const hash = await sha256(token);
      const link = await c.get('run')(
        async (tx) =>
          (await tx<{ link: { userId: string; emailConfirmed: boolean } }[]>`select private.use_account_link('verify_email', ${hash}) as link`)[0].link,
      );
      if (!link.emailConfirmed) throw new ApiError(400, 'verification_link_invalid');
      const user = link.userId === c.get('caller').userId ? await verifiedProfile(c) : null;
      return c.json({ success: true, code: 'VERIFIED', message: "You're verified!", ...(user ? { user } : {}) });
    } catch (error) {
      const known = error instanceof ApiError ? error : fromPostgres(error as { code?: string }, Boolean(c.get('caller').userId));
      if (known?.code !== 'verification_link_invalid') throw error;
      const user = await verifiedProfile(c);
      if (user?.emailVerified) return c.json({ success: true, code: 'ALREADY_VERIFIED', message: 'Your email is already verified.', user });
      throw known;
    }
  })
  // Signed in: ALREADY_VERIFIED, or Auth mails the confirmation again with a link to the page.
  .post('/resend-verification', async (c) => {
    const caller = c.get('caller');
    if (!caller.userId) throw new ApiError(401, 'resend_login_required');
    const user = await verifiedProfile(c);
    if (!user) throw new ApiError(401, 'resend_login_required');
    if (user.emailVerified) return c.json({ success: true, code: 'ALREADY_VERIFIED', message: 'Your email is already verified.', user });
    const address = typeof caller.claims.email === 'string' ? caller.claims.email : user.email;
    if (!address) throw new ApiError(400, 'email_required');
    const origin = pageOrigin(c);
    const token = newLinkToken();
    const { error } = await publicAuth(c.get('address')).resend({
      type: 'signup',
      email: address,
      ...(origin ? { options: { emailRedirectTo: `${origin}/verify-email?token=${token}` } } : {}),
    });
    if (error) throw fromAuthError(error);
    if (origin) {
      const hash = await sha256(token);
      await c.get('run')((tx) => tx`select private.remember_account_link('verify_email', ${address}, ${hash})`);
    }
    return c.json({ success: true, message: 'Verification email sent. Please check your inbox.' });
  });
