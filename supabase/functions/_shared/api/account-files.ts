import type { Tx } from '../db.ts';
import { removeStoredFiles, type StoredFile } from '../storage-service.ts';

// Deleting an account queues every file it stored, in every bucket, in the deleting
// transaction (a trigger on auth.users, migration 20261203000200). The door that deleted it
// removes them through Storage right after, so the avatar's public address stops answering
// with the reply; whatever Storage could not take stays queued for the `sweep` function.

/** The files this transaction's account deletion queued: read inside it, before it commits. */
export async function filesQueuedHere(tx: Tx): Promise<StoredFile[]> {
  return tx<StoredFile[]>`select bucket_id, name from private.removals_queued_here()`;
}

/** Removes them through Storage's API once the deletion has committed; never throws. */
export async function removeAccountFiles(files: readonly StoredFile[]): Promise<void> {
  if (files.length > 0) await removeStoredFiles(files);
}
