import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pagePaths } from '../../../../src/page-paths.ts';
import { SERVED_READ_ID as APP_SERVED_READ_ID } from '../../../../src/preload-page.ts';
import { createPagesApp, SERVED_READ_ID, servesPath, type GuestApi } from './app.ts';
import { escape, html, jsonBlock, renderDocument } from './html.ts';
import { readerLanguage } from './language.ts';
import { SERVED_PAGES, SHELL_PAGES, shellPageOf } from './shell-pages.ts';

const indexHtml = readFileSync(new URL('../../../../index.html', import.meta.url), 'utf8');

const request = (url: string, headers: Record<string, string> = {}) => new Request(`https://jerga.example${url}`, { headers });

describe('the reader’s language', () => {
  it('is ?lng=, else the jerga-lng cookie, else Accept-Language, else English', () => {
    expect(readerLanguage(request('/?lng=es', { cookie: 'jerga-lng=en-US' }))).toEqual({ language: 'es', chosen: true });
    expect(readerLanguage(request('/?lng=en-GB', { 'accept-language': 'es' }))).toEqual({ language: 'en-US', chosen: true });
    expect(readerLanguage(request('/?lng=fr', { cookie: 'a=b; jerga-lng=es' })).language).toBe('es');
    expect(readerLanguage(request('/', { cookie: 'jerga-lng=de', 'accept-language': 'de, es-MX;q=0.9, en;q=0.8' })).language).toBe('es');
    expect(readerLanguage(request('/', { 'accept-language': 'es;q=0.2, en-US;q=0.9' })).language).toBe('en-US');
    expect(readerLanguage(request('/', { 'accept-language': 'es;q=0, fr' })).language).toBe('en-US');
    expect(readerLanguage(request('/'))).toEqual({ language: 'en-US', chosen: false });
  });
});

describe('writing the page', () => {
  it('escapes every value, in text and attributes alike', () => {
    expect(escape(`<a href="x" onclick='y'>&`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;');
    const title = '<img src=x onerror=alert(1)>';
    expect(html`<p title="${title}">${title}${html`<b>${title}</b>`}</p>`.markup).toBe(
      '<p title="&lt;img src=x onerror=alert(1)&gt;">&lt;img src=x onerror=alert(1)&gt;<b>&lt;img src=x onerror=alert(1)&gt;</b></p>',
    );
  });

  it('writes JSON blocks no text in them can close', () => {
    const block = jsonBlock('application/ld+json', { name: '</script><script>alert(1)</script><!--\u2028&' }, 'x').markup;
    expect(block).toBe('<script type="application/ld+json" id="x">{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u003c!--\\u2028\\u0026"}</script>');
    expect(JSON.parse(/>(.*)<\/script>$/.exec(block)![1])).toEqual({ name: '</script><script>alert(1)</script><!--\u2028&' });
  });

  it('finds every landmark of index.html: language, title, description, head and main', () => {
    const page = renderDocument(indexHtml, {
      language: 'es',
      title: 'T <x>',
      description: 'D "y"',
      head: html`<meta name="k" content="v" />`,
      body: html`<p>B</p>`,
      noindex: true,
    });
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('<title>T &lt;x&gt;</title>');
    expect(page).toContain('<meta name="description" content="D &quot;y&quot;" />');
    expect(page).toContain('<meta name="robots" content="noindex" /><meta name="k" content="v" /></head>');
    expect(page).toContain('<main class="app__main"><p>B</p></main>');
    // Until the app takes it over (its buttons live), the frame stays out of the accessibility tree.
    expect(page).toContain('<div class="app" aria-hidden="true">');
    expect(page).toContain('<script type="module" src="/src/main.tsx"></script>');
  });
});

describe('the app’s pages', () => {
  it('are each either drawn here or served as the shell, noindex where only a learner or a form is', () => {
    const forms = new Set(['addContent', 'addTag', 'addfeedback', 'login', 'register', 'forgot-password', 'reset-password']);
    for (const { path = '', learnerOnly } of pagePaths.filter(({ path }) => path !== '*')) {
      const shell = SHELL_PAGES.find((page) => page.path === path);
      expect(Boolean(shell) !== SERVED_PAGES.includes(path), path).toBe(true);
      if (shell) expect(shell.noindex, path).toBe(Boolean(learnerOnly) || forms.has(path));
    }
    expect(shellPageOf('/Flashcards/')).toEqual({ path: 'flashcards', noindex: true });
    expect(shellPageOf('/flashcards/x')).toBeUndefined();
  });

  it('share the served read’s block id with the app', () => {
    expect(SERVED_READ_ID).toBe(APP_SERVED_READ_ID);
  });

  it('leave files to the host', () => {
    expect(servesPath('/content/x')).toBe(true);
    expect(servesPath('/')).toBe(true);
    expect(servesPath('/assets/index.js')).toBe(false);
    expect(servesPath('/favicon.svg')).toBe(false);
  });

  it('answer 404 for what the /api refuses and 503 when it fails or cannot be reached, never 500', async () => {
    const replies: Record<string, () => Promise<Response>> = {
      refused: () => Promise.resolve(Response.json({ code: 'invalid_id' }, { status: 400 })),
      failing: () => Promise.resolve(Response.json({ code: 'timeout' }, { status: 503 })),
      'not JSON': () => Promise.resolve(new Response('<html>', { status: 200 })),
      unreachable: () => Promise.reject(new TypeError('fetch failed')),
    };
    for (const [what, reply] of Object.entries(replies)) {
      const api: GuestApi = () => reply();
      const app = createPagesApp({ api, shell: () => Promise.resolve(indexHtml) });
      const response = await app.request('/content/some-id');
      expect(response.status, what).toBe(what === 'refused' ? 404 : 503);
      expect(response.headers.get('x-robots-tag'), what).toBe('noindex');
    }
  });

  it('answer 503, never 500, when the shell cannot be read', async () => {
    const api: GuestApi = () => Promise.resolve(Response.json({ data: [], nextCursor: null }));
    const app = createPagesApp({ api, shell: () => Promise.reject(new Error('ENOENT: dist/index.html')) });
    const response = await app.request('/');
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('Jerga is not available right now');
  });
});
