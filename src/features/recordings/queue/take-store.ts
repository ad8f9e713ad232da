import { committed, lazyDatabase, promised } from '@/lib/indexed-db';

/** A kept take written down on the device before it is sent, until the server has registered it. */
export interface StoredTake {
  key: string;
  /** Whose take it is: only that learner's session sends it. */
  userId: string;
  contentId: string;
  title: string;
  country: string;
  file: Blob;
  durationMs: number;
  /** Its object path, chosen once: every try uploads and registers the same file. */
  path: string;
  /** When it was kept (ms): the list's order. */
  keptAt: number;
}

/** Where kept takes wait: IndexedDB in the browser, memory in tests. */
export interface TakeStore {
  /** One learner's takes, oldest first. */
  takesOf(userId: string): Promise<StoredTake[]>;
  get(key: string): Promise<StoredTake | undefined>;
  put(take: StoredTake): Promise<void>;
  remove(key: string): Promise<void>;
}

const DB_NAME = 'jerga-takes';
const STORE = 'kept-takes';

const byKeptAt = (a: StoredTake, b: StoredTake) => a.keptAt - b.keptAt;

/** Kept takes in IndexedDB (database `jerga-takes`, store `kept-takes`, audio as Blobs): they survive reloads and crashes. */
export function indexedDbTakeStore(): TakeStore {
  const database = lazyDatabase(DB_NAME, STORE, 'key');
  const read = async <T>(ask: (store: IDBObjectStore) => IDBRequest<T>) => promised(ask((await database()).transaction(STORE, 'readonly').objectStore(STORE)));
  const write = async (work: (store: IDBObjectStore) => void) => {
    const transaction = (await database()).transaction(STORE, 'readwrite');
    work(transaction.objectStore(STORE));
    await committed(transaction);
  };
  return {
    takesOf: async (userId) => ((await read((store) => store.getAll())) as StoredTake[]).filter((take) => take.userId === userId).sort(byKeptAt),
    get: async (key) => (await read((store) => store.get(key))) as StoredTake | undefined,
    put: (take) => write((store) => void store.put(take)),
    remove: (key) => write((store) => void store.delete(key)),
  };
}

let shared: TakeStore | undefined;
/** The page's one IndexedDB take store. */
export const deviceTakeStore = (): TakeStore => (shared ??= indexedDbTakeStore());

/** Kept takes in memory (tests): share one between two renders to stand for a reload. */
export function memoryTakeStore(): TakeStore & { rows: Map<string, StoredTake> } {
  const rows = new Map<string, StoredTake>();
  return {
    rows,
    takesOf: async (userId) => [...rows.values()].filter((take) => take.userId === userId).sort(byKeptAt),
    get: async (key) => rows.get(key),
    put: async (take) => void rows.set(take.key, take),
    remove: async (key) => void rows.delete(key),
  };
}
