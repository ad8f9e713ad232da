import type { TFunction } from 'i18next';
import enUS from './locales/en-US.json';

type Tree = { [key: string]: string | Tree };

/** en-US text → its key, so the spec's English messages the server sends can be shown translated. */
const keyByEnglish = new Map<string, string>();
(function index(tree: Tree, prefix: string) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      if (!keyByEnglish.has(value)) keyByEnglish.set(value, path);
    } else {
      index(value, path);
    }
  }
})(enUS as Tree, '');

/** The server's (English) message in the current language when we know it, else as sent. */
export function translateServerMessage(t: TFunction, message: string): string {
  const key = keyByEnglish.get(message.trim());
  return key ? (t as unknown as (key: string) => string)(key) : message;
}
