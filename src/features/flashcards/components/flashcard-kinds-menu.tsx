import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { recordingsQueryOptions } from '@/features/recordings';
import { apiErrorText } from '@/i18n/api-errors';
import type { Entry, FlashcardKind } from '@/lib/api-types';
import { isApiError } from '@/lib/api';
import { useAddFlashcardKind } from '../api/add-flashcard-kind';
import { flashcardKeys } from '../api/flashcard-keys';
import { flashcardKindsQueryOptions, useFlashcardKinds } from '../api/get-flashcard-kinds';
import { clozeFits } from './answer-compare';
import { CardIcon } from './add-flashcard-button';
import './add-flashcard.css';
import './flashcard-kinds.css';
import '../flashcard-strings';

const KIND_LABEL = {
  basic: 'flashcards.kindBasic',
  reverse: 'flashcards.kindReverse',
  cloze: 'flashcards.kindCloze',
  variant: 'flashcards.kindVariant',
  listening: 'listening.kind',
} as const;

/** A plus (to add) or a tick (added). */
function KindIcon({ added }: { added: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={added ? 'M5 12.5l4.5 4.5L19 7.5' : 'M12 5v14M5 12h14'} />
    </svg>
  );
}

/**
 * "Add to flashcards" on an entry page: the button of today's card (word → meaning), and
 * beside it the other kinds of card (meaning → word, fill the gap, the country's form when
 * the entry has variants, listening when it has a native recording), each marked when the
 * learner has it. A cloze card needs the example to hold the word: when it does not, its
 * choice says why instead of asking.
 */
export function FlashcardKindsMenu({
  entry,
}: {
  entry: Pick<Entry, '_id' | 'title' | 'exampleSentence' | 'exampleGap' | 'inFlashcards'> & { country?: string; variants?: unknown[] };
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { isLoggedIn, user } = useAuth();
  const labelId = useId();
  const clozeNoteId = useId();
  const userId = user?._id ?? null;
  // An entry the learner has no card of needs no question: none of its kinds is added.
  const kinds = useFlashcardKinds(userId, entry._id, entry.inFlashcards);
  const added = new Set<FlashcardKind>(kinds.data ?? []);
  const checking = Boolean(userId) && entry.inFlashcards && kinds.isPending;
  // Until the kinds are known, the entry's word for it (it has a card of some kind).
  const basicAdded = checking || added.has('basic');
  const add = useAddFlashcardKind(entry._id);
  // getContentById's variants: the rest of the entry's group (live on its page).
  const inGroup = (entry.variants?.length ?? 0) > 0;
  // The entry page's own list of recordings (the same query, live): listening is offered
  // once one is said from the entry's country and stands (the rule is the database's). A
  // visitor, who may add nothing, sends no request of its own for it.
  const recordings = useQuery({ ...recordingsQueryOptions(entry._id), enabled: Boolean(userId) });
  const native = Array.isArray(recordings.data) && recordings.data.some((recording) => recording.country === entry.country && !recording.moderation);
  const others: FlashcardKind[] = ['reverse', 'cloze', ...(inGroup ? (['variant'] as const) : []), ...(native || added.has('listening') ? (['listening'] as const) : [])];
  const clozeOk = clozeFits(entry.exampleSentence, entry.title, entry.exampleGap);

  const choose = (kind: FlashcardKind) => {
    if (!isLoggedIn || !userId) {
      toast.info(t('flashcards.loginToAdd'));
      return;
    }
    if (added.has(kind) || checking || add.isPending || (kind === 'cloze' && !clozeOk)) return;
    add.mutate(kind, {
      onSuccess: () => {
        queryClient.setQueryData<FlashcardKind[]>(flashcardKeys.kinds(userId, entry._id), (list) =>
          list?.includes(kind) ? list : [...(list ?? []), kind],
        );
        toast.success(kind === 'basic' ? t('flashcards.added') : t('flashcards.addedKind', { kind: t(KIND_LABEL[kind]) }));
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          // Added meanwhile (another tab): ask again which kinds there are (even where the
          // entry said it had no card, so nothing was asked before).
          void queryClient.fetchQuery({ ...flashcardKindsQueryOptions(userId, entry._id), staleTime: 0 }).catch(() => undefined);
          toast.info(apiErrorText(t, error, 'flashcards.addFailed'));
        } else {
          toast.error(apiErrorText(t, error, 'flashcards.addFailed'));
        }
      },
    });
  };

  return (
    <div className="flashcard-kinds">
      <button
        type="button"
        className="button button--secondary add-flashcard"
        disabled={basicAdded || add.isPending}
        aria-busy={(add.isPending && add.variables === 'basic') || undefined}
        onClick={() => choose('basic')}
      >
        <CardIcon added={basicAdded} />
        {basicAdded ? t('flashcards.inFlashcards') : t('flashcards.add')}
      </button>
      <div className="flashcard-kinds__more" role="group" aria-labelledby={labelId}>
        <span id={labelId} className="flashcard-kinds__label">
          {t('flashcards.kindsLabel')}
        </span>
        <div className="flashcard-kinds__choices">
          {others.map((kind) => {
            const isAdded = added.has(kind);
            const unavailable = kind === 'cloze' && !clozeOk && !isAdded;
            return (
              <button
                key={kind}
                type="button"
                className={`flashcard-kinds__choice${isAdded ? ' flashcard-kinds__choice--added' : ''}`}
                // Still focusable when there is nothing to do, so its state is read out.
                aria-disabled={isAdded || unavailable || checking || add.isPending || undefined}
                aria-describedby={unavailable ? clozeNoteId : undefined}
                aria-busy={(add.isPending && add.variables === kind) || undefined}
                onClick={() => choose(kind)}
              >
                <KindIcon added={isAdded} />
                <span>{t(KIND_LABEL[kind])}</span>
                {isAdded && <span className="visually-hidden">{` (${t('flashcards.inFlashcards')})`}</span>}
              </button>
            );
          })}
        </div>
        {!clozeOk && !added.has('cloze') && (
          <p id={clozeNoteId} className="flashcard-kinds__note">
            {t('flashcards.clozeUnavailable')}
          </p>
        )}
      </div>
    </div>
  );
}
