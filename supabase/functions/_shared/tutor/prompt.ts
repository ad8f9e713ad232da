import type { TutorEntry, TutorHistoryMessage, TutorLanguage } from './types.ts';
import { entryLink } from './offline.ts';

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
  return lines.map((line) => line.replace(/[\r\n]+/g, ' ')).join('\n');
}

/**
 * The tutor's instructions: who it is, how it teaches, and the community's entries that
 * match the learner's message, each with the link it must use to cite it.
 */
export function systemPrompt({ entries, related, language }: { entries: TutorEntry[]; related: TutorEntry[]; language: TutorLanguage }): string {
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
  contextTokens: number;
}): Promise<PromptMessage[]> {
  const count = await tokenCounter();
  return [
    { role: 'system', content: systemPrompt(turn) },
    ...historyWithin(turn.history, turn.contextTokens, count).map(({ role, content }) => ({ role, content })),
    { role: 'user', content: turn.message },
  ];
}
