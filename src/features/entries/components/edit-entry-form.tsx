import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import type { Entry } from '@/lib/api-types';
import { useUpdateEntry } from '../api/update-entry';
import { DeleteEntryDialog } from './delete-entry-dialog';
import { EntryForm, entryValues } from './entry-form';
import '../entry-form-strings';

/** The Add Content form prefilled with an entry: Update (only once something changed) and Delete. */
export function EditEntryForm({ entry, afterDelete = '/account' }: { entry: Entry; afterDelete?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const updateEntry = useUpdateEntry();
  const [confirming, setConfirming] = useState(false);
  // After a save the saved entry is the new starting point, so Update is disabled again.
  const [saved, setSaved] = useState(entry);

  return (
    <>
      <EntryForm
        key={saved.updatedAt}
        initial={entryValues(saved)}
        submitLabel={t('editContent.update')}
        edit
        saving={updateEntry.isPending}
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
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            {t('editContent.delete')}
          </button>
        }
      />
      {confirming && <DeleteEntryDialog entry={saved} afterDelete={afterDelete} onClose={() => setConfirming(false)} />}
    </>
  );
}
