import { expect } from 'vitest';
import { stack } from './stack.ts';

// The test stack's mail catcher, read through Mailpit's REST API as any tool for
// `supabase start` would: find the newest mail to an address, its links, clear it.

export interface MailSummary {
  ID: string;
  Subject: string;
  To: { Name: string; Address: string }[];
  Created: string;
}

export interface MailMessage extends MailSummary {
  From: { Name: string; Address: string };
  Text: string;
  HTML: string;
}

const mailApi = async <T>(path: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(`${stack().mailUrl}/api/v1${path}`, init);
  if (!response.ok) throw new Error(`Mailpit API ${path}: ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
};

/** Every mail to `address`, newest first. */
export async function mailsTo(address: string): Promise<MailSummary[]> {
  const found = await mailApi<{ messages: MailSummary[] }>(`/search?query=${encodeURIComponent(`to:"${address.toLowerCase()}"`)}&limit=100`);
  return found.messages;
}

/** Waits for the `count`-th mail to `address` (1 = the first one) and returns the newest, read whole. */
export async function waitForMail(address: string, count = 1): Promise<MailMessage> {
  let newest: MailSummary | undefined;
  await expect
    .poll(async () => {
      const mails = await mailsTo(address);
      newest = mails[0];
      return mails.length;
    }, { timeout: 15_000, interval: 100 })
    .toBeGreaterThanOrEqual(count);
  return mailApi<MailMessage>(`/message/${newest!.ID}`);
}

/** The links in a mail's text part, in order. */
export function linksIn(mail: MailMessage): string[] {
  return mail.Text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
}

/** The first link in `mail` whose URL contains `part`. */
export function linkIn(mail: MailMessage, part: string): string {
  const link = linksIn(mail).find((url) => url.includes(part));
  if (!link) throw new Error(`No link containing ${part} in "${mail.Subject}":\n${mail.Text}`);
  return link;
}
