/**
 * The server's cloze rule (private.cloze_pattern, migration 20261208000510) over folded text
 * (foldAnswer: lower case, no accents, words apart by one space), so that the kinds menu
 * offers a cloze card exactly when the server makes one: a title whose first word is shaped
 * like a Spanish infinitive (-ar, -er, -ir, maybe with an enclitic pronoun: "ponerse") matches
 * that word's stem followed by any common verb ending, or none ("pon"), then up to two
 * enclitic pronouns ("echandole", "ponte"); a reflexive title takes the pronoun written before
 * the verb too ("se pone"). The verb starts a word. Any other title matches as written.
 */

/** The common endings of Spanish -ar, -er and -ir verbs, folded (as private.cloze_verb_endings). */
export const VERB_ENDINGS = [
  'ar', 'er', 'ir', 'ad', 'ed', 'id', 'ando', 'iendo', 'yendo', 'ado', 'ada', 'ados', 'adas', 'ido', 'ida', 'idos', 'idas',
  'o', 'as', 'a', 'amos', 'ais', 'an', 'es', 'e', 'emos', 'eis', 'en', 'imos', 'is',
  'i', 'aste', 'asteis', 'aron', 'iste', 'io', 'isteis', 'ieron', 'yo', 'yeron',
  'aba', 'abas', 'abamos', 'abais', 'aban', 'ia', 'ias', 'iamos', 'iais', 'ian',
  'ara', 'aras', 'aramos', 'arais', 'aran', 'iera', 'ieras', 'ieramos', 'ierais', 'ieran', 'yera', 'yeran',
  'are', 'aremos', 'areis', 'ere', 'eremos', 'ereis', 'ire', 'iremos', 'ireis', 'eras', 'era', 'eran', 'iras', 'ira', 'iran',
  'aria', 'arias', 'ariamos', 'ariais', 'arian', 'eria', 'erias', 'eriamos', 'eriais', 'erian', 'iria', 'irias', 'iriamos', 'iriais', 'irian',
];
const PRONOUNS = '(?:me|te|se|nos|os|le|les|lo|la|los|las)';
const INFINITIVE = /^(\p{L}+?)(ar|er|ir)(se|me|te|nos|os|le|les|lo|la|los|las)?$/u;
const REFLEXIVE = new Set(['se', 'me', 'te', 'nos', 'os']);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The folded title as a pattern over folded text, conjugated forms included for an infinitive. */
export function clozeMatcher(folded: string): RegExp {
  const [first, ...more] = folded.split(' ');
  const rest = more.length > 0 ? ` ${more.join(' ')}` : '';
  const verb = INFINITIVE.exec(first);
  if (!verb || (verb[1].length < 2 && rest === '')) return new RegExp(escaped(folded), 'u');
  const before = REFLEXIVE.has(verb[3] ?? '') ? `(?:${PRONOUNS} )?` : '';
  const after = rest ? escaped(rest) : '(?![\\p{L}\\p{N}])';
  const endings = [...VERB_ENDINGS].sort((a, b) => b.length - a.length).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])${before}${escaped(verb[1])}(?:${endings})?${PRONOUNS}{0,2}${after}`, 'u');
}
