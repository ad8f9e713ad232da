import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/i18n/api-errors';
import { UploadError } from '../api/upload-recording';
import type { TakeUpload } from './use-take-uploads';
import '../recording-strings';
import '../voice-queue-strings';

interface UploadListProps {
  uploads: TakeUpload[];
  onRetry: (key: string) => void;
  onDiscard: (key: string) => void;
}

/** The kept takes (this visit's and those left from before), newest first: uploading, saved, or failed with why, a Retry and a Discard. */
export function UploadList({ uploads, onRetry, onDiscard }: UploadListProps) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  const reason = (error: unknown) => (error instanceof UploadError ? t(`recordings.errors.${error.problem}`) : apiErrorText(t, error, 'recordings.errors.saveFailed'));
  return (
    <section className="queue-uploads" aria-labelledby="queue-uploads-title">
      <h2 id="queue-uploads-title" className="queue-uploads__title">
        {t('voiceQueue.uploads')}
      </h2>
      <ul className="queue-uploads__list">
        {[...uploads].reverse().map((upload) => (
          <li key={upload.key} className={`queue-upload queue-upload--${upload.status}`}>
            <span className="queue-upload__title" lang="es">
              {upload.title}
            </span>
            {upload.status === 'sending' && <span className="queue-upload__status">{t('voiceQueue.sending')}</span>}
            {upload.status === 'saved' && <span className="queue-upload__status">{t('voiceQueue.saved')}</span>}
            {upload.status === 'failed' && (
              <>
                <span className="queue-upload__status" role="alert">
                  {t('voiceQueue.failed', { reason: reason(upload.error) })}
                </span>
                <button type="button" className="button button--small" onClick={() => onRetry(upload.key)}>
                  {t('voiceQueue.retryUpload', { title: upload.title })}
                </button>
                <button type="button" className="button button--small button--ghost" onClick={() => onDiscard(upload.key)}>
                  {t('voiceQueue.discardUpload', { title: upload.title })}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
