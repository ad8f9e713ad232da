import type { ReviewReply as ServerReviewReply } from '@/lib/api-types';
import { ApiError, isApiError } from '@/lib/api';
import type { PendingReview, ReviewStore, SyncedReview } from './review-store';

/**
 * What the queue reads of the server's answer to one rating (PUT
 * /api/flashcard/updateFlashcardReview): the card, whether this reviewId had been applied
 * already, and the streak day it counted (absent from a server that predates review sync).
 */
export type ReviewReply = Pick<ServerReviewReply, 'data' | 'duplicate'> & Partial<Pick<ServerReviewReply, 'streak'>>;

/** What the indicator shows: the signed-in learner's ratings waiting, and whether the server is out of reach. */
export interface ReviewSyncState {
  pending: number;
  offline: boolean;
}

export interface ReviewSyncOptions {
  store: ReviewStore;
  /** Sends one rating; `signal` aborts it once it has waited `sendTimeoutMs`. */
  send: (review: PendingReview, signal: AbortSignal) => Promise<ReviewReply>;
  /**
   * How long one send may wait for the server's answer: a connection that dropped without the
   * browser noticing can leave a request hanging for minutes, and the queue behind it.
   */
  sendTimeoutMs?: number;
  /** Milliseconds before the retry after `failures` failed attempts in a row. */
  retryDelay?: (failures: number) => number;
  /** Whether the browser believes it is online (navigator.onLine). */
  online?: () => boolean;
  /** Runs `work` alone among this origin's tabs (Web Locks), or just runs it. */
  exclusive?: (work: () => Promise<void>) => Promise<void>;
}

/** A send unanswered this long counts as failed (the server applies its reviewId once if it did arrive). */
export const SEND_TIMEOUT_MS = 15_000;

/** 1 s, 2 s, 4 s … at most 30 s between attempts while the server cannot be reached. */
export const defaultRetryDelay = (failures: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));

/**
 * Whether sending again later may succeed: no connection (status 0), the server or a proxy
 * failing (5xx), too many requests, or a token that could not be renewed just now (401). A
 * rating the server refuses for what it is (400 bad time, 404 card gone, 409 id reused) never
 * will, and is dropped.
 */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true; // not an answer from the server at all
  return error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;
}

type Listener = () => void;

/** How long confirmed ratings stay on the device: as long as the service worker keeps a due list. */
export const KEEP_SYNCED_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The learner's ratings, queued durably and sent to the server in rating order, each until
 * the server has it: a rating leaves the queue only after the server answered it (a repeat is
 * harmless, the server applies a reviewId once). Sends when a rating is queued, when the
 * learner is known (app start), when the browser says it is online again, when the page gets
 * the focus back, and after a failure on a growing delay — so it also recovers when requests
 * failed without the browser noticing it was offline.
 */
export class ReviewSync {
  private readonly options: Required<ReviewSyncOptions>;
  private userId: string | null = null;
  private state: ReviewSyncState = { pending: 0, offline: false };
  /** The last attempt could not reach the server. */
  private unreachable = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private runAgain = false;
  private lastSeq = 0;
  private readonly listeners = new Set<Listener>();
  private readonly syncedListeners = new Set<(reply: ReviewReply, review: PendingReview) => void>();
  private readonly rejectedListeners = new Set<(error: unknown, review: PendingReview) => void>();

  constructor(options: ReviewSyncOptions) {
    this.options = {
      retryDelay: defaultRetryDelay,
      sendTimeoutMs: SEND_TIMEOUT_MS,
      online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
      exclusive: (work) => work(),
      ...options,
    };
  }

  /** The signed-in learner (null when signed out): only their ratings are sent, with their token. */
  setUser(userId: string | null): void {
    if (userId === this.userId) return;
    this.userId = userId;
    this.failures = 0;
    void this.flush();
  }

  getState = (): ReviewSyncState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called with the server's answer each time a queued rating is confirmed. */
  onSynced(listener: (reply: ReviewReply, review: PendingReview) => void): () => void {
    this.syncedListeners.add(listener);
    return () => this.syncedListeners.delete(listener);
  }

  /** Called when the server refused a rating for good (it is dropped from the queue). */
  onRejected(listener: (error: unknown, review: PendingReview) => void): () => void {
    this.rejectedListeners.add(listener);
    return () => this.rejectedListeners.delete(listener);
  }

  /** The cards `userId` rated on this device whose ratings the server has not confirmed yet. */
  async pendingCardIds(userId: string): Promise<Set<string>> {
    return new Set((await this.pendingOf(userId)).map((review) => review.flashcardId));
  }

  /** `userId`'s ratings on this device that the server has not confirmed yet, in rating order. */
  async pendingOf(userId: string): Promise<PendingReview[]> {
    return (await this.options.store.all()).filter((review) => review.userId === userId);
  }

  /**
   * `userId`'s ratings on this device of the last two days: the ones still queued, and the
   * ones the server confirmed (with `syncedAt`), which a due list kept from before them (the
   * service worker's copy, read offline) does not know either.
   */
  async recentOf(userId: string): Promise<(PendingReview | SyncedReview)[]> {
    const { store } = this.options;
    const pending = await this.pendingOf(userId);
    // A rating caught between the two databases (kept, not yet out of the queue) counts as queued.
    const queued = new Set(pending.map((review) => review.reviewId));
    const synced = (await store.synced()).filter((review) => review.userId === userId && !queued.has(review.reviewId));
    return [...synced, ...pending];
  }

  /** The card was reset (New again): its confirmed ratings are no longer its own, lists need not know them. */
  forgetConfirmed(flashcardId: string): Promise<void> {
    return this.options.store.dropSyncedOf(flashcardId);
  }

  /** Queues a rating durably (resolves once it is stored), then tries to send it. */
  async enqueue(review: Omit<PendingReview, 'seq'>): Promise<PendingReview> {
    const seq = Math.max(Date.now(), this.lastSeq + 1);
    this.lastSeq = seq;
    const stored = { ...review, seq };
    await this.options.store.put(stored);
    await this.refreshCount();
    void this.flush();
    return stored;
  }

  /** Sends what is queued for the learner, in order, now (an attempt already under way runs once more). */
  flush(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.running) {
      this.runAgain = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.runAgain = false;
          await this.options.exclusive(() => this.drain());
        } while (this.runAgain);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Sends `userId`'s queued ratings now (they are the learner signed in), waiting at most
   * `waitMs` for the server; answers how many are still unsent (offline, the server refusing
   * for now, or slow: the queue goes on trying).
   */
  async sendNow(userId: string, waitMs: number): Promise<number> {
    this.setUser(userId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([this.flush(), waited]);
    clearTimeout(timer);
    return (await this.pendingOf(userId)).length;
  }

  /**
   * Keeps on this device only the ratings of `signedIn` (nobody's when null): every other
   * learner's confirmed ratings go; their queued ones stay for them (sent only as them, once
   * they sign in here again), except `dropPendingOf`'s, who logged out without them. Runs alone
   * among the tabs' queues (the lock sending takes), so a send still under way in another tab
   * cannot confirm a rating into a store just emptied.
   */
  async keepOnly(signedIn: string | null, dropPendingOf?: string): Promise<void> {
    const { store, exclusive } = this.options;
    await exclusive(async () => {
      await store.dropSyncedExcept(signedIn);
      if (dropPendingOf) await store.dropPendingOf(dropPendingOf);
    });
    await this.refreshCount();
  }

  /** Stops the retry timer (the tab's sync is being replaced). */
  dispose(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.userId = null;
    this.listeners.clear();
    this.syncedListeners.clear();
    this.rejectedListeners.clear();
  }

  /** The browser's online/offline changed: tell the indicator, and send when back. */
  connectivityChanged(): void {
    this.publish();
    if (this.options.online()) {
      this.failures = 0;
      void this.flush();
    }
  }

  private async drain(): Promise<void> {
    const userId = this.userId;
    if (!userId) return this.refreshCount();
    const queued = (await this.options.store.all()).filter((review) => review.userId === userId);
    this.lastSeq = Math.max(this.lastSeq, ...queued.map((review) => review.seq));
    for (const review of queued) {
      if (this.userId !== userId) break;
      let reply: ReviewReply;
      try {
        reply = await this.sendWithin(review);
      } catch (error) {
        if (isTransient(error)) {
          this.unreachable = !isApiError(error) || error.status === 0 || error.status >= 500;
          this.failures += 1;
          await this.refreshCount();
          this.scheduleRetry();
          return;
        }
        await this.options.store.remove(review.reviewId);
        for (const listener of this.rejectedListeners) listener(error, review);
        await this.refreshCount();
        continue;
      }
      this.unreachable = false;
      this.failures = 0;
      await this.options.store.keepSynced({ ...review, syncedAt: new Date().toISOString() });
      await this.refreshCount();
      for (const listener of this.syncedListeners) listener(reply, review);
    }
    this.unreachable = false;
    await this.refreshCount();
    // No due list the service worker keeps is older than this.
    await this.options.store.dropSyncedBefore(Date.now() - KEEP_SYNCED_MS).catch(() => undefined);
  }

  /** One send, given up (aborted, and failed as unreachable) once it has waited `sendTimeoutMs`. */
  private async sendWithin(review: PendingReview): Promise<ReviewReply> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ApiError(0, 'network', 'The server did not answer in time.'));
      }, this.options.sendTimeoutMs);
    });
    try {
      return await Promise.race([this.options.send(review, controller.signal), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.flush(), this.options.retryDelay(this.failures));
  }

  private async refreshCount(): Promise<void> {
    const userId = this.userId;
    const pending = userId ? (await this.options.store.all()).filter((review) => review.userId === userId).length : 0;
    this.publish(pending);
  }

  /** A new state for the indicator, when something it shows changed. */
  private publish(pending = this.state.pending): void {
    const offline = !this.options.online() || this.unreachable;
    if (pending === this.state.pending && offline === this.state.offline) return;
    this.state = { pending, offline };
    for (const listener of this.listeners) listener();
  }
}
