import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import type { MailAddress, StoredMessage } from './store.ts';

/** The pages' one stylesheet, allowed by its hash (no other style, and no script, runs). */
const CSS = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1c1b1f; background: #fafafa; }
  header { padding: 12px 16px; background: #1d3557; color: #fff; }
  header a { color: #fff; }
  main { max-width: 960px; margin: 0 auto; padding: 12px; }
  ul { list-style: none; padding: 0; margin: 0; }
  li a { display: block; padding: 10px 12px; border-bottom: 1px solid #ddd; color: inherit; text-decoration: none; background: #fff; }
  li a:hover, li a:focus { background: #eef3fb; }
  .unread { font-weight: 600; }
  .meta { color: #555; font-size: 13px; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; padding: 12px; border: 1px solid #ddd; }
  iframe { width: 100%; min-height: 420px; border: 1px solid #ddd; background: #fff; }
`;
const style = html`<style>${raw(CSS)}</style>`;

/**
 * The inbox pages' Content-Security-Policy: nothing loads or runs but their stylesheet and a
 * mail's HTML part from this server in a frame; they post no form; no other page may frame them.
 */
export const INBOX_PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'; frame-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`;

const people = (list: MailAddress[]) => list.map((entry) => (entry.Name ? `${entry.Name} <${entry.Address}>` : entry.Address)).join(', ');

function layout(title: string, body: unknown) {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${style}</head>
<body><header><a href="/">Jerga local mail</a> — every message the local stack sends lands here (Mailpit's API at /api/v1)</header><main>${body}</main></body>
</html>`;
}

/** The list of caught messages, newest first. */
export function inboxPage(messages: StoredMessage[]) {
  const rows = messages.map(
    (message) => html`<li><a href="/view/${message.ID}" class="${message.Read ? '' : 'unread'}">
      <div>${message.Subject || '(no subject)'}</div>
      <div class="meta">To ${people(message.To)} · ${new Date(message.Created).toLocaleString('en-GB')}</div></a></li>`,
  );
  return layout(
    `Inbox (${messages.length})`,
    messages.length ? html`<h1>Inbox</h1><ul>${rows}</ul>` : html`<h1>Inbox</h1><p>No mail yet. Mail that Auth sends (sign-up confirmations, password recovery, e-mail changes) appears here.</p>`,
  );
}

/** One message: its headers, the text part, and the HTML part in a sandboxed frame (no scripts). */
export function messagePage(message: StoredMessage) {
  return layout(
    message.Subject || '(no subject)',
    html`<p><a href="/">← Inbox</a></p>
<h1>${message.Subject || '(no subject)'}</h1>
<p class="meta">From ${message.From ? people([message.From]) : ''}<br>To ${people(message.To)}${message.Cc.length ? html`<br>Cc ${people(message.Cc)}` : ''}<br>${message.Date}</p>
${message.HTML ? html`<h2>HTML</h2><iframe sandbox title="The message's HTML part" src="/view/${message.ID}/html"></iframe>` : ''}
<h2>Text</h2><pre>${message.Text}</pre>
${message.Attachments.length ? html`<h2>Attachments</h2><ul>${message.Attachments.map((a) => html`<li class="meta">${a.FileName} (${a.ContentType}, ${a.Size} bytes)</li>`)}</ul>` : ''}`,
  );
}
