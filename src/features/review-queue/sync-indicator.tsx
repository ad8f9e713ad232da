import { useTranslation } from 'react-i18next';
import { useReviewSyncState } from './reviews';
import './offline-strings';
import './review-queue.css';

/**
 * "Offline — 3 reviews will sync" while ratings wait and the server is out of reach (the
 * browser says offline, or the last attempt failed), "Syncing 3 reviews…" while they go;
 * nothing once all are in. A status, announced politely.
 */
export function ReviewSyncIndicator() {
  const { t } = useTranslation();
  const { pending, offline } = useReviewSyncState();
  return (
    <p className="sync-indicator" role="status" data-offline={offline || undefined}>
      {pending > 0 && (
        <>
          <span className="sync-indicator__dot" aria-hidden="true" />
          {offline ? t('offline.pendingOffline', { count: pending }) : t('offline.pendingSyncing', { count: pending })}
        </>
      )}
    </p>
  );
}
