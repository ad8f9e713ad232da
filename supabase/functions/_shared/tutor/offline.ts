import { offlinePhrases, type OfflinePhrases } from './offline-phrases.ts';
import type { TutorConcept, TutorEntry, TutorTurn } from './types.ts';

/** What the assistant row's `model` says for a reply written by the offline tutor. */
export const OFFLINE_MODEL = 'offline';

/**
 * Entry text is other people's writing: shown as markdown it must stay text, so the
 * characters markdown acts on are escaped (and, at the start, what would begin a heading,
 * list or quote), and line breaks become spaces.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>~]/g, '\\$&')
    .replace(/^(\d+)([.)])/, '$1\\$2')
    .replace(/^[#+\-=|]/, '\\$&');
}

export const entryLink = (entry: Pick<TutorEntry, '_id'>) => `/content/${entry._id}`;

const linkedTitle = (entry: TutorEntry) => `**[${escapeMarkdown(entry.title)}](${entryLink(entry)})**`;

const countryName = (phrases: OfflinePhrases, code: string) => phrases.countries[code] ?? code;

/** The meaning in the reply's language: a Spanish reply uses the Spanish meaning when the entry has one. */
const meaningOf = (entry: TutorEntry, phrases: OfflinePhrases) =>
  (phrases === offlinePhrases.es && entry.descriptionEs?.trim()) || entry.description;

/** The tags in the reply's language: a Spanish reply uses their Spanish names, as the app does. */
const tagsOf = (entry: TutorEntry, phrases: OfflinePhrases) => (phrases === offlinePhrases.es && entry.tagsEs) || entry.tags;

function explain(entry: TutorEntry, phrases: OfflinePhrases): string {
  const lines = [`${linkedTitle(entry)} · ${countryName(phrases, entry.country)}`, '', escapeMarkdown(meaningOf(entry, phrases))];
  const details: string[] = [];
  if (entry.exampleSentence?.trim()) details.push(`- ${phrases.example}: *${escapeMarkdown(entry.exampleSentence)}*`);
  if (entry.hint?.trim()) details.push(`- ${phrases.hint}: ${escapeMarkdown(entry.hint)}`);
  if (entry.tags.length) details.push(`- ${phrases.tags}: ${tagsOf(entry, phrases).map(escapeMarkdown).join(', ')}`);
  if (details.length) lines.push('', ...details);
  return lines.join('\n');
}

const relatedList = (entries: TutorEntry[], phrases: OfflinePhrases) =>
  entries.map((entry) => `- ${linkedTitle(entry)} (${countryName(phrases, entry.country)}): ${escapeMarkdown(shorten(meaningOf(entry, phrases), 90))}`).join('\n');

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
 * "Corrige mi frase: …", "¿Está bien esta frase?", "correct my sentence", "check my Spanish":
 * asks for what only the language model can do. Read on the plain text (no case, accents
 * or punctuation); a question about the word itself ("¿Qué significa corregir?") is not one.
 */
const correctionRequests = [
  /\bcorrig(e|eme|emela|emelo|ela|elo|elas|elos)\b/,
  /\b(me )?corriges\b/,
  /\b(puedes|podrias|quieres|puede|podria) corregir/,
  /\bcorregir(me|la|lo)? (mi|mis|esta|estas|este|estos)\b/,
  /\brevisa(me|r)? (mi|mis|esta|estas|este|la|el) (frase|frases|oracion|oraciones|texto|parrafo|gramatica|espanol)\b/,
  /\b(esta|es) (bien|correcta|correcto|bien escrita) (mi|esta|la|este) (frase|oracion|texto)\b/,
  /\b(mi|esta|la) (frase|oracion) (esta|es) (bien|correcta)\b/,
  /\bcorrect (my|this|these|the|me)\b/,
  /\b(fix|check) (my|this|these) (sentence|sentences|spanish|grammar|text|writing)\b/,
  /\bproofread\b/,
  /\bis (this|my) (sentence|spanish|grammar|text) (correct|right|ok|okay)\b/,
];

const asksForCorrection = (said: string) => correctionRequests.some((pattern) => pattern.test(said));

/** Edits (insert, delete, replace) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * How an entry relates to the message: its title is in it ("¿Qué significa chamba?"), a
 * title word is one typo away ("chamva"), or it was found by its meaning or example.
 */
function closeness(entry: TutorEntry, said: string): 'named' | 'typo' | 'meaning' {
  const title = plain(entry.title);
  const words = said.split(' ');
  const titleWords = title.split(' ').filter((word) => word.length >= 4);
  if ((title && ` ${said} `.includes(` ${title} `)) || titleWords.some((word) => words.includes(word))) return 'named';
  const typo = titleWords.some((word) => words.some((w) => w.length >= 4 && editDistance(word, w) <= (word.length >= 7 ? 2 : 1)));
  return typo ? 'typo' : 'meaning';
}

/**
 * The entries to explain in full, best first, and the rest: the ones the message names;
 * else the ones a typo away; else all it found by meaning. An entry from a country the
 * message names comes first ("¿Cómo se dice bus en Cuba?").
 */
function focusOf(entries: TutorEntry[], said: string): { focus: TutorEntry[]; others: TutorEntry[]; guessed: boolean } {
  const kinds = new Map(entries.map((entry) => [entry, closeness(entry, said)]));
  const kind = (['named', 'typo', 'meaning'] as const).find((k) => entries.some((entry) => kinds.get(entry) === k)) ?? 'meaning';
  const countries = new Set(
    Object.values(offlinePhrases).flatMap((phrases) =>
      Object.entries(phrases.countries)
        .filter(([, name]) => ` ${said} `.includes(` ${plain(name)} `))
        .map(([code]) => code),
    ),
  );
  const focus = entries.filter((entry) => kinds.get(entry) === kind);
  // Stable: the database's order stays within each group.
  focus.sort((a, b) => Number(countries.has(b.country)) - Number(countries.has(a.country)));
  return { focus, others: entries.filter((entry) => !focus.includes(entry)), guessed: kind === 'typo' };
}

/**
 * "How do you say X in <country>?" answered from its concept group: the country's forms
 * explained in full, then how every other country of the group says it, each linked (so
 * cited). A group with no form from that country says so, then lists the others.
 */
function conceptAnswer(concept: TutorConcept, phrases: OfflinePhrases): string[] {
  const country = countryName(phrases, concept.country);
  const term = `*${escapeMarkdown(concept.term)}*`;
  const here = concept.entries.filter((entry) => entry.country === concept.country);
  const elsewhere = concept.entries.filter((entry) => entry.country !== concept.country);
  if (!here.length) return [phrases.conceptNotHere(country, term), relatedList(elsewhere, phrases)];
  const parts = [phrases.conceptHere(country, term, here.map(linkedTitle).join(phrases.or)), ...here.map((entry) => explain(entry, phrases))];
  if (elsewhere.length) parts.push(phrases.conceptElsewhere, relatedList(elsewhere, phrases));
  return parts;
}

/** Suggestions are kept short. */
const MAX_SUGGESTIONS = 5;

/**
 * The tutor that answers when no model is configured: deterministic markdown built from
 * the entries begin_tutor_turn found. It says once per chat that it is offline, explains
 * the matches (country, meaning, example, hint, tags) with a link to each entry, suggests
 * the other matches and related entries, and says plainly when nothing matched, or that it
 * cannot correct a sentence (that needs the language model) when asked to. Asked how a
 * word is said in a country, it answers from the word's concept group instead (or says no
 * group has it, then answers as usual).
 */
export function offlineReply(turn: Pick<TutorTurn, 'message' | 'language' | 'entries' | 'related' | 'offlineNoticeGiven' | 'concept'>): string {
  const phrases = offlinePhrases[turn.language];
  const parts: string[] = [];
  if (!turn.offlineNoticeGiven) parts.push(phrases.notice);
  // A sentence to correct: said plainly that this needs the model, not answered with
  // whatever entries its words happen to match.
  if (asksForCorrection(plain(turn.message))) {
    parts.push(phrases.cannotCorrect);
    return parts.join('\n\n');
  }
  if (turn.concept?.entries.length) {
    parts.push(...conceptAnswer(turn.concept, phrases), phrases.flashcards);
    return parts.join('\n\n');
  }
  // Asked for a country's word that no group has: said plainly, then the usual answer.
  if (turn.concept) parts.push(phrases.conceptNone(countryName(phrases, turn.concept.country), `*${escapeMarkdown(turn.concept.term)}*`));
  const said = plain(turn.message);
  const short = said.split(' ').length <= 4;
  let suggestions = turn.related;
  if (short && thanks.test(said)) {
    parts.push(phrases.thanks);
    return parts.join('\n\n');
  } else if (short && greetings.test(said)) {
    parts.push(phrases.greeting);
    suggestions = [...turn.entries, ...turn.related];
  } else if (turn.entries.length === 0) {
    parts.push(`${phrases.nothingFound(escapeMarkdown(shorten(turn.message, 80)))} ${phrases.nothingFoundTips}`);
    if (turn.related.length) parts.push(phrases.favourites, relatedList(turn.related, phrases));
    return parts.join('\n\n');
  } else {
    const { focus, others, guessed } = focusOf(turn.entries, said);
    const titles = focus.map((entry) => `**${escapeMarkdown(entry.title)}**`);
    if (guessed) parts.push(phrases.didYouMean(titles.join(phrases.or)));
    else parts.push(focus.length === 1 ? phrases.foundOne(titles[0]) : phrases.foundMany(focus.length));
    for (const entry of focus) parts.push(explain(entry, phrases));
    if (focus[0].exampleSentence?.trim()) parts.push(phrases.practice(`*${escapeMarkdown(focus[0].title)}*`));
    suggestions = [...others, ...turn.related];
  }
  suggestions = suggestions.slice(0, MAX_SUGGESTIONS);
  if (suggestions.length) parts.push(phrases.related, relatedList(suggestions, phrases));
  if (turn.entries.length || suggestions.length) parts.push(phrases.flashcards);
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
