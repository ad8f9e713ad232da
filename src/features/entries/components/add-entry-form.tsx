import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/form-field';
import { UploadingPopup } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useCountries } from '@/features/countries';
import { translateServerMessage } from '@/i18n/server-messages';
import { isApiError } from '@/lib/api';
import { useAddEntry } from '../api/add-entry';

/** Spec §9: title and description are at most 1000 characters. */
export const ENTRY_TEXT_MAX = 1000;
/** The author a guest's entry gets by default (spec §6); it is data, not interface text. */
export const GUEST_AUTHOR = 'Anonymous';

const FIELDS = ['title', 'description', 'country', 'hint', 'exampleSentence', 'author'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
/** An error is either a locale key or the server's own words. */
type FieldError = { key: string } | { text: string };

function isField(name: string): name is Field {
  return (FIELDS as readonly string[]).includes(name);
}

function validate(values: Values): Partial<Record<Field, FieldError>> {
  const errors: Partial<Record<Field, FieldError>> = {};
  if (!values.title.trim()) errors.title = { key: 'addContent.titleRequired' };
  else if (values.title.length > ENTRY_TEXT_MAX) errors.title = { key: 'addContent.titleTooLong' };
  if (!values.description.trim()) errors.description = { key: 'addContent.descriptionRequired' };
  else if (values.description.length > ENTRY_TEXT_MAX) errors.description = { key: 'addContent.descriptionTooLong' };
  if (!values.country) errors.country = { key: 'addContent.countryRequired' };
  if (!values.author.trim()) errors.author = { key: 'addContent.authorRequired' };
  return errors;
}

export function AddEntryForm({ defaultAuthor }: { defaultAuthor: string }) {
  const { t } = useTranslation();
  const tr = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const toast = useToast();
  const navigate = useNavigate();
  const countries = useCountries();
  const addEntry = useAddEntry();
  const [values, setValues] = useState<Values>({
    title: '',
    description: '',
    country: '',
    hint: '',
    exampleSentence: '',
    author: defaultAuthor,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError>>>({});
  const [generalError, setGeneralError] = useState<FieldError | null>(null);

  const message = (error: FieldError | undefined | null) =>
    error ? ('key' in error ? tr(error.key) : translateServerMessage(t, error.text)) : undefined;

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    // Editing a field clears its error (spec §4).
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneralError(null);
    const found = validate(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    addEntry.mutate(
      {
        title: values.title.trim(),
        description: values.description.trim(),
        country: values.country,
        hint: values.hint.trim() || undefined,
        exampleSentence: values.exampleSentence.trim() || undefined,
        author: values.author.trim(),
      },
      {
        onSuccess: (entry) => {
          toast.success(t('addContent.added'));
          navigate(`/content/${entry._id}`);
        },
        onError: (error) => {
          toast.error(t('addContent.failed'));
          const serverErrors: Partial<Record<Field, FieldError>> = {};
          if (isApiError(error)) {
            for (const [name, text] of Object.entries(error.fieldErrors)) {
              if (isField(name)) serverErrors[name] = { text };
            }
          }
          setErrors(serverErrors);
          if (Object.keys(serverErrors).length === 0) {
            setGeneralError(isApiError(error) && error.message ? { text: error.message } : { key: 'addContent.failed' });
          }
        },
      },
    );
  };

  const saving = addEntry.isPending;
  const counter = (value: string) => t('addContent.counter', { count: value.length, max: ENTRY_TEXT_MAX });

  return (
    <form className="form card" noValidate onSubmit={onSubmit}>
      <FormField label={t('addContent.title')} error={message(errors.title)} counter={counter(values.title)}>
        {(props) => (
          <input
            {...props}
            name="title"
            className="input"
            type="text"
            aria-required="true"
            maxLength={ENTRY_TEXT_MAX}
            value={values.title}
            onChange={change('title')}
          />
        )}
      </FormField>
      <FormField label={t('addContent.description')} error={message(errors.description)} counter={counter(values.description)}>
        {(props) => (
          <textarea
            {...props}
            name="description"
            className="input textarea"
            rows={4}
            aria-required="true"
            maxLength={ENTRY_TEXT_MAX}
            value={values.description}
            onChange={change('description')}
          />
        )}
      </FormField>
      <div className="form__row">
        <FormField label={t('addContent.country')} error={message(errors.country)}>
          {(props) => (
            <select {...props} name="country" className="input select" aria-required="true" value={values.country} onChange={change('country')}>
              <option value="">{t('addContent.countryPlaceholder')}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('addContent.author')} error={message(errors.author)}>
          {(props) => (
            <input
              {...props}
              name="author"
              className="input"
              type="text"
              aria-required="true"
              maxLength={100}
              autoComplete="name"
              value={values.author}
              onChange={change('author')}
            />
          )}
        </FormField>
      </div>
      <FormField label={t('addContent.exampleSentence')} note={t('addContent.optional')} error={message(errors.exampleSentence)}>
        {(props) => (
          <input
            {...props}
            name="exampleSentence"
            className="input"
            type="text"
            maxLength={ENTRY_TEXT_MAX}
            value={values.exampleSentence}
            onChange={change('exampleSentence')}
          />
        )}
      </FormField>
      <FormField label={t('addContent.hint')} note={t('addContent.optional')} error={message(errors.hint)}>
        {(props) => (
          <input {...props} name="hint" className="input" type="text" maxLength={ENTRY_TEXT_MAX} value={values.hint} onChange={change('hint')} />
        )}
      </FormField>
      {generalError && (
        <p className="form__error" role="alert">
          {message(generalError)}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {t('addContent.submit')}
        </button>
      </div>
      <UploadingPopup open={saving} />
    </form>
  );
}
