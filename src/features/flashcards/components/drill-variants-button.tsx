import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { apiErrorText } from '@/i18n/api-errors';
import type { FlashcardKind } from '@/lib/api-types';
import { useAddVariantDrill } from '../api/add-variant-drill';
import { flashcardKeys } from '../api/flashcard-keys';
import '../flashcard-strings';

/**
 * "Drill these variants": a variant card ("Straw — in Argentina?") of every form of the
 * entry's group the learner does not drill yet, in one go. For the entry page's Elsewhere
 * section, shown while the entry has variants.
 */
export function DrillVariantsButton({ entryId }: { entryId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { isLoggedIn, user } = useAuth();
  const drill = useAddVariantDrill(entryId);

  const start = () => {
    if (!isLoggedIn || !user) {
      toast.info(t('flashcards.loginToAdd'));
      return;
    }
    drill.mutate(undefined, {
      onSuccess: ({ added }) => {
        // This entry's own variant card is among them (or was there already).
        queryClient.setQueryData<FlashcardKind[]>(flashcardKeys.kinds(user._id, entryId), (kinds) =>
          kinds?.includes('variant') ? kinds : [...(kinds ?? []), 'variant'],
        );
        if (added > 0) toast.success(t('flashcards.drillAdded', { count: added }));
        else toast.info(t('flashcards.drillNothing'));
      },
      onError: (error) => toast.error(apiErrorText(t, error, 'flashcards.addFailed')),
    });
  };

  return (
    <button type="button" className="button button--secondary button--small" disabled={drill.isPending} aria-busy={drill.isPending || undefined} onClick={start}>
      {t('flashcards.drillVariants')}
    </button>
  );
}
