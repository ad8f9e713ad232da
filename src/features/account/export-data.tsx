import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { AnkiControls } from '@/features/flashcards';
import { api } from '@/lib/api';
import { saveBlob } from '@/lib/save-blob';
import './account-strings';

type Export = 'cards' | 'reviews';

const PATHS: Record<Export, string> = { cards: '/flashcard/exportFlashcards/', reviews: '/flashcard/exportReviews/' };
const FILES: Record<Export, string> = { cards: 'jerga-flashcards.csv', reviews: 'jerga-review-log.csv' };

/** The learner's cards and review log as CSV (the log in the FSRS optimizer's format). */
export function ExportData({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState<Export | null>(null);
  const download = (kind: Export) => {
    setBusy(kind);
    api
      .download(`${PATHS[kind]}${encodeURIComponent(userId)}`)
      .then((blob) => saveBlob(blob, FILES[kind]), () => toast.error(t('account.exportFailed')))
      .finally(() => setBusy(null));
  };
  return (
    <section className="card export-card" aria-labelledby="export-title">
      <h2 id="export-title" className="section-title">
        {t('account.exportTitle')}
      </h2>
      <p className="muted export-card__help">{t('account.exportHelp')}</p>
      <div className="export-card__actions">
        {(['cards', 'reviews'] as const).map((kind) => (
          <button key={kind} type="button" className="button button--ghost" disabled={busy !== null} aria-busy={busy === kind || undefined} onClick={() => download(kind)}>
            {busy === kind ? <Spinner size="sm" /> : <DownloadIcon />}
            {kind === 'cards' ? t('account.exportCards') : t('account.exportReviews')}
          </button>
        ))}
      </div>
      <Suspense fallback={null}>
        <AnkiControls userId={userId} />
      </Suspense>
    </section>
  );
}

function DownloadIcon() {
  return (
    <svg className="export-card__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
    </svg>
  );
}
