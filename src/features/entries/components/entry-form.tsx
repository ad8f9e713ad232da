import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, isTooLong } from '@/components/form-field';
import { UploadingPopup } from '@/components/popups';
import { useCountries } from '@/features/countries';
import { fieldErrorMessage, generalFailure, serverFieldErrors, type FieldError } from '@/i18n/api-errors';
import type { Entry } from '@/lib/api-types';
import { ENTRY_AUTHOR_MAX_LENGTH, ENTRY_TEXT_MAX_LENGTH } from '@contract/limits';
import '../entry-form-strings';

// In the order they appear: the first invalid one gets focus.
const FIELDS = ['title', 'description', 'descriptionEs', 'country', 'author', 'exampleSentence', 'hint'] as const;
type Field = (typeof FIELDS)[number];
export type EntryValues = Record<Field, string> & { show: boolean };
/** What a form sends: trimmed, empty optional fields as null. */
export type EntryPayload = Omit<EntryValues, 'hint' | 'exampleSentence' | 'descriptionEs'> & {
  hint: string | null;
  exampleSentence: string | null;
  descriptionEs: string | null;
};
function validate(values: EntryValues): Partial<Record<Field, FieldError>> {
  const errors: Partial<Record<Field, FieldError>> = {};
  if (!values.title.trim()) errors.title = { key: 'addContent.titleRequired' };
  else if (isTooLong(values.title, ENTRY_TEXT_MAX_LENGTH)) errors.title = { key: 'addContent.titleTooLong' };
  if (!values.description.trim()) errors.description = { key: 'addContent.descriptionRequired' };
  else if (isTooLong(values.description, ENTRY_TEXT_MAX_LENGTH)) errors.description = { key: 'addContent.descriptionTooLong' };
  if (isTooLong(values.descriptionEs, ENTRY_TEXT_MAX_LENGTH)) errors.descriptionEs = { key: 'addContent.descriptionEsTooLong' };
  if (!values.country) errors.country = { key: 'addContent.countryRequired' };
  if (!values.author.trim()) errors.author = { key: 'addContent.authorRequired' };
  else if (isTooLong(values.author, ENTRY_AUTHOR_MAX_LENGTH)) errors.author = { key: 'apiErrors.author_too_long' };
  if (isTooLong(values.exampleSentence, ENTRY_TEXT_MAX_LENGTH)) errors.exampleSentence = { key: 'apiErrors.example_sentence_too_long' };
  if (isTooLong(values.hint, ENTRY_TEXT_MAX_LENGTH)) errors.hint = { key: 'apiErrors.hint_too_long' };
  return errors;
}

export function toPayload(values: EntryValues): EntryPayload {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    descriptionEs: values.descriptionEs.trim() || null,
    country: values.country,
    hint: values.hint.trim() || null,
    exampleSentence: values.exampleSentence.trim() || null,
    author: values.author.trim(),
    show: values.show,
  };
}

/**
 * The example as its author wrote it: the gap of a Fill-the-gap card in double brackets
 * (the server keeps them apart from the sentence, so no reader sees them).
 */
export function markedGap(example: string, gap: string | undefined): string {
  const at = gap ? example.indexOf(gap) : -1;
  return gap && at >= 0 ? `${example.slice(0, at)}[[${gap}]]${example.slice(at + gap.length)}` : example;
}

/** The form's values for an existing entry. */
export function entryValues(entry: Entry): EntryValues {
  return {
    title: entry.title,
    description: entry.description,
    descriptionEs: entry.descriptionEs ?? '',
    country: entry.country,
    hint: entry.hint ?? '',
    exampleSentence: markedGap(entry.exampleSentence ?? '', entry.exampleGap),
    author: entry.author,
    show: entry.show,
  };
}

/** The fields whose (trimmed) value differs from the initial one. */
export function changedFields(initial: EntryValues, values: EntryValues): Partial<EntryPayload> {
  const before = toPayload(initial);
  const after = toPayload(values);
  return Object.fromEntries(
    (Object.keys(after) as (keyof EntryPayload)[]).filter((key) => after[key] !== before[key]).map((key) => [key, after[key]]),
  ) as Partial<EntryPayload>;
}

/** The entry's country, one of the spec's 21. */
function CountryField({ value, error, onChange }: { value: string; error: string | undefined; onChange: (event: ChangeEvent<HTMLSelectElement>) => void }) {
  const { t } = useTranslation();
  const countries = useCountries();
  return (
    <FormField label={t('addContent.country')} error={error}>
      {(props) => (
        <select {...props} name="country" className="input select" aria-required="true" value={value} onChange={onChange}>
          <option value="">{t('addContent.countryPlaceholder')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The edit form's visibility: whether everyone sees the entry. */
function ShowCheck({ checked, onChange }: { checked: boolean; onChange: (show: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="check">
      <input type="checkbox" name="show" className="check__box" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="check__text">
        <span className="check__label">{t('editContent.show')}</span>
        <span className="check__note">{t('editContent.showNote')}</span>
      </span>
    </label>
  );
}

interface EntryFormProps {
  initial: EntryValues;
  submitLabel: string;
  /** Edit mode: submit stays disabled until something changed, and visibility can be switched. */
  edit?: boolean;
  saving: boolean;
  /** The general line when the server gives no words of its own. */
  failedKey: string;
  /** Saves; a rejection's field errors land on the fields, anything else on the general line. */
  onSave: (payload: EntryPayload, changed: Partial<EntryPayload>) => Promise<unknown>;
  /** More actions next to submit (the edit form's Delete). */
  actions?: ReactNode;
  /** Shown under the country, from what the form holds now (the add form's same-title notice). */
  notice?: (values: EntryValues) => ReactNode;
}

/** The Add Content form, also used prefilled to edit an entry. */
export function EntryForm({ initial, submitLabel, edit = false, saving, failedKey, onSave, actions, notice }: EntryFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<EntryValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError>>>({});
  const [generalError, setGeneralError] = useState<FieldError | null>(null);

  const message = (error: FieldError | undefined | null) => (error ? fieldErrorMessage(t, error) : undefined);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    // Editing a field clears its error (spec §4).
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const changed = changedFields(initial, values);
  const hasChanges = Object.keys(changed).length > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || (edit && !hasChanges)) return;
    setGeneralError(null);
    const found = validate(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    onSave(toPayload(values), changed).catch((error: unknown) => {
      const serverErrors = serverFieldErrors(error, FIELDS);
      setErrors(serverErrors);
      if (Object.keys(serverErrors).length === 0) setGeneralError(generalFailure(error, failedKey));
    });
  };

  // Optional and short fields show their counter only near the limit.
  const quietLimit = (value: string, max: number) => ({ value, max, showFrom: Math.floor(max * 0.8) });

  return (
    <form className="form card" noValidate onSubmit={onSubmit}>
      <FormField label={t('addContent.title')} error={message(errors.title)} limit={{ value: values.title, max: ENTRY_TEXT_MAX_LENGTH }}>
        {(props) => (
          <input
            {...props}
            name="title"
            className="input"
            type="text"
            aria-required="true"
            value={values.title}
            onChange={change('title')}
          />
        )}
      </FormField>
      <FormField label={t('addContent.description')} error={message(errors.description)} limit={{ value: values.description, max: ENTRY_TEXT_MAX_LENGTH }}>
        {(props) => (
          <textarea
            {...props}
            name="description"
            className="input textarea"
            rows={4}
            aria-required="true"
            value={values.description}
            onChange={change('description')}
          />
        )}
      </FormField>
      <FormField
        label={t('addContent.descriptionEs')}
        note={t('addContent.optional')}
        error={message(errors.descriptionEs)}
        limit={quietLimit(values.descriptionEs, ENTRY_TEXT_MAX_LENGTH)}
      >
        {(props) => (
          <textarea
            {...props}
            name="descriptionEs"
            className="input textarea"
            rows={2}
            lang="es"
            value={values.descriptionEs}
            onChange={change('descriptionEs')}
          />
        )}
      </FormField>
      <div className="form__row">
        <CountryField value={values.country} error={message(errors.country)} onChange={change('country')} />
        <FormField label={t('addContent.author')} error={message(errors.author)} limit={quietLimit(values.author, ENTRY_AUTHOR_MAX_LENGTH)}>
          {(props) => (
            <input
              {...props}
              name="author"
              className="input"
              type="text"
              aria-required="true"
              autoComplete="name"
              value={values.author}
              onChange={change('author')}
            />
          )}
        </FormField>
      </div>
      {notice?.(values)}
      <FormField
        label={t('addContent.exampleSentence')}
        note={t('reviewLoop.exampleNote')}
        error={message(errors.exampleSentence)}
        limit={quietLimit(values.exampleSentence, ENTRY_TEXT_MAX_LENGTH)}
      >
        {(props) => (
          <input
            {...props}
            name="exampleSentence"
            className="input"
            type="text"
            value={values.exampleSentence}
            onChange={change('exampleSentence')}
          />
        )}
      </FormField>
      <FormField label={t('addContent.hint')} note={t('addContent.optional')} error={message(errors.hint)} limit={quietLimit(values.hint, ENTRY_TEXT_MAX_LENGTH)}>
        {(props) => (
          <input {...props} name="hint" className="input" type="text" value={values.hint} onChange={change('hint')} />
        )}
      </FormField>
      {edit && <ShowCheck checked={values.show} onChange={(show) => setValues((current) => ({ ...current, show }))} />}
      {generalError && (
        <p className="form__error" role="alert">
          {message(generalError)}
        </p>
      )}
      <div className={`form__actions${actions ? ' form__actions--split' : ''}`}>
        {actions}
        <button type="submit" className="button button--primary" disabled={saving || (edit && !hasChanges)}>
          {submitLabel}
        </button>
      </div>
      <UploadingPopup open={saving} />
    </form>
  );
}
