import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="state-panel">
      <p className="state-panel__code" aria-hidden="true">404</p>
      <h1 className="state-panel__title">{t('errors.notFoundTitle')}</h1>
      <p className="state-panel__text">{t('errors.notFoundBody')}</p>
      <div className="state-panel__actions">
        <Link className="button button--primary" to="/">
          {t('errors.backHome')}
        </Link>
      </div>
    </section>
  );
}
