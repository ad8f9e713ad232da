import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Forbidden } from '@/components/access-panels';
import { Spinner } from '@/components/popups';
import { useLearner } from '@/app/layout/learner-only';
import { useEntry } from '@/features/entries/api/get-entry';
import { EntryLoadError } from '@/features/entries/components/entry-load-error';
import { EditEntryForm } from '@/features/entries/components/edit-entry-form';
import '@/features/entries/entry-form-strings';

/** /editContent/:id — the owner or an admin edits or deletes an entry. */
export function EditEntryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  // Opened from the entry's own page (its Edit button): back goes there, and a delete goes home.
  const fromEntry = (useLocation().state as { from?: unknown } | null)?.from === `/content/${id}`;
  const user = useLearner();
  const entry = useEntry(id);

  if (entry.isPending) {
    return (
      <div className="state-panel" role="status">
        <Spinner size="lg" />
        <p className="state-panel__text">{t('entry.loading')}</p>
      </div>
    );
  }

  if (entry.isError) {
    return (
      <EntryLoadError error={entry.error} onRetry={() => void entry.refetch()} backTo="/account" backLabel={t('editContent.backToAccount')} />
    );
  }

  if (entry.data.owner !== user._id && !user.isAdmin) return <Forbidden message={t('editContent.forbidden')} />;

  return (
    <div className="page page--narrow">
      <Link className="back-link" to={fromEntry ? `/content/${id}` : '/account'}>
        ← {fromEntry ? t('editContent.backToEntry') : t('editContent.backToAccount')}
      </Link>
      <header className="page-banner">
        <h1 className="page-banner__title">{t('editContent.banner')}</h1>
        <p className="page-banner__text">
          {t('editContent.intro')}{' '}
          <Link to={`/content/${entry.data._id}`}>{t('editContent.viewEntry')}</Link>
        </p>
      </header>
      <EditEntryForm key={entry.data._id} entry={entry.data} afterDelete={fromEntry ? '/' : '/account'} />
    </div>
  );
}
