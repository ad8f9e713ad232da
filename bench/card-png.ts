// Benchmark: the entry preview card, /content/:id/card.png (issue 33: warm p95 under 100 ms).
// Calls cardResponse as the pages do, in this process, with no server around it:
//   1. the first card of the process (it also reads Inter and resvg's WebAssembly),
//   2. cold: a card never drawn (a new updatedAt each run, so a new ETag): satori + resvg,
//   3. warm: a card already drawn (a cache lookup and a copy of its bytes),
//   4. revalidation: If-None-Match naming the card (304, nothing drawn),
//   5. a flood: 200 requests at once for cards never drawn (how many are drawn, how many get a
//      503, how long it lasts, and how long a cached card takes meanwhile).
//   npx tsx bench/card-png.ts        (BENCH_RUNS samples per case, default 60)
// Prints p50/p95 per case; never fails on time.
import type { Entry } from '../supabase/functions/_shared/contract/entries.ts';
import { cardResponse, type CardLanguage } from '../supabase/functions/_shared/pages/card.ts';
import { measure } from './support.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);

/** Seed-like entries: short and long words, meanings in both languages, several countries. */
const WORDS: [title: string, country: string, description: string, descriptionEs: string | null][] = [
  ['chamba', 'MX', 'Work, a job; chambear is to work. Also common in Peru and Central America.', 'Trabajo, empleo; chambear es trabajar.'],
  ['¿Qué onda?', 'MX', 'What\'s up? How\'s it going? Also "what\'s going on?".', '¿Qué tal? ¿Cómo te va?'],
  ['guay', 'ES', 'Cool, great.', 'Genial, estupendo.'],
  ['ponerse las pilas', 'AR', 'To get one\'s act together, to get going (literally "to put one\'s batteries in").', null],
  ['estar en la luna de Valencia', 'ES', 'To be daydreaming, absent-minded; not to notice what is going on around you at all.', 'Estar distraído, en las nubes.'],
  ['pura vida', 'CR', 'Pure life: hello, goodbye, thanks, all good — the country\'s motto.', 'Saludo, despedida y filosofía de vida.'],
];

function entryOf(index: number, updatedAt: string): Entry {
  const [title, country, description, descriptionEs] = WORDS[index % WORDS.length];
  const id = `00000000-0000-4000-8000-${String(index % WORDS.length).padStart(12, '0')}`;
  return {
    _id: id, title, description, descriptionEs, country, hint: null, exampleSentence: null, author: 'Bench', owner: null, addedBy: null,
    ownerDeleted: false, show: true, voteCount: 0, upvotes: 0, downvotes: 0, userVote: null, inFlashcards: false, commentCount: 0,
    rudeIn: [], createdAt: '2026-01-01T00:00:00+00:00', updatedAt, tags: [],
  };
}

const languageOf = (i: number): CardLanguage => (i % 2 ? 'es' : 'en-US');
const request = (entry: Entry, language: CardLanguage, headers: Record<string, string> = {}) =>
  new Request(`http://localhost/content/${entry._id}/card.png?lng=${language === 'es' ? 'es' : 'en'}`, { headers });

/** One request answered in full, as a client would read it. */
async function fetchCard(entry: Entry, language: CardLanguage, headers?: Record<string, string>): Promise<number> {
  const response = await cardResponse(request(entry, language, headers), entry, language);
  await response.arrayBuffer();
  return response.status;
}

const first = performance.now();
await fetchCard(entryOf(0, '2026-01-01T00:00:00+00:00'), 'en-US');
console.log(`${'card.png: first card of the process (loads assets)'.padEnd(56)} ${(performance.now() - first).toFixed(2).padStart(9)} ms`);

// A new updatedAt every run: a card never drawn before, as after an edit.
await measure('card.png cold: drawn (satori + resvg)', RUNS, (i) => fetchCard(entryOf(i, new Date(Date.UTC(2026, 1, 1, 0, 0, i + 1)).toISOString()), languageOf(i)), 56);
const warm = Array.from({ length: WORDS.length * 2 }, (_, i) => entryOf(i, '2026-01-02T00:00:00+00:00'));
await Promise.all(warm.map((entry, i) => fetchCard(entry, languageOf(i))));
await measure('card.png warm: from the cache', RUNS * 5, (i) => fetchCard(warm[i % warm.length], languageOf(i)), 56);
const etags = await Promise.all(warm.map(async (entry, i) => (await cardResponse(request(entry, languageOf(i)), entry, languageOf(i))).headers.get('etag')!));
await measure('card.png revalidated: 304', RUNS * 5, async (i) => {
  if ((await fetchCard(warm[i % warm.length], languageOf(i), { 'if-none-match': etags[i % warm.length] })) !== 304) throw new Error('expected a 304');
}, 56);
const flood = Array.from({ length: 200 }, (_, i) => entryOf(i, new Date(Date.UTC(2026, 2, 1, 0, 0, i)).toISOString()));
const floodStart = performance.now();
const statuses = flood.map((entry, i) => cardResponse(request(entry, languageOf(i)), entry, languageOf(i)).then((response) => response.status));
const duringStart = performance.now();
await fetchCard(warm[0], languageOf(0));
const during = performance.now() - duringStart;
const answered = await Promise.all(statuses);
const count = (status: number) => answered.filter((answer) => answer === status).length;
console.log(`card.png flood: 200 new cards at once: ${count(200)} drawn, ${count(503)} refused (503) in ${(performance.now() - floodStart).toFixed(0)} ms; a cached card meanwhile ${during.toFixed(2)} ms`);
console.log('Budget (issue 33): warm p95 under 100 ms.');
