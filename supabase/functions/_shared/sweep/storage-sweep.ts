import { asService } from '../service-db.ts';
import { removeStoredFiles, type StoredFile } from '../storage-service.ts';

/** What one tick did, as the sweep function answers. */
export interface SweepResult {
  /** Files claimed from the queue this tick (deleted accounts' files, stale unregistered uploads). */
  claimed: number;
  /** Objects Storage removed. */
  removed: number;
  /** Files whose removal request failed: claimed again once their five-minute lease ends. */
  failed: number;
}

/** Files per claim: Storage takes 1000 names a request; the function sends them 100 at a time. */
const BATCH = 500;
/** A tick claims again while it keeps finding full batches, for up to this long (well inside an edge function's limit). */
const TICK_BUDGET_MS = 20_000;

/**
 * One tick of the storage sweep: claim the queued removals (private.claim_storage_removals,
 * which also queues unregistered uploads older than 24 hours) and remove them through
 * Storage's API, batch after batch while full ones keep coming and time allows. Each removed
 * object takes its queue entry with it (a trigger); overlapping ticks claim different
 * entries, so running it twice at once removes nothing twice.
 */
export async function sweepStorage(): Promise<SweepResult> {
  const started = Date.now();
  const total: SweepResult = { claimed: 0, removed: 0, failed: 0 };
  for (;;) {
    const claimed = await asService((tx) => tx<StoredFile[]>`select bucket_id, name from private.claim_storage_removals(${BATCH})`);
    const { removed, failed } = await removeStoredFiles(claimed);
    total.claimed += claimed.length;
    total.removed += removed;
    total.failed += failed;
    // A batch that failed waits for its lease; a short one means the queue is empty.
    if (claimed.length < BATCH || failed > 0 || Date.now() - started > TICK_BUDGET_MS) return total;
  }
}
