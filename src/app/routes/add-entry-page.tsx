import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/app/layout/root-layout';
import { useAuth } from '@/features/auth';
import { AddEntryForm } from '@/features/entries/components/add-entry-form';
import '@/features/entries/entry-form-strings';

export function AddEntryPage() {
  const { t } = useTranslation();
  const { isLoading, user } = useAuth();
  // A guest's entry is by "Anonymous" (spec §6), in the words of the language they use.
  // Re-mount the form when someone signs in, so the author default follows them; not when
  // they are signed out (a session that ended elsewhere), which would throw away the draft.
  const [formKey, setFormKey] = useState(user?._id ?? 'guest');
  if (user && user._id !== formKey) setFormKey(user._id);
  return (
    <div className="page page--narrow">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('addContent.banner')}</h1>
        <p className="page-banner__text">{t('addContent.intro')}</p>
      </header>
      {isLoading ? (
        <PageLoading />
      ) : (
        <AddEntryForm key={formKey} defaultAuthor={user?.name || t('addContent.guestAuthor')} />
      )}
    </div>
  );
}
