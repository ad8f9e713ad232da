/**
 * The reader's language for the server: the page renderer reads the cookie `jerga-lng`
 * (after ?lng=, before Accept-Language), so a page opened from a link or a reload is drawn
 * in the language the app last settled on. localStorage stays the app's own record.
 */
export const LANGUAGE_COOKIE = 'jerga-lng';

/** A year, in seconds: long enough to outlast a visit's gap, renewed at every start. */
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Writes `jerga-lng=<language>` for the whole site; Secure where the page is served over https. */
export function writeLanguageCookie(doc: Document, language: 'en-US' | 'es'): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  try {
    doc.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
  } catch {
    // cookies blocked (a sandboxed frame): the server falls back to Accept-Language
  }
}
