import { clozeMatcher } from './cloze-match.ts';

/**
 * Comparing what a learner typed with the word a card asks for, the way the cards are meant
 * to be read: case and accents do not make an answer wrong ("guey" answers "güey"), nor do
 * the punctuation and spaces around it ("que onda" answers "¿Qué onda?"). What differs is
 * still shown, letter by letter, so the learner sees the accent they left out.
 */

/** One letter folded: lower case, without its accent (ñ → n, ü → u). */
const foldChar = (char: string) => char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A text folded for comparison: lower case, no accents, letters and digits with single spaces. */
export function foldAnswer(text: string): string {
  return Array.from(text.normalize('NFC'))
    .map((char) => (/[\p{L}\p{N}]/u.test(char) ? foldChar(char) : ' '))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A stretch of the expected word: the same as typed, right but for its accent or case, or not typed so. */
export interface AnswerPart {
  text: string;
  mark: 'same' | 'accent' | 'wrong';
}

export interface AnswerCheck {
  /** Right once case, accents and punctuation are ignored. */
  correct: boolean;
  /** Right letter for letter (case aside): no accent to point out. */
  exact: boolean;
  /** The expected word cut into stretches to mark. */
  parts: AnswerPart[];
}

/** A title's forms: "tío / tía" (two forms written as one entry) is answered, and blanked, by either. */
export function titleForms(title: string): string[] {
  const forms = title.split(/\s+\/\s+/).map((form) => form.trim()).filter(Boolean);
  return forms.length > 1 ? forms : [title];
}

/**
 * Checks a typed answer against the expected word (one of its forms answers it). The letters are aligned by edit distance
 * over the folded letters, so one missing or extra letter marks only itself, not the rest of
 * the word.
 */
export function checkAnswer(typed: string, expected: string): AnswerCheck {
  const form = titleForms(expected).find((candidate) => candidate !== expected && foldAnswer(candidate) === foldAnswer(typed));
  if (form) return checkAnswer(typed, form);
  const want = Array.from(expected.normalize('NFC'));
  const got = Array.from(typed.normalize('NFC').trim());
  const w = want.map(foldChar);
  const g = got.map(foldChar);
  // cost[i][j]: edits to turn want[i..] into got[j..].
  const cost = Array.from({ length: w.length + 1 }, () => new Array<number>(g.length + 1).fill(0));
  for (let i = w.length; i >= 0; i -= 1) {
    for (let j = g.length; j >= 0; j -= 1) {
      if (i === w.length) cost[i][j] = g.length - j;
      else if (j === g.length) cost[i][j] = w.length - i;
      else cost[i][j] = Math.min(cost[i + 1][j + 1] + (w[i] === g[j] ? 0 : 1), cost[i + 1][j] + 1, cost[i][j + 1] + 1);
    }
  }
  const marks: AnswerPart['mark'][] = [];
  let i = 0;
  let j = 0;
  while (i < w.length) {
    if (j < g.length && w[i] === g[j] && cost[i][j] === cost[i + 1][j + 1]) {
      marks.push(want[i].toLowerCase() === got[j].toLowerCase() ? 'same' : 'accent');
      i += 1;
      j += 1;
    } else if (j < g.length && cost[i][j] === cost[i + 1][j + 1] + 1) {
      marks.push(/[\p{L}\p{N}]/u.test(want[i]) ? 'wrong' : 'same');
      i += 1;
      j += 1;
    } else if (cost[i][j] === cost[i + 1][j] + 1) {
      // Punctuation the learner did not type is not a mistake.
      marks.push(/[\p{L}\p{N}]/u.test(want[i]) ? 'wrong' : 'same');
      i += 1;
    } else {
      j += 1;
    }
  }
  const parts: AnswerPart[] = [];
  want.forEach((char, index) => {
    const last = parts.at(-1);
    if (last && last.mark === marks[index]) last.text += char;
    else parts.push({ text: char, mark: marks[index] });
  });
  const correct = foldAnswer(typed) !== '' && foldAnswer(typed) === foldAnswer(expected);
  return { correct, exact: correct && !parts.some((part) => part.mark === 'accent'), parts };
}

/** How a blank is written on a front, by the server and here. */
export const BLANK = '_____';

/**
 * The text with every form of the word blanked, found as `clozeFits` finds it (case and
 * accents aside): a meaning on a front that asks for the word must not give it away
 * ("To take, grab or catch: coger el autobús" asking for "coger").
 */
export function blankWord(text: string, title: string): string {
  let chars = Array.from(text.normalize('NFC'));
  for (const form of titleForms(title)) {
    const word = foldAnswer(form);
    if (word === '') continue;
    // One folded character per character (anything else a space), so an index in the folded
    // text is the same index in the text.
    const folded = chars
      .map((char) => {
        const fold = /[\p{L}\p{N}]/u.test(char) ? foldChar(char) : ' ';
        return fold.length === 1 ? fold : ' ';
      })
      .join('');
    const pieces: string[] = [];
    let from = 0;
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, from)) {
      pieces.push(chars.slice(from, at).join(''), BLANK);
      from = at + word.length;
    }
    if (pieces.length === 0) continue;
    pieces.push(chars.slice(from).join(''));
    chars = Array.from(pieces.join(''));
  }
  return chars.join('');
}

/** A cloze front cut at its blanks (the server writes each blank as five underscores). */
export function clozeParts(prompt: string): string[] {
  return prompt.split(BLANK);
}

/**
 * Whether an example sentence holds the gap its author marked, or the word (case and accents
 * aside; a phrase that starts with a verb in its conjugated forms, see cloze-match.ts), as the
 * server checks before adding a cloze card (private.entry_cloze): the menu says so before
 * anyone asks.
 */
export function clozeFits(exampleSentence: string | null | undefined, title: string, exampleGap?: string): boolean {
  if (exampleGap && exampleSentence?.includes(exampleGap)) return true;
  const sentence = foldAnswer(exampleSentence ?? '');
  return titleForms(title).some((form) => {
    const word = foldAnswer(form);
    return sentence !== '' && word !== '' && clozeMatcher(word).test(sentence);
  });
}
