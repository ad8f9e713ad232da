import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { Spinner } from '@/components/popups';
import { useReviewSyncState } from './reviews';
import './offline-strings';
import './review-queue.css';

interface UnsentReviewsDialogProps {
  /** How many were unsent when Log Out asked (the queue's own count takes over as it changes). */
  count: number;
  /** "Try again" is under way. */
  busy: boolean;
  /** Stay signed in: the default, and what Escape, × and the backdrop do. */
  onStay: () => void;
  onTryAgain: () => void;
  /** Log out and lose them. */
  onLeave: () => void;
  /** The queue sent them all meanwhile (the connection came back): nothing stands in the way. */
  onAllSent: () => void;
}

/**
 * Asked by Log Out when some of the learner's reviews could not reach the server: how many,
 * and that logging out now loses them. Staying signed in is the default answer.
 */
export default function UnsentReviewsDialog({ count, busy, onStay, onTryAgain, onLeave, onAllSent }: UnsentReviewsDialogProps) {
  const { t } = useTranslation();
  const { pending } = useReviewSyncState();
  const allSent = useEffectEvent(onAllSent);
  useEffect(() => {
    if (pending === 0) allSent();
  }, [pending]);

  return (
    <Dialog title={t('offline.unsentTitle')} onClose={onStay}>
      <div className="unsent-reviews">
        <p>{t('offline.unsentBody', { count: pending || count })}</p>
        <p>{t('offline.unsentHint')}</p>
      </div>
      <div className="form__actions unsent-reviews__actions">
        <button type="button" className="button button--danger" disabled={busy} onClick={onLeave}>
          {t('offline.logOutAnyway')}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={onTryAgain}>
          {busy && <Spinner size="sm" />}
          {t('offline.tryAgain')}
        </button>
        <button type="button" className="button button--primary" data-autofocus onClick={onStay}>
          {t('offline.staySignedIn')}
        </button>
      </div>
    </Dialog>
  );
}
