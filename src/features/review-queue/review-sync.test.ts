import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import type { Flashcard } from '@/lib/api-types';
import { memoryReviewStore, type PendingReview } from './review-store';
import { ReviewSync, defaultRetryDelay, type ReviewReply } from './review-sync';

const USER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

let counter = 0;
function rating(overrides: Partial<PendingReview> = {}): Omit<PendingReview, 'seq'> {
  counter += 1;
  return {
    reviewId: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    userId: USER,
    flashcardId: `card-${counter}`,
    quality: 'Good',
    reviewedAt: new Date().toISOString(),
    durationMs: 1200,
    ...overrides,
  };
}

const reply = (): ReviewReply => ({
  data: {} as Flashcard,
  streak: { updated: false, streak: 1, longest: 1, freezes: 0, freezesUsed: 0, freezeEarned: false },
  duplicate: false,
});

/** A server that applies each reviewId once, as updateFlashcardReview does, and can be cut off. */
function fakeServer() {
  const applied: string[] = [];
  const received: string[] = [];
  let failure: (() => Error) | null = null;
  const send = vi.fn(async (review: PendingReview): Promise<ReviewReply> => {
    await Promise.resolve();
    if (failure) throw failure();
    received.push(review.reviewId);
    const duplicate = applied.includes(review.reviewId);
    if (!duplicate) applied.push(review.reviewId);
    return { ...reply(), duplicate };
  });
  return {
    applied,
    received,
    send,
    cut: (error: () => Error = () => new ApiError(0, 'network', 'The server could not be reached.')) => (failure = error),
    restore: () => (failure = null),
  };
}

const syncs: ReviewSync[] = [];
function newSync(options: ConstructorParameters<typeof ReviewSync>[0]) {
  const sync = new ReviewSync({ online: () => true, ...options });
  syncs.push(sync);
  return sync;
}

afterEach(() => {
  syncs.splice(0).forEach((sync) => sync.dispose());
  vi.useRealTimers();
});

describe('ReviewSync', () => {
  it('sends the learner’s ratings in the order they were made, each once, and empties the queue', async () => {
    const store = memoryReviewStore();
    const server = fakeServer();
    server.cut();
    const sync = newSync({ store, send: server.send });
    sync.setUser(USER);
    const made = [rating(), rating({ quality: 'Again' }), rating(), rating({ quality: 'Easy' })];
    for (const review of made) await sync.enqueue(review);
    await vi.waitFor(() => expect(sync.getState()).toEqual({ pending: 4, offline: true }));
    server.restore();
    await sync.flush();
    expect(server.applied).toEqual(made.map((review) => review.reviewId));
    expect(server.received).toEqual(made.map((review) => review.reviewId));
    expect(store.rows.size).toBe(0);
    expect(sync.getState()).toEqual({ pending: 0, offline: false });
  });

  it('keeps the confirmed ratings a while (a kept due list may predate them): the learner’s recent ones, queued and confirmed', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    const store = memoryReviewStore();
    const server = fakeServer();
    const sync = newSync({ store, send: server.send });
    sync.setUser(USER);
    const sent = rating({ reviewedAt: new Date().toISOString(), stateBefore: 'new' });
    await sync.enqueue(sent);
    await sync.flush();
    expect(store.rows.size).toBe(0);
    expect(store.syncedRows.get(sent.reviewId)).toMatchObject({ flashcardId: sent.flashcardId, stateBefore: 'new', syncedAt: '2026-11-27T10:00:00.000Z' });
    server.cut();
    const waiting = rating();
    await sync.enqueue(waiting);
    await store.put({ ...rating({ userId: OTHER }), seq: 1 });
    expect((await sync.recentOf(USER)).map((review) => [review.reviewId, 'syncedAt' in review])).toEqual([
      [sent.reviewId, true],
      [waiting.reviewId, false],
    ]);
    expect(sync.getState().pending).toBe(1);
    // A card reset on this device: its confirmed ratings are forgotten.
    const reset = rating({ flashcardId: 'card-reset' });
    await store.keepSynced({ ...reset, seq: 99, syncedAt: new Date().toISOString() });
    await sync.forgetConfirmed('card-reset');
    expect(store.syncedRows.has(reset.reviewId)).toBe(false);
    // Two days on, no kept list is that old: the confirmed rating is forgotten.
    server.restore();
    vi.setSystemTime(new Date('2026-11-29T10:00:01Z'));
    await sync.flush();
    expect([...store.syncedRows.keys()]).toEqual([waiting.reviewId]);
  });

  it('keeps what is queued across a reload: a new sync on the same store sends it, once', async () => {
    const store = memoryReviewStore();
    const server = fakeServer();
    server.cut();
    const before = newSync({ store, send: server.send });
    before.setUser(USER);
    const first = rating();
    const second = rating();
    await before.enqueue(first);
    await before.enqueue(second);
    before.dispose(); // the page goes away
    expect(store.rows.size).toBe(2);

    server.restore();
    const after = newSync({ store, send: server.send });
    after.setUser(USER); // the app starts and knows the learner
    await vi.waitFor(() => expect(store.rows.size).toBe(0));
    expect(server.applied).toEqual([first.reviewId, second.reviewId]);
    expect(after.getState().pending).toBe(0);
    // New ratings after the reload come after the old ones.
    const third = rating();
    await after.enqueue(third);
    await after.flush();
    expect(server.applied).toEqual([first.reviewId, second.reviewId, third.reviewId]);
  });

  it('a rating whose answer was lost is sent again and the server applies it once', async () => {
    const store = memoryReviewStore();
    const server = fakeServer();
    // The request arrives, its answer does not.
    let loseNext = true;
    const send = vi.fn(async (review: PendingReview) => {
      const answer = await server.send(review);
      if (loseNext) {
        loseNext = false;
        throw new ApiError(0, 'network', 'The server could not be reached.');
      }
      return answer;
    });
    const sync = newSync({ store, send, retryDelay: () => 5 });
    sync.setUser(USER);
    const made = rating();
    await sync.enqueue(made);
    await vi.waitFor(() => expect(store.rows.size).toBe(0));
    expect(server.received).toEqual([made.reviewId, made.reviewId]);
    expect(server.applied).toEqual([made.reviewId]);
  });

  it('never sends one rating twice at the same time, however often it is asked to sync', async () => {
    const store = memoryReviewStore();
    const server = fakeServer();
    const sync = newSync({ store, send: server.send });
    await store.put({ ...rating(), seq: 1 });
    await store.put({ ...rating(), seq: 2 });
    sync.setUser(USER);
    await Promise.all([sync.flush(), sync.flush(), sync.flush(), sync.connectivityChanged()]);
    await sync.flush();
    expect(server.received).toHaveLength(2);
    expect(new Set(server.received).size).toBe(2);
  });

  it('retries on a growing delay while requests fail without the browser noticing, then syncs', async () => {
    vi.useFakeTimers();
    const store = memoryReviewStore();
    const server = fakeServer();
    server.cut(() => new TypeError('Failed to fetch'));
    const sync = newSync({ store, send: server.send });
    sync.setUser(USER);
    await sync.enqueue(rating());
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.getState()).toEqual({ pending: 1, offline: true });
    expect(server.send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.send).toHaveBeenCalledTimes(3);
    server.restore();
    await vi.advanceTimersByTimeAsync(4000);
    expect(server.applied).toHaveLength(1);
    expect(sync.getState()).toEqual({ pending: 0, offline: false });
    expect([1, 2, 3, 6, 10].map(defaultRetryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it('sends at once when the browser is back online', async () => {
    vi.useFakeTimers();
    let online = false;
    const store = memoryReviewStore();
    const server = fakeServer();
    server.cut();
    const sync = newSync({ store, send: server.send, online: () => online });
    sync.setUser(USER);
    await sync.enqueue(rating());
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.getState()).toEqual({ pending: 1, offline: true });
    server.restore();
    online = true;
    sync.connectivityChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.applied).toHaveLength(1);
    expect(sync.getState()).toEqual({ pending: 0, offline: false });
  });

  it('drops a rating the server refuses for good and tells; a 5xx or 401 stays queued', async () => {
    const store = memoryReviewStore();
    const refused = rating();
    const kept = rating();
    const send = vi.fn(async (review: PendingReview): Promise<ReviewReply> => {
      if (review.reviewId === refused.reviewId) throw new ApiError(400, 'review_time_invalid', 'Too old.');
      throw new ApiError(503, 'unavailable', 'Try later.');
    });
    const sync = newSync({ store, send });
    const rejections: string[] = [];
    sync.onRejected((_error, review) => rejections.push(review.reviewId));
    sync.setUser(USER);
    await sync.enqueue(refused);
    await sync.enqueue(kept);
    await sync.flush();
    expect(rejections).toEqual([refused.reviewId]);
    expect([...store.rows.keys()]).toEqual([kept.reviewId]);
    expect(sync.getState()).toEqual({ pending: 1, offline: true });
  });

  it('sends only the signed-in learner’s ratings, and none when signed out', async () => {
    const store = memoryReviewStore();
    const server = fakeServer();
    const sync = newSync({ store, send: server.send });
    const mine = rating();
    const theirs = rating({ userId: OTHER });
    await store.put({ ...theirs, seq: 1 });
    await store.put({ ...mine, seq: 2 });
    await sync.flush();
    expect(server.send).not.toHaveBeenCalled();
    sync.setUser(USER);
    await vi.waitFor(() => expect(server.applied).toEqual([mine.reviewId]));
    expect([...store.rows.keys()]).toEqual([theirs.reviewId]);
    expect(sync.getState().pending).toBe(0);
  });
});

/** One lock shared by several syncs, as Web Locks share one among the tabs. */
function sharedLock(): (work: () => Promise<void>) => Promise<void> {
  let tail: Promise<void> = Promise.resolve();
  return (work) => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };
}

describe('ReviewSync: every rating reaches the server once (issue 32)', () => {
  it('gives up on a send the server never answers (a connection dropped unnoticed): says offline, aborts it, sends again later', async () => {
    vi.useFakeTimers();
    const store = memoryReviewStore();
    const server = fakeServer();
    const signals: AbortSignal[] = [];
    let hang = true;
    const send = vi.fn((review: PendingReview, signal: AbortSignal) => {
      signals.push(signal);
      return hang ? new Promise<ReviewReply>(() => {}) : server.send(review);
    });
    const sync = newSync({ store, send, sendTimeoutMs: 15_000, retryDelay: () => 1000 });
    sync.setUser(USER);
    await sync.enqueue(rating());
    await vi.advanceTimersByTimeAsync(14_999);
    expect(sync.getState()).toEqual({ pending: 1, offline: false });
    await vi.advanceTimersByTimeAsync(1);
    expect(sync.getState()).toEqual({ pending: 1, offline: true });
    expect(signals[0].aborted).toBe(true);
    hang = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.applied).toHaveLength(1);
    expect(sync.getState()).toEqual({ pending: 0, offline: false });
  });

  it('two tabs rating at once on one device: each rating is sent once, in turn', async () => {
    const store = memoryReviewStore();
    const server = fakeServer();
    // Web Locks across tabs: one holder at a time.
    let held: Promise<void> = Promise.resolve();
    const exclusive = (work: () => Promise<void>) => {
      const run = held.then(work);
      held = run.catch(() => undefined);
      return run;
    };
    const tabA = newSync({ store, send: server.send, exclusive });
    const tabB = newSync({ store, send: server.send, exclusive });
    tabA.setUser(USER);
    tabB.setUser(USER);
    const made = [rating(), rating(), rating(), rating()];
    await Promise.all([tabA.enqueue(made[0]), tabB.enqueue(made[1]), tabA.enqueue(made[2]), tabB.enqueue(made[3])]);
    await Promise.all([tabA.flush(), tabB.flush(), tabA.flush(), tabB.flush()]);
    expect([...server.received].sort()).toEqual(made.map((review) => review.reviewId).sort());
    expect(server.applied).toHaveLength(4);
    expect(store.rows.size).toBe(0);
  });

  it('a reload in the middle of a send: the new page sends it again and the server applies it once', async () => {
    const store = memoryReviewStore();
    const server = fakeServer();
    // The first page's request reaches the server; the page is gone before the answer.
    const gone = vi.fn(async (review: PendingReview) => {
      await server.send(review);
      return new Promise<ReviewReply>(() => {});
    });
    const before = newSync({ store, send: gone });
    before.setUser(USER);
    const made = await before.enqueue(rating());
    await vi.waitFor(() => expect(server.applied).toEqual([made.reviewId]));
    before.dispose();
    const after = newSync({ store, send: server.send });
    after.setUser(USER);
    await after.flush();
    expect(server.received).toEqual([made.reviewId, made.reviewId]);
    expect(server.applied).toEqual([made.reviewId]);
    expect(store.rows.size).toBe(0);
  });
});

describe('ReviewSync when a learner leaves the device', () => {
  it('sendNow sends the learner’s queue and answers how many are left: none online, all of them offline', async () => {
    const store = memoryReviewStore();
    const server = fakeServer();
    const sync = newSync({ store, send: server.send });
    await store.put({ ...rating(), seq: 1 });
    await store.put({ ...rating({ userId: OTHER }), seq: 2 });
    expect(await sync.sendNow(USER, 5_000)).toBe(0);
    expect(server.applied).toHaveLength(1);

    server.cut();
    await sync.enqueue(rating());
    await sync.enqueue(rating());
    expect(await sync.sendNow(USER, 5_000)).toBe(2);
    expect(store.rows.size).toBe(3); // the other learner's stays too
  });

  it('sendNow waits no longer than it is told for a server that does not answer', async () => {
    vi.useFakeTimers();
    const store = memoryReviewStore();
    const send = vi.fn(() => new Promise<ReviewReply>(() => {}));
    const sync = newSync({ store, send });
    await store.put({ ...rating(), seq: 1 });
    const left = sync.sendNow(USER, 3_000);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await left).toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keepOnly keeps the signed-in learner’s confirmed ratings only; queued ones stay for their learner unless they left without them', async () => {
    const store = memoryReviewStore();
    const sync = newSync({ store, send: fakeServer().send });
    const syncedAt = new Date().toISOString();
    const mineSent = { ...rating(), seq: 1, syncedAt };
    const theirsSent = { ...rating({ userId: OTHER }), seq: 2, syncedAt };
    const mineQueued = { ...rating(), seq: 3 };
    const theirsQueued = { ...rating({ userId: OTHER }), seq: 4 };
    await store.keepSynced(mineSent);
    await store.keepSynced(theirsSent);
    await store.put(mineQueued);
    await store.put(theirsQueued);

    await sync.keepOnly(USER);
    expect([...store.syncedRows.keys()]).toEqual([mineSent.reviewId]);
    expect([...store.rows.keys()].sort()).toEqual([mineQueued.reviewId, theirsQueued.reviewId].sort());

    // Signed out: nobody's confirmed ratings; the queue is each learner's until they choose.
    await sync.keepOnly(null);
    expect(store.syncedRows.size).toBe(0);
    expect(store.rows.size).toBe(2);
    await sync.keepOnly(null, USER);
    expect([...store.rows.keys()]).toEqual([theirsQueued.reviewId]);
  });

  it('keepOnly waits for a send under way in another tab, then removes what that send confirmed', async () => {
    const store = memoryReviewStore();
    const lock = sharedLock();
    let answer: (reply: ReviewReply) => void = () => {};
    const send = vi.fn(() => new Promise<ReviewReply>((resolve) => (answer = resolve)));
    const otherTab = newSync({ store, send, exclusive: lock });
    const thisTab = newSync({ store, send: fakeServer().send, exclusive: lock });
    otherTab.setUser(USER);
    await otherTab.enqueue(rating());
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));

    // This tab logs the learner out while the other tab's request is on its way.
    let cleared = false;
    const clearing = thisTab.keepOnly(null).then(() => (cleared = true));
    await Promise.resolve();
    expect(cleared).toBe(false);
    answer(reply());
    await clearing;
    expect(store.syncedRows.size).toBe(0);
    expect(store.rows.size).toBe(0);
  });
});
