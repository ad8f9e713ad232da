import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '@/features/auth';
import type { Entry } from '@/lib/api-types';
import { EditIcon } from './edit-icon';
import '../entry-form-strings';

// Asked for when Delete is pressed.
const DeleteEntryDialog = lazy(async () => ({ default: (await import('./delete-entry-dialog')).DeleteEntryDialog }));

/**
 * Edit and Delete on an entry's own page, for its owner and for admins (the /api lets only
 * them). Edit opens /editContent/:id, which comes back here; Delete asks first, then goes home.
 */
export function EntryOwnerActions({ entry }: { entry: Pick<Entry, '_id' | 'title' | 'owner'> }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [confirming, setConfirming] = useState(false);
  if (!user || (user._id !== entry.owner && !user.isAdmin)) return null;
  return (
    <div className="entry-detail__owner-actions">
      <Link className="button button--ghost button--small" to={`/editContent/${entry._id}`} state={{ from: `/content/${entry._id}` }}>
        <EditIcon />
        {t('editContent.edit')}
      </Link>
      <button type="button" className="button button--danger button--small" onClick={() => setConfirming(true)}>
        {t('editContent.delete')}
      </button>
      {confirming && (
        <Suspense fallback={null}>
          <DeleteEntryDialog entry={entry} afterDelete="/" onClose={() => setConfirming(false)} />
        </Suspense>
      )}
    </div>
  );
}
