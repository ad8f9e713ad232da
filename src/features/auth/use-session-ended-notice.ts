import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { onSessionEnded } from '@/lib/api';

/**
 * Says "Your session has ended. Please log in again." when the app drops a session the
 * server no longer accepts, once however many requests noticed it at the same time.
 */
export function useSessionEndedNotice(): void {
  const { t } = useTranslation();
  const toast = useToast();
  const lastShown = useRef(0);
  useEffect(
    () =>
      onSessionEnded(() => {
        if (Date.now() - lastShown.current < 5000) return;
        lastShown.current = Date.now();
        toast.info(t('apiErrors.session_ended'));
      }),
    [t, toast],
  );
}
