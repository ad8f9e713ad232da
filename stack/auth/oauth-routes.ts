import { Hono, type Context } from 'hono';
import type { AuthContext } from './context.ts';
import { validationFailed } from './errors.ts';
import { standInRoutes } from './google-stand-in.ts';
import { authorizeUrl, completeSignIn, failSignIn } from './oauth.ts';
import { clientOf, limitByAddress } from './requests.ts';

/** Only a code-shaped error_code is passed on to the app (ours, from the stand-in page). */
const errorCodeOf = (value: string | undefined) => (value && /^[a-z_]{1,64}$/.test(value) ? value : undefined);

/** OAuth: /authorize → Google (or the local stand-in page) → /callback → redirect_to (tokens or ?code=). */
export function oauthRoutes(ctx: AuthContext): Hono {
  const app = new Hono();

  app.get('/authorize', async (c) => {
    if (ctx.googleOff && c.req.query('provider') === 'google') throw validationFailed('Unsupported provider: provider is not enabled');
    const url = await authorizeUrl(ctx, c.req.query());
    if (c.req.query('skip_http_redirect') === 'true') return c.json({ url });
    return c.redirect(url, 302);
  });

  app.route('/local-google', standInRoutes(ctx));

  const callback = async (c: Context, params: Record<string, string>) => {
    // A provider's return signs in (or up): counted with them per address.
    limitByAddress(ctx, c, 'signInSignUps');
    const state = params.state ?? '';
    if (params.error) {
      return c.redirect(await failSignIn(ctx, state, params.error, params.error_description ?? params.error, errorCodeOf(params.error_code)), 302);
    }
    return c.redirect(await completeSignIn(ctx, params, clientOf(ctx, c)), 302);
  };
  app.get('/callback', (c) => callback(c, c.req.query()));
  app.post('/callback', async (c) => {
    const form = await c.req.parseBody();
    const params = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
    return callback(c, params);
  });

  return app;
}
