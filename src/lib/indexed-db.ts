// The few IndexedDB steps the device stores share (review-queue's pending reviews, the voice
// queue's kept takes): a request or a transaction as a promise, and a database opened once.

/** A request's result, or its error. */
export function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** A transaction's end: a write counts once it is committed, not when it was asked for. */
export function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/**
 * Database `name` (version 1, one object store `store` keyed by `keyPath`), opened once and
 * kept open: closed for another tab's upgrade, or after a failed open, and opened again next time.
 */
export function lazyDatabase(name: string, store: string, keyPath: string): () => Promise<IDBDatabase> {
  let opened: Promise<IDBDatabase> | undefined;
  return () => {
    opened ??= (() => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath });
      return promised(request).then((db) => {
        db.onversionchange = () => {
          db.close();
          opened = undefined;
        };
        return db;
      });
    })();
    opened.catch(() => (opened = undefined));
    return opened;
  };
}
