/**
 * A gate that lets at most `limit` walks run at once; the others wait their turn in order.
 * A browser page spends most of a walk waiting on the network and the server, which another
 * page's walk fills.
 */
export function atMost(limit: number): <T>(walk: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (walk) => {
    if (running >= limit) await new Promise<void>((turn) => waiting.push(turn));
    else running++;
    try {
      return await walk();
    } finally {
      // The slot passes straight to the next walk in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Runs `walk` on every item, at most `limit` at a time, and waits for all of them. Every walk
 * runs to its end (each closes what it opened), then the first failure is thrown, naming how
 * many failed.
 */
export async function concurrently<T>(items: readonly T[], limit: number, walk: (item: T) => Promise<void>): Promise<void> {
  const gate = atMost(limit);
  const outcomes = await Promise.allSettled(items.map((item) => gate(() => walk(item))));
  const failures = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => outcome.reason as unknown);
  if (failures.length === 0) return;
  const [first] = failures;
  if (failures.length > 1 && first instanceof Error) first.message = `(${failures.length} of ${items.length} failed; the first:) ${first.message}`;
  throw first;
}
