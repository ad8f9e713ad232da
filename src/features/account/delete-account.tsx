import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog, DialogActions } from '@/components/dialog';
import { useToast } from '@/components/toasts';
import { PasswordInput } from '@/components/password-input';
import { apiErrorText } from '@/i18n/api-errors';
import { api, endLocalSession, isApiError } from '@/lib/api';
import './account-strings';

/** Account › Delete my account: asks for the current password in a dialog, then signs out and goes home. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) return setError(t('auth.passwordRequired'));
    setBusy(true);
    try {
      await api.post('/user/deleteAccount', { currentPassword: password });
      await endLocalSession();
      toast.success(t('account.deleted'));
      void navigate('/', { replace: true });
    } catch (failure) {
      // An account made with Google has no password to confirm with until one is set.
      const noPassword = isApiError(failure) && failure.code === 'no_password';
      setError(noPassword ? t('account.deleteNoPassword') : apiErrorText(t, failure, 'account.deleteFailed'));
      setBusy(false);
    }
  };

  return (
    <section className="card danger-zone" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="section-title">
        {t('account.deleteTitle')}
      </h2>
      <p className="muted">{t('account.deleteHelp')}</p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {t('account.deleteButton')}
      </button>
      {open && (
        <Dialog title={t('account.deleteConfirmTitle')} onClose={() => !busy && setOpen(false)}>
          <form className="form" noValidate onSubmit={(event) => void submit(event)}>
            <p>{t('account.deleteConfirmText')}</p>
            <PasswordInput
              name="currentPassword"
              label={t('account.deletePassword')}
              autoComplete="current-password"
              value={password}
              error={error}
              onChange={(value) => {
                setPassword(value);
                setError(undefined);
              }}
            />
            <DialogActions
              cancelLabel={t('account.deleteCancel')}
              submitLabel={t('account.deleteConfirm')}
              onCancel={() => setOpen(false)}
              busy={busy}
              tone="danger"
              lockCancel
            />
          </form>
        </Dialog>
      )}
    </section>
  );
}
