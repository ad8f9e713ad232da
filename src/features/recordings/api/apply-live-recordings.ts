import type { QueryClient } from '@tanstack/react-query';
import { recordingKeys } from './recording-keys';

/**
 * The `recordings` broadcast on `entry:<id>` (a recording added, deleted or voted on): its
 * payload names only the entry, so the list is fetched again (best-voted first, with the
 * learner's own votes and rights, which a broadcast to everyone cannot carry).
 */
export function applyLiveRecordings(queryClient: QueryClient, entryId: string): void {
  void queryClient.invalidateQueries({ queryKey: recordingKeys.forEntry(entryId) });
}
