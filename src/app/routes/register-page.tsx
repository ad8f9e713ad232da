import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAuth } from '@/features/auth/auth-context';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useReturnPath } from '@/features/auth/use-return-path';
import '@/features/auth/components/auth.css';

export function RegisterPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  if (isLoggedIn) return <Navigate to={returnPath} replace />;
  return (
    <div className="page auth-page">
      <section className="card auth-card" aria-labelledby="register-title">
        <header className="auth-card__header">
          <h1 id="register-title" className="auth-card__title">
            {t('auth.registerTitle')}
          </h1>
          <p className="auth-card__text">{t('auth.registerIntro')}</p>
        </header>
        <RegisterForm onRegistered={() => navigate(returnPath, { replace: true })} />
        <p className="auth-card__switch">
          {t('auth.haveAccount')}{' '}
          <Link to="/login" state={returnPath === '/' ? undefined : { from: returnPath }}>
            {t('auth.logInLink')}
          </Link>
        </p>
      </section>
    </div>
  );
}
