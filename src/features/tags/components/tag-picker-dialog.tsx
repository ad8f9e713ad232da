import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormField } from '@/components/form-field';
import { useTagName } from '@/components/meaning';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { fieldErrorMessage, generalFailure, serverFieldErrors, type FieldError } from '@/i18n/api-errors';
import { isApiError } from '@/lib/api';
import type { Tag } from '@/lib/api-types';
import { TAG_NAME_MAX_LENGTH } from '@contract/limits';
import { addTag } from '../api/add-tag';
import { useAddTagToEntry } from '../api/add-tag-to-entry';
import { useTags } from '../api/get-tags';
import { tagNameError } from './add-tag-form';
import '../tag-strings';

function normalize(text: string) {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

interface TagPickerDialogProps {
  entryId: string;
  entryTags: Tag[];
  onClose: () => void;
}

/** Choose an existing tag for an entry, or create a new one and add it. */
export function TagPickerDialog({ entryId, entryTags, onClose }: TagPickerDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const tags = useTags();
  const tagName = useTagName();
  const addToEntry = useAddTagToEntry();
  const [filter, setFilter] = useState('');
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState<FieldError | null>(null);
  const [failure, setFailure] = useState<FieldError | null>(null);
  const [creating, setCreating] = useState(false);

  const onEntry = new Set(entryTags.map((tag) => tag._id));
  const available = (tags.data ?? []).filter((tag) => !onEntry.has(tag._id));
  const needle = normalize(filter.trim());
  // Either name finds a tag: a Spanish reader may type the English one they know, or the other way round.
  const shown = needle ? available.filter((tag) => normalize(`${tag.name} ${tag.nameEs ?? ''}`).includes(needle)) : available;
  const busy = addToEntry.isPending || creating;

  const attach = (tag: Tag) => {
    setFailure(null);
    addToEntry.mutate(
      { entryId, tagId: tag._id },
      {
        onSuccess: () => {
          toast.success(t('tags.addedToEntry'));
          onClose();
        },
        onError: (error) => setFailure(generalFailure(error, 'tags.addToEntryFailed')),
      },
    );
  };

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const name = newName.trim();
    const invalid = tagNameError(newName);
    if (invalid) {
      setNameError(invalid);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setFailure(null);
    setCreating(true);
    try {
      let tag: Tag;
      try {
        tag = await addTag(name);
      } catch (error) {
        // A tag with that name already exists: use it.
        const existing = isApiError(error) && error.code === 'tag_exists' ? (error.body as { data?: Tag }).data : undefined;
        if (!existing) throw error;
        tag = existing;
      }
      void tags.refetch();
      attach(tag);
    } catch (error) {
      // A code about the new name (too long) goes under its field; anything else below.
      const onName = serverFieldErrors(error, ['name'] as const).name;
      if (onName) setNameError(onName);
      else setFailure(generalFailure(error, 'tags.addToEntryFailed'));
    } finally {
      setCreating(false);
    }
  };

  return (
    <Dialog title={t('tags.pickerTitle')} onClose={onClose}>
      <div className="tag-picker">
        <FormField label={t('tags.pickerFilter')}>
          {(props) => (
            <input {...props} className="input" type="text" autoComplete="off" value={filter} onChange={(event) => setFilter(event.target.value)} />
          )}
        </FormField>
        {tags.isPending ? (
          <p className="muted">
            <Spinner size="sm" /> {t('app.loading')}
          </p>
        ) : shown.length ? (
          <ul className="tag-picker__list">
            {shown.map((tag) => (
              <li key={tag._id}>
                <button type="button" className="tag tag--button" disabled={busy} onClick={() => attach(tag)}>
                  + {tagName(tag)}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{available.length ? t('tags.pickerNone') : t('tags.pickerAll')}</p>
        )}
      </div>
      <form className="tag-picker__create" noValidate onSubmit={(event) => void create(event)}>
        <FormField label={t('tags.newTag')} error={nameError ? fieldErrorMessage(t, nameError) : undefined} limit={{ value: newName, max: TAG_NAME_MAX_LENGTH, showFrom: 1 }}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="text"
              autoComplete="off"
              value={newName}
              onChange={(event) => {
                setNewName(event.target.value);
                setNameError(null);
              }}
            />
          )}
        </FormField>
        <button type="submit" className="button button--secondary" disabled={busy}>
          {t('tags.create')}
        </button>
      </form>
      {failure && (
        <p className="form__error" role="alert">
          {fieldErrorMessage(t, failure)}
        </p>
      )}
    </Dialog>
  );
}
