import {
  CLOZE_FIELDS,
  JERGA_CLOZE_NOTETYPE_ID,
  JERGA_CLOZE_NOTETYPE_NAME,
  JERGA_DECK_ID,
  JERGA_DECK_NAME,
  JERGA_NOTETYPE_ID,
  JERGA_NOTETYPE_NAME,
  NOTE_FIELDS,
  TEMPLATE_KINDS,
} from './format.ts';

/**
 * The JSON Anki 2.1 keeps in the `col` row of a schema-11 collection (conf, models, decks,
 * dconf), with the keys Anki's legacy code reads. Jerga's two note types and its one deck have
 * fixed ids (format.ts), so importing a newer package updates them instead of adding copies.
 */

/** The four templates of the Jerga note type, by TEMPLATE_KINDS order (card ordinal). */
const TEMPLATES: Record<(typeof TEMPLATE_KINDS)[number], { name: string; qfmt: string; afmt: string }> = {
  basic: {
    name: 'Word → meaning',
    qfmt: '<div class="word">{{Word}}</div>',
    afmt: '{{FrontSide}}<hr id="answer">{{Meaning}}{{#Meaning (Spanish)}}<div class="es">{{Meaning (Spanish)}}</div>{{/Meaning (Spanish)}}' +
      '<div class="country">{{Country}}</div>{{#Example}}<div class="example">{{Example}}</div>{{/Example}}{{Audio}}',
  },
  reverse: {
    name: 'Meaning → word',
    qfmt: '{{Meaning}}<div class="country">{{Country}}</div>',
    afmt: '{{FrontSide}}<hr id="answer"><div class="word">{{Word}}</div>{{#Example}}<div class="example">{{Example}}</div>{{/Example}}{{Audio}}',
  },
  variant: {
    name: 'Variant',
    qfmt: '{{Meaning}}<div class="country">{{Country}}?</div>',
    afmt: '{{FrontSide}}<hr id="answer"><div class="word">{{Word}}</div>{{Audio}}',
  },
  // Only where the note has a recording: an empty front makes no card in Anki.
  listening: {
    name: 'Listening',
    qfmt: '{{#Audio}}{{Audio}}<div class="country">{{Country}}</div>{{/Audio}}',
    afmt: '{{FrontSide}}<hr id="answer"><div class="word">{{Word}}</div>{{Meaning}}',
  },
};

const CSS = '.card { font-family: sans-serif; font-size: 20px; text-align: center; color: black; background-color: white; }\n' +
  '.word { font-size: 28px; font-weight: bold; }\n.country, .es { color: #555; }\n.example { font-style: italic; margin-top: 8px; }\n' +
  '.cloze { font-weight: bold; color: #1a5fb4; }';

const LATEX_PRE = '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n' +
  '\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n';

function fieldsOf(names: readonly string[]) {
  return names.map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] }));
}

function template(name: string, ord: number, qfmt: string, afmt: string) {
  return { name, ord, qfmt, afmt, did: null, bqfmt: '', bafmt: '' };
}

function noteType(id: number, name: string, type: 0 | 1, fields: readonly string[], templates: ReturnType<typeof template>[], modSeconds: number) {
  return {
    id, name, type, mod: modSeconds, usn: -1, sortf: 0, did: JERGA_DECK_ID, tmpls: templates, flds: fieldsOf(fields), css: CSS,
    latexPre: LATEX_PRE, latexPost: '\\end{document}', latexsvg: false, tags: [], vers: [],
    // Which fields each template needs (Anki ≤2.1.28 reads it): basic the word, reverse and
    // variant the meaning, listening the recording; a cloze note type has none.
    req: type === 0 ? [[0, 'any', [0]], [1, 'any', [1]], [2, 'any', [1]], [3, 'any', [NOTE_FIELDS.indexOf('Audio')]]] : [],
  };
}

/** `col.models`: the Jerga note type (four templates) and the Jerga Cloze note type. */
export function modelsJson(modSeconds: number): string {
  const jerga = noteType(JERGA_NOTETYPE_ID, JERGA_NOTETYPE_NAME, 0, NOTE_FIELDS,
    TEMPLATE_KINDS.map((kind, ord) => template(TEMPLATES[kind].name, ord, TEMPLATES[kind].qfmt, TEMPLATES[kind].afmt)), modSeconds);
  const cloze = noteType(JERGA_CLOZE_NOTETYPE_ID, JERGA_CLOZE_NOTETYPE_NAME, 1, CLOZE_FIELDS,
    [template('Cloze', 0, '{{cloze:Text}}', '{{cloze:Text}}<hr id="answer"><div class="word">{{Word}}</div>{{Meaning}}<div class="country">{{Country}}</div>{{Audio}}')],
    modSeconds);
  return JSON.stringify({ [JERGA_NOTETYPE_ID]: jerga, [JERGA_CLOZE_NOTETYPE_ID]: cloze });
}

function deck(id: number, name: string, modSeconds: number) {
  return {
    id, name, mod: modSeconds, usn: -1, desc: '', dyn: 0, conf: 1, collapsed: false, browserCollapsed: false,
    extendNew: 0, extendRev: 0, newToday: [0, 0], revToday: [0, 0], lrnToday: [0, 0], timeToday: [0, 0],
  };
}

/** `col.decks`: Anki's Default deck (every collection has deck 1) and the Jerga deck. */
export function decksJson(modSeconds: number): string {
  return JSON.stringify({ 1: deck(1, 'Default', modSeconds), [JERGA_DECK_ID]: deck(JERGA_DECK_ID, JERGA_DECK_NAME, modSeconds) });
}

/** `col.dconf`: Anki's default options group (the Jerga deck's `conf: 1`). */
export function deckConfigJson(modSeconds: number): string {
  return JSON.stringify({
    1: {
      id: 1, name: 'Default', mod: modSeconds, usn: -1, maxTaken: 60, autoplay: true, timer: 0, replayq: true, dyn: false,
      new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
      lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
      rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
    },
  });
}

/** `col.conf`: the collection's settings, the Jerga deck current. */
export function collectionConfigJson(nextPosition: number): string {
  return JSON.stringify({
    activeDecks: [JERGA_DECK_ID], curDeck: JERGA_DECK_ID, curModel: JERGA_NOTETYPE_ID, newSpread: 0, collapseTime: 1200,
    timeLim: 0, estTimes: true, dueCounts: true, nextPos: nextPosition, sortType: 'noteFld', sortBackwards: false, addToCur: true,
    schedVer: 2,
  });
}
