import { describe, expect, it } from 'vitest';
import { conceptQuestion, countryNamed } from './concept-question.ts';

// Seeing "how do you say X in <country>" for what it is, in English and Spanish.

describe('conceptQuestion', () => {
  it.each([
    ['How do you say straw in Argentina?', 'straw', 'AR'],
    ['how do they say "straw" in argentina', 'straw', 'AR'],
    ['What do people call a bus in Cuba?', 'bus', 'CU'],
    ["What's the word for popcorn in Spain?", 'popcorn', 'ES'],
    ['How is straw said in Chile?', 'straw', 'CL'],
    ['How do you say the word swimming pool in Mexico please?', 'swimming pool', 'MX'],
    ['How would I say «in a minute» in Colombia?', 'in a minute', 'CO'],
    ['How do you say straw in Spanish in Argentina?', 'straw', 'AR'],
    ['How do you say bus in the Dominican Republic?', 'bus', 'DO'],
    ['¿Cómo se dice popote en México?', 'popote', 'MX'],
    ['como se dice popote en mexico', 'popote', 'MX'],
    ['¿Cómo se dice pajita en Perú?', 'pajita', 'PE'],
    ['¿Y cómo le dicen al autobús en la República Dominicana?', 'autobús', 'DO'],
    ['¿Cómo se le dice a la piscina en El Salvador?', 'piscina', 'SV'],
    ['¿Qué palabra usan para "cool" en España?', 'cool', 'ES'],
    ['¿Cómo se dice guagua en Guinea Ecuatorial, por favor?', 'guagua', 'GQ'],
    ['¿Cómo se dice camión en Panama?', 'camión', 'PA'],
  ])('%s → %s in %s', (message, term, country) => {
    expect(conceptQuestion(message)).toEqual({ term, country });
  });

  it.each([
    '¿Qué significa chamba?',
    'How do you say hello?',
    'How do you say straw in Portugal?',
    'Tell me about Argentina',
    'How do you say in Argentina?',
    '¿Cómo se dice en Chile?',
    '',
    '¿?',
  ])('is not one: %j', (message) => {
    expect(conceptQuestion(message)).toBeNull();
  });
});

describe('countryNamed', () => {
  it('knows the 21 countries in English and Spanish, with or without accents and articles', () => {
    expect(countryNamed('México')).toBe('MX');
    expect(countryNamed('mejico')).toBe('MX');
    expect(countryNamed('ESPAÑA')).toBe('ES');
    expect(countryNamed('espana')).toBe('ES');
    expect(countryNamed('Spain')).toBe('ES');
    expect(countryNamed('la Argentina')).toBe('AR');
    expect(countryNamed('el Salvador')).toBe('SV');
    expect(countryNamed('Equatorial Guinea')).toBe('GQ');
    expect(countryNamed('Puerto Rico, thanks')).toBe('PR');
    expect(countryNamed('Narnia')).toBeNull();
    expect(countryNamed('Chile con carne')).toBeNull();
  });
});
