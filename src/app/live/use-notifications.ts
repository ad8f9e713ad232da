import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import { subscribeTopic } from '@/lib/realtime';

/**
 * The signed-in learner's own topic (user:<id>): each new notification (the server sends
 * only the kinds the learner wants) moves the bell and shows a toast that opens the entry.
 */
export function useNotifications(): void {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?._id;
  useEffect(() => {
    if (!userId) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    return subscribeTopic(
      `user:${userId}`,
      {
        notification: (item) => {
          refresh();
          const contentId = item.contentId;
          // The words (and their strings) load with the first notification, not up front.
          void import('@/features/notifications/notification-text').then(({ notificationText }) =>
            toast.info(notificationText(t, { ...item, count: item.count ?? 1, actorName: item.actorName ?? item.by ?? null }), {
              duration: 6000,
              ...(contentId ? { action: { label: t('notifications.open'), onClick: () => void navigate(`/content/${contentId}`) } } : {}),
            }),
          );
        },
      },
      { onRejoin: refresh },
    );
  }, [userId, t, toast, navigate, queryClient]);
}
