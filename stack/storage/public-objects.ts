import type { ObjectRow } from './rows.ts';

/** How long a public object's row is kept. */
const PUBLIC_CACHE_MS = 2000;
/** Rows kept at most; past that the cache starts again. */
const MAX_ENTRIES = 10_000;

/**
 * Objects of public buckets by bucket and name, kept for a moment: a burst of public
 * downloads then costs no query each. Writes through the service (any request but GET and
 * HEAD) clear it, and a read caches only if no write began or ran meanwhile; a change
 * made straight in SQL shows within PUBLIC_CACHE_MS.
 */
export class PublicObjects {
  private readonly objects = new Map<string, { object: ObjectRow; until: number }>();
  private writeGeneration = 0;
  private writesRunning = 0;

  /** The kept row of an object, while fresh. */
  get(bucketId: string, key: string): ObjectRow | undefined {
    const cached = this.objects.get(`${bucketId}\u0000${key}`);
    return cached && cached.until > Date.now() ? cached.object : undefined;
  }

  /** Taken before reading a row: `keep` then keeps it only if no write began or ran since. */
  mark(): number {
    return this.writeGeneration;
  }

  keep(bucketId: string, key: string, object: ObjectRow, mark: number): void {
    if (mark !== this.writeGeneration || this.writesRunning !== 0) return;
    if (this.objects.size >= MAX_ENTRIES) this.objects.clear();
    this.objects.set(`${bucketId}\u0000${key}`, { object, until: Date.now() + PUBLIC_CACHE_MS });
  }

  writeBegan(): void {
    this.writesRunning += 1;
    this.writeGeneration += 1;
    this.objects.clear();
  }

  writeEnded(): void {
    this.writesRunning -= 1;
    this.writeGeneration += 1;
    this.objects.clear();
  }
}
