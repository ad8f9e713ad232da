import { useTranslation } from 'react-i18next';
import { RATINGS, type DueFlashcard, type Rating } from '../api/types';
import { formatInterval } from './review-format';

const PREVIEW_KEY = { Again: 'again', Hard: 'hard', Good: 'good', Easy: 'easy' } as const;

/** A turned card's four ratings, each with the interval it would give (counted from `shownAt`). */
export function RatingButtons({ card, shownAt, onRate }: { card: DueFlashcard; shownAt: number; onRate: (rating: Rating) => void }) {
  const { t } = useTranslation();
  return (
    <div className="review__ratings" role="group" aria-label={t('flashcards.rate')}>
      <p className="review__rate-title" aria-hidden="true">
        {t('flashcards.rate')}
      </p>
      {RATINGS.map((rating, index) => (
        <RatingButton key={rating} rating={rating} shortcut={index + 1} due={card.preview[PREVIEW_KEY[rating]].due} now={shownAt} onRate={onRate} />
      ))}
    </div>
  );
}

interface RatingButtonProps {
  rating: Rating;
  shortcut: number;
  due: string;
  now: number;
  onRate: (rating: Rating) => void;
}

function RatingButton({ rating, shortcut, due, now, onRate }: RatingButtonProps) {
  const { t, i18n } = useTranslation();
  const name = t(`flashcards.${PREVIEW_KEY[rating]}`);
  const interval = formatInterval(due, now, i18n.resolvedLanguage);
  return (
    <button
      type="button"
      className={`review-rating review-rating--${PREVIEW_KEY[rating]}`}
      // The visible words are the name ("Again 10 min"), as speech control needs; the
      // tooltip spells it out, and the shortcut is announced as one.
      title={t('flashcards.rateLabel', { rating: name, interval, key: shortcut })}
      aria-keyshortcuts={String(shortcut)}
      onClick={() => onRate(rating)}
    >
      <span className="review-rating__name">{name}</span>{' '}
      <span className="review-rating__interval">{interval}</span>
      <kbd className="review-rating__key" aria-hidden="true">
        {shortcut}
      </kbd>
    </button>
  );
}
