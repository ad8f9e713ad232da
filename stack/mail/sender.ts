import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './types.ts';

/** Where mail goes: GoTrue's GOTRUE_SMTP_* settings, or the local catcher's SMTP port. */
export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  pass?: string;
  /** The From address (GOTRUE_SMTP_ADMIN_EMAIL). */
  adminEmail: string;
  /** The From name (GOTRUE_SMTP_SENDER_NAME). */
  senderName: string;
  /** The local catcher speaks plain SMTP on loopback; a real server gets TLS (465, or STARTTLS). */
  local: boolean;
}

const DEFAULT_ADMIN_EMAIL = 'no-reply@jerga.local';
const DEFAULT_SENDER_NAME = 'Jerga';

/** GOTRUE_SMTP_HOST and its siblings, or undefined when mail should go to the local catcher. */
export function smtpSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): SmtpSettings | undefined {
  const host = env.GOTRUE_SMTP_HOST?.trim();
  if (!host) return undefined;
  const port = Number(env.GOTRUE_SMTP_PORT || 587);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`GOTRUE_SMTP_PORT must be a port number, not ${env.GOTRUE_SMTP_PORT}`);
  return {
    host,
    port,
    user: env.GOTRUE_SMTP_USER || undefined,
    pass: env.GOTRUE_SMTP_PASS || undefined,
    adminEmail: env.GOTRUE_SMTP_ADMIN_EMAIL?.trim() || DEFAULT_ADMIN_EMAIL,
    senderName: env.GOTRUE_SMTP_SENDER_NAME?.trim() || DEFAULT_SENDER_NAME,
    local: false,
  };
}

export function catcherSmtpSettings(port: number): SmtpSettings {
  return { host: '127.0.0.1', port, adminEmail: DEFAULT_ADMIN_EMAIL, senderName: DEFAULT_SENDER_NAME, local: true };
}

/**
 * A Mailer over SMTP (nodemailer). A refused or unreachable server rejects `send` within
 * the timeouts instead of holding Auth's request.
 */
export function createMailer(settings: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: !settings.local && settings.port === 465,
    ignoreTLS: settings.local,
    auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail: OutgoingMail) {
      await transport.sendMail({
        from: { name: settings.senderName, address: settings.adminEmail },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}
