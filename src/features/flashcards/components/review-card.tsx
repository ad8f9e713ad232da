import { useEffect, useImperativeHandle, useRef, type MouseEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Meaning } from '@/components/meaning';
import { CountryFlag, useCountryName } from '@/features/countries';
import type { DueFlashcard } from '../api/types';
import { AnswerField } from './answer-field';
import { AnswerResult } from './answer-result';
import { CardFront } from './card-front';
import { ListeningFront } from './listening-front';
import { OtherForms } from './other-forms';
import { firstLetters } from './review-format';
import { BulbIcon } from './review-icons';
import { usePlayOnReveal } from './play-on-reveal';
import { NoRecordingNotice, RecordingAudio, SpeakButton, useCardAudio, type CardAudio } from './speak-button';

/**
 * A card's recording playing by itself: a listening card's front as it is shown, and any
 * card's answer as it is revealed when the learner chose that on this device. Once each per
 * showing; a browser that wants a gesture first just does not play (the button still does).
 */
function useAutoPlay(audio: CardAudio, { listening, flipped }: { listening: boolean; flipped: boolean }) {
  const playOnReveal = usePlayOnReveal();
  const ready = audio.kind === 'recording';
  const playedFront = useRef(false);
  const playedBack = useRef(false);
  const { play } = audio;
  useEffect(() => {
    if (!ready) return;
    if (listening && !flipped && !playedFront.current) {
      playedFront.current = true;
      play({ automatic: true });
    } else if (flipped && playOnReveal && !playedBack.current) {
      playedBack.current = true;
      play({ automatic: true });
    }
  }, [ready, listening, flipped, playOnReveal, play]);
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

/** The card: what its kind asks on the front, the word, meaning and example on the back; a click turns it. */
export function ReviewCard({ ref, dealt, speakerRef, card, flipped, hintShown, lettersShown, onShowLetters, typed, onType, onFlip, onToggleHint }: ReviewCardProps) {
  const { t } = useTranslation();
  const countryName = useCountryName(card.content.country);
  const { title, exampleSentence, hint, country } = card.content;
  // Every kind but basic asks for the word: it may be typed, and is not read out before the
  // answer — but a listening card's front is its recording (its own Play button, and R).
  const asksWord = card.kind !== 'basic';
  const listening = card.kind === 'listening';
  const speakerShown = !asksWord || flipped;
  const audio = useCardAudio({ contentId: card.contentId, title, exampleSentence, country, native: card.recording });
  useAutoPlay(audio, { listening, flipped });
  // R: the speaker's play or pause; on a listening card, "Play again" from the start.
  useImperativeHandle(speakerRef, () => ({
    play: () => {
      if (listening && audio.kind === 'recording') audio.play({ restart: true });
      else if (speakerShown) audio.play();
    },
  }));
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
          {listening ? <ListeningFront audio={audio} /> : <CardFront card={card} countryName={countryName} />}
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
      <RecordingAudio audio={audio} />
      {(speakerShown || listening) && audio.kind === 'none' && <NoRecordingNotice contentId={card.contentId} />}
    </article>
  );
}
