import { Hono } from 'hono';
import { env } from '../_shared/env.ts';
import { createPagesApp } from '../_shared/pages/app.ts';

/** How long a copy of the build's index.html is used before it is fetched again (a new deploy renames its scripts). */
const SHELL_TTL_MS = 60_000;

/**
 * The server-rendered pages on hosted Supabase: the very app stack/web.ts mounts, reading the
 * /api as a guest (the anon key, never a user's token) and the build's index.html from the
 * static host that serves the app (`JERGA_WEB_ORIGIN`). Supabase serves a function's HTML as
 * HTML only on a custom domain (docs/hosted-supabase.md, "Pages for search and link previews").
 */
function createHostedPages() {
  const apiBase = `${env('SUPABASE_URL') ?? ''}/functions/v1/api`;
  const anonKey = env('SUPABASE_ANON_KEY') ?? '';
  let shell: { text: Promise<string>; at: number } | undefined;
  const readShell = () => {
    if (!shell || Date.now() - shell.at > SHELL_TTL_MS) {
      const origin = env('JERGA_WEB_ORIGIN');
      const text = origin
        ? fetch(new URL('/index.html', origin)).then((reply) => (reply.ok ? reply.text() : Promise.reject(new Error(`index.html: ${reply.status}`))))
        : Promise.reject(new Error('JERGA_WEB_ORIGIN is not set'));
      const made = { text, at: Date.now() };
      text.catch(() => {
        if (shell === made) shell = undefined;
      });
      shell = made;
    }
    return shell.text;
  };
  return createPagesApp({
    api: (path) => fetch(`${apiBase}${path}`, { headers: { Accept: 'application/json', apikey: anonKey } }),
    shell: readShell,
    siteUrl: env('JERGA_SITE_URL') ?? env('SITE_URL'),
  });
}

const pages = createHostedPages();

/**
 * Supabase hands the function `/pages/<rest>`; the pages answer `/<rest>` (the same routes as
 * on the local web server: SECURITY.md's web rows).
 */
function unprefixed(request: Request): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/^\/pages(?=\/|$)/, '') || '/';
  return new Request(url, request);
}

export default new Hono().all('/pages/*', (c) => pages.fetch(unprefixed(c.req.raw))).all('/pages', (c) => pages.fetch(unprefixed(c.req.raw)));
