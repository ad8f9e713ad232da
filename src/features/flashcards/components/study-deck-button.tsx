import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { apiErrorText } from '@/i18n/api-errors';
import { DECK_SIZE, useAddDeck, type DeckFilter } from '../api/add-deck';
import '../deck-strings';
import './study-deck.css';

interface StudyDeckButtonProps {
  /** What the deck holds: a country's code and/or a tag's name (what the server matches). */
  filter: DeckFilter;
  /** The country's name and the tag's, in the reader's language: the button names the deck by them. */
  country?: string;
  tag?: string;
  /**
   * How many entries match, when the page knows them all (its list came to an end); else
   * undefined. The button promises the smaller of it and the deck's size: never more cards
   * than it can add, and no request of its own to count them.
   */
  matching?: number;
  /** After cards were added: the page reads its list again (its cards now show "in flashcards"). */
  onAdded?: () => void;
}

/**
 * "Study Colombia (20 cards)": adds the best-voted entries of a country or tag the learner
 * does not hold yet as cards, in one tap, then says how many came and how many they had, with
 * a way to the review. Signed-in learners only (the page shows it to them alone); disabled
 * while its request is under way, so a double click adds one deck.
 */
export default function StudyDeckButton({ filter, country, tag, matching, onAdded }: StudyDeckButtonProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useAuth();
  const deck = useAddDeck(user?._id);
  const count = Math.min(DECK_SIZE, matching ?? DECK_SIZE);
  const name = country && tag ? t('decks.tagInCountry', { tag, country }) : tag ? t('decks.tag', { tag }) : (country ?? '');
  if (!user || count === 0) return null;

  const study = () => {
    if (deck.isPending) return;
    deck.mutate(filter, {
      onSuccess: ({ added, skipped }) => {
        if (added === 0) {
          toast.info(skipped > 0 ? t('decks.nothingNew', { count: skipped }) : t('decks.empty'));
          return;
        }
        const message = t('decks.added', { count: added }) + (skipped > 0 ? ` · ${t('decks.alreadyHad', { count: skipped })}` : '');
        toast.success(message, { duration: 8000, action: { label: t('decks.review'), onClick: () => void navigate('/flashcards') } });
        onAdded?.();
      },
      onError: (error) => toast.error(apiErrorText(t, error, 'decks.failed')),
    });
  };

  return (
    <button
      type="button"
      className="button button--primary button--small study-deck"
      disabled={deck.isPending}
      aria-busy={deck.isPending || undefined}
      onClick={study}
    >
      {deck.isPending ? t('decks.adding') : t('decks.study', { name, count })}
    </button>
  );
}
