import { useTranslation } from 'react-i18next';
import { AddTagForm } from '@/features/tags/components/add-tag-form';
import { TagSpanishNames } from '@/features/tags/components/tag-spanish-names';
import '@/features/tags/tag-strings';

export function AddTagPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow page--tiny">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('tags.banner')}</h1>
      </header>
      <AddTagForm />
      <TagSpanishNames />
    </div>
  );
}
