import type { PageLanguage } from './strings.ts';

/** The cookie the app writes with the reader's settled language (`en-US` or `es`). */
export const LANGUAGE_COOKIE = 'jerga-lng';

/** The headers a page's language depends on, besides its URL (for `Vary`). */
export const LANGUAGE_HEADERS = 'Cookie, Accept-Language';

/** One of the app's languages from a language tag: en, en-GB → en-US; es, es-AR → es. */
export function pageLanguageOf(tag: string | null | undefined): PageLanguage | undefined {
  const code = /^\s*(en|es)(?:-|\s*$)/i.exec(tag ?? '')?.[1].toLowerCase();
  return code === 'en' ? 'en-US' : code === 'es' ? 'es' : undefined;
}

function cookie(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** Accept-Language's tags, most wanted first (q=0 left out). */
function acceptedTags(header: string | null): string[] {
  return (header ?? '')
    .split(',')
    .map((item, index) => {
      const [tag, ...parameters] = item.trim().split(';');
      const q = Number(/^\s*q=([\d.]+)\s*$/.exec(parameters.find((parameter) => /^\s*q=/.test(parameter)) ?? 'q=1')?.[1] ?? 0);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ tag, q }) => tag && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The reader's language, as the app settles it: `?lng=`, else the `jerga-lng` cookie, else
 * the first of Accept-Language's languages the app has, else English. `chosen` is true when
 * the URL names it (then the page is that language's own URL).
 */
export function readerLanguage(request: Request): { language: PageLanguage; chosen: boolean } {
  const asked = pageLanguageOf(new URL(request.url).searchParams.get('lng'));
  if (asked) return { language: asked, chosen: true };
  const stored = cookie(request, LANGUAGE_COOKIE);
  const fromCookie = stored === 'en-US' || stored === 'es' ? stored : undefined;
  const fromHeader = acceptedTags(request.headers.get('accept-language')).map(pageLanguageOf).find(Boolean);
  return { language: fromCookie ?? fromHeader ?? 'en-US', chosen: false };
}
