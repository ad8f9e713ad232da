import { Hono } from 'hono';
import { z } from 'zod';
import { matchesSearch, type MailStore, type StoredAttachment, type StoredMessage } from './store.ts';
import { headersOf, listUnsubscribeOf } from './headers.ts';
import { INBOX_PAGE_POLICY, inboxPage, messagePage } from './inbox-page.ts';

const attachmentJson = ({ content: _content, ...rest }: StoredAttachment) => rest;

const snippetOf = (message: StoredMessage) => message.Text.replace(/\s+/g, ' ').trim().slice(0, 250);

/** A list item of Mailpit's GET /api/v1/messages. */
function summary(message: StoredMessage) {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    Read: message.Read,
    From: message.From,
    To: message.To,
    Cc: message.Cc,
    Bcc: message.Bcc,
    ReplyTo: message.ReplyTo,
    Subject: message.Subject,
    Created: message.Created,
    Username: '',
    Tags: [],
    Size: message.Size,
    Attachments: message.Attachments.length,
    Snippet: snippetOf(message),
  };
}

/** Mailpit's GET /api/v1/message/{ID}. */
function detail(message: StoredMessage) {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    From: message.From,
    To: message.To,
    Cc: message.Cc,
    Bcc: message.Bcc,
    ReplyTo: message.ReplyTo,
    ReturnPath: message.ReturnPath,
    Subject: message.Subject,
    ListUnsubscribe: listUnsubscribeOf(headersOf(message.raw)),
    Date: message.Date,
    Tags: [],
    Username: '',
    Text: message.Text,
    HTML: message.HTML,
    Size: message.Size,
    Inline: message.Inline.map(attachmentJson),
    Attachments: message.Attachments.map(attachmentJson),
  };
}

const page = z.object({
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  query: z.string().max(1000).default(''),
});

/** The host names a browser or tool uses for this machine's loopback. */
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

const deleteBody = z.object({ IDs: z.array(z.string().max(64)).max(1000).optional() }).strict();

/**
 * The slice of Mailpit's REST API (v1) that tools written for `supabase start`'s Mailpit use,
 * over `store`, plus a small inbox page at `/`.
 */
export function mailApp(store: MailStore): Hono {
  const app = new Hono();
  const parsePage = (query: Record<string, string>) => {
    const parsed = page.safeParse(query);
    return parsed.success ? parsed.data : null;
  };
  const list = (messages: StoredMessage[], start: number, limit: number) => {
    const all = store.all();
    const unread = all.filter((message) => !message.Read).length;
    const slice = messages.slice(start, start + limit);
    return {
      total: all.length,
      unread,
      count: slice.length,
      messages_count: messages.length,
      messages_unread: messages.filter((message) => !message.Read).length,
      start,
      tags: [],
      messages: slice.map(summary),
    };
  };
  const badRequest = (message: string) => new Response(message, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

  // The catcher listens on loopback only, but a page the developer visits could still reach it
  // by pointing a name of its own at 127.0.0.1 (DNS rebinding) and read every mailed link and
  // code: such a request names that host, so only loopback names are answered.
  app.use('*', async (c, next) => {
    if (!LOOPBACK_NAMES.has(new URL(c.req.url).hostname)) return c.text('Misdirected request', 421);
    await next();
  });

  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
    // Every reply is what its Content-Type says (a mail's text is never run as a script or page).
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  });

  app.get('/api/v1/messages', (c) => {
    const query = parsePage(c.req.query());
    if (!query) return badRequest('invalid start or limit');
    return c.json(list(store.all(), query.start, query.limit));
  });

  app.delete('/api/v1/messages', async (c) => {
    const text = await c.req.text();
    let ids: string[] | undefined;
    if (text.trim()) {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        return badRequest('invalid JSON');
      }
      const parsed = deleteBody.safeParse(raw);
      if (!parsed.success) return badRequest('expected {"IDs": [...]}');
      ids = parsed.data.IDs?.length ? parsed.data.IDs : undefined;
    }
    store.delete(ids);
    return c.text('ok');
  });

  app.get('/api/v1/search', (c) => {
    const query = parsePage(c.req.query());
    if (!query) return badRequest('invalid start, limit or query');
    if (!query.query.trim()) return badRequest('no search query');
    return c.json(list(store.all().filter((message) => matchesSearch(message, query.query)), query.start, query.limit));
  });

  app.delete('/api/v1/search', (c) => {
    const query = parsePage(c.req.query());
    if (!query?.query.trim()) return badRequest('no search query');
    store.delete(store.all().filter((message) => matchesSearch(message, query.query)).map((message) => message.ID));
    return c.text('ok');
  });

  app.get('/api/v1/message/:id', (c) => {
    const message = store.get(c.req.param('id'));
    if (!message) return notFound();
    message.Read = true;
    return c.json(detail(message));
  });

  app.get('/api/v1/message/:id/headers', (c) => {
    const message = store.get(c.req.param('id'));
    if (!message) return notFound();
    return c.json(headersOf(message.raw));
  });

  app.get('/api/v1/message/:id/raw', (c) => {
    const message = store.get(c.req.param('id'));
    if (!message) return notFound();
    return new Response(new Uint8Array(message.raw), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
  });

  app.get('/api/v1/info', (c) => c.json({ Version: 'jerga-local', Messages: store.all().length, Unread: store.all().filter((m) => !m.Read).length }));
  app.get('/livez', (c) => c.text('ok'));
  app.get('/readyz', (c) => c.text('ok'));

  // The browser inbox: a developer tool, English only.
  app.get('/', (c) => {
    c.header('Content-Security-Policy', INBOX_PAGE_POLICY);
    return c.html(inboxPage(store.all()));
  });
  app.get('/view/:id', (c) => {
    const message = store.get(c.req.param('id'));
    if (!message) return notFound();
    message.Read = true;
    c.header('Content-Security-Policy', INBOX_PAGE_POLICY);
    return c.html(messagePage(message));
  });
  // A mail's own HTML, on its own URL so a CSP sandbox can hold it: no script, no forms,
  // no network but inline images, whatever the mail contains; framed by its message's page
  // here and by no other site's.
  app.get('/view/:id/html', (c) => {
    const message = store.get(c.req.param('id'));
    if (!message) return notFound();
    c.header('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; frame-ancestors 'self'; base-uri 'none'");
    return c.html(message.HTML || '<p>(no HTML part)</p>');
  });

  app.notFound(() => notFound());
  return app;
}
