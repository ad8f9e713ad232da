import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { subscribeTopic } from '@/lib/realtime';

/** The signed-in learner's own topic (user:<id>): a toast when someone comments on their entry. */
export function useNotifications(): void {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useAuth();
  const userId = user?._id;
  useEffect(() => {
    if (!userId) return;
    return subscribeTopic(`user:${userId}`, (event, payload) => {
      if (event === 'notification' && payload.kind === 'comment') {
        toast.info(t('comments.someoneCommented', { name: String(payload.by ?? ''), title: String(payload.title ?? '') }));
      }
    });
  }, [userId, t, toast]);
}
