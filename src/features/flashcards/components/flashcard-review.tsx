import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useId, useImperativeHandle, useRef, useState, type FormEvent, type MouseEvent, type Ref, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Meaning, useSpanishInterface } from '@/components/meaning';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { CountryFlag, useCountryName } from '@/features/countries';
import { recordingsQueryOptions } from '@/features/recordings';
import type { FlashcardVariant, StreakUpdate } from '@/lib/api-types';
import { authKeys, useAuth } from '@/features/auth';
import { flashcardKeys } from '../api/flashcard-keys';
import { dueFlashcardsQueryOptions, getDueFlashcards, useDueFlashcards } from '../api/get-due-flashcards';
import { useFlashcards } from '../api/get-flashcards';
import { ratedCard, useReviewFlashcard } from '../api/review-flashcard';
import { RATINGS, type DueFlashcard, type Rating } from '../api/types';
import { BLANK, blankWord, checkAnswer, clozeParts, type AnswerCheck } from './answer-compare';
import { firstLetters, formatInterval } from './review-format';
import { afterRating, carryOver, dayRollover, localDayEnd, pickNext, type SessionCard } from './session-queue';
import { NoRecordingNotice, SpeakButton, useCardAudio } from './speak-button';
import { TodayStats } from './today-stats';
import '../flashcards.css';
import '../flashcard-strings';

/**
 * Spec §10: the card resets 300 ms after a review. The reset is drawn, not waited for: the
 * next card's front shows at once (rating → next card within a frame) and settles onto the
 * table over these 300 ms (no motion when the learner asks for reduced motion).
 */
export const RESET_DELAY_MS = 300;

const PREVIEW_KEY = { Again: 'again', Hard: 'hard', Good: 'good', Easy: 'easy' } as const;

/** Today's due cards, one at a time, for the signed-in learner `userId`. */
export function FlashcardReview({ userId }: { userId: string }) {
  const { user } = useAuth();
  const due = useDueFlashcards(userId, user?.timeZone);
  const queryClient = useQueryClient();
  // The learner's day the list was fetched in ends here: then the next day's list is asked for.
  const dayEnd = localDayEnd(due.dataUpdatedAt, user?.timeZone);
  // Whether a card is on screen in the session (it is finished before the new day's list comes).
  const cardOnScreen = useRef(false);
  // The cards the session holds for another step, carried into the next list's session.
  const [held, setHeld] = useState<SessionCard[]>([]);
  // A rating re-renders only the session, unless what it holds for another step changed.
  const hold = useCallback(
    (next: SessionCard[]) => setHeld((last) => (last.length === next.length && last.every((card, index) => card._id === next[index]._id && card.due === next[index].due) ? last : next)),
    [],
  );
  /** The learner's new day: its due list and limits, and the streak and today's progress with it. */
  const startNewDay = async () => {
    void queryClient.invalidateQueries({ queryKey: flashcardKeys.today(userId) });
    void queryClient.invalidateQueries({ queryKey: authKeys.user(userId) });
    // Asked once, not retried (offline a retry would wait for the network): should it fail,
    // the session on screen goes on with the list it has, and asks again later.
    await queryClient.fetchQuery({ ...dueFlashcardsQueryOptions(userId, user?.timeZone), staleTime: 0, retry: false }).catch(() => undefined);
  };
  const check = useEffectEvent(() => {
    if (!due.data || due.isFetching) return;
    if (dayRollover(dayEnd, Date.now(), cardOnScreen.current) === 'refetch') void startNewDay();
  });
  useEffect(() => {
    // Timers sleep with the device: ask again every half minute, and when the page is shown again.
    const timer = setInterval(check, DAY_CHECK_MS);
    const shown = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('focus', check);
    };
  }, []);
  if (due.isPending) return <Loading />;
  // A failed refetch (the new day's list out of reach) keeps the session it had.
  if (due.isError && !due.data) return <LoadFailed onRetry={() => void due.refetch()} />;
  if (!due.data) return <Loading />;
  const cards = carryOver(due.data.cards, held);
  if (cards.length === 0) return <NothingDue userId={userId} />;
  // A new page of due cards starts a new session (its queue is local state).
  return (
    <ReviewSession
      key={due.dataUpdatedAt}
      userId={userId}
      cards={cards}
      total={due.data.total + cards.length - due.data.cards.length}
      onPageDone={() => void due.refetch()}
      dayEnd={dayEnd}
      cardOnScreenRef={cardOnScreen}
      onHeld={hold}
      onNewDay={() => startNewDay()}
    />
  );
}

/** How often an open session looks whether the learner's day has changed. */
export const DAY_CHECK_MS = 30_000;

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="state-panel" role="status">
      <Spinner size="lg" />
      <p className="state-panel__text">{t('flashcards.loading')}</p>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state-panel state-panel--error" role="alert">
      <p className="state-panel__text">{t('flashcards.loadFailed')}</p>
      <div className="state-panel__actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('flashcards.retry')}
        </button>
      </div>
    </div>
  );
}

/** Nothing due: either no cards at all, or all done for today (only then is the whole list asked for). */
function NothingDue({ userId }: { userId: string }) {
  const all = useFlashcards(userId);
  if (all.isPending) return <Loading />;
  if (all.isError) return <LoadFailed onRetry={() => void all.refetch()} />;
  return all.data.length === 0 ? <NoFlashcards /> : <AllDone />;
}

function NoFlashcards() {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <p className="review-empty__title">{t('flashcards.none')}</p>
      <p className="muted">{t('flashcards.noneHelp')}</p>
      <Link className="button button--primary" to="/">
        {t('flashcards.browse')}
      </Link>
    </div>
  );
}

function AllDone() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const ref = useRef<HTMLDivElement>(null);
  // Reached by rating the last card, whose buttons are gone now: keep the focus on the page.
  useEffect(() => {
    if (document.activeElement === document.body || !document.activeElement?.isConnected) ref.current?.focus();
  }, []);
  return (
    <div ref={ref} className="empty-state review-done" role="status" tabIndex={-1}>
      <span className="review-done__icon" aria-hidden="true">
        ✓
      </span>
      <p className="review-empty__title">{t('flashcards.allDone')}</p>
      {user && <TodayStats variant="end" user={user} />}
    </div>
  );
}

/** Only cards waiting for their next step are left: when the next one is due, counting down. */
function NextCardCountdown({ until, now, left }: { until: number; now: number; left: number }) {
  const { t } = useTranslation();
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <div className="empty-state review-wait">
      <p className="review-empty__title">{t('flashcards.nextCardIn', { count: minutes })}</p>
      <p className="review-wait__clock" role="timer" aria-label={t('flashcards.nextCardIn', { count: minutes })}>
        {clock}
      </p>
      <p className="muted">{t('flashcards.waitHelp', { count: left })}</p>
    </div>
  );
}

/** The spec's streak toasts for the reply of PUT updateStreak. */
function useStreakToasts() {
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

interface ReviewSessionProps {
  userId: string;
  cards: DueFlashcard[];
  total: number;
  onPageDone: () => void;
  /** When the learner's day the cards were fetched for ends. */
  dayEnd: number;
  /** Set while a card is on screen (the day's change waits for its rating). */
  cardOnScreenRef: RefObject<boolean>;
  /** Told the cards the session holds for another step (a new list's session keeps them). */
  onHeld: (cards: SessionCard[]) => void;
  /** Asks for the new day's list (the session is replaced once it arrives). */
  onNewDay: () => Promise<void>;
}

/**
 * The review queue of this visit. A rated card due again before the learner's day ends
 * (a learning step: Again, or Hard/Good on a new card) comes back when it is due, others
 * are done for today (see session-queue.ts); either way the queue moves on the moment the
 * learner rates (the rating is queued on the device, then sent, in the background): the next card mounts afresh on
 * its front (never turning over, so its answer is never shown) and its 300 ms reset animation
 * does not hold the keys. With only waiting cards left, a countdown says when the next one is due.
 */

function ReviewSession({ userId, cards, total, onPageDone, dayEnd, cardOnScreenRef, onHeld, onNewDay }: ReviewSessionProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const timeZone = user?.timeZone;
  const toast = useToast();
  const streakToasts = useStreakToasts();
  // Ratings queue on the device and are sent in the background: their answers bring the
  // streak, and the header's streak and today's progress follow.
  const review = useReviewFlashcard(userId, {
    onSynced: (reply) => {
      streakToasts(reply.streak);
      void queryClient.invalidateQueries({ queryKey: flashcardKeys.today(userId) });
    },
    onRejected: () => toast.error(t('flashcards.reviewFailed')),
  });
  const [queue, setQueue] = useState<SessionCard[]>(cards);
  // The card on screen (it stays while a waiting one comes due); null while waiting or done.
  const [currentId, setCurrentId] = useState<string | null>(() => {
    const next = pickNext(cards, Date.now());
    return next.kind === 'card' ? next.id : null;
  });
  useEffect(() => {
    onHeld(queue.filter((item) => item.returning));
  }, [queue, onHeld]);
  // The clock of the countdown, ticking only while waiting.
  const [now, setNow] = useState(() => Date.now());
  const [flipped, setFlipped] = useState(false);
  const [hintShown, setHintShown] = useState(false);
  // The answer's first letters (a help of its own, for cards that ask for the word).
  const [lettersShown, setLettersShown] = useState(false);
  // What the learner typed before turning a card that asks for the word (optional).
  const [typed, setTyped] = useState('');
  // When the answer was shown: the intervals on the buttons count from then.
  const [shownAt, setShownAt] = useState(0);
  // Ratings made in this visit: each card shown after one is a fresh card element (dealt, not turned).
  const [dealt, setDealt] = useState(0);
  const cardRef = useRef<HTMLElement>(null);
  // When the card on top was first shown (its review's duration).
  const cardShownAt = useRef(0);
  // The card's speaker, for the R key.
  const speaker = useRef<{ play: () => void }>(null);

  const card = queue.find((item) => item._id === currentId);
  const waiting = card ? null : pickNext(queue, now);
  // The new day's list is being asked for after the last card of the old day was rated.
  const [renewing, setRenewing] = useState(false);
  const hasCard = Boolean(card) && !renewing;
  useEffect(() => {
    cardOnScreenRef.current = hasCard;
    return () => {
      cardOnScreenRef.current = false;
    };
  }, [hasCard, cardOnScreenRef]);
  useEffect(() => {
    cardShownAt.current = Date.now();
  }, [currentId]);
  // The next card's recordings arrive while this one is reviewed.
  const queryClient = useQueryClient();
  const nextEntry = queue.find((item) => item._id !== currentId)?.contentId;
  useEffect(() => {
    if (nextEntry) void queryClient.prefetchQuery(recordingsQueryOptions(nextEntry));
  }, [nextEntry, queryClient]);
  // Due today but beyond this page: the server sends the next page once this one is done.
  const notLoaded = Math.max(total - cards.length, 0);
  const pageDone = !card && waiting?.kind === 'done' && notLoaded > 0;
  /** Puts a card on screen; one back for another step has its previews asked again first. */
  const showCard = (id: string, list: SessionCard[]) => {
    setCurrentId(id);
    const shown = list.find((item) => item._id === id);
    if (shown?.returning) {
      // Its previews were for its old schedule: take the server's for now. If that fails, the old ones stay.
      void getDueFlashcards(userId, undefined, timeZone).then(
        (fresh) => {
          const latest = fresh.cards.find((f) => f._id === id);
          if (latest) setQueue((list) => list.map((item) => (item._id === id ? { ...item, preview: latest.preview, returning: item.returning } : item)));
        },
        () => undefined,
      );
    }
  };
  // While waiting: a tick a second for the countdown, and the card once it is due.
  const tick = useEffectEvent(() => {
    const at = Date.now();
    setNow(at);
    const next = pickNext(queue, at);
    if (next.kind === 'card') showCard(next.id, queue);
  });
  const isWaiting = waiting?.kind === 'wait';
  useEffect(() => {
    if (!isWaiting) return;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [isWaiting]);

  // A card that came due while waiting takes the focus the countdown had (keys drive it at once).
  useEffect(() => {
    if (currentId && (document.activeElement === document.body || !document.activeElement?.isConnected)) cardRef.current?.focus();
  }, [currentId]);
  // After a rating the next card is a new element: the keys' focus moves onto it.
  useEffect(() => {
    if (dealt > 0) cardRef.current?.focus();
  }, [dealt]);
  const askForNextPage = useEffectEvent(onPageDone);
  useEffect(() => {
    if (pageDone) askForNextPage();
  }, [pageDone]);

  const flip = () => {
    setFlipped((value) => !value);
    setShownAt(Date.now());
    // The "Show answer" button goes away with the front: keep the focus on the card.
    cardRef.current?.focus();
  };

  const rate = (rating: Rating) => {
    if (!card || !flipped) return;
    // The next card shows at once, from the card's own preview; the rating is queued on the
    // device meanwhile (and sent from there). Should the device refuse to queue it, the
    // learner is told it was not saved.
    review.mutate({ card, quality: rating, shownAt: cardShownAt.current }, { onError: () => toast.error(t('flashcards.reviewFailed')) });
    const at = Date.now();
    if (dayRollover(dayEnd, at, false) === 'refetch') {
      // The learner's day changed while this card was on screen: the rating counts, and the
      // new day's list (its cards and limits) takes over; should it not come, this one goes on.
      setRenewing(true);
      void onNewDay().finally(() => setRenewing(false));
    }
    const next = afterRating(queue, { ...card, ...ratedCard(card, rating, new Date(at).toISOString()), _id: card._id }, localDayEnd(at, timeZone));
    setQueue(next);
    setNow(at);
    setCurrentId(null);
    const coming = pickNext(next, at);
    if (coming.kind === 'card') showCard(coming.id, next);
    setDealt((count) => count + 1);
    setFlipped(false);
    setHintShown(false);
    setLettersShown(false);
    setTyped('');
  };

  // Whether the focus was last put somewhere by a click (then Space is the card's) or by Tab.
  const pointerFocus = useRef(false);
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Tab') pointerFocus.current = false;
    const target = event.target instanceof Element ? event.target : null;
    // Typing in a field, or a dialog open over the page: the keys are theirs.
    if (target?.closest('input, textarea, select, [contenteditable="true"], dialog, [role="dialog"]')) return;
    const onControl = Boolean(target?.closest('button, a, [role="button"]'));
    if (event.key === ' ' || event.key === 'Enter') {
      // Enter presses the control that has the focus, and so does Space on one reached by the
      // keyboard; Space after a click (the hint, the speaker) turns the card, whatever was clicked.
      if (onControl && (event.key === 'Enter' || !pointerFocus.current)) return;
      event.preventDefault();
      if (!event.repeat) flip();
    } else if (/^[1-4]$/.test(event.key)) {
      event.preventDefault();
      if (flipped && !event.repeat) rate(RATINGS[Number(event.key) - 1]);
    } else if ((event.key === 'r' || event.key === 'R') && !event.repeat && speaker.current) {
      event.preventDefault();
      speaker.current.play();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    const pointer = () => {
      pointerFocus.current = true;
    };
    // Capture: on the document before any control sees the key, whichever has the focus.
    document.addEventListener('keydown', listener, true);
    document.addEventListener('pointerdown', pointer, true);
    return () => {
      document.removeEventListener('keydown', listener, true);
      document.removeEventListener('pointerdown', pointer, true);
    };
  }, []);

  if (pageDone || renewing) return <Loading />;
  if (!card && waiting?.kind === 'wait') return <NextCardCountdown until={waiting.until} now={now} left={queue.length + notLoaded} />;
  if (!card) return <AllDone />;

  return (
    <div className="review">
      <div className="review__bar">
        <p className="review__remaining" aria-live="polite">
          {t('flashcards.remaining', { count: queue.length + notLoaded })}
        </p>
        <p className="review__shortcuts">
          <KeyboardIcon />
          {t('flashcards.shortcuts')}
        </p>
      </div>
      <ReviewCard
        key={dealt}
        dealt={dealt > 0}
        ref={cardRef}
        speakerRef={speaker}
        card={card}
        flipped={flipped}
        hintShown={hintShown}
        lettersShown={lettersShown}
        onShowLetters={() => setLettersShown(true)}
        typed={typed}
        onType={setTyped}
        onFlip={flip}
        onToggleHint={() => setHintShown((value) => !value)}
      />
      {flipped && (
        <div className="review__ratings" role="group" aria-label={t('flashcards.rate')}>
          <p className="review__rate-title" aria-hidden="true">
            {t('flashcards.rate')}
          </p>
          {RATINGS.map((rating, index) => (
            <RatingButton key={rating} rating={rating} shortcut={index + 1} due={card.preview[PREVIEW_KEY[rating]].due} now={shownAt} onRate={rate} />
          ))}
        </div>
      )}
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

interface ReviewCardProps {
  ref: React.Ref<HTMLElement>;
  /** Shown after a rating: it plays the reset (settling onto the table) as it appears. */
  dealt: boolean;
  /** The speaker's play, for the R key (nothing while the card may not be read out). */
  speakerRef: Ref<{ play: () => void }>;
  card: DueFlashcard;
  flipped: boolean;
  hintShown: boolean;
  lettersShown: boolean;
  onShowLetters: () => void;
  typed: string;
  onType: (text: string) => void;
  onFlip: () => void;
  onToggleHint: () => void;
}

/** The meaning in the reader's language: the Spanish one in the Spanish interface when there is one. */
function useMeaning(card: DueFlashcard): { text: string; lang: string } {
  const spanish = useSpanishInterface();
  const { description, descriptionEs } = card.content;
  return spanish && descriptionEs ? { text: descriptionEs, lang: 'es' } : { text: description, lang: 'en' };
}

/** A front's text with its blanks (five underscores) drawn as blanks and read as "blank". */
function Blanked({ text }: { text: string }) {
  const { t } = useTranslation();
  return clozeParts(text).map((part, index) => (
    <span key={index}>
      {index > 0 && (
        <span className="review-card__blank">
          <span aria-hidden="true">{BLANK}</span>
          <span className="visually-hidden">{t('flashcards.blank')}</span>
        </span>
      )}
      {part}
    </span>
  ));
}

/**
 * What the front asks, by kind: the word (basic); its meaning and country (reverse); the
 * example with the word blanked (cloze); its meaning "in <country>?" (variant).
 */
function CardFront({ card, countryName }: { card: DueFlashcard; countryName: string }) {
  const { t } = useTranslation();
  const meaning = useMeaning(card);
  switch (card.kind) {
    case 'reverse':
      return (
        <>
          <h2 className="review-card__title review-card__title--meaning" lang={meaning.lang}>
            <Blanked text={blankWord(meaning.text, card.content.title)} />
          </h2>
          <p className="review-card__ask">{t('flashcards.reverseAsk')}</p>
        </>
      );
    case 'cloze':
      return (
        <>
          <h2 className="review-card__title review-card__title--sentence" lang="es">
            <Blanked text={card.prompt} />
          </h2>
          <p className="review-card__ask">{t('flashcards.clozeAsk')}</p>
        </>
      );
    case 'variant':
      return (
        <>
          <h2 className="review-card__title review-card__title--meaning">
            <Blanked
              text={t('flashcards.variantPrompt', {
                meaning: blankWord(meaning.text.replace(/\s*[.。]+$/u, ''), card.content.title),
                country: countryName,
              })}
            />
          </h2>
          <p className="review-card__ask">{t('flashcards.variantAsk')}</p>
        </>
      );
    default:
      return (
        <h2 className="review-card__title" lang="es">
          {card.content.title}
        </h2>
      );
  }
}

/** The optional typed answer of a card that asks for the word: Enter (or Check) turns the card. */
function AnswerField({ typed, onType, onFlip }: { typed: string; onType: (text: string) => void; onFlip: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFlip();
  };
  return (
    <form className="review-answer" onSubmit={submit}>
      <label htmlFor={id} className="review-answer__label">
        {t('flashcards.answerLabel')}
      </label>
      <div className="review-answer__row">
        <input
          id={id}
          className="input review-answer__input"
          lang="es"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={200}
          value={typed}
          onChange={(event) => onType(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={!typed.trim()}>
          {t('flashcards.check')}
        </button>
      </div>
    </form>
  );
}

/** The typed answer against the word: right or not (case and accents aside), what differs marked. */
function AnswerResult({ typed, word }: { typed: string; word: string }) {
  const { t } = useTranslation();
  const result: AnswerCheck = checkAnswer(typed, word);
  const verdict = result.exact ? 'answerCorrect' : result.correct ? 'answerAccents' : 'answerWrong';
  return (
    <div className={`review-result review-result--${result.correct ? 'right' : 'wrong'}`}>
      <p className="review-result__verdict" role="status">
        {t(`flashcards.${verdict}`)}
      </p>
      <p className="review-result__typed">{t('flashcards.yourAnswer', { answer: typed.trim() })}</p>
      <p className="review-result__word">
        <span className="visually-hidden">{t('flashcards.theWord')}: </span>
        <span lang="es">
          {result.parts.map((part, index) =>
            part.mark === 'same' ? (
              <span key={index}>{part.text}</span>
            ) : (
              <mark key={index} className={`review-result__mark review-result__mark--${part.mark}`}>
                {part.text}
              </mark>
            ),
          )}
        </span>
      </p>
    </div>
  );
}

/** The card: what its kind asks on the front, the word, meaning and example on the back; a click turns it. */
function ReviewCard({ ref, dealt, speakerRef, card, flipped, hintShown, lettersShown, onShowLetters, typed, onType, onFlip, onToggleHint }: ReviewCardProps) {
  const { t } = useTranslation();
  const countryName = useCountryName(card.content.country);
  const { title, exampleSentence, hint, country } = card.content;
  // Every kind but basic asks for the word: it may be typed, and is not read out before the answer.
  const asksWord = card.kind !== 'basic';
  const speakerShown = !asksWord || flipped;
  const audio = useCardAudio({ contentId: card.contentId, title, exampleSentence, country });
  useImperativeHandle(speakerRef, () => ({ play: () => speakerShown && audio.play() }));
  const onClick = (event: MouseEvent) => {
    // The tools and buttons on the card do their own thing.
    if (event.target instanceof Element && event.target.closest('button, a, input, label, form')) return;
    onFlip();
  };
  return (
    <article ref={ref} className={`review-card${flipped ? ' review-card--flipped' : ''}${dealt ? ' review-card--dealt' : ''}`} tabIndex={-1} aria-label={t('flashcards.card')} onClick={onClick}>
      <div className="review-card__tools">
        {speakerShown && <SpeakButton audio={audio} />}
        <button
          type="button"
          className="review-card__tool"
          aria-label={hintShown ? t('flashcards.hideHint') : t('flashcards.showHint')}
          title={hintShown ? t('flashcards.hideHint') : t('flashcards.showHint')}
          aria-expanded={hintShown}
          aria-controls="review-hint"
          onClick={onToggleHint}
        >
          <BulbIcon />
        </button>
      </div>
      <div className="review-card__inner">
        <div className="review-card__face review-card__face--front" inert={flipped} aria-hidden={flipped || undefined}>
          <p className="review-card__country">
            <CountryFlag code={country} size="sm" />
            {countryName}
          </p>
          <CardFront card={card} countryName={countryName} />
          {asksWord && <AnswerField typed={typed} onType={onType} onFlip={onFlip} />}
          {asksWord &&
            (lettersShown ? (
              <p className="review-card__letters" role="status">
                <span className="visually-hidden">{t('flashcards.firstLetters')}: </span>
                <span lang="es">{firstLetters(title)}</span>
              </p>
            ) : (
              <button type="button" className="button button--ghost review-card__letters-button" onClick={onShowLetters}>
                {t('flashcards.showFirstLetters')}
              </button>
            ))}
          <button type="button" className="button button--secondary review-card__show" onClick={onFlip}>
            {t('flashcards.showAnswer')}
          </button>
          <p className="review-card__flip-hint">{t('flashcards.flipHint')}</p>
        </div>
        {flipped && (
          <div className="review-card__face review-card__face--back">
            <p className="review-card__back-title" lang="es">
              {title}
            </p>
            {asksWord && typed.trim() && <AnswerResult typed={typed} word={title} />}
            <p className="review-card__description">
              <Meaning english={card.content.description} spanish={card.content.descriptionEs} />
            </p>
            {exampleSentence && (
              <blockquote className="review-card__example" lang="es">
                {exampleSentence}
              </blockquote>
            )}
            {card.kind === 'variant' && card.variants && card.variants.length > 0 && <OtherForms variants={card.variants} />}
          </div>
        )}
      </div>
      <div id="review-hint" className="review-card__hint" hidden={!hintShown}>
        {hintShown &&
          (hint.trim() ? (
            <p>
              <span className="review-card__hint-label">{t('flashcards.hint')}: </span>
              <span className="review-card__hint-text">{hint.trim()}</span>
            </p>
          ) : (
            <p className="muted">{t('flashcards.noHint')}</p>
          ))}
      </div>
      {speakerShown && audio.kind === 'none' && <NoRecordingNotice contentId={card.contentId} />}
    </article>
  );
}

/** A variant card's back: the group's forms in the other countries. */
function OtherForms({ variants }: { variants: FlashcardVariant[] }) {
  const { t } = useTranslation();
  return (
    <div className="review-card__forms">
      <p className="review-card__forms-title">{t('flashcards.otherForms')}</p>
      <ul className="review-card__forms-list">
        {variants.map((form) => (
          <li key={form._id}>
            <CountryFlag code={form.country} size="sm" />
            <OtherFormCountry code={form.country} />
            <span className="review-card__form" lang="es">
              {form.title}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OtherFormCountry({ code }: { code: string }) {
  return <span className="review-card__form-country">{useCountryName(code)}:</span>;
}

function BulbIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M9 17.5h6M10 20.5h4M12 3.5a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2v1h5v-1c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3.5z" />
    </svg>
  );
}

function KeyboardIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <rect x="2.5" y="6" width="19" height="12" rx="2" />
      <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
    </svg>
  );
}
