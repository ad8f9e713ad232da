import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';

// Only when some reviews could not be sent: out of the first download, like the queue itself.
const UnsentReviewsDialog = lazy(() => import('./unsent-reviews-dialog'));

/** How long Log Out waits for the learner's queued reviews to reach the server. */
export const SEND_WAIT_MS = 10_000;

/** How many of `userId`'s queued reviews are still unsent after trying to send them now. */
async function sendQueued(userId: string): Promise<number> {
  const { reviewSync } = await import('./reviews');
  return reviewSync().sendNow(userId, SEND_WAIT_MS);
}

/**
 * Log Out, the device's side of it: the learner's queued reviews are sent first (waiting at
 * most SEND_WAIT_MS). When some cannot be (offline, the server refusing for now), `dialog`
 * says how many and lets the learner stay signed in (the default), try again, or log out
 * anyway and lose them. Once logged out, this device forgets what it kept for them: kept due
 * lists, confirmed reviews, and the unsent ones they chose to lose (device-data.ts). A
 * session that ends elsewhere skips all this: offline-support.tsx forgets the rest and keeps
 * the unsent reviews for that learner's next sign-in here.
 */
export function useLogOut(): { logOut: () => void; busy: boolean; dialog: ReactNode } {
  const { t } = useTranslation();
  const { user, logOut } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [unsent, setUnsent] = useState<{ userId: string; count: number } | null>(null);
  // Once: "Try again" and the queue emptying by itself may both find nothing left to send.
  const leaving = useRef(false);

  const leave = async (userId: string, withoutUnsent: boolean) => {
    if (leaving.current) return;
    leaving.current = true;
    setUnsent(null);
    try {
      await logOut();
    } catch {
      leaving.current = false;
      toast.error(t('toast.logoutFailed'));
      return;
    }
    // Not waited for: a send under way in another tab holds the queue's lock until it ends.
    void import('./device-data')
      .then(({ keepOnlyAccount }) => keepOnlyAccount(null, withoutUnsent ? { dropPendingOf: userId } : {}))
      .catch(() => undefined); // the next start sweeps again
    toast.success(t('toast.loggedOut'));
    navigate('/');
  };

  const sendThenLeave = async (userId: string) => {
    setBusy(true);
    try {
      // The queue's code could not be loaded (offline, never cached): no review was made with it.
      const count = await sendQueued(userId).catch(() => 0);
      if (count > 0) setUnsent({ userId, count });
      else await leave(userId, false);
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    if (!user || busy) return;
    leaving.current = false;
    void sendThenLeave(user._id);
  };

  const dialog = unsent && (
    <Suspense fallback={null}>
      <UnsentReviewsDialog
        count={unsent.count}
        busy={busy}
        onStay={() => setUnsent(null)}
        onTryAgain={() => void sendThenLeave(unsent.userId)}
        onLeave={() => void leave(unsent.userId, true)}
        onAllSent={() => void leave(unsent.userId, false)}
      />
    </Suspense>
  );

  return { logOut: start, busy, dialog };
}
