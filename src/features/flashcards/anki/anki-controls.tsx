import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnkiImportReply } from '@contract/decks';
import { Spinner } from '@/components/popups';
import { apiErrorText } from '@/i18n/api-errors';
import { isApiError } from '@/lib/api';
import { saveBlob } from '@/lib/save-blob';
import { flashcardKeys } from '../api/flashcard-keys';
import { MAX_ANKI_PACKAGE_BYTES, ankiFileName, downloadAnkiPackage, importAnkiPackage } from './anki-api';
import './anki-strings';
import './anki-controls.css';

type Outcome = { kind: 'error'; text: string } | { kind: 'imported'; reply: AnkiImportReply } | null;

/** The words for a failed export or import: the package's own errors, else the API's, else `fallbackKey`. */
function failureText(t: ReturnType<typeof useTranslation>['t'], error: unknown, fallbackKey: 'anki.exportFailed' | 'anki.importFailed'): string {
  if (isApiError(error)) {
    const key = `anki.errors.${error.code}`;
    if (i18next.exists(key)) return (t as unknown as (key: string) => string)(key);
  }
  return apiErrorText(t, error, fallbackKey);
}

/**
 * "Export for Anki" (the learner's .apkg: cards, schedules, history, recordings) and "Bring
 * reviews back from Anki" (a .apkg studied in Anki, up to 50 MB, checked here before it is sent).
 */
export default function AnkiControls({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const exportPackage = () => {
    setBusy('export');
    setOutcome(null);
    downloadAnkiPackage(userId)
      .then((blob) => saveBlob(blob, ankiFileName()), (error: unknown) => setOutcome({ kind: 'error', text: failureText(t, error, 'anki.exportFailed') }))
      .finally(() => setBusy(null));
  };

  const importPackage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after an error.
    event.target.value = '';
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.apkg')) return setOutcome({ kind: 'error', text: t('anki.errors.not_apkg') });
    if (file.size > MAX_ANKI_PACKAGE_BYTES) return setOutcome({ kind: 'error', text: t('anki.errors.anki_package_too_large') });
    setBusy('import');
    setOutcome(null);
    importAnkiPackage(file)
      .then(
        (reply) => {
          setOutcome({ kind: 'imported', reply });
          if (reply.added > 0) void queryClient.invalidateQueries({ queryKey: flashcardKeys.all });
        },
        (error: unknown) => setOutcome({ kind: 'error', text: failureText(t, error, 'anki.importFailed') }),
      )
      .finally(() => setBusy(null));
  };

  return (
    <div className="anki-controls" role="group" aria-label={t('anki.title')} aria-describedby={statusId}>
      <button type="button" className="button button--ghost" disabled={busy !== null} aria-busy={busy === 'export' || undefined} onClick={exportPackage}>
        {busy === 'export' && <Spinner size="sm" />}
        {busy === 'export' ? t('anki.exporting') : t('anki.export')}
      </button>
      <button type="button" className="button button--ghost" disabled={busy !== null} aria-busy={busy === 'import' || undefined} onClick={() => input.current?.click()}>
        {busy === 'import' && <Spinner size="sm" />}
        {busy === 'import' ? t('anki.importing') : t('anki.import')}
      </button>
      <input ref={input} type="file" accept=".apkg" hidden aria-label={t('anki.pickFile')} onChange={importPackage} />
      <p id={statusId} className="muted anki-controls__status" role={outcome?.kind === 'error' ? 'alert' : 'status'}>
        {outcome?.kind === 'error' && outcome.text}
        {outcome?.kind === 'imported' && importSummary(t, outcome.reply)}
      </p>
    </div>
  );
}

/** A translation with a count, typed loosely: the locale's full key types are too deep to check here. */
type CountText = (key: string, options: { count: number }) => string;

/** "12 reviews added · 3 already here · 1 skipped", and the notes that were not the learner's. */
function importSummary(t: ReturnType<typeof useTranslation>['t'], reply: AnkiImportReply): string {
  const counted = t as unknown as CountText;
  const parts = [counted('anki.added', { count: reply.added }), counted('anki.present', { count: reply.present }), counted('anki.skipped', { count: reply.skipped })];
  if (reply.unknownNotes > 0) parts.push(counted('anki.unknownNotes', { count: reply.unknownNotes }));
  return parts.join(' · ');
}
