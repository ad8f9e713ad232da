import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import type { StreakUpdate } from '@/lib/api-types';

/** The spec's streak toasts for the reply of PUT updateStreak. */
export function useStreakToasts() {
  const { t } = useTranslation();
  const toast = useToast();
  return (reply: StreakUpdate) => {
    if (reply.updated) {
      const values = { streak: reply.streak };
      toast.success(
        reply.streak === 1
          ? t('flashcards.streakStarted', values)
          : reply.freezesUsed > 0
            ? t('flashcards.streakExtended', values)
            : t('flashcards.streakUpdated', values),
      );
    }
    if (reply.freezeEarned) toast.info(t('flashcards.freezeEarned'));
  };
}
