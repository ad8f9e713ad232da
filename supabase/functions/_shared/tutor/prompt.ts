import type { TutorConcept, TutorEntry, TutorHistoryMessage, TutorLanguage } from './types.ts';
import { entryLink } from './offline.ts';
import { offlinePhrases } from './offline-phrases.ts';

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Tokens a chat message costs beyond its text (role and separators), as OpenAI counts them. */
const MESSAGE_OVERHEAD_TOKENS = 4;

const languageNames: Record<TutorLanguage, string> = { en: 'English', es: 'Spanish' };

function entryLines(entry: TutorEntry): string {
  const lines = [`- ${entry.title} (${entry.country}) — link: ${entryLink(entry)}`, `  Meaning: ${entry.description}`];
  if (entry.descriptionEs?.trim()) lines.push(`  Meaning in Spanish: ${entry.descriptionEs}`);
  if (entry.exampleSentence?.trim()) lines.push(`  Example: ${entry.exampleSentence}`);
  if (entry.hint?.trim()) lines.push(`  Hint: ${entry.hint}`);
  if (entry.tags.length) lines.push(`  Tags: ${entry.tags.join(', ')}`);
  if (entry.tagsEs?.length) lines.push(`  Tags in Spanish: ${entry.tagsEs.join(', ')}`);
  return lines.map((line) => line.replace(/[\r\n]+/g, ' ')).join('\n');
}

/**
 * "How do you say X in <country>?": the concept group that answers it (the country's forms
 * first), or plainly that none does, for the model to ground its answer in.
 */
function conceptSection(concept: TutorConcept): string {
  const country = `${offlinePhrases.en.countries[concept.country] ?? concept.country} (${concept.country})`;
  const asked = `The learner asks how to say "${concept.term.replace(/[\r\n]+/g, ' ')}" in ${country}.`;
  if (!concept.entries.length) {
    return `${asked} Jerga's community has no group of words across countries for it yet: say so honestly, then answer from the entries below or from general knowledge, marked as such.`;
  }
  const here = concept.entries.some((entry) => entry.country === concept.country);
  return [
    `${asked} Jerga's community links these entries as the same meaning in different countries, ${here ? `${country}'s form first` : `none of them from ${country} yet`}.`,
    here
      ? `Answer with the form used in ${country} first, then how the other countries say it. Cite every entry you name as a markdown link with its exact link.`
      : `Say plainly that Jerga has no word from ${country} for it yet, then give how the other countries say it. Cite every entry you name as a markdown link with its exact link.`,
    ...concept.entries.map(entryLines),
  ].join('\n');
}

/**
 * The tutor's instructions: who it is, how it teaches, the concept group when the learner
 * asks how a word is said in a country, and the community's entries that match the
 * learner's message, each with the link it must use to cite it.
 */
export function systemPrompt({
  entries,
  related,
  language,
  concept,
}: {
  entries: TutorEntry[];
  related: TutorEntry[];
  language: TutorLanguage;
  concept?: TutorConcept | null;
}): string {
  const parts = [
    "You are Jerga's Spanish tutor: patient, warm and encouraging, for learners of Spanish slang and regional expressions.",
    [
      "- Judge the learner's level from their messages and answer at that level: short and simple for beginners, richer for advanced learners.",
      '- When the learner writes Spanish with mistakes, correct them gently: show the corrected sentence and explain briefly why.',
      '- Explain regional usage: which countries say it, register (informal, vulgar, affectionate) and how it differs elsewhere.',
      `- Answer in the language mix the learner uses; when unsure, explain in ${languageNames[language]} with Spanish examples.`,
      '- Keep replies short and readable: plain markdown (short paragraphs, lists, bold). No HTML, no images, no headings larger than ###.',
    ].join('\n'),
  ];
  if (concept) parts.push(conceptSection(concept));
  if (entries.length) {
    parts.push(
      [
        "Ground your answer in these entries written by Jerga's community (best match first). When you use one, cite it as a markdown link with its exact link, like [title](/content/<id>). Do not invent links or entries; if they do not answer the question, say so and answer from general knowledge, marked as such.",
        ...entries.map(entryLines),
      ].join('\n'),
    );
  } else {
    parts.push("No entry in Jerga's community matched this message. Answer from general knowledge and say that Jerga has no entry for it yet.");
  }
  if (related.length) parts.push(['Related entries you may suggest (cite them the same way):', ...related.map(entryLines)].join('\n'));
  parts.push('You may suggest that the learner adds a cited entry to their flashcards (the app shows an "Add to flashcards" button under your reply).');
  return parts.join('\n\n');
}

/** Counts tokens with gpt-tokenizer, loaded on first use: only the tutor pays for its tables. */
export async function tokenCounter(): Promise<(text: string) => number> {
  const { countTokens } = await import('gpt-tokenizer');
  return (text) => countTokens(text) + MESSAGE_OVERHEAD_TOKENS;
}

/**
 * The newest messages of the history whose tokens together fit `budget`, oldest first.
 * The first message that does not fit ends it: an older one is never sent without the
 * newer ones that answer it.
 */
export function historyWithin(history: TutorHistoryMessage[], budget: number, count: (text: string) => number): TutorHistoryMessage[] {
  const kept: TutorHistoryMessage[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    used += count(history[i].content);
    if (used > budget) break;
    kept.unshift(history[i]);
  }
  return kept;
}

/** The whole prompt: instructions, the history within the token budget, the new message. */
export async function promptMessages(turn: {
  message: string;
  language: TutorLanguage;
  history: TutorHistoryMessage[];
  entries: TutorEntry[];
  related: TutorEntry[];
  concept?: TutorConcept | null;
  contextTokens: number;
}): Promise<PromptMessage[]> {
  const count = await tokenCounter();
  return [
    { role: 'system', content: systemPrompt(turn) },
    ...historyWithin(turn.history, turn.contextTokens, count).map(({ role, content }) => ({ role, content })),
    { role: 'user', content: turn.message },
  ];
}
