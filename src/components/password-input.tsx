import type { TFunction } from 'i18next';
import { FormField } from './form-field';

/** The spec's minimum password length (Auth's minimum_password_length). */
export const MIN_PASSWORD_LENGTH = 8;

/** The new-password rules every form shares: required, long enough, typed twice alike. */
export function newPasswordErrors(password: string, confirm: string, t: TFunction): { password?: string; confirm?: string } {
  const errors: { password?: string; confirm?: string } = {};
  if (!password) errors.password = t('auth.passwordRequired');
  else if ([...password].length < MIN_PASSWORD_LENGTH) errors.password = t('auth.passwordTooShort');
  if (!confirm) errors.confirm = t('auth.confirmPasswordRequired');
  else if (password && confirm !== password) errors.confirm = t('auth.passwordsMismatch');
  return errors;
}

interface PasswordInputProps {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  error?: string;
  note?: string;
  onChange: (value: string) => void;
}

/** A labelled password field whose error sits under it. */
export function PasswordInput({ name, label, autoComplete, value, error, note, onChange }: PasswordInputProps) {
  return (
    <FormField label={label} note={note} error={error}>
      {(props) => (
        <input
          {...props}
          name={name}
          className="input"
          type="password"
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
