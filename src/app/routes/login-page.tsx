import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAuth } from '@/features/auth/auth-context';
import { GoogleButton } from '@/features/auth/components/google-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { useReturnPath } from '@/features/auth/use-return-path';
import '@/features/auth/components/auth.css';

export function LoginPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  if (isLoggedIn) return <Navigate to={returnPath} replace />;
  return (
    <div className="page auth-page">
      <section className="card auth-card" aria-labelledby="login-title">
        <header className="auth-card__header">
          <h1 id="login-title" className="auth-card__title">
            {t('auth.logInTitle')}
          </h1>
          <p className="auth-card__text">{t('auth.logInIntro')}</p>
        </header>
        <GoogleButton />
        <p className="auth-divider">
          <span>{t('auth.or')}</span>
        </p>
        <LoginForm onLoggedIn={() => navigate(returnPath, { replace: true })} />
        <p className="auth-card__switch">
          {t('auth.noAccount')}{' '}
          <Link to="/register" state={returnPath === '/' ? undefined : { from: returnPath }}>
            {t('auth.registerLink')}
          </Link>
        </p>
      </section>
    </div>
  );
}
