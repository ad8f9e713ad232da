import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useAuth } from '@/features/auth';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useReturnPath } from '@/features/auth/use-return-path';
import enUSAuthNotices from '@/i18n/locales/en-US.authNotices.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

addEnglishPageStrings({ authNotices: enUSAuthNotices });

export function RegisterPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  if (isLoggedIn) return <Navigate to={returnPath} replace />;
  return (
    <AuthCard
      title={t('auth.registerTitle')}
      intro={t('auth.registerIntro')}
      switchText={t('auth.haveAccount')}
      switchLabel={t('auth.logInLink')}
      switchTo="/login"
      returnPath={returnPath}
    >
      <RegisterForm onRegistered={() => navigate(returnPath, { replace: true })} />
    </AuthCard>
  );
}
