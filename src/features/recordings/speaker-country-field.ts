/** The Account page's "Where your Spanish is from" field id: the recorder's links land on it. */
export const SPEAKER_COUNTRY_FIELD = 'speaker-country';
