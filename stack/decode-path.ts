/**
 * A request path percent-decoded until it stops changing (three rounds at most), so a check
 * on its segments cannot be dodged with `%2e` or `%252e`. Malformed escapes end the
 * decoding: the check judges what is there.
 */
export function fullyDecodedPath(pathname: string): string {
  let decoded = pathname;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      break;
    }
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}
