import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/features/auth';
import { AuthCard } from '@/features/auth/components/auth-card';
import { GoogleButton } from '@/features/auth/components/google-button';
import { googleRefusalKey } from '@/features/auth/google-login-return';
import { LoginForm } from '@/features/auth/components/login-form';
import { useReturnPath } from '@/features/auth/use-return-path';
import { googleSignInOffered } from '@/lib/env';
import enUSAuthNotices from '@/i18n/locales/en-US.authNotices.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

addEnglishPageStrings({ authNotices: enUSAuthNotices });

export function LoginPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const { state } = useLocation() as { state: { googleError?: unknown } | null };
  const refusal = googleRefusalKey(typeof state?.googleError === 'string' ? state.googleError : null);
  if (isLoggedIn) return <Navigate to={returnPath} replace />;
  return (
    <AuthCard
      title={t('auth.logInTitle')}
      intro={t('auth.logInIntro')}
      switchText={t('auth.noAccount')}
      switchLabel={t('auth.registerLink')}
      switchTo="/register"
      returnPath={returnPath}
    >
      {refusal && (
        <p className="form__error" role="alert">
          {t(refusal)}
        </p>
      )}
      {googleSignInOffered() && (
        <>
          <GoogleButton returnPath={returnPath} />
          <p className="auth-divider">
            <span>{t('auth.or')}</span>
          </p>
        </>
      )}
      <LoginForm onLoggedIn={() => navigate(returnPath, { replace: true })} />
      <p className="auth-card__forgot">
        <Link to="/forgot-password">{t('authNotices.forgotPasswordLink')}</Link>
      </p>
    </AuthCard>
  );
}
