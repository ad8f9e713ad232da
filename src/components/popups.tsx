import { useTranslation } from 'react-i18next';
import './popups.css';

export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}

/** Full-screen popup with a spinner and a message, announced politely. */
export function LoadingPopup({ message }: { message: string }) {
  return (
    <div className="popup-overlay" role="status" aria-live="polite">
      <div className="popup-card">
        <Spinner size="lg" />
        <p className="popup-card__message">{message}</p>
      </div>
    </div>
  );
}

/** The shell's full-screen "uploading" popup, shown while something is being saved. */
export function UploadingPopup({ open }: { open: boolean }) {
  const { t } = useTranslation();
  if (!open) return null;
  return <LoadingPopup message={t('app.uploading')} />;
}
