import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/form-field';
import { UploadingPopup } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth/auth-context';
import { apiErrorText } from '@/i18n/api-errors';
import { useAddTag } from '../api/add-tag';

/** Spec §9: a tag name is at most 20 characters. */
export const TAG_NAME_MAX = 20;

export function AddTagForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const addTag = useAddTag();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const empty = !name.trim();
    setNameError(empty);
    if (!isLoggedIn) toast.info(t('tags.loginToAdd'));
    if (empty || !isLoggedIn) return;
    addTag.mutate(name.trim(), {
      onSuccess: () => {
        navigate('/');
        toast.success(t('tags.added'));
      },
      onError: (error) => {
        setFailure(apiErrorText(t, error, 'tags.failed'));
      },
    });
  };

  return (
    <form className="form card" noValidate onSubmit={onSubmit}>
      <FormField label={t('tags.name')} error={nameError ? t('tags.nameRequired') : undefined} counter={`${name.length} / ${TAG_NAME_MAX}`}>
        {(props) => (
          <input
            {...props}
            name="name"
            className="input"
            type="text"
            aria-required="true"
            autoComplete="off"
            maxLength={TAG_NAME_MAX}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(false);
              setFailure(null);
            }}
          />
        )}
      </FormField>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={addTag.isPending}>
          {t('tags.submit')}
        </button>
      </div>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      <UploadingPopup open={addTag.isPending} />
    </form>
  );
}
