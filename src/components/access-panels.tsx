import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BlockedIcon, LockIcon } from './icons';

/** Spec §6: "Please log in to view this page", with the way to do it (and back here after). */
export function LoginRequired({ message }: { message?: string } = {}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <section className="state-panel">
      <span className="state-panel__icon">
        <LockIcon />
      </span>
      <h1 className="state-panel__title">{message ?? t('access.loginRequired')}</h1>
      <div className="state-panel__actions">
        <Link className="button button--primary" to="/login" state={{ from: `${pathname}${search}` }}>
          {t('nav.logIn')}
        </Link>
        <Link className="button button--ghost" to="/register" state={{ from: `${pathname}${search}` }}>
          {t('auth.registerLink')}
        </Link>
      </div>
    </section>
  );
}

/** A logged-in person who may not be here: a clear refusal and the way home. */
export function Forbidden({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <section className="state-panel state-panel--error" role="alert">
      <span className="state-panel__icon state-panel__icon--danger">
        <BlockedIcon />
      </span>
      <h1 className="state-panel__title">{message}</h1>
      <div className="state-panel__actions">
        <Link className="button button--primary" to="/">
          {t('errors.backHome')}
        </Link>
      </div>
    </section>
  );
}
