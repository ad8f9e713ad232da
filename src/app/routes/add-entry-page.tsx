import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/app/root-layout';
import { useAuth } from '@/features/auth/auth-context';
import { AddEntryForm, GUEST_AUTHOR } from '@/features/entries/components/add-entry-form';

export function AddEntryPage() {
  const { t } = useTranslation();
  const { isLoading, user } = useAuth();
  return (
    <div className="page page--narrow">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('addContent.banner')}</h1>
        <p className="page-banner__text">{t('addContent.intro')}</p>
      </header>
      {isLoading ? (
        <PageLoading />
      ) : (
        // Re-mount when the user changes so the author default follows them.
        <AddEntryForm key={user?._id ?? 'guest'} defaultAuthor={user?.name || GUEST_AUTHOR} />
      )}
    </div>
  );
}
