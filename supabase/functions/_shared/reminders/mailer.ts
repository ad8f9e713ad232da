import nodemailer from 'nodemailer';
import { env } from '../env.ts';
import type { ReminderMail } from './mail.ts';

/** Sends one reminder; rejects when the SMTP server did not accept it. */
export interface ReminderMailer {
  send(mail: ReminderMail): Promise<void>;
  close(): Promise<void>;
}

const loopback = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * SMTP through nodemailer, set by the environment as Auth's own SMTP is: SMTP_HOST, SMTP_PORT
 * (465: TLS from the first byte, the port hosted Supabase lets functions reach; any other
 * port must offer STARTTLS, except on loopback, where the local stack's catcher speaks plain
 * SMTP), SMTP_USER, SMTP_PASS, SMTP_ADMIN_EMAIL (From) and SMTP_SENDER_NAME. Null when
 * SMTP_HOST is not set: nothing can be mailed. One pooled transport a tick, a few
 * connections, so a minute's mails reuse them.
 */
export function smtpMailerFromEnv(): ReminderMailer | null {
  const host = env('SMTP_HOST')?.trim();
  if (!host) return null;
  const port = Number(env('SMTP_PORT') || 465);
  const local = loopback.has(host);
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: port === 465 && !local,
    requireTLS: port !== 465 && !local,
    ignoreTLS: local,
    auth: env('SMTP_USER') ? { user: env('SMTP_USER')!, pass: env('SMTP_PASS') ?? '' } : undefined,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const from = { name: env('SMTP_SENDER_NAME')?.trim() || 'Jerga', address: env('SMTP_ADMIN_EMAIL')?.trim() || 'no-reply@jerga.local' };
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    },
    async close() {
      transport.close();
    },
  };
}
