import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>{t('footer.copyright')}</p>
        <p>{t('footer.createdWith')}</p>
        <p>
          <Link className="site-footer__link" to="/addfeedback">
            {t('feedback.footerLink')}
          </Link>
        </p>
      </div>
    </footer>
  );
}
