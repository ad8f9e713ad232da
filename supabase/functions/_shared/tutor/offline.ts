import { offlinePhrases, type OfflinePhrases } from './offline-phrases.ts';
import type { TutorEntry, TutorTurn } from './types.ts';

/** What the assistant row's `model` says for a reply written by the offline tutor. */
export const OFFLINE_MODEL = 'offline';

/**
 * Entry text is other people's writing: shown as markdown it must stay text, so the
 * characters markdown acts on are escaped and line breaks become spaces.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()<>#+|~!]/g, '\\$&')
    .replace(/^(\d+)\./, '$1\\.')
    .replace(/^-/, '\\-');
}

export const entryLink = (entry: Pick<TutorEntry, '_id'>) => `/content/${entry._id}`;

const linkedTitle = (entry: TutorEntry) => `**[${escapeMarkdown(entry.title)}](${entryLink(entry)})**`;

const countryName = (phrases: OfflinePhrases, code: string) => phrases.countries[code] ?? code;

function explain(entry: TutorEntry, phrases: OfflinePhrases): string {
  const lines = [`${linkedTitle(entry)} · ${countryName(phrases, entry.country)}`, '', escapeMarkdown(entry.description)];
  const details: string[] = [];
  if (entry.exampleSentence?.trim()) details.push(`- ${phrases.example}: *${escapeMarkdown(entry.exampleSentence)}*`);
  if (entry.hint?.trim()) details.push(`- ${phrases.hint}: ${escapeMarkdown(entry.hint)}`);
  if (entry.tags.length) details.push(`- ${phrases.tags}: ${entry.tags.map(escapeMarkdown).join(', ')}`);
  if (details.length) lines.push('', ...details);
  return lines.join('\n');
}

const relatedList = (entries: TutorEntry[], phrases: OfflinePhrases) =>
  entries.map((entry) => `- ${linkedTitle(entry)} (${countryName(phrases, entry.country)}): ${escapeMarkdown(shorten(entry.description, 90))}`).join('\n');

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

/** Words compared without case or accents ("Gracias", "grácias"). */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const greetings = /^(hola|hi|hello|hey|buenas|buenos dias|buenas tardes|buenas noches|que tal|saludos)( .*)?$/;
const thanks = /^(gracias|muchas gracias|thanks|thank you|thx|mil gracias)( .*)?$/;

/**
 * The tutor that answers when no model is configured: deterministic markdown built from
 * the entries begin_tutor_turn found. It says once per chat that it is offline, explains
 * each match (country, meaning, example, hint, tags) with a link to the entry, suggests
 * related entries, and says plainly when nothing matched.
 */
export function offlineReply(turn: Pick<TutorTurn, 'message' | 'language' | 'entries' | 'related' | 'offlineNoticeGiven'>): string {
  const phrases = offlinePhrases[turn.language];
  const parts: string[] = [];
  if (!turn.offlineNoticeGiven) parts.push(phrases.notice);
  const said = plain(turn.message);
  if (turn.entries.length === 0 && said.split(' ').length <= 4 && thanks.test(said)) {
    parts.push(phrases.thanks);
  } else if (turn.entries.length === 0 && said.split(' ').length <= 4 && greetings.test(said)) {
    parts.push(phrases.greeting);
  } else if (turn.entries.length === 0) {
    parts.push(`${phrases.nothingFound(escapeMarkdown(shorten(turn.message, 80)))} ${phrases.nothingFoundTips}`);
    if (turn.related.length) parts.push(phrases.favourites, relatedList(turn.related, phrases));
    return parts.join('\n\n');
  } else {
    const [first] = turn.entries;
    parts.push(turn.entries.length === 1 ? phrases.foundOne(`**${escapeMarkdown(first.title)}**`) : phrases.foundMany(turn.entries.length));
    for (const entry of turn.entries) parts.push(explain(entry, phrases));
    parts.push(phrases.practice(`*${escapeMarkdown(first.title)}*`));
  }
  if (turn.related.length) parts.push(phrases.related, relatedList(turn.related, phrases));
  if (turn.entries.length || turn.related.length) parts.push(phrases.flashcards);
  return parts.join('\n\n');
}

/**
 * A reply cut into stream-sized pieces (at most about `size` characters, ending at a
 * space or line break) that join back to exactly the reply.
 */
export function deltasOf(text: string, size = 48): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const window = rest.slice(0, size);
    const lineBreak = window.lastIndexOf('\n');
    const space = window.lastIndexOf(' ');
    const cut = (lineBreak > 0 ? lineBreak : space > 0 ? space : size - 1) + 1;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) pieces.push(rest);
  return pieces;
}
