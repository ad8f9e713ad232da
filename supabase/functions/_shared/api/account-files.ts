import { AVATARS_BUCKET } from '../contract/limits.ts';
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

/**
 * The most files a deletion removes before it replies (ten of Storage's requests); an account
 * with more leaves the rest to the sweep. Avatars first: their addresses are public.
 */
const REMOVED_AT_ONCE = 1000;

/** Removes them through Storage's API once the deletion has committed; never throws. */
export async function removeAccountFiles(files: readonly StoredFile[]): Promise<void> {
  const avatarsFirst = [...files].sort((a, b) => Number(b.bucket_id === AVATARS_BUCKET) - Number(a.bucket_id === AVATARS_BUCKET));
  if (avatarsFirst.length > 0) await removeStoredFiles(avatarsFirst.slice(0, REMOVED_AT_ONCE));
}
