import { describe, expect, it } from 'vitest';
import { markedGap } from '@/features/entries/components/entry-form';
import { clozeFits } from './answer-compare';

// The same table as supabase/tests/database/58-cloze-conjugated.test.sql: the menu offers a
// cloze card exactly when the server makes one.
describe('clozeFits: phrases that conjugate', () => {
  it.each([
    ['echar los perros', 'Mirá, Juan le está echando los perros a Sofía.', true],
    ['echar los perros', 'Anoche le echó los perros a mi prima.', true],
    ['echar los perros', 'No le eches los perros a ella.', true],
    ['echar los perros', 'Echarle los perros no sirve.', true],
    ['echar los perros', 'Le echaba los perros a todas.', true],
    ['tomar el pelo', '¿Me estás tomando el pelo?', true],
    ['tomar el pelo', 'Me tomaron el pelo en la feria.', true],
    ['tomar el pelo', 'Nos han tomado el pelo.', true],
    ['ponerse las pilas', 'Ponte las pilas, que viene el examen.', true],
    ['ponerse las pilas', 'Juan se pone las pilas los lunes.', true],
    ['ponerse las pilas', 'Tenés que ponerte las pilas.', true],
    ['ponerse las pilas', 'Está poniéndose las pilas.', true],
    ['ponerse las pilas', 'Se puso las pilas.', false],
    ['dar papaya', 'No hay que dar papaya en el centro.', true],
    ['dar papaya', 'Usted dio papaya y le robaron.', true],
    ['dar papaya', 'Estaba dando papaya con el celular.', true],
    ['dar papaya', 'Cada papaya cuesta mil pesos.', false],
    ['currar', 'Hoy estoy currando mucho.', true],
    ['currar', 'Ayer curré diez horas.', true],
    ['dar', 'Me lo dio.', false],
    ['chela', 'Me tomé una CHELA bien fría', true],
    ['chela', 'Nada aquí', false],
    ['tío / tía', 'Mi TÍA vive en Lima', true],
  ])('%s in “%s”: %s', (title, sentence, fits) => {
    expect(clozeFits(sentence, title)).toBe(fits);
  });
});

describe('a gap the author marked', () => {
  it('fits when the example holds it, whatever the title', () => {
    expect(clozeFits('Juan se puso las pilas ayer.', 'ponerse las pilas', 'se puso las pilas')).toBe(true);
    expect(clozeFits('Juan estudió mucho.', 'ponerse las pilas', 'se puso las pilas')).toBe(false);
  });

  it('is shown to its author in double brackets when the entry is edited', () => {
    expect(markedGap('Juan se puso las pilas ayer.', 'se puso las pilas')).toBe('Juan [[se puso las pilas]] ayer.');
    expect(markedGap('Juan estudió.', 'se puso las pilas')).toBe('Juan estudió.');
    expect(markedGap('Juan estudió.', undefined)).toBe('Juan estudió.');
  });
});
