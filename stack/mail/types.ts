/**
 * What the local stack's services (Auth first) need from mail: one message at a time,
 * handed to an SMTP server — the local catcher (Mailpit's API on 54324, like `supabase
 * start`), or the server GOTRUE_SMTP_* names.
 */
export interface OutgoingMail {
  /** One recipient address. */
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part; every value in it already escaped. */
  html: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message; rejects when it did not. */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
