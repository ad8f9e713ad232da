import { Hono, type Context } from 'hono';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';
import { formTargetOf, googlePage, googlePagePolicy, type GooglePageInput } from './google-page.ts';
import { googleCode, returnAddressOf, standInMayUse, standInRefused } from './oauth.ts';
import { limitByAddress } from './requests.ts';

/**
 * The local stand-in for Google's sign-in page (`/local-google/authorize`), which exists only
 * while neither real Google nor "off" is configured: GET shows the page, POST turns its form
 * into a code (or a refusal) for Auth's callback, or shows the page again with what was wrong.
 */
export function standInRoutes(ctx: AuthContext): Hono {
  const app = new Hono();
  const action = () => `${ctx.externalUrl}/local-google/authorize`;
  const callbackUrl = () => `${ctx.externalUrl}/callback`;

  app.use('*', async (_c, next) => {
    if (ctx.google || ctx.googleOff) throw new AuthError(404, 'not_found', 'Not found');
    await next();
  });

  /** The page, with a policy that lets its form reach Auth and the app the sign-in returns to, and nothing else. */
  const page = async (c: Context, input: Omit<GooglePageInput, 'action'>, status: 200 | 400 = 200) => {
    const returnAddress = await returnAddressOf(ctx, input.state);
    const targets = [action(), callbackUrl(), ...(returnAddress ? [returnAddress] : [])].map(formTargetOf);
    c.header('Content-Security-Policy', googlePagePolicy(targets.filter((target) => target !== null)));
    c.header('Cache-Control', 'no-store');
    return c.html(googlePage({ ...input, action: action() }), status);
  };

  app.get('/authorize', (c) => {
    const state = c.req.query('state') ?? '';
    const redirectUri = c.req.query('redirect_uri') ?? '';
    if (redirectUri !== callbackUrl() || !state) return c.text('Invalid request: unknown redirect_uri or missing state', 400);
    return page(c, { state, redirectUri });
  });

  app.post('/authorize', async (c) => {
    // It makes accounts: counted with sign-ups and sign-ins per address.
    limitByAddress(ctx, c, 'signInSignUps');
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const state = field('state');
    const redirectUri = field('redirect_uri');
    if (redirectUri !== callbackUrl() || !state) return c.text('Invalid request: unknown redirect_uri or missing state', 400);
    const target = new URL(redirectUri);
    target.searchParams.set('state', state);
    if (field('action') === 'cancel') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user cancelled the sign-in on the local Google page');
      return c.redirect(target.toString(), 302);
    }
    try {
      if (!(await standInMayUse(ctx, field('email')))) {
        // Refused before any code exists; the callback sends the browser back with the reason.
        const refusal = standInRefused();
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_code', refusal.code);
        target.searchParams.set('error_description', refusal.message);
        return c.redirect(target.toString(), 302);
      }
      target.searchParams.set('code', await googleCode(ctx, field('email'), field('name')));
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return page(c, { state, redirectUri, email: field('email'), name: field('name'), error: 'Enter a valid email address.' }, 400);
    }
    return c.redirect(target.toString(), 302);
  });

  return app;
}
