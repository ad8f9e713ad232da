import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTagName } from '@/components/meaning';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import type { Tag } from '@/lib/api-types';
import { useEntryTags } from '../api/get-entry-tags';
import { useRemoveTagFromEntry } from '../api/remove-tag-from-entry';
import './tags.css';
import '../tag-strings';

// The picker comes when Add tag is pressed.
const TagPickerDialog = lazy(async () => ({ default: (await import('./tag-picker-dialog')).TagPickerDialog }));

/**
 * An entry's tags: a remove control on each tag the reader may remove (canRemove, from the same
 * rule the database applies), and the Add Tag button with its picker.
 */
export function EntryTags({ entryId, initialTags }: { entryId: string; initialTags: Tag[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { isLoggedIn } = useAuth();
  const { data: tags = initialTags } = useEntryTags(entryId, initialTags);
  const removeTag = useRemoveTagFromEntry();
  const tagName = useTagName();
  const [pickerOpen, setPickerOpen] = useState(false);

  const remove = (tag: Tag) =>
    removeTag.mutate(
      { entryId, tagId: tag._id },
      {
        onSuccess: () => toast.success(t('tags.removed')),
        onError: () => toast.error(t('tags.removeFailed')),
      },
    );

  return (
    <div className="entry-tags">
      {tags.length ? (
        <ul className="tag-list">
          {tags.map((tag) => (
            <li key={tag._id} className="tag">
              <span>{tagName(tag)}</span>
              {isLoggedIn && tag.canRemove && (
                <button
                  type="button"
                  className="tag__remove"
                  aria-label={t('tags.remove', { name: tagName(tag) })}
                  disabled={removeTag.isPending}
                  onClick={() => remove(tag)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('entry.noTags')}</p>
      )}
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => (isLoggedIn ? setPickerOpen(true) : toast.info(t('tags.loginToAdd')))}
      >
        + {t('tags.addButton')}
      </button>
      {pickerOpen && (
        <Suspense fallback={null}>
          <TagPickerDialog entryId={entryId} entryTags={tags} onClose={() => setPickerOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
