import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../stack/free-port.ts';
import { startMail } from '../../stack/mail/index.ts';
import { catcherSmtpSettings, createMailer, smtpSettingsFromEnv } from '../../stack/mail/sender.ts';
import { mailsTo, waitForMail } from '../support/mailbox.ts';
import { testPorts } from '../support/ports.ts';
import { stack } from '../support/stack.ts';

// The local mail catcher as tools for `supabase start`'s Mailpit read it (its REST API),
// and the sender Auth uses: to the catcher, or to the server GOTRUE_SMTP_* names.

const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@mail.jerga.test`;
const api = (path: string, init?: RequestInit) => fetch(`${stack().mailUrl}/api/v1${path}`, init);

describe('the mail catcher (Mailpit API)', () => {
  it('catches what the stack mailer sends, with Mailpit’s fields', async () => {
    const to = address('learner');
    const mailer = createMailer(catcherSmtpSettings(testPorts.smtp));
    await mailer.send({ to, subject: 'Restablece tu contraseña', text: 'Hola, sigue el enlace: https://example.test/ñ', html: '<p>Hola <b>ñandú</b></p>' });
    await mailer.close();

    const list = (await (await api('/messages?limit=500')).json()) as Record<string, unknown> & { messages: Record<string, unknown>[] };
    expect(Object.keys(list)).toEqual(expect.arrayContaining(['total', 'unread', 'count', 'messages_count', 'start', 'tags', 'messages']));
    const item = list.messages.find((message) => (message.To as { Address: string }[])[0]?.Address === to)!;
    expect(item).toMatchObject({
      ID: expect.any(String),
      MessageID: expect.any(String),
      Read: false,
      From: { Name: 'Jerga', Address: 'no-reply@jerga.local' },
      To: [{ Name: '', Address: to }],
      Cc: [],
      Bcc: [],
      ReplyTo: [],
      Subject: 'Restablece tu contraseña',
      Created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      Size: expect.any(Number),
      Attachments: 0,
      Snippet: 'Hola, sigue el enlace: https://example.test/ñ',
      Tags: [],
    });

    const message = (await (await api(`/message/${item.ID as string}`)).json()) as Record<string, unknown>;
    expect(message).toMatchObject({ ID: item.ID, Subject: 'Restablece tu contraseña', Text: expect.stringContaining('ñ'), HTML: '<p>Hola <b>ñandú</b></p>', Inline: [], Attachments: [] });
    expect(typeof message.Date).toBe('string');
    // Reading it marks it read.
    const again = (await (await api(`/search?query=${encodeURIComponent(`to:${to}`)}`)).json()) as { messages: { Read: boolean }[] };
    expect(again.messages[0].Read).toBe(true);
  });

  it('parses any client’s mail: Cc, a blind copy, an attachment, UTF-8 headers; raw source too', async () => {
    const to = address('to');
    const cc = address('cc');
    const bcc = address('bcc');
    const client = nodemailer.createTransport({ host: '127.0.0.1', port: testPorts.smtp, ignoreTLS: true });
    await client.sendMail({
      from: '"Señora Pérez" <perez@mail.jerga.test>',
      to,
      cc,
      bcc,
      replyTo: 'answers@mail.jerga.test',
      subject: 'Contraseña y año',
      text: 'Cuerpo con ñ',
      attachments: [{ filename: 'notas.txt', content: 'ñam ñam', contentType: 'text/plain' }],
    });
    client.close();
    const mail = await waitForMail(to);
    expect(mail.From).toEqual({ Name: 'Señora Pérez', Address: 'perez@mail.jerga.test' });
    const full = (await (await api(`/message/${mail.ID}`)).json()) as Record<string, unknown>;
    expect(full.Cc).toEqual([{ Name: '', Address: cc }]);
    expect(full.Bcc).toEqual([{ Name: '', Address: bcc }]);
    expect(full.ReplyTo).toEqual([{ Name: '', Address: 'answers@mail.jerga.test' }]);
    expect(full.Subject).toBe('Contraseña y año');
    expect(full.Attachments).toEqual([expect.objectContaining({ FileName: 'notas.txt', ContentType: 'text/plain', Size: Buffer.byteLength('ñam ñam') })]);
    const raw = await (await api(`/message/${mail.ID}/raw`)).text();
    expect((await simpleParser(raw)).subject).toBe('Contraseña y año');
  });

  it('searches by recipient, answers latest, deletes by ID, and says 404 for an unknown ID', async () => {
    const mine = address('mine');
    const theirs = address('theirs');
    const mailer = createMailer(catcherSmtpSettings(testPorts.smtp));
    await mailer.send({ to: mine, subject: 'one', text: 'one', html: '<p>one</p>' });
    await mailer.send({ to: theirs, subject: 'two', text: 'two', html: '<p>two</p>' });
    await mailer.send({ to: mine, subject: 'three', text: 'three', html: '<p>three</p>' });
    await mailer.close();

    const found = await mailsTo(mine);
    expect(found.map((mail) => mail.Subject).sort()).toEqual(['one', 'three']);
    expect(found.every((mail) => mail.To[0].Address === mine)).toBe(true);

    const latest = await api('/message/latest');
    expect(latest.status).toBe(200);
    expect(((await latest.json()) as { ID: string }).ID).toEqual(expect.any(String));

    const deleted = await api('/messages', { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ IDs: found.map((mail) => mail.ID) }) });
    expect(deleted.status).toBe(200);
    expect(await mailsTo(mine)).toEqual([]);
    expect((await mailsTo(theirs)).length).toBe(1);

    expect((await api('/message/does-not-exist')).status).toBe(404);
    expect((await api('/messages?limit=-1')).status).toBe(400);
    expect((await api('/messages', { method: 'DELETE', body: '{"IDs": 5}' })).status).toBe(400);
  });

  it('refuses a message over 5 MB at SMTP', async () => {
    const to = address('big');
    const client = nodemailer.createTransport({ host: '127.0.0.1', port: testPorts.smtp, ignoreTLS: true });
    await expect(client.sendMail({ from: 'x@mail.jerga.test', to, subject: 'big', text: 'x'.repeat(6 * 1024 * 1024) })).rejects.toMatchObject({
      responseCode: 552,
    });
    client.close();
    expect(await mailsTo(to)).toEqual([]);
  });

  it('never runs a mail’s script in the inbox', async () => {
    const to = address('hostile');
    const mailer = createMailer(catcherSmtpSettings(testPorts.smtp));
    await mailer.send({ to, subject: '<script>alert(1)</script>', text: '<img src=x onerror=alert(2)>', html: '<script>alert(3)</script><img src=x onerror="alert(4)">' });
    await mailer.close();
    const mail = await waitForMail(to);
    const inbox = await (await fetch(`${stack().mailUrl}/`)).text();
    expect(inbox).not.toContain('<script>alert(1)</script>');
    expect(inbox).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const view = await (await fetch(`${stack().mailUrl}/view/${mail.ID}`)).text();
    expect(view).toMatch(new RegExp(`<iframe sandbox [^>]*src="/view/${mail.ID}/html"`));
    expect(view).not.toContain('onerror=alert(2)>');
    const part = await fetch(`${stack().mailUrl}/view/${mail.ID}/html`);
    expect(part.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
  });
});

describe('sending through GOTRUE_SMTP_*', () => {
  it('relays to that server with its credentials and From, and starts no catcher', async () => {
    const received: { from: string; to: string[]; user?: string; raw: string }[] = [];
    const relay = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: auth.username });
        callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), user: session.user as string, raw });
          callback();
        });
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', () => resolve()));
    try {
      const settings = smtpSettingsFromEnv({
        GOTRUE_SMTP_HOST: '127.0.0.1',
        GOTRUE_SMTP_PORT: String(port),
        GOTRUE_SMTP_USER: 'mailer',
        GOTRUE_SMTP_PASS: 's3cret',
        GOTRUE_SMTP_ADMIN_EMAIL: 'hola@jerga.example',
        GOTRUE_SMTP_SENDER_NAME: 'Jerga App',
      })!;
      const service = await startMail({ httpPort: 0, smtpPort: 0, smtp: settings });
      expect(service.mailUrl).toBeUndefined();
      const to = address('relayed');
      await service.mailer.send({ to, subject: 'Confirm', text: 'Hi', html: '<p>Hi</p>' });
      await service.close();
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: 'hola@jerga.example', to: [to], user: 'mailer' });
      expect((await simpleParser(received[0].raw)).from?.value[0]).toEqual({ name: 'Jerga App', address: 'hola@jerga.example' });
      expect(await mailsTo(to)).toEqual([]);

      const wrong = createMailer({ ...settings, pass: 'nope' });
      await expect(wrong.send({ to, subject: 'x', text: 'x', html: 'x' })).rejects.toThrow();
      await wrong.close();
    } finally {
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
  });

  it('rejects when the server cannot be reached, instead of hanging', async () => {
    const port = await freePort();
    const mailer = createMailer(smtpSettingsFromEnv({ GOTRUE_SMTP_HOST: '127.0.0.1', GOTRUE_SMTP_PORT: String(port) })!);
    await expect(mailer.send({ to: address('nowhere'), subject: 'x', text: 'x', html: 'x' })).rejects.toThrow(/ECONNREFUSED/);
    await mailer.close();
    expect(() => smtpSettingsFromEnv({ GOTRUE_SMTP_HOST: 'smtp.example', GOTRUE_SMTP_PORT: '99999' })).toThrow(/GOTRUE_SMTP_PORT/);
  });
});
