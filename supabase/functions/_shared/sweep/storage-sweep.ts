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

/** Files per tick: Storage takes 1000 names a request; a tick should end well inside a minute. */
const BATCH = 500;

/**
 * One tick of the storage sweep: claim the queued removals (private.claim_storage_removals,
 * which also queues unregistered uploads older than 24 hours) and remove them through
 * Storage's API. Each removed object takes its queue entry with it (a trigger); overlapping
 * ticks claim different entries, so running it twice at once removes nothing twice.
 */
export async function sweepStorage(): Promise<SweepResult> {
  const claimed = await asService((tx) => tx<StoredFile[]>`select bucket_id, name from private.claim_storage_removals(${BATCH})`);
  const { removed, failed } = await removeStoredFiles(claimed);
  return { claimed: claimed.length, removed, failed };
}
