import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { fieldErrorMessage, generalFailure, serverFieldErrors, type FieldError } from '@/i18n/api-errors';
import type { Tag } from '@/lib/api-types';
import { TAG_NAME_MAX_LENGTH } from '@contract/limits';
import { useTags } from '../api/get-tags';
import { useUpdateTagNameEs } from '../api/update-tag';
import { tagNameEsError } from './add-tag-form';
import '../tag-strings';

const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

/**
 * Where a learner gives the tags they created a Spanish name (an admin: any tag), one row
 * per tag with a small inline edit. Folded until asked for, so the Add Tag page asks for
 * nothing more until then.
 */
export function TagSpanishNames() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!user) return null;
  return (
    <section className="tag-names card" aria-labelledby={`${panelId}-title`}>
      <h2 className="tag-names__title" id={`${panelId}-title`}>
        <button
          type="button"
          className="tag-names__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {t('tags.manageTitle')}
        </button>
      </h2>
      {open && (
        <div id={panelId}>
          <p className="muted">{t(user.isAdmin ? 'tags.manageIntroAdmin' : 'tags.manageIntroOwn')}</p>
          <TagNameList userId={user._id} isAdmin={user.isAdmin} />
        </div>
      )}
    </section>
  );
}

function TagNameList({ userId, isAdmin }: { userId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const tags = useTags();
  const [filter, setFilter] = useState('');
  if (tags.isPending) {
    return (
      <p className="muted" role="status">
        <Spinner size="sm" /> {t('tags.manageLoading')}
      </p>
    );
  }
  if (tags.isError) {
    return (
      <p className="form__error" role="alert">
        {t('tags.manageLoadFailed')}
      </p>
    );
  }
  const mine = tags.data.filter((tag) => isAdmin || tag.owner === userId);
  if (!mine.length) return <p className="muted">{t('tags.manageNone')}</p>;
  const needle = normalize(filter.trim());
  const shown = needle ? mine.filter((tag) => normalize(`${tag.name} ${tag.nameEs ?? ''}`).includes(needle)) : mine;
  return (
    <>
      {mine.length > 8 && (
        <FormField label={t('tags.manageFilter')}>
          {(props) => <input {...props} className="input" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />}
        </FormField>
      )}
      {shown.length ? (
        <ul className="tag-names__list">
          {shown.map((tag) => (
            <TagNameRow key={tag._id} tag={tag} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('tags.manageNoMatch')}</p>
      )}
    </>
  );
}

/** One tag: its names, and an Edit button that turns the Spanish name into a small form. */
function TagNameRow({ tag }: { tag: Tag }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateTagNameEs();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<FieldError | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = tagNameEsError(value);
    setError(found);
    if (found || update.isPending) return;
    update.mutate(
      { tagId: tag._id, nameEs: value.trim() || null },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(t('tags.nameEsSaved'));
        },
        onError: (failure) => setError(serverFieldErrors(failure, ['nameEs'] as const).nameEs ?? generalFailure(failure, 'tags.nameEsFailed')),
      },
    );
  };

  if (!editing) {
    return (
      <li className="tag-names__row">
        <span className="tag">{tag.name}</span>
        <span className={tag.nameEs ? 'tag-names__es' : 'tag-names__es muted'} lang={tag.nameEs ? 'es' : undefined}>
          {tag.nameEs ?? t('tags.noNameEs')}
        </span>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={t('tags.editNameEs', { name: tag.name })}
          onClick={() => {
            setValue(tag.nameEs ?? '');
            setError(null);
            setEditing(true);
          }}
        >
          {t('tags.edit')}
        </button>
      </li>
    );
  }
  return (
    <li className="tag-names__row tag-names__row--editing">
      <form className="tag-names__form" noValidate onSubmit={onSubmit}>
        <FormField
          label={t('tags.nameEsFor', { name: tag.name })}
          error={error ? fieldErrorMessage(t, error) : undefined}
          limit={{ value, max: TAG_NAME_MAX_LENGTH, showFrom: Math.floor(TAG_NAME_MAX_LENGTH * 0.8) }}
        >
          {(props) => (
            <input
              {...props}
              name="nameEs"
              className="input"
              type="text"
              lang="es"
              autoComplete="off"
              // The field appears because the learner asked to edit it.
              autoFocus
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(false);
              }}
            />
          )}
        </FormField>
        <div className="tag-names__actions">
          <button type="button" className="button button--secondary button--small" onClick={() => setEditing(false)}>
            {t('tags.cancel')}
          </button>
          <button type="submit" className="button button--primary button--small" disabled={update.isPending}>
            {t('tags.save')}
          </button>
        </div>
      </form>
    </li>
  );
}
