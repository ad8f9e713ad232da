import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '@/components/dialog';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import type { Entry } from '@/lib/api-types';
import { useDeleteEntry } from '../api/delete-entry';
import '../entry-form-strings';

interface DeleteEntryDialogProps {
  entry: Pick<Entry, '_id' | 'title'>;
  onClose: () => void;
  /** Where to go once it is deleted (the entry's own pages are gone). */
  afterDelete: string;
}

/** "Delete this entry?": Cancel, or delete it, say so and leave for `afterDelete`. */
export function DeleteEntryDialog({ entry, onClose, afterDelete }: DeleteEntryDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const deleteEntry = useDeleteEntry();
  const busy = deleteEntry.isPending;

  const remove = () =>
    deleteEntry.mutate(entry._id, {
      onSuccess: () => {
        toast.success(t('editContent.deleted'));
        navigate(afterDelete, { replace: true });
      },
      onError: () => {
        onClose();
        toast.error(t('editContent.deleteFailed'));
      },
    });

  return (
    <Dialog title={t('editContent.confirmTitle')} onClose={() => !busy && onClose()}>
      <p className="dialog__text">{t('editContent.confirmBody', { title: entry.title })}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          {t('editContent.cancel')}
        </button>
        <button type="button" className="button button--danger-solid" onClick={remove} disabled={busy}>
          {busy && <Spinner size="sm" />}
          {t('editContent.confirmDelete')}
        </button>
      </div>
    </Dialog>
  );
}
