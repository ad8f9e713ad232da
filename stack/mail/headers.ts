/**
 * A message's header section as Mailpit's GET /api/v1/message/{ID}/headers answers it: every
 * header by its canonical name (Go's textproto form: `List-Unsubscribe-Post`, `Message-Id`),
 * each with its values in order, folded lines unfolded, nothing decoded.
 */
export function headersOf(raw: Buffer): Record<string, string[]> {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const section = end < 0 ? text : text.slice(0, end);
  const headers: Record<string, string[]> = {};
  // A line that starts with white space continues the header above it (RFC 5322 folding).
  for (const line of section.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = canonicalName(line.slice(0, colon).trim());
    (headers[name] ??= []).push(line.slice(colon + 1).trim());
  }
  return headers;
}

function canonicalName(name: string): string {
  return name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join('-');
}

/** Mailpit's `ListUnsubscribe` of a message's detail: the header, its links, and the one-click header. */
export function listUnsubscribeOf(headers: Record<string, string[]>) {
  const header = headers['List-Unsubscribe']?.[0] ?? '';
  return {
    Header: header,
    Links: [...header.matchAll(/<([^>]+)>/g)].map((match) => match[1]),
    Errors: '',
    HeaderPost: headers['List-Unsubscribe-Post']?.[0] ?? '',
  };
}
