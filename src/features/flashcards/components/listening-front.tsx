import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '@/features/countries';
import type { CardAudio } from './speak-button';

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M8 5.5v13l10.5-6.5z" />
    </svg>
  );
}

/**
 * A listening card's front (issue 34): its recording, played by the big button (and R, and by
 * itself when the card is shown if the browser lets it), then the question. Only a person's
 * recording is offered as the card's voice; without one the card says so (the speaker in the
 * card's tools still offers the labelled computer voice, if the device has one).
 */
export function ListeningFront({ audio }: { audio: CardAudio }) {
  const { t } = useTranslation();
  const from = useCountryName(audio.recording?.country ?? audio.country);
  const playable = audio.kind === 'recording';
  // "Play" until it has played once (by itself or by a press), then "Play again".
  const [played, setPlayed] = useState(false);
  if (audio.playing && !played) setPlayed(true);
  return (
    <>
      {playable ? (
        <>
          <button
            type="button"
            className="button button--primary review-card__listen"
            aria-keyshortcuts="R"
            aria-pressed={audio.playing}
            onClick={() => audio.play({ restart: true })}
          >
            <PlayIcon />
            {played ? t('listening.playAgain') : t('listening.play')}
            <span className="review-card__key" aria-hidden="true">
              R
            </span>
          </button>
          <p className="review-card__ask">{t('listening.from', { country: from })}</p>
        </>
      ) : (
        // With nothing at all to play, the card's notice says so (and where to record one).
        audio.kind === 'voice' && <p className="review-card__ask">{t('listening.gone')}</p>
      )}
      <h2 className="review-card__title review-card__title--meaning">{t('listening.ask')}</h2>
    </>
  );
}
