import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/i18n/api-errors';
import { UploadError } from '../api/upload-recording';
import type { TakeUpload } from './use-take-uploads';
import '../recording-strings';
import '../voice-queue-strings';

/** The kept takes of this visit, newest first: uploading, saved, or failed with why and a Retry. */
export function UploadList({ uploads, onRetry }: { uploads: TakeUpload[]; onRetry: (key: string) => void }) {
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
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
