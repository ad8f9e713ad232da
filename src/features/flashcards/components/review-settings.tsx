import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setPlayOnReveal, usePlayOnReveal } from './play-on-reveal';
import '../flashcard-strings';

/** Below the review: this device's review settings (playing the recording on reveal). */
export function ReviewSettings() {
  const { t } = useTranslation();
  const playOnReveal = usePlayOnReveal();
  const noteId = useId();
  return (
    <details className="review-settings">
      <summary className="review-settings__summary">{t('listening.settings')}</summary>
      <label className="review-settings__option">
        <input type="checkbox" checked={playOnReveal} aria-describedby={noteId} onChange={(event) => setPlayOnReveal(event.target.checked)} />
        {t('listening.playOnReveal')}
      </label>
      <p id={noteId} className="muted review-settings__note">
        {t('listening.playOnRevealNote')}
      </p>
    </details>
  );
}
