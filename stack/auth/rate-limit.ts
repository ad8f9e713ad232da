import { rateLimited } from './errors.ts';

/**
 * Per-IP request limits in the spirit of GoTrue's: at most `limit` requests of one kind per
 * `windowSeconds`, counted over a sliding window. Memory only; a restart forgets (what must
 * survive one, the guesses at mailed codes, is counted in the database).
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly windowSeconds: number,
    private readonly now: () => Date,
  ) {}

  /** Counts one request for `bucket` from `ip`, or throws 429 over_request_rate_limit with the seconds until a slot frees. */
  take(bucket: string, ip: string, limit: number): void {
    const now = this.now().getTime();
    const since = now - this.windowSeconds * 1000;
    const key = `${bucket}:${ip}`;
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      // The oldest request in the window leaves it first (with no limit at all: a whole window).
      const frees = limit > 0 ? recent[recent.length - limit] + this.windowSeconds * 1000 : now + this.windowSeconds * 1000;
      throw rateLimited(Math.max(1, Math.ceil((frees - now) / 1000)));
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(since);
  }

  private prune(since: number): void {
    for (const [key, times] of this.hits) {
      if (times.every((time) => time <= since)) this.hits.delete(key);
    }
  }
}
