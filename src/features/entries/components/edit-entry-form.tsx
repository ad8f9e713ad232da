import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '@/components/dialog';
import { useToast } from '@/components/toasts';
import type { Entry } from '@/lib/api-types';
import { useDeleteEntry } from '../api/delete-entry';
import { useUpdateEntry } from '../api/update-entry';
import { EntryForm, entryValues } from './entry-form';
import '../entry-form-strings';

/** The Add Content form prefilled with an entry: Update (only once something changed) and Delete. */
export function EditEntryForm({ entry, afterDelete = '/account' }: { entry: Entry; afterDelete?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const updateEntry = useUpdateEntry();
  const deleteEntry = useDeleteEntry();
  const [confirming, setConfirming] = useState(false);
  // After a save the saved entry is the new starting point, so Update is disabled again.
  const [saved, setSaved] = useState(entry);

  const remove = () =>
    deleteEntry.mutate(entry._id, {
      onSuccess: () => {
        toast.success(t('editContent.deleted'));
        navigate(afterDelete, { replace: true });
      },
      onError: () => {
        setConfirming(false);
        toast.error(t('editContent.deleteFailed'));
      },
    });

  return (
    <>
      <EntryForm
        key={saved.updatedAt}
        initial={entryValues(saved)}
        submitLabel={t('editContent.update')}
        edit
        saving={updateEntry.isPending || deleteEntry.isPending}
        failedKey="editContent.updateFailed"
        onSave={(_payload, changed) =>
          updateEntry.mutateAsync({ _id: entry._id, ...changed }).then(
            (updated) => {
              setSaved(updated);
              toast.success(t('editContent.updated'));
            },
            (error: unknown) => {
              toast.error(t('editContent.updateFailed'));
              throw error;
            },
          )
        }
        actions={
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)} disabled={deleteEntry.isPending}>
            {t('editContent.delete')}
          </button>
        }
      />
      {confirming && (
        <Dialog title={t('editContent.confirmTitle')} onClose={() => !deleteEntry.isPending && setConfirming(false)}>
          <p className="dialog__text">{t('editContent.confirmBody', { title: entry.title })}</p>
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)} disabled={deleteEntry.isPending}>
              {t('editContent.cancel')}
            </button>
            <button type="button" className="button button--danger-solid" onClick={remove} disabled={deleteEntry.isPending}>
              {t('editContent.confirmDelete')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
