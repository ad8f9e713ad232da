import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>{t('footer.copyright')}</p>
        <p>{t('footer.createdWith')}</p>
      </div>
    </footer>
  );
}
