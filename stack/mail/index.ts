import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { mailApp } from './api.ts';
import { startSmtp } from './smtp.ts';
import { MailStore } from './store.ts';
import { catcherSmtpSettings, createMailer, smtpSettingsFromEnv, type SmtpSettings } from './sender.ts';
import type { Mailer } from './types.ts';

export type { Mailer, OutgoingMail } from './types.ts';

export interface MailService {
  mailer: Mailer;
  /** The catcher's inbox and Mailpit API, or undefined when GOTRUE_SMTP_* sends real mail. */
  mailUrl?: string;
  /** Where mail goes, for the start-up lines. */
  describe: string;
  /** The SMTP server the mailer sends through, for other senders (the reminders function). */
  smtp: SmtpSettings;
  close(): Promise<void>;
}

export interface MailOptions {
  /** Mailpit's web and API port (54324 like `supabase start`); 0 picks a free one. */
  httpPort: number;
  /** The catcher's SMTP port (54325); 0 picks a free one. */
  smtpPort: number;
  /** SMTP settings to send through instead of the catcher (default: GOTRUE_SMTP_* from the environment). */
  smtp?: SmtpSettings;
}

/**
 * Mail for the local stack: with GOTRUE_SMTP_HOST set, a mailer to that server and no
 * catcher; otherwise the catcher (SMTP + Mailpit's API, both on loopback) and a mailer to it.
 */
export async function startMail(options: MailOptions): Promise<MailService> {
  const relay = options.smtp ?? smtpSettingsFromEnv();
  if (relay) {
    const mailer = createMailer(relay);
    return { mailer, smtp: relay, describe: `SMTP ${relay.host}:${relay.port} (GOTRUE_SMTP_*)`, close: () => mailer.close() };
  }
  const store = new MailStore();
  const smtp = await startSmtp(store, options.smtpPort);
  let http: Server;
  try {
    http = await new Promise<Server>((resolve, reject) => {
      const server = serve({ fetch: mailApp(store).fetch, port: options.httpPort, hostname: '127.0.0.1' }, () => resolve(server as Server));
      (server as Server).once('error', reject);
    });
  } catch (error) {
    await smtp.close();
    throw error;
  }
  const mailUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const settings = catcherSmtpSettings(smtp.port);
  const mailer = createMailer(settings);
  return {
    mailer,
    smtp: settings,
    mailUrl,
    describe: `${mailUrl}   (Mailpit API; SMTP on 127.0.0.1:${smtp.port})`,
    async close() {
      await mailer.close();
      await smtp.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
