import { describe, expect, it } from 'vitest';
import { citedEntryIds } from './citations.ts';
import { historyWithin, promptMessages, systemPrompt, tokenCounter } from './prompt.ts';
import type { TutorEntry, TutorHistoryMessage } from './types.ts';

const chamba: TutorEntry = {
  _id: '11111111-1111-4111-8111-111111111111',
  title: 'chamba',
  description: 'Work, a job.',
  country: 'MX',
  hint: 'What you need to pay the rent.',
  exampleSentence: 'Por fin conseguí chamba.',
  voteCount: 118,
  tags: ['work'],
};
const curro: TutorEntry = { ...chamba, _id: '22222222-2222-4222-8222-222222222222', title: 'curro', country: 'ES', hint: null, exampleSentence: null, tags: [] };

const said = (role: 'user' | 'assistant', content: string): TutorHistoryMessage => ({ role, content, model: role === 'user' ? null : 'offline' });

describe('the tutor prompt', () => {
  it('tells the model how to teach and lists the found entries with the links to cite', () => {
    const prompt = systemPrompt({ entries: [chamba], related: [curro], language: 'es' });
    expect(prompt).toMatch(/patient/);
    expect(prompt).toMatch(/correct them gently/);
    expect(prompt).toMatch(/regional usage/);
    expect(prompt).toMatch(/level/);
    expect(prompt).toContain('explain in Spanish');
    expect(prompt).toContain('- chamba (MX) — link: /content/11111111-1111-4111-8111-111111111111');
    expect(prompt).toContain('  Example: Por fin conseguí chamba.');
    expect(prompt).toContain('[title](/content/<id>)');
    expect(prompt).toContain('Related entries you may suggest');
    expect(prompt).toContain('- curro (ES) — link: /content/22222222-2222-4222-8222-222222222222');
    expect(prompt).toMatch(/flashcards/);
    expect(systemPrompt({ entries: [], related: [], language: 'en' })).toMatch(/No entry in Jerga's community matched/);
  });

  it('gives the model an entry\'s Spanish meaning when it has one', () => {
    const prompt = systemPrompt({ entries: [{ ...chamba, descriptionEs: 'Trabajo, empleo.' }], related: [], language: 'en' });
    expect(prompt).toContain('  Meaning: Work, a job.\n  Meaning in Spanish: Trabajo, empleo.');
    expect(systemPrompt({ entries: [chamba], related: [], language: 'es' })).not.toContain('Meaning in Spanish');
  });

  it('gives the model the tags\' Spanish names when they have them', () => {
    const prompt = systemPrompt({ entries: [{ ...chamba, tagsEs: ['trabajo'] }], related: [], language: 'es' });
    expect(prompt).toContain('  Tags: work\n  Tags in Spanish: trabajo');
    expect(systemPrompt({ entries: [chamba], related: [], language: 'es' })).not.toContain('Tags in Spanish');
  });

  it('keeps the newest history within the token budget, oldest first, without gaps', async () => {
    const count = await tokenCounter();
    const history = Array.from({ length: 30 }, (_, i) => said(i % 2 ? 'assistant' : 'user', `message ${i} ${'palabra '.repeat(20)}`));
    const each = count(history[0].content);
    expect(each).toBeGreaterThan(20);
    const kept = historyWithin(history, each * 5 + 1, count);
    expect(kept).toEqual(history.slice(-5));
    expect(historyWithin(history, 10_000_000, count)).toEqual(history);
    expect(historyWithin(history, 3, count)).toEqual([]);
    // A long old message ends the history even when shorter, older ones would fit.
    const withLong = [said('user', 'short'), said('assistant', 'palabra '.repeat(2000)), said('user', 'newest')];
    expect(historyWithin(withLong, 200, count)).toEqual([withLong[2]]);
  });

  it('builds system, the kept history and the new message', async () => {
    const history = [said('user', 'hola'), said('assistant', '¡Hola! ¿En qué te ayudo?')];
    const messages = await promptMessages({ message: '¿Qué es chamba?', language: 'en', history, entries: [chamba], related: [], contextTokens: 3000 });
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[3]).toEqual({ role: 'user', content: '¿Qué es chamba?' });
    expect(messages[2]).toEqual({ role: 'assistant', content: '¡Hola! ¿En qué te ayudo?' });
  });
});

describe('citedEntryIds', () => {
  it('cites the given entries a reply links to, once each, in the order they appear', () => {
    const reply = `See [curro](/content/${curro._id}) and [chamba](/content/${chamba._id.toUpperCase()}), again [curro](/content/${curro._id}), and [x](/content/00000000-0000-4000-8000-000000000000).`;
    expect(citedEntryIds(reply, [chamba, curro])).toEqual([curro._id, chamba._id]);
    expect(citedEntryIds('no links here', [chamba])).toEqual([]);
  });
});
