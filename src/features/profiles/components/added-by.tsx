import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Entry } from '@/lib/api-types';
import '../profile-strings';
import '../profiles.css';

/**
 * Which account posted an entry (beside the free-text author): a link to their public
 * profile, or "a guest" / "a deleted user" when no account is left to show.
 */
export function AddedBy({ entry }: { entry: Pick<Entry, 'addedBy' | 'ownerDeleted'> }) {
  const { t } = useTranslation();
  if (!entry.addedBy) {
    return <span className="added-by">{entry.ownerDeleted ? t('profile.addedByDeleted') : t('profile.addedByGuest')}</span>;
  }
  const name = entry.addedBy.name || t('profile.unnamed');
  return (
    <span className="added-by">
      {t('profile.addedBy')}{' '}
      <Link className="added-by__link" to={`/users/${entry.addedBy._id}`} title={t('profile.viewProfile', { name })}>
        {name}
      </Link>
    </span>
  );
}
