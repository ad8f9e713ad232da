import { describe, expect, it } from 'vitest';
import { offlineReply } from './offline.ts';
import { systemPrompt } from './prompt.ts';
import type { TutorEntry } from './types.ts';

// "How do you say straw in Argentina?": the offline tutor's answer and the model's grounding
// from the concept group (the country's forms first, the others after, each linked).

const entry = (id: string, title: string, country: string, description = 'A drinking straw.'): TutorEntry => ({
  _id: `44444444-4444-4444-8444-44444444444${id}`,
  title,
  description,
  country,
  hint: null,
  exampleSentence: null,
  voteCount: 0,
  tags: [],
});
const sorbete = { ...entry('1', 'sorbete', 'AR'), exampleSentence: 'Pedí un jugo con sorbete.' };
const popote = entry('2', 'popote', 'MX');
const pajita = entry('3', 'pajita', 'ES');
const chamba = entry('4', 'chamba', 'MX', 'Work, a job.');

const link = (e: TutorEntry) => `**[${e.title}](/content/${e._id})**`;

const turn = (overrides: Partial<Parameters<typeof offlineReply>[0]> = {}) => ({
  message: 'How do you say straw in Argentina?',
  language: 'en' as const,
  entries: [],
  related: [chamba],
  offlineNoticeGiven: true,
  concept: { term: 'straw', country: 'AR', entries: [sorbete, pajita, popote] },
  ...overrides,
});

describe('the offline tutor, asked how a word is said in a country', () => {
  it('gives the country’s form first, explained, then the other countries’, each linked', () => {
    expect(offlineReply(turn())).toBe(
      [
        `In Argentina, *straw* is ${link(sorbete)}.`,
        `${link(sorbete)} · Argentina\n\nA drinking straw.\n\n- Example: *Pedí un jugo con sorbete.*`,
        'Elsewhere:',
        `- ${link(pajita)} (Spain): A drinking straw.\n- ${link(popote)} (Mexico): A drinking straw.`,
        'You can add any entry I mention to your flashcards with the buttons under this reply.',
      ].join('\n\n'),
    );
  });

  it('answers in Spanish', () => {
    const reply = offlineReply(turn({ language: 'es', message: '¿Cómo se dice popote en Argentina?', concept: { term: 'popote', country: 'AR', entries: [sorbete, pajita, popote] } }));
    expect(reply.startsWith(`En Argentina, *popote* se dice ${link(sorbete)}.`)).toBe(true);
    expect(reply).toContain(`En otros países:\n\n- ${link(pajita)} (España): A drinking straw.\n- ${link(popote)} (México)`);
  });

  it('says when the group has no form from that country, then gives the others', () => {
    const reply = offlineReply(turn({ concept: { term: 'straw', country: 'CL', entries: [sorbete, pajita, popote] } }));
    expect(reply.split('\n\n').slice(0, 2)).toEqual([
      "Jerga's community hasn't linked a word from Chile for *straw* yet. This is how other countries say it:",
      `- ${link(sorbete)} (Argentina): A drinking straw.\n- ${link(pajita)} (Spain): A drinking straw.\n- ${link(popote)} (Mexico): A drinking straw.`,
    ]);
  });

  it('says honestly when no group has the word, then answers as usual', () => {
    const reply = offlineReply(turn({ message: 'How do you say chamba in Chile?', entries: [chamba], related: [], concept: { term: 'chamba', country: 'CL', entries: [] } }));
    const parts = reply.split('\n\n');
    expect(parts[0]).toBe("Jerga has no group of words across countries for *chamba* yet, so I can't tell you how it is said in Chile. Here is what else I found.");
    expect(parts[1]).toBe("Here is what Jerga's community says about **chamba**:");
    expect(reply).toContain(link(chamba));
  });

  it('still says once that it is offline', () => {
    expect(offlineReply(turn({ offlineNoticeGiven: false }))).toMatch(/^_The AI tutor is offline right now[^\n]*\n\nIn Argentina, \*straw\* is /);
  });
});

describe('the model’s grounding', () => {
  it('lists the group, the country’s form first, and asks for it first with every entry cited', () => {
    const prompt = systemPrompt({ entries: [chamba], related: [], language: 'en', concept: turn().concept });
    expect(prompt).toContain('The learner asks how to say "straw" in Argentina (AR).');
    expect(prompt).toContain("Argentina (AR)'s form first");
    expect(prompt).toContain('Answer with the form used in Argentina (AR) first, then how the other countries say it.');
    const group = prompt.indexOf(`- sorbete (AR) — link: /content/${sorbete._id}`);
    expect(group).toBeGreaterThan(0);
    expect(prompt.indexOf(`- pajita (ES) — link: /content/${pajita._id}`)).toBeGreaterThan(group);
    // The group comes before the other matches, so its links are the first in the prompt.
    expect(prompt.indexOf(`/content/${chamba._id}`)).toBeGreaterThan(group);
  });

  it('tells the model when the country has no form, and when no group exists', () => {
    expect(systemPrompt({ entries: [], related: [], language: 'en', concept: { term: 'straw', country: 'CL', entries: [sorbete] } })).toContain(
      'Say plainly that Jerga has no word from Chile (CL) for it yet',
    );
    expect(systemPrompt({ entries: [], related: [], language: 'es', concept: { term: 'straw', country: 'CL', entries: [] } })).toContain(
      "Jerga's community has no group of words across countries for it yet: say so honestly",
    );
    expect(systemPrompt({ entries: [chamba], related: [], language: 'en' })).not.toContain('The learner asks how to say');
  });
});
