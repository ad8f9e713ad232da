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

/** Where pending reviews wait: IndexedDB in the browser, memory in tests. */
export interface ReviewStore {
  /** Every pending review, in rating order. */
  all(): Promise<PendingReview[]>;
  put(review: PendingReview): Promise<void>;
  remove(reviewId: string): Promise<void>;
}

const DB_NAME = 'jerga-offline';
const STORE = 'pending-reviews';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(STORE, { keyPath: 'reviewId' });
  };
  return promised(request);
}

/** A transaction's end: a write counts once it is committed, not when it was asked for. */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Pending reviews in IndexedDB (database `jerga-offline`, store `pending-reviews`): they survive reloads and restarts. */
export function indexedDbReviewStore(): ReviewStore {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () => {
    opened ??= openDatabase().then((db) => {
      // Another tab upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opened = undefined;
      };
      return db;
    });
    opened.catch(() => (opened = undefined));
    return opened;
  };
  const write = async (work: (store: IDBObjectStore) => void) => {
    const transaction = (await database()).transaction(STORE, 'readwrite');
    work(transaction.objectStore(STORE));
    await committed(transaction);
  };
  return {
    async all() {
      const rows = await promised((await database()).transaction(STORE, 'readonly').objectStore(STORE).getAll() as IDBRequest<PendingReview[]>);
      return rows.sort((a, b) => a.seq - b.seq);
    },
    put: (review) => write((store) => void store.put(review)),
    remove: (reviewId) => write((store) => void store.delete(reviewId)),
  };
}

/** Pending reviews in memory (tests): share one between two syncs to stand for a reload. */
export function memoryReviewStore(): ReviewStore & { rows: Map<string, PendingReview> } {
  const rows = new Map<string, PendingReview>();
  return {
    rows,
    all: async () => [...rows.values()].map((row) => ({ ...row })).sort((a, b) => a.seq - b.seq),
    put: async (review) => void rows.set(review.reviewId, { ...review }),
    remove: async (reviewId) => void rows.delete(reviewId),
  };
}
