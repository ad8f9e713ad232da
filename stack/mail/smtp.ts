import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { storedMessage, type MailStore } from './store.ts';

/** Bigger messages are refused during DATA with 552, as a real server would. */
export const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

export interface RunningSmtp {
  port: number;
  close(): Promise<void>;
}

/**
 * The catcher's SMTP side: on loopback, no authentication (like Mailpit under `supabase
 * start`), every message parsed with mailparser and kept in `store`.
 */
export async function startSmtp(store: MailStore, port: number, host = '127.0.0.1'): Promise<RunningSmtp> {
  const server = new SMTPServer({
    name: 'jerga-mail',
    banner: 'Jerga local mail catcher',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    // A catcher takes mail for anyone; what matters is that it never leaves this machine.
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let length = 0;
      stream.on('data', (chunk: Buffer) => {
        length += chunk.length;
        if (length <= MAX_MESSAGE_BYTES) chunks.push(chunk);
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          const error = Object.assign(new Error(`Message exceeds the ${MAX_MESSAGE_BYTES} byte limit`), { responseCode: 552 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        simpleParser(raw, { skipImageLinks: true })
          .then((parsed) => {
            store.add(storedMessage(parsed, raw, to, new Date()));
            callback();
          })
          .catch((error: Error) => callback(Object.assign(error, { responseCode: 451 })));
      });
    },
  });
  server.on('error', (error) => console.error(`mail: SMTP: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
