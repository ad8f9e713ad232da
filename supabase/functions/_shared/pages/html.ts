/**
 * The page's HTML as strings: every value written into it goes through `escape` (text and
 * attribute values alike), so an entry's markup is shown as text, as React shows it.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value (always written in double quotes), escaped. */
export function escape(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** A piece of markup already escaped: what `html` puts in as it is. */
export interface Markup {
  readonly markup: string;
}

const isMarkup = (value: unknown): value is Markup => typeof value === 'object' && value !== null && 'markup' in value;

type Part = string | number | Markup | null | undefined | false | readonly Part[];

function written(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (Array.isArray(part)) return part.map(written).join('');
  return isMarkup(part) ? part.markup : escape(part as string | number);
}

/** A template of markup: its values are escaped unless they are markup themselves (or lists of it). */
export function html(strings: TemplateStringsArray, ...values: Part[]): Markup {
  let markup = strings[0];
  values.forEach((value, index) => {
    markup += written(value) + strings[index + 1];
  });
  return { markup };
}

/**
 * A JSON block (`<script type="application/json">` or JSON-LD): never run, so the page's CSP
 * (no inline script) holds. `<`, `>` and `&` are written as \u escapes, so no text in it can
 * close the block or open a comment; the line separators too, for old JSON readers.
 */
export function jsonBlock(type: string, value: unknown, id?: string): Markup {
  const json = JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { markup: `<script type="${escape(type)}"${id ? ` id="${escape(id)}"` : ''}>${json}</script>` };
}

/** What a page puts into the build's index.html. */
export interface PageParts {
  language: string;
  title: string;
  /** The meta description (the shell's own when absent). */
  description?: string;
  /** Tags added at the end of <head>. */
  head?: Markup;
  /** The page's own markup, drawn into the shell's empty <main> as the app draws it. */
  body?: Markup;
  /** Kept out of search engines' indexes. */
  noindex?: boolean;
}

/**
 * Replaces `search` once. A shell without it (another index.html) is served as it is there:
 * the app still draws the page (the pages test holds the real index.html to every landmark).
 */
const replaceOnce = (shell: string, search: RegExp, replacement: string) => shell.replace(search, () => replacement);

/**
 * The build's index.html with a page in it, by plain string replacement (the shell is
 * ours and its few landmarks are fixed; see index.html). Its scripts and the page-chunks
 * JSON stay as they are.
 */
export function renderDocument(shell: string, page: PageParts): string {
  const head = [
    page.noindex ? '<meta name="robots" content="noindex" />' : '',
    page.head?.markup ?? '',
  ].join('');
  let document = replaceOnce(shell, /<html lang="[^"]*">/, `<html lang="${escape(page.language)}">`);
  document = replaceOnce(document, /<title>[^<]*<\/title>/, `<title>${escape(page.title)}</title>`);
  if (page.description !== undefined) {
    document = replaceOnce(document, /<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escape(page.description)}" />`);
  }
  document = replaceOnce(document, /<\/head>/, `${head}</head>`);
  // Into the frame's <main>; the frame stays aria-hidden, as index.html has it: its buttons work
  // only once the app has taken the page over, so assistive technology (and automation) meet
  // the app's own copy; search engines and link previews read the markup all the same.
  if (page.body) document = replaceOnce(document, /<main class="app__main"><\/main>/, `<main class="app__main">${page.body.markup}</main>`);
  return document;
}
