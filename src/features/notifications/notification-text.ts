import type { TFunction } from 'i18next';
import enUSNotifications from '@/i18n/locales/en-US.notifications.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';
import type { AppNotification } from './api/get-notifications';

// Its English words come with it (the inbox, the bell, the live toasts load it when needed).
addEnglishPageStrings({ notifications: enUSNotifications });

/** A notification in the reader's language, from its kind and fields (not the server's English). */
export function notificationText(t: TFunction, item: Pick<AppNotification, 'kind' | 'actorName' | 'count' | 'title' | 'action' | 'country'>): string {
  const name = item.actorName ?? t('notifications.someone');
  const title = item.title ?? '';
  switch (item.kind) {
    case 'comment':
      return t('notifications.commented', { name, title });
    case 'reply':
      return t('notifications.replied', { name, title });
    case 'vote':
      return item.count > 1 ? t('notifications.votedMany', { count: item.count, title }) : t('notifications.voted', { name, title });
    case 'recording':
      // Named by where the speaker is from, never by who (the learner asked the community).
      return item.country ? t('notifications.recorded', { country: t(`countries.${item.country}`, item.country), title }) : t('notifications.recordedSomewhere', { title });
    default:
      return item.action === 'removed'
        ? t('notifications.removed', { title })
        : item.action === 'restored'
          ? t('notifications.restored', { title })
          : t('notifications.held', { title });
  }
}
