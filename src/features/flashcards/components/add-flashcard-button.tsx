import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { isApiError } from '@/lib/api';
import { addFlashcard, isCachedFlashcard, rememberAddedFlashcard } from '../api/add-flashcard';
import './add-flashcard.css';

/** A card with a plus (to add) or a tick (added). */
export function CardIcon({ added }: { added: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <rect x="3.5" y="5.5" width="13" height="15" rx="2" />
      <path d="M7.5 3.5h11a2 2 0 0 1 2 2v13" />
      <path d={added ? 'M6.8 13.2l2.4 2.4 4-4.6' : 'M10 10v6M7 13h6'} />
    </svg>
  );
}

/**
 * "Add to flashcards" for one entry. Kept small on purpose: it is on every card of the home
 * grid (whose first download has a budget), so no query or mutation observer of its own;
 * `compact` is the cards' icon button, the entry page shows the words.
 */
export function AddFlashcardButton({ entryId, inFlashcards = false, compact = false }: { entryId: string; inFlashcards?: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { isLoggedIn, user } = useAuth();
  const [state, setState] = useState<'idle' | 'busy' | 'added'>('idle');
  // The entry says so (the server, for this reader), or this session added it since.
  const added = state === 'added' || (Boolean(user) && (inFlashcards || isCachedFlashcard(queryClient, user!._id, entryId)));
  const label = added ? t('flashcards.inFlashcards') : t('flashcards.add');

  const add = () => {
    if (!isLoggedIn) {
      toast.info(t('flashcards.loginToAdd'));
      return;
    }
    setState('busy');
    addFlashcard(entryId).then(
      (card) => {
        rememberAddedFlashcard(queryClient, card);
        setState('added');
        toast.success(t('flashcards.added'));
      },
      (error: unknown) => {
        if (isApiError(error) && error.status === 409) {
          // Already there (from another tab, or before this page was loaded): say so, and show it.
          setState('added');
          // The code in the reader's language (apiErrors.*), else the server's words. Not
          // codeText from i18n/api-errors: that module would join the home page's first download.
          toast.info((t as unknown as (key: string, options: { defaultValue: string }) => string)(`apiErrors.${error.code}`, { defaultValue: error.message }));
        } else {
          setState('idle');
          toast.error(t('flashcards.addFailed'));
        }
      },
    );
  };

  return (
    <button
      type="button"
      className={compact ? 'add-flashcard add-flashcard--compact' : 'button button--secondary add-flashcard'}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      disabled={added || state === 'busy'}
      aria-busy={state === 'busy' || undefined}
      onClick={add}
    >
      <CardIcon added={added} />
      {!compact && label}
    </button>
  );
}
