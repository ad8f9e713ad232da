import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoiceNeed } from '@/lib/api-types';

/**
 * The entry to say now: the word, its meaning (and its Spanish meaning too for a reader in
 * Spanish), its example, and how many learners asked for it. Focused when it comes up, so a
 * screen reader says it and the queue's keys work from it.
 */
export function QueueEntry({ entry, ref }: { entry: VoiceNeed; ref?: Ref<HTMLElement> }) {
  const { t, i18n } = useTranslation();
  const spanish = i18n.resolvedLanguage?.startsWith('es') ?? false;
  const headingId = `queue-entry-${entry.contentId}`;
  return (
    <article ref={ref} className="queue-entry" tabIndex={-1} aria-labelledby={headingId} aria-roledescription={t('voiceQueue.entry')}>
      <h2 id={headingId} className="queue-entry__title" lang="es">
        {entry.title}
      </h2>
      {entry.requests > 0 && <p className="queue-entry__requests">{t('voiceQueue.requests', { count: entry.requests })}</p>}
      <dl className="queue-entry__facts">
        <dt>{t('voiceQueue.meaning')}</dt>
        <dd>{entry.description}</dd>
        {spanish && entry.descriptionEs && (
          <>
            <dt>{t('voiceQueue.meaningEs')}</dt>
            <dd lang="es">{entry.descriptionEs}</dd>
          </>
        )}
        {entry.exampleSentence && (
          <>
            <dt>{t('voiceQueue.example')}</dt>
            <dd lang="es">{entry.exampleSentence}</dd>
          </>
        )}
      </dl>
    </article>
  );
}
