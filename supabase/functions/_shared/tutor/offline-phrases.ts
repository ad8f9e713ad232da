import type { TutorLanguage } from './types.ts';

// The offline tutor's own words, in English and Spanish. Like the model's replies these are
// server content stored with the message, not UI strings: a reply keeps the language it was
// written in whatever language the app shows later.

export interface OfflinePhrases {
  notice: string;
  greeting: string;
  thanks: string;
  foundOne: (title: string) => string;
  foundMany: (count: number) => string;
  didYouMean: (titles: string) => string;
  or: string;
  example: string;
  hint: string;
  tags: string;
  practice: (title: string) => string;
  flashcards: string;
  related: string;
  nothingFound: (message: string) => string;
  nothingFoundTips: string;
  favourites: string;
  /** "How do you say X in <country>?", answered from a concept group. */
  conceptHere: (country: string, term: string, forms: string) => string;
  conceptNotHere: (country: string, term: string) => string;
  conceptElsewhere: string;
  conceptNone: (country: string, term: string) => string;
  /** Asked to correct a sentence, which needs the language model. */
  cannotCorrect: string;
  countries: Record<string, string>;
}

export const offlinePhrases: Record<TutorLanguage, OfflinePhrases> = {
  en: {
    notice:
      "_The AI tutor is offline right now (no language model is configured), so I'm answering from the entries Jerga's community wrote. I can explain words and expressions we have, but I can't hold a free conversation or correct your sentences._",
    greeting: '¡Hola! Ask me about a Spanish word or expression, for example "¿Qué significa chamba?", and I will look it up in Jerga\'s entries.',
    thanks: '¡De nada! Ask me about another word whenever you like.',
    foundOne: (title) => `Here is what Jerga's community says about ${title}:`,
    foundMany: (count) => `I found ${count} entries in Jerga that match:`,
    didYouMean: (titles) => `Did you mean ${titles}? Here is what Jerga's community says:`,
    or: ' or ',
    example: 'Example',
    hint: 'Hint',
    tags: 'Tags',
    practice: (title) => `To practise, read the example out loud, then write a sentence of your own with ${title}.`,
    flashcards: 'You can add any entry I mention to your flashcards with the buttons under this reply.',
    related: 'You might also like:',
    nothingFound: (message) => `I couldn't find an entry in Jerga that matches "${message}".`,
    nothingFoundTips:
      'Try asking about a single word or expression (for example "¿Qué significa chamba?" or "what does guagua mean"), check the spelling, or add the word yourself so others can learn it.',
    favourites: "Meanwhile, here are some of the community's favourite entries:",
    conceptHere: (country, term, forms) => `In ${country}, ${term} is ${forms}.`,
    conceptNotHere: (country, term) =>
      `Jerga's community hasn't linked a word from ${country} for ${term} yet. This is how other countries say it:`,
    conceptElsewhere: 'Elsewhere:',
    conceptNone: (country, term) =>
      `Jerga has no group of words across countries for ${term} yet, so I can't tell you how it is said in ${country}. Here is what else I found.`,
    cannotCorrect:
      'I can\'t correct sentences right now: that needs the AI tutor\'s language model, and none is configured. What I can do is explain words and expressions from Jerga\'s entries, so ask me about one word of your sentence, for example "¿Qué significa chamba?".',
    countries: {
      AR: 'Argentina', BO: 'Bolivia', CL: 'Chile', CO: 'Colombia', CR: 'Costa Rica', CU: 'Cuba',
      DO: 'Dominican Republic', EC: 'Ecuador', SV: 'El Salvador', GQ: 'Equatorial Guinea', GT: 'Guatemala',
      HN: 'Honduras', MX: 'Mexico', NI: 'Nicaragua', PA: 'Panama', PY: 'Paraguay', PE: 'Peru',
      PR: 'Puerto Rico', ES: 'Spain', UY: 'Uruguay', VE: 'Venezuela',
    },
  },
  es: {
    notice:
      '_El tutor con IA no está disponible ahora (no hay un modelo de lenguaje configurado), así que te respondo con las entradas que escribió la comunidad de Jerga. Puedo explicarte palabras y expresiones que tenemos, pero no puedo conversar libremente ni corregir tus frases._',
    greeting: '¡Hola! Pregúntame por una palabra o expresión, por ejemplo «¿Qué significa chamba?», y la busco en las entradas de Jerga.',
    thanks: '¡De nada! Pregúntame por otra palabra cuando quieras.',
    foundOne: (title) => `Esto es lo que dice la comunidad de Jerga sobre ${title}:`,
    foundMany: (count) => `Encontré ${count} entradas en Jerga que coinciden:`,
    didYouMean: (titles) => `¿Quisiste decir ${titles}? Esto es lo que dice la comunidad de Jerga:`,
    or: ' o ',
    example: 'Ejemplo',
    hint: 'Pista',
    tags: 'Etiquetas',
    practice: (title) => `Para practicar, lee el ejemplo en voz alta y luego escribe una frase tuya con ${title}.`,
    flashcards: 'Puedes añadir cualquier entrada que menciono a tus tarjetas con los botones debajo de esta respuesta.',
    related: 'También te puede interesar:',
    nothingFound: (message) => `No encontré ninguna entrada en Jerga que coincida con «${message}».`,
    nothingFoundTips:
      'Prueba a preguntar por una sola palabra o expresión (por ejemplo «¿Qué significa chamba?» o «¿qué es guagua?»), revisa la ortografía o añade tú la palabra para que otros la aprendan.',
    favourites: 'Mientras tanto, estas son algunas de las entradas favoritas de la comunidad:',
    conceptHere: (country, term, forms) => `En ${country}, ${term} se dice ${forms}.`,
    conceptNotHere: (country, term) =>
      `La comunidad de Jerga todavía no ha enlazado una palabra de ${country} para ${term}. Así se dice en otros países:`,
    conceptElsewhere: 'En otros países:',
    conceptNone: (country, term) =>
      `Jerga todavía no tiene un grupo de palabras entre países para ${term}, así que no puedo decirte cómo se dice en ${country}. Esto es lo demás que encontré.`,
    cannotCorrect:
      'Ahora no puedo corregir frases: para eso hace falta el modelo de lenguaje del tutor con IA, y no hay ninguno configurado. Lo que sí puedo hacer es explicarte palabras y expresiones de las entradas de Jerga, así que pregúntame por una palabra de tu frase, por ejemplo «¿Qué significa chamba?».',
    countries: {
      AR: 'Argentina', BO: 'Bolivia', CL: 'Chile', CO: 'Colombia', CR: 'Costa Rica', CU: 'Cuba',
      DO: 'República Dominicana', EC: 'Ecuador', SV: 'El Salvador', GQ: 'Guinea Ecuatorial', GT: 'Guatemala',
      HN: 'Honduras', MX: 'México', NI: 'Nicaragua', PA: 'Panamá', PY: 'Paraguay', PE: 'Perú',
      PR: 'Puerto Rico', ES: 'España', UY: 'Uruguay', VE: 'Venezuela',
    },
  },
};
