/**
 * How much a card cache may hold (whichever of `entries` and `bytes` is reached first evicts
 * the least recently used), and how many renders may wait their turn (`waiting`).
 */
export type CardCacheLimits = { entries: number; bytes: number; waiting: number };

/** Thrown instead of queueing a render when `waiting` renders already wait: the caller answers 503. */
export class CardBusyError extends Error {
  constructor() {
    super('too many preview cards are being drawn');
  }
}

/**
 * Resolves on a later turn of the event loop. Drawing a card never waits for I/O (satori's
 * awaits resolve at once), so without this a queue of renders would run back to back as one
 * long task, and no other request, a cached card's included, would be answered until it ended.
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Rendered cards by key (their ETag), least recently used evicted first, so a warm request is a
 * lookup. A key is rendered once however many requests ask for it at the same time, and
 * renders run one at a time: each is CPU-bound, so running two together makes both later and
 * holds two images in memory, and a burst of requests for many cards queues instead of piling up.
 */
export class CardCache {
  /** A Map iterates in insertion order: the first key is the least recently used. */
  private readonly cards = new Map<string, Uint8Array>();
  private readonly rendering = new Map<string, Promise<Uint8Array>>();
  private queue: Promise<unknown> = Promise.resolve();
  private heldBytes = 0;
  /** Renders started or waiting: at most one runs, the rest wait in `queue`. */
  private queued = 0;

  constructor(private readonly limits: CardCacheLimits) {}

  /** How many cards and bytes it holds now. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.cards.size, bytes: this.heldBytes };
  }

  /** The cached card for `key`, or one render of it shared by every caller asking meanwhile. */
  card(key: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const cached = this.cards.get(key);
    if (cached) {
      this.cards.delete(key);
      this.cards.set(key, cached);
      return Promise.resolve(cached);
    }
    const pending = this.rendering.get(key);
    if (pending) return pending;
    // A flood of requests for cards nobody has drawn yet waits a bounded time, then is refused.
    if (this.queued > this.limits.waiting) return Promise.reject(new CardBusyError());
    this.queued += 1;
    const started = this.queue.then(nextTurn).then(render).then(
      (png) => {
        this.queued -= 1;
        this.rendering.delete(key);
        this.store(key, png);
        return png;
      },
      (error: unknown) => {
        // Nothing is kept of a failed render: the next request tries again.
        this.queued -= 1;
        this.rendering.delete(key);
        throw error;
      },
    );
    this.rendering.set(key, started);
    this.queue = started.catch(() => undefined);
    return started;
  }

  private store(key: string, png: Uint8Array): void {
    // A card larger than the whole budget is served but not kept.
    if (png.byteLength > this.limits.bytes) return;
    this.cards.set(key, png);
    this.heldBytes += png.byteLength;
    for (const [oldest, bytes] of this.cards) {
      if (this.cards.size <= this.limits.entries && this.heldBytes <= this.limits.bytes) break;
      this.cards.delete(oldest);
      this.heldBytes -= bytes.byteLength;
    }
  }
}
