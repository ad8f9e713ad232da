import { describe, expect, it } from 'vitest';
import { blankWord, checkAnswer, clozeFits, clozeParts, foldAnswer } from './answer-compare';

describe('foldAnswer', () => {
  it('ignores case, accents and the punctuation and spacing around and between words', () => {
    expect(foldAnswer('¿Qué  ONDA?')).toBe('que onda');
    expect(foldAnswer('Güey')).toBe('guey');
    expect(foldAnswer('ñandú')).toBe('nandu');
  });
});

describe('checkAnswer', () => {
  it('takes an answer that differs only in case as exact', () => {
    expect(checkAnswer('CHAMBA', 'chamba')).toEqual({ correct: true, exact: true, parts: [{ text: 'chamba', mark: 'same' }] });
  });

  it('takes an answer without its accent as correct, marking the accented letter', () => {
    expect(checkAnswer('guey', 'güey')).toEqual({
      correct: true,
      exact: false,
      parts: [
        { text: 'g', mark: 'same' },
        { text: 'ü', mark: 'accent' },
        { text: 'ey', mark: 'same' },
      ],
    });
  });

  it('marks only the letters that differ, a missing one included', () => {
    const result = checkAnswer('chmba', 'chamba');
    expect(result.correct).toBe(false);
    expect(result.parts).toEqual([
      { text: 'ch', mark: 'same' },
      { text: 'a', mark: 'wrong' },
      { text: 'mba', mark: 'same' },
    ]);
    expect(checkAnswer('chanba', 'chamba').parts).toEqual([
      { text: 'cha', mark: 'same' },
      { text: 'm', mark: 'wrong' },
      { text: 'ba', mark: 'same' },
    ]);
    // An extra letter typed marks nothing of the word.
    expect(checkAnswer('chambaa', 'chamba').parts).toEqual([{ text: 'chamba', mark: 'same' }]);
  });

  it('does not count the punctuation around a phrase, nor an empty answer as right', () => {
    const phrase = checkAnswer('que onda', '¿Qué onda?');
    expect(phrase.correct).toBe(true);
    expect(phrase.parts.filter((part) => part.mark === 'wrong')).toEqual([]);
    expect(checkAnswer('   ', 'chamba').correct).toBe(false);
  });

  it('takes either form of a title written as two ("tío / tía"), and the whole title too', () => {
    const form = checkAnswer('tia', 'tío / tía');
    expect(form.correct).toBe(true);
    expect(form.exact).toBe(false);
    expect(form.parts).toEqual([
      { text: 't', mark: 'same' },
      { text: 'í', mark: 'accent' },
      { text: 'a', mark: 'same' },
    ]);
    expect(checkAnswer('tío / tía', 'tío / tía').exact).toBe(true);
    expect(checkAnswer('tíos', 'tío / tía').correct).toBe(false);
    // A slash inside a word is no second form.
    expect(checkAnswer('24', '24/7').correct).toBe(false);
  });
});

describe('cloze helpers', () => {
  it('cuts a front at its blanks', () => {
    expect(clozeParts('¿Qué onda, _____? _____, ven.')).toEqual(['¿Qué onda, ', '? ', ', ven.']);
  });

  it('blanks the word in a meaning, case, accents and either form aside', () => {
    expect(blankWord('To take, grab or catch: coger el autobús. COGER frío.', 'coger')).toBe(
      'To take, grab or catch: _____ el autobús. _____ frío.',
    );
    expect(blankWord('Un colectivo; el primo formal del bondi.', 'colectivo')).toBe('Un _____; el primo formal del bondi.');
    expect(blankWord('¿Qué onda? A greeting.', '¿Qué onda?')).toBe('¿_____? A greeting.');
    expect(blankWord('Your uncle (tío) or aunt (TIA).', 'tío / tía')).toBe('Your uncle (_____) or aunt (_____).');
    expect(blankWord('A drinking straw.', 'popote')).toBe('A drinking straw.');
    expect(blankWord('Ñandú 😀 ñandu', 'ñandú')).toBe('_____ 😀 _____');
  });

  it('knows whether an example holds the word, case and accents aside', () => {
    expect(clozeFits('¡Qué CHÉVERE está!', 'chevere')).toBe(true);
    expect(clozeFits('Hola, ¿que ONDA, güey?', '¿Qué onda?')).toBe(true);
    expect(clozeFits('Nada aquí.', 'chévere')).toBe(false);
    expect(clozeFits('', 'chévere')).toBe(false);
    expect(clozeFits(null, 'chévere')).toBe(false);
    expect(clozeFits('Mi TÍA vive en Lima.', 'tío / tía')).toBe(true);
    expect(clozeFits('Mi prima vive en Lima.', 'tío / tía')).toBe(false);
  });
});
