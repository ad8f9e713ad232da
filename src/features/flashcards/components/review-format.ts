/**
 * A word as blanks with some letters: the first letter of each word and every third one
 * after it (t__b__o), everything that is not a letter or digit kept as it is. Deterministic,
 * so the same answer always gives the same clue. Only ever the answer's "Show first letters"
 * help: the author's hint is shown as written.
 */
export function firstLetters(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word) => {
      if (/^\s*$/.test(word)) return word;
      let position = 0;
      return Array.from(word)
        .map((char) => {
          if (!/[\p{L}\p{N}]/u.test(char)) return char;
          const shown = position % 3 === 0;
          position += 1;
          return shown ? char : '_';
        })
        .join('');
    })
    .join('');
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long until `due`, compactly in the reader's language ("10 min", "3 days", "2 mths"):
 * the interval a rating button would schedule. Never under a minute (the previews were
 * computed when the queue was fetched, so a short one may have passed already).
 */
export function formatInterval(due: string, now: number, locale: string | undefined): string {
  const ms = Math.max(MINUTE, new Date(due).getTime() - now);
  // The unit is chosen after rounding, so 23 h 59 min reads "1 day", not "24 hr".
  const steps: [number, string, number][] = [
    [MINUTE, 'minute', 60],
    [HOUR, 'hour', 24],
    [DAY, 'day', 30],
    [30.44 * DAY, 'month', 12],
  ];
  let [value, unit] = [Math.round(ms / (365.25 * DAY)), 'year'];
  for (const [size, name, limit] of steps) {
    if (Math.round(ms / size) < limit) {
      [value, unit] = [Math.round(ms / size), name];
      break;
    }
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 0 }).format(Math.max(1, value));
}
