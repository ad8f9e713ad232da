import { describe, expect, it } from 'vitest';
import { deltasOf, escapeMarkdown, offlineReply } from './offline.ts';
import type { TutorEntry } from './types.ts';

// The offline tutor's answers: the same turn always gives the same reply, in English or
// Spanish, built from the entries begin_tutor_turn found.

const chamba: TutorEntry = {
  _id: '11111111-1111-4111-8111-111111111111',
  title: 'chamba',
  description: 'Work, a job; chambear is to work.',
  country: 'MX',
  hint: 'What you need to pay the rent.',
  exampleSentence: 'Por fin conseguí chamba en una agencia de diseño.',
  voteCount: 118,
  tags: ['work'],
};
const curro: TutorEntry = {
  _id: '22222222-2222-4222-8222-222222222222',
  title: 'curro',
  description: 'Work, a job (Spain).',
  country: 'ES',
  hint: null,
  exampleSentence: null,
  voteCount: 40,
  tags: [],
};
const guagua: TutorEntry = {
  _id: '33333333-3333-4333-8333-333333333333',
  title: 'guagua',
  description: 'A bus.',
  country: 'CU',
  hint: 'You wait for it at the parada.',
  exampleSentence: 'La guagua viene llenísima.',
  voteCount: 120,
  tags: ['transport'],
};

const turn = (overrides: Partial<Parameters<typeof offlineReply>[0]> = {}) => ({
  message: '¿Qué significa chamba?',
  language: 'en' as const,
  entries: [chamba],
  related: [curro],
  offlineNoticeGiven: false,
  ...overrides,
});

describe('offlineReply', () => {
  it('explains a found entry in English: link, country, meaning, example, hint, tags, related, flashcards', () => {
    expect(offlineReply(turn())).toBe(
      [
        "_The AI tutor is offline right now (no language model is configured), so I'm answering from the entries Jerga's community wrote. I can explain words and expressions we have, but I can't hold a free conversation or correct your sentences._",
        "Here is what Jerga's community says about **chamba**:",
        '**[chamba](/content/11111111-1111-4111-8111-111111111111)** · Mexico\n\nWork, a job; chambear is to work.\n\n- Example: *Por fin conseguí chamba en una agencia de diseño.*\n- Hint: What you need to pay the rent.\n- Tags: work',
        'To practise, read the example out loud, then write a sentence of your own with *chamba*.',
        'You might also like:',
        '- **[curro](/content/22222222-2222-4222-8222-222222222222)** (Spain): Work, a job (Spain).',
        'You can add any entry I mention to your flashcards with the buttons under this reply.',
      ].join('\n\n'),
    );
  });

  it('answers in Spanish with Spanish country names, and says it is offline only once per chat', () => {
    const reply = offlineReply(turn({ language: 'es', offlineNoticeGiven: true }));
    expect(reply).not.toMatch(/no está disponible|offline/);
    expect(reply.startsWith('Esto es lo que dice la comunidad de Jerga sobre **chamba**:')).toBe(true);
    expect(reply).toContain('**[chamba](/content/11111111-1111-4111-8111-111111111111)** · México');
    expect(reply).toContain('- Ejemplo: *Por fin conseguí chamba en una agencia de diseño.*');
    expect(reply).toContain('- Pista: What you need to pay the rent.');
    expect(reply).toContain('(España)');
    expect(reply).toContain('También te puede interesar:');
    expect(offlineReply(turn({ language: 'es' }))).toMatch(/^_El tutor con IA no está disponible ahora/);
  });

  it('gives the Spanish meaning in a Spanish reply when the entry has one, the English one otherwise and in English', () => {
    const withSpanish = { ...chamba, descriptionEs: 'Trabajo, empleo; chambear es trabajar.' };
    const spanish = offlineReply(turn({ language: 'es', entries: [withSpanish], related: [{ ...curro, descriptionEs: 'Trabajo (España).' }] }));
    expect(spanish).toContain('· México\n\nTrabajo, empleo; chambear es trabajar.');
    expect(spanish).toContain('(España): Trabajo (España).');
    expect(offlineReply(turn({ language: 'es' }))).toContain('· México\n\nWork, a job; chambear is to work.');
    expect(offlineReply(turn({ entries: [withSpanish] }))).toContain('· Mexico\n\nWork, a job; chambear is to work.');
  });

  it('names the tags in Spanish in a Spanish reply (their Spanish names where they have them), in English otherwise', () => {
    const withSpanishTags = { ...guagua, tags: ['transport', 'urban'], tagsEs: ['transporte', 'urban'] };
    const asked = { message: 'guagua', entries: [withSpanishTags], related: [], offlineNoticeGiven: true };
    expect(offlineReply(turn({ ...asked, language: 'es' }))).toContain('- Etiquetas: transporte, urban');
    expect(offlineReply(turn(asked))).toContain('- Tags: transport, urban');
    // No Spanish name at all: the names, in either language.
    expect(offlineReply(turn({ ...asked, entries: [guagua], language: 'es' }))).toContain('- Etiquetas: transport');
  });

  it('lists every match, leaving out an example or hint the entry does not have', () => {
    const reply = offlineReply(turn({ message: 'trabajo', entries: [chamba, curro], related: [], offlineNoticeGiven: true }));
    expect(reply.split('\n\n')[0]).toBe('I found 2 entries in Jerga that match:');
    expect(reply).toContain('**[curro](/content/22222222-2222-4222-8222-222222222222)** · Spain\n\nWork, a job (Spain).');
    expect(reply.match(/Example:/g)).toHaveLength(1);
    expect(reply).not.toContain('You might also like');
  });

  it('is honest when nothing matched and offers the favourites instead', () => {
    const reply = offlineReply(turn({ message: 'What is a *xyzzy*?', entries: [], related: [guagua], offlineNoticeGiven: true }));
    expect(reply).toBe(
      [
        'I couldn\'t find an entry in Jerga that matches "What is a \\*xyzzy\\*?". Try asking about a single word or expression (for example "¿Qué significa chamba?" or "what does guagua mean"), check the spelling, or add the word yourself so others can learn it.',
        "Meanwhile, here are some of the community's favourite entries:",
        '- **[guagua](/content/33333333-3333-4333-8333-333333333333)** (Cuba): A bus.',
      ].join('\n\n'),
    );
    expect(offlineReply(turn({ message: 'zzz', language: 'es', entries: [], related: [], offlineNoticeGiven: true }))).toBe(
      'No encontré ninguna entrada en Jerga que coincida con «zzz». Prueba a preguntar por una sola palabra o expresión (por ejemplo «¿Qué significa chamba?» o «¿qué es guagua?»), revisa la ortografía o añade tú la palabra para que otros la aprendan.',
    );
  });

  it('greets and thanks back instead of reporting no match', () => {
    const hello = offlineReply(turn({ message: '¡Hola!', entries: [], related: [guagua], offlineNoticeGiven: true }));
    expect(hello).toMatch(/^¡Hola! Ask me about a Spanish word or expression/);
    expect(hello).toContain('You might also like:');
    expect(offlineReply(turn({ message: 'hello', entries: [], related: [], offlineNoticeGiven: true }))).toBe(
      '¡Hola! Ask me about a Spanish word or expression, for example "¿Qué significa chamba?", and I will look it up in Jerga\'s entries.',
    );
    // Thanks even when the search found an entry with "gracia" in it.
    expect(offlineReply(turn({ message: 'Muchas gracias', language: 'es', entries: [curro], related: [], offlineNoticeGiven: true }))).toBe(
      '¡De nada! Pregúntame por otra palabra cuando quieras.',
    );
  });

  it('keeps entry text as text: markdown and line breaks in it are escaped', () => {
    const sneaky = { ...chamba, title: '[click](https://evil.example)', description: 'line one\n# heading <b>bold</b>' };
    const reply = offlineReply(turn({ entries: [sneaky], related: [], offlineNoticeGiven: true }));
    expect(reply).toContain('**[\\[click\\](https://evil.example)](/content/11111111-1111-4111-8111-111111111111)**');
    expect(reply).toContain('line one # heading \\<b\\>bold\\</b\\>');
    expect(escapeMarkdown('1. first')).toBe('1\\. first');
    expect(escapeMarkdown('# not a heading')).toBe('\\# not a heading');
    expect(escapeMarkdown('- not a list, **not bold**')).toBe('\\- not a list, \\*\\*not bold\\*\\*');
    expect(escapeMarkdown('¡Qué chévere!')).toBe('¡Qué chévere!');
  });

  it('explains the entry the message names, and only suggests the others found', () => {
    const championes = { ...curro, _id: '44444444-4444-4444-8444-444444444444', title: 'championes', country: 'UY', description: 'Sneakers.' };
    const reply = offlineReply(turn({ entries: [championes, chamba], related: [guagua], offlineNoticeGiven: true }));
    expect(reply.split('\n\n')[0]).toBe("Here is what Jerga's community says about **chamba**:");
    expect(reply).not.toContain('· Uruguay');
    expect(reply).toContain('You might also like:\n\n- **[championes](/content/44444444-4444-4444-8444-444444444444)** (Uruguay): Sneakers.\n- **[guagua]');
  });

  it('guesses what a misspelt word meant', () => {
    const championes = { ...curro, _id: '44444444-4444-4444-8444-444444444444', title: 'championes', country: 'UY', description: 'Sneakers.' };
    const reply = offlineReply(turn({ message: 'what does chamva mean', entries: [championes, chamba], related: [], offlineNoticeGiven: true }));
    expect(reply.split('\n\n')[0]).toBe("Did you mean **chamba**? Here is what Jerga's community says:");
    const spanish = offlineReply(turn({ message: '¿qué es chamva?', language: 'es', entries: [championes, chamba], related: [], offlineNoticeGiven: true }));
    expect(spanish.split('\n\n')[0]).toBe('¿Quisiste decir **chamba**? Esto es lo que dice la comunidad de Jerga:');
  });

  it('puts the entries of a country the message names first', () => {
    const bondi = { ...guagua, _id: '55555555-5555-4555-8555-555555555555', title: 'bondi', country: 'AR', description: 'A city bus.' };
    const reply = offlineReply(turn({ message: '¿Cómo se dice bus en Cuba?', language: 'es', entries: [bondi, guagua], related: [], offlineNoticeGiven: true }));
    expect(reply.split('\n\n')[0]).toBe('Encontré 2 entradas en Jerga que coinciden:');
    expect(reply.indexOf('[guagua]')).toBeLessThan(reply.indexOf('[bondi]'));
    expect(reply).toContain('escribe una frase tuya con *guagua*');
  });

  it('says plainly that it cannot correct a sentence, in English or Spanish, instead of listing entries its words match', () => {
    const english = offlineReply(turn({ message: 'Can you correct my sentence: yo tengo chamba mucho', offlineNoticeGiven: true }));
    expect(english).toBe(
      'I can\'t correct sentences right now: that needs the AI tutor\'s language model, and none is configured. What I can do is explain words and expressions from Jerga\'s entries, so ask me about one word of your sentence, for example "¿Qué significa chamba?".',
    );
    const spanish = offlineReply(turn({ message: 'Corrige mi frase: Ayer fuimos a la guagua con mis pana.', language: 'es', entries: [guagua], related: [curro] }));
    expect(spanish.split('\n\n')).toEqual([
      '_El tutor con IA no está disponible ahora (no hay un modelo de lenguaje configurado), así que te respondo con las entradas que escribió la comunidad de Jerga. Puedo explicarte palabras y expresiones que tenemos, pero no puedo conversar libremente ni corregir tus frases._',
      'Ahora no puedo corregir frases: para eso hace falta el modelo de lenguaje del tutor con IA, y no hay ninguno configurado. Lo que sí puedo hacer es explicarte palabras y expresiones de las entradas de Jerga, así que pregúntame por una palabra de tu frase, por ejemplo «¿Qué significa chamba?».',
    ]);
    expect(spanish).not.toContain('/content/');
    for (const message of [
      'corrígeme esto por favor: yo soy cansado',
      '¿Me corriges? Tengo mucha chamba',
      '¿Podrías corregir esta oración?',
      '¿Está bien esta frase? "La guagua viene llena"',
      'Revisa mi español: me gusta la chamba',
      'check my grammar please',
      'Is this sentence correct? Me gusta mucho',
      'Please proofread: Tengo chamba',
    ]) {
      expect(offlineReply(turn({ message, offlineNoticeGiven: true })), message).toMatch(/^(I can't correct|Ahora no puedo corregir)/);
    }
    // Asking about the word itself is a question like any other.
    for (const message of ['¿Qué significa corregir?', 'what does correcto mean', 'chamba']) {
      expect(offlineReply(turn({ message, offlineNoticeGiven: true })), message).not.toMatch(/correct sentences|corregir frases/);
    }
  });

  it('is deterministic', () => {
    expect(offlineReply(turn())).toBe(offlineReply(turn()));
  });
});

describe('deltasOf', () => {
  it('cuts a reply into several pieces that join back to it exactly', () => {
    const reply = offlineReply(turn());
    const pieces = deltasOf(reply);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join('')).toBe(reply);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(48);
    expect(deltasOf('x'.repeat(100)).join('')).toBe('x'.repeat(100));
    expect(deltasOf('')).toEqual([]);
  });
});
