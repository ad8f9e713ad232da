import { randomBytes } from 'node:crypto';
import type { AddressObject, ParsedMail } from 'mailparser';

/** Mailpit's address shape. */
export interface MailAddress {
  Name: string;
  Address: string;
}

export interface StoredAttachment {
  PartID: string;
  FileName: string;
  ContentType: string;
  ContentID: string;
  Size: number;
  content: Buffer;
}

/** One caught message, with everything the Mailpit API answers about it. */
export interface StoredMessage {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: MailAddress | null;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  ReturnPath: string;
  Subject: string;
  Date: string;
  Created: string;
  Size: number;
  Text: string;
  HTML: string;
  Attachments: StoredAttachment[];
  Inline: StoredAttachment[];
  raw: Buffer;
}

/** The newest messages kept in memory; older ones drop off (a development inbox, not an archive). */
export const MAX_STORED_MESSAGES = 1000;

const addresses = (value: AddressObject | AddressObject[] | undefined): MailAddress[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.flatMap((entry) =>
      entry.group ? entry.group.map((member) => ({ Name: member.name ?? '', Address: member.address ?? '' })) : [{ Name: entry.name ?? '', Address: entry.address ?? '' }],
    ),
  );

/** Mailpit's IDs are 22 URL-safe characters. */
const newId = () => randomBytes(16).toString('base64url');

export function storedMessage(parsed: ParsedMail, raw: Buffer, envelopeTo: string[], received: Date): StoredMessage {
  const parts = parsed.attachments.map((attachment, i) => ({
    PartID: String(i + 2),
    FileName: attachment.filename ?? '',
    ContentType: attachment.contentType,
    ContentID: attachment.contentId?.replace(/^<|>$/g, '') ?? '',
    Size: attachment.size,
    content: attachment.content,
    inline: attachment.contentDisposition === 'inline' && Boolean(attachment.contentId),
  }));
  const strip = ({ inline: _inline, ...rest }: (typeof parts)[number]): StoredAttachment => rest;
  const to = addresses(parsed.to);
  const cc = addresses(parsed.cc);
  const listed = new Set([...to, ...cc].map((entry) => entry.Address.toLowerCase()));
  return {
    ID: newId(),
    MessageID: parsed.messageId?.replace(/^<|>$/g, '') ?? '',
    Read: false,
    From: addresses(parsed.from)[0] ?? null,
    To: to,
    Cc: cc,
    // Recipients of the envelope that no header names were blind copies.
    Bcc: [...addresses(parsed.bcc), ...envelopeTo.filter((address) => !listed.has(address.toLowerCase())).map((Address) => ({ Name: '', Address }))],
    ReplyTo: addresses(parsed.replyTo),
    ReturnPath: (parsed.headers.get('return-path') as AddressObject | undefined)?.value?.[0]?.address ?? '',
    Subject: parsed.subject ?? '',
    Date: (parsed.date ?? received).toISOString(),
    Created: received.toISOString(),
    Size: raw.length,
    Text: parsed.text ?? '',
    HTML: typeof parsed.html === 'string' ? parsed.html : '',
    Attachments: parts.filter((part) => !part.inline).map(strip),
    Inline: parts.filter((part) => part.inline).map(strip),
    raw,
  };
}

/** Mailpit's search: `to:`, `from:`, `subject:`, `is:read`/`is:unread`, and free words, all of them required. */
export function matchesSearch(message: StoredMessage, query: string): boolean {
  const terms = query.match(/(?:[^\s"]+:)?"[^"]*"|\S+/g) ?? [];
  const list = (entries: MailAddress[]) => entries.map((entry) => `${entry.Name} <${entry.Address}>`.toLowerCase()).join(' ');
  return terms.every((term) => {
    const negated = term.startsWith('!') || term.startsWith('-');
    const bare = negated ? term.slice(1) : term;
    const [, field, rawValue] = /^(?:(to|from|cc|bcc|subject|is|message-id):)?(.*)$/i.exec(bare)!;
    const value = rawValue.replace(/^"|"$/g, '').toLowerCase();
    let found: boolean;
    switch (field?.toLowerCase()) {
      case 'to':
        found = list(message.To).includes(value);
        break;
      case 'from':
        found = list(message.From ? [message.From] : []).includes(value);
        break;
      case 'cc':
        found = list(message.Cc).includes(value);
        break;
      case 'bcc':
        found = list(message.Bcc).includes(value);
        break;
      case 'subject':
        found = message.Subject.toLowerCase().includes(value);
        break;
      case 'message-id':
        found = message.MessageID.toLowerCase() === value;
        break;
      case 'is':
        found = value === 'read' ? message.Read : value === 'unread' ? !message.Read : false;
        break;
      default:
        found = [message.Subject, message.Text, list(message.To), list(message.From ? [message.From] : [])].some((text) => text.toLowerCase().includes(value));
    }
    return negated ? !found : found;
  });
}

/** The inbox: newest first, at most MAX_STORED_MESSAGES. */
export class MailStore {
  private messages: StoredMessage[] = [];
  private listeners = new Set<(message: StoredMessage) => void>();

  add(message: StoredMessage): void {
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, MAX_STORED_MESSAGES);
    for (const listener of this.listeners) listener(message);
  }

  /** Calls `listener` for every message that arrives from now on; returns the unsubscribe. */
  onMessage(listener: (message: StoredMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  all(): StoredMessage[] {
    return this.messages;
  }

  get(id: string): StoredMessage | undefined {
    return id === 'latest' ? this.messages[0] : this.messages.find((message) => message.ID === id);
  }

  delete(ids?: string[]): void {
    if (!ids) this.messages = [];
    else {
      const gone = new Set(ids);
      this.messages = this.messages.filter((message) => !gone.has(message.ID));
    }
  }
}
