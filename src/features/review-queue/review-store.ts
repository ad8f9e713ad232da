import { committed, lazyDatabase, promised } from '@/lib/indexed-db';

/** A rating made on this device and not yet confirmed by the server. */
export interface PendingReview {
  /** The client's UUID for this rating: the server applies one id once. */
  reviewId: string;
  /** Whose rating it is: only that learner's session sends it. */
  userId: string;
  flashcardId: string;
  /** The spec's review quality (FSRS ratings 1–4). */
  quality: 'Again' | 'Hard' | 'Good' | 'Easy';
  /** When it was rated (ISO time). */
  reviewedAt: string;
  /** Card shown → rated, in ms. */
  durationMs: number;
  /** Order of rating on this device (sent in this order). */
  seq: number;
  /**
   * The card's FSRS state when it was rated (absent from ratings queued by an older version):
   * a New card's rating introduces it, a Review card's is a review, as the daily limits count.
   */
  stateBefore?: 'new' | 'learning' | 'review' | 'relearning';
}

/** A rating the server has confirmed, kept a while on the device (see ReviewStore.keepSynced). */
export interface SyncedReview extends PendingReview {
  /** When the server's confirmation arrived (ISO time). */
  syncedAt: string;
}

/** Where pending reviews wait: IndexedDB in the browser, memory in tests. */
export interface ReviewStore {
  /** Every pending review, in rating order. */
  all(): Promise<PendingReview[]>;
  put(review: PendingReview): Promise<void>;
  remove(reviewId: string): Promise<void>;
  /**
   * Moves a rating the server confirmed out of the queue into the recent ratings: a due list
   * kept from before it (the service worker's copy) does not know it.
   */
  keepSynced(review: SyncedReview): Promise<void>;
  /** The recent confirmed ratings, in rating order. */
  synced(): Promise<SyncedReview[]>;
  /** Forgets the confirmed ratings synced before `time` (ms): no kept list is older. */
  dropSyncedBefore(time: number): Promise<void>;
  /** Forgets the confirmed ratings of one card (reset: its log is no longer the card's). */
  dropSyncedOf(flashcardId: string): Promise<void>;
  /** Forgets the confirmed ratings of every learner but `userId` (of everyone when null). */
  dropSyncedExcept(userId: string | null): Promise<void>;
  /** Forgets `userId`'s queued ratings: they logged out without them. */
  dropPendingOf(userId: string): Promise<void>;
}

const DB_NAME = 'jerga-offline';
const STORE = 'pending-reviews';
/**
 * Confirmed ratings, kept as long as the service worker keeps a due list (two days), in a
 * database of their own: a tab still on an older version of the app opens `jerga-offline` at
 * its version 1, which a new store there would have raised.
 */
const SYNCED_DB_NAME = 'jerga-offline-synced';
const SYNCED = 'synced-reviews';

/**
 * Pending reviews in IndexedDB (database `jerga-offline`, store `pending-reviews`): they
 * survive reloads and restarts; confirmed ones in `jerga-offline-synced` (store `synced-reviews`).
 */
export function indexedDbReviewStore(): ReviewStore {
  const database = lazyDatabase(DB_NAME, STORE, 'reviewId');
  const syncedDatabase = lazyDatabase(SYNCED_DB_NAME, SYNCED, 'reviewId');
  const write = async (db: Promise<IDBDatabase>, name: string, work: (store: IDBObjectStore) => void) => {
    const transaction = (await db).transaction(name, 'readwrite');
    work(transaction.objectStore(name));
    await committed(transaction);
  };
  /** Deletes the rows `which` picks, in one transaction: read and deleted together. */
  const drop = async <T extends PendingReview>(db: Promise<IDBDatabase>, name: string, which: (row: T) => boolean) => {
    const transaction = (await db).transaction(name, 'readwrite');
    const store = transaction.objectStore(name);
    const rows = await promised(store.getAll() as IDBRequest<T[]>);
    for (const row of rows) if (which(row)) store.delete(row.reviewId);
    await committed(transaction);
  };
  const dropSynced = (which: (row: SyncedReview) => boolean) => drop(syncedDatabase(), SYNCED, which);
  const read = async <T extends PendingReview>(db: Promise<IDBDatabase>, name: string) => {
    const rows = await promised((await db).transaction(name, 'readonly').objectStore(name).getAll() as IDBRequest<T[]>);
    return rows.sort((a, b) => a.seq - b.seq);
  };
  return {
    all: () => read<PendingReview>(database(), STORE),
    put: (review) => write(database(), STORE, (store) => void store.put(review)),
    remove: (reviewId) => write(database(), STORE, (store) => void store.delete(reviewId)),
    async keepSynced(review) {
      // Kept first, then out of the queue: a stop in between leaves it queued too, and the
      // server takes a reviewId once.
      await write(syncedDatabase(), SYNCED, (store) => void store.put(review));
      await write(database(), STORE, (store) => void store.delete(review.reviewId));
    },
    synced: () => read<SyncedReview>(syncedDatabase(), SYNCED),
    dropSyncedBefore: (time) => dropSynced((row) => !(Date.parse(row.syncedAt) >= time)),
    dropSyncedOf: (flashcardId) => dropSynced((row) => row.flashcardId === flashcardId),
    dropSyncedExcept: (userId) => dropSynced((row) => row.userId !== userId),
    dropPendingOf: (userId) => drop<PendingReview>(database(), STORE, (row) => row.userId === userId),
  };
}

/** Pending reviews in memory (tests): share one between two syncs to stand for a reload. */
export function memoryReviewStore(): ReviewStore & { rows: Map<string, PendingReview>; syncedRows: Map<string, SyncedReview> } {
  const rows = new Map<string, PendingReview>();
  const syncedRows = new Map<string, SyncedReview>();
  const sorted = <T extends PendingReview>(map: Map<string, T>) => [...map.values()].map((row) => ({ ...row })).sort((a, b) => a.seq - b.seq);
  return {
    rows,
    syncedRows,
    all: async () => sorted(rows),
    put: async (review) => void rows.set(review.reviewId, { ...review }),
    remove: async (reviewId) => void rows.delete(reviewId),
    keepSynced: async (review) => {
      rows.delete(review.reviewId);
      syncedRows.set(review.reviewId, { ...review });
    },
    synced: async () => sorted(syncedRows),
    dropSyncedBefore: async (time) => {
      for (const [id, row] of syncedRows) if (!(Date.parse(row.syncedAt) >= time)) syncedRows.delete(id);
    },
    dropSyncedOf: async (flashcardId) => {
      for (const [id, row] of syncedRows) if (row.flashcardId === flashcardId) syncedRows.delete(id);
    },
    dropSyncedExcept: async (userId) => {
      for (const [id, row] of syncedRows) if (row.userId !== userId) syncedRows.delete(id);
    },
    dropPendingOf: async (userId) => {
      for (const [id, row] of rows) if (row.userId === userId) rows.delete(id);
    },
  };
}
