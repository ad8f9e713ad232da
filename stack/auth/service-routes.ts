import { Hono } from 'hono';
import type { AuthContext } from './context.ts';
import { jwks } from './tokens.ts';

/** What the service says about itself: GET /health, GET /settings and the JWKS. */
export function serviceRoutes(ctx: AuthContext): Hono {
  const app = new Hono();

  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        github: false,
        gitlab: false,
        google: !ctx.googleOff,
        keycloak: false,
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        spotify: false,
        slack_oidc: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
        email: true,
        phone: false,
      },
      disable_signup: !ctx.settings.enableSignup,
      mailer_autoconfirm: !ctx.settings.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(jwks(ctx.keys));
  });

  return app;
}
