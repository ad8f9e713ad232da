import { offlinePhrases } from './offline-phrases.ts';

// "How do you say straw in Argentina?" / "¿Cómo se dice popote en México?": the learner asks
// for one country's form of a meaning. The tutor answers it from the concept group (entries
// linked as one meaning across countries), so it first has to see the question for what it
// is: the term and the country.

export interface ConceptQuestion {
  /** What the learner wants to say, as they wrote it ("straw", "popote"). */
  term: string;
  /** The two-letter code of the country they named. */
  country: string;
}

/** Lower case, no accents, the same length as the text (one character for one). */
function fold(text: string): string {
  return [...text]
    .map((char) => {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      return base.length === char.length ? base : char;
    })
    .join('');
}

/** Country names as learners write them, folded, longest first (so "guinea ecuatorial" wins over a shorter one). */
const countryNames: [name: string, code: string][] = (() => {
  const names = new Map<string, string>();
  for (const phrases of Object.values(offlinePhrases)) {
    for (const [code, name] of Object.entries(phrases.countries)) names.set(fold(name), code);
  }
  const aliases: Record<string, string> = {
    mejico: 'MX', dominicana: 'DO', 'rep dominicana': 'DO', salvador: 'SV', puertorico: 'PR', costarica: 'CR', guinea: 'GQ',
  };
  for (const [name, code] of Object.entries(aliases)) names.set(name, code);
  return [...names.entries()].sort((a, b) => b[0].length - a[0].length);
})();

/** The country a phrase names ("Argentina", "la República Dominicana", "méxico, please"), or null. */
export function countryNamed(phrase: string): string | null {
  const folded = fold(phrase).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  // "El Salvador" keeps its article; "la Argentina", "the Dominican Republic" need not.
  for (const candidate of [folded, folded.replace(/^(?:the|la|el)\s+/, '')]) {
    for (const [name, code] of countryNames) {
      if (candidate !== name && !candidate.startsWith(`${name} `)) continue;
      const rest = candidate.slice(name.length).trim();
      // Only politeness may follow the name ("in Chile please", "en Chile por favor").
      if (!rest || /^(?:please|pls|por favor|porfa|thanks|gracias)$/.test(rest)) return code;
    }
  }
  return null;
}

// The ways to ask, on folded text. The term and the country follow the lead.
const leads = [
  /^(?:so |and |y |entonces )?how (?:do|does|would|can|could|should|might) (?:you|i|we|they|people|one|someone|somebody|locals|the locals|a local|folks) (?:say|call|ask for)\s+/,
  /^(?:so |and )?what (?:do|does|would) (?:you|they|people|locals|the locals|folks|one) call\s+/,
  /^(?:so |and )?what(?:'s|’s| is| s) the (?:word|term|slang|expression|way to say) (?:for\s+)?/,
  /^(?:so |and )?how is\s+/,
  /^(?:y |entonces )?como (?:se dice|se le dice a|se le dice|se llama|le dicen a|le dicen|dicen|llaman|se les dice a|se les dice|se dira|decis|dices|digo|se puede decir)\s+/,
  /^(?:y |entonces )?que palabra (?:se usa|usan|se dice|dicen) (?:para|por)\s+/,
  /^(?:y |entonces )?cual es la palabra (?:para|de)\s+/,
];

/** "the word", "a", "la palabra"... before the term; quotes around it. */
function cleanTerm(term: string): string {
  return term
    .replace(/^[\s"'“”‘’«»*_`]+|[\s"'“”‘’«»*_`,:;]+$/gu, '')
    .replace(/^(?:the word|the term|the expression|la palabra|el termino|el término|la expresion|la expresión)\s+/iu, '')
    .replace(/^(?:a|an|the|el|la|los|las|un|una|unos|unas|al)\s+(?=\S)/iu, '')
    .replace(/^(?:a|an|the|el|la|los|las|un|una|unos|unas|al)\s+(?=\S)/iu, '')
    .replace(/\s+(?:in spanish|en espanol|en español|in slang|en jerga|said|called)$/iu, '')
    .replace(/^[\s"'“”‘’«»*_`]+|[\s"'“”‘’«»*_`,:;]+$/gu, '');
}

/**
 * The term and country of a "how do you say X in <country>" question, in English or
 * Spanish, with or without accents ("¿Cómo se dice popote en México?", "como se dice bus en
 * Cuba", "How do they say straw in Argentina?"); null for any other message.
 */
export function conceptQuestion(message: string): ConceptQuestion | null {
  const original = message.replace(/\s+/g, ' ').trim();
  if (original.length > 300) return null;
  // Leading ¿ and other punctuation; the folded text keeps the original's positions.
  const start = original.search(/[\p{L}\p{N}]/u);
  if (start < 0) return null;
  const text = original.slice(start).replace(/[\s?¿!¡.]+$/u, '');
  const folded = fold(text);
  const lead = leads.map((pattern) => pattern.exec(folded)).find(Boolean);
  if (!lead) return null;
  const rest = folded.slice(lead[0].length);
  const restOriginal = text.slice(lead[0].length);
  // The country is what follows the last " in " / " en " that names one: "how do you say
  // 'in a minute' in Chile" keeps "in a minute" whole.
  const separators = [...rest.matchAll(/\s(?:in|en)\s/g)].reverse();
  for (const separator of separators) {
    const country = countryNamed(rest.slice(separator.index + separator[0].length));
    if (!country) continue;
    const term = cleanTerm(restOriginal.slice(0, separator.index));
    return term ? { term, country } : null;
  }
  return null;
}
