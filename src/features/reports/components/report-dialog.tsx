import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@/components/dialog';
import { FormField, isTooLong } from '@/components/form-field';
import { apiErrorText } from '@/i18n/api-errors';
import { REPORT_REASONS, useAddReport, type ReportReason, type ReportTarget } from '../api/add-report';
import '../report-strings';
import './reports.css';

const NOTE_MAX = 500;

/** The reasons to report something, a note, and Send: asked for when Report is pressed. */
export default function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const tooLong = isTooLong(note, NOTE_MAX);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) return setError(t('apiErrors.invalid_report_reason'));
    if (tooLong) return setError(t('reports.noteTooLong'));
    add.mutate(
      { target, reason, note: note.trim() || undefined },
      {
        onSuccess: onClose,
        onError: (failure) => setError(apiErrorText(t, failure, 'reports.failed')),
      },
    );
  };

  return (
    <Dialog title={t('reports.title')} onClose={onClose}>
      <form className="report-form" noValidate onSubmit={submit}>
        <p className="muted report-form__intro">{t('reports.intro')}</p>
        <fieldset className="report-form__reasons">
          <legend className="field__label">{t('reports.reasonLegend')}</legend>
          {REPORT_REASONS.map((each) => (
            <label key={each} className="report-form__reason">
              <input
                type="radio"
                name="reason"
                value={each}
                checked={reason === each}
                onChange={() => {
                  setReason(each);
                  setError(undefined);
                }}
              />
              {t(`reports.reasons.${each}`)}
            </label>
          ))}
        </fieldset>
        <FormField label={t('reports.note')} limit={{ value: note, max: NOTE_MAX }} error={tooLong ? t('reports.noteTooLong') : undefined}>
          {(props) => (
            <textarea
              {...props}
              className="input textarea"
              rows={3}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </FormField>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <DialogActions cancelLabel={t('reports.cancel')} submitLabel={t('reports.send')} onCancel={onClose} busy={add.isPending} />
      </form>
    </Dialog>
  );
}
