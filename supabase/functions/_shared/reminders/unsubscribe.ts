import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { clientAddress } from '../client-address.ts';
import { fromPostgres } from '../errors.ts';
import { asService } from '../service-db.ts';
import { reminderLanguage, reminderText, type ReminderLanguage, type ReminderStringKey } from './strings.ts';
import { verifiedUnsubscribeToken } from './unsubscribe-token.ts';

/** The pages run no script, load nothing, post only to themselves and are framed by nobody. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function page(c: Context, language: ReminderLanguage, status: 200 | 400 | 429 | 503, message: ReminderStringKey, withButton = false): Response {
  const t = (key: ReminderStringKey) => reminderText(language, key);
  c.header('Content-Security-Policy', PAGE_POLICY);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex');
  return c.html(
    html`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t('pageTitle')}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1c1b1f; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1 style="font-size: 1.4rem">${t('pageTitle')}</h1>
<p>${t(message)}</p>
${withButton ? html`<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="padding:10px 16px;background:#1d3557;color:#fff;border:0;border-radius:6px;font-size:1rem">${t('confirmAction')}</button></form>` : ''}
</body></html>`.toString(),
    status,
  );
}

/**
 * The one-click unsubscribe of the reminder mail (RFC 8058), at
 * /functions/v1/reminders/unsubscribe?token=<token>: POST turns the mail off with no sign-in
 * (what a mail client's "Unsubscribe" sends; twice is once) and says so; GET only shows a
 * page with the button that POSTs, because mail scanners follow links. A forged or malformed
 * token gets a 400 page; every request counts against 60 a minute per client address.
 */
export function mountUnsubscribe(app: Hono): void {
  const answer = async (c: Context, confirm: boolean) => {
    const fallback = reminderLanguage(c.req.header('accept-language'));
    const userId = await verifiedUnsubscribeToken(c.req.query('token'));
    let language: string | null;
    try {
      language = await asService(async (tx) => {
        const [row] = await tx<{ language: string | null }[]>`
          select private.unsubscribe_from_reminder_mail(${userId}::uuid, ${clientAddress(c.req.header('x-forwarded-for'))}, ${confirm}) as language`;
        return row.language;
      });
    } catch (error) {
      const known = typeof error === 'object' && error !== null && 'code' in error ? fromPostgres(error as { code?: string }, false) : undefined;
      if (known?.status === 429) {
        c.header('Retry-After', String(known.details.retryAfter ?? 60));
        return page(c, fallback, 429, 'rateLimited');
      }
      console.error(`reminders: unsubscribe: ${error instanceof Error ? error.message : String(error)}`);
      c.header('Retry-After', '5');
      return page(c, fallback, 503, 'unavailable');
    }
    if (!userId || !language) return page(c, fallback, 400, 'invalid');
    return confirm ? page(c, reminderLanguage(language), 200, 'done') : page(c, reminderLanguage(language), 200, 'confirm', true);
  };
  app.get('/unsubscribe', (c) => answer(c, false));
  app.post('/unsubscribe', (c) => answer(c, true));
}
