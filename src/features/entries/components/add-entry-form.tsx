import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toasts';
import { useAddEntry } from '../api/add-entry';
import { EntryForm, type EntryValues } from './entry-form';
import { SameTitleNotice } from './same-title-notice';
import '../entry-form-strings';

export function AddEntryForm({ defaultAuthor }: { defaultAuthor: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const addEntry = useAddEntry();
  const initial: EntryValues = { title: '', description: '', descriptionEs: '', country: '', hint: '', exampleSentence: '', author: defaultAuthor, show: true };

  return (
    <EntryForm
      initial={initial}
      submitLabel={t('addContent.submit')}
      saving={addEntry.isPending}
      failedKey="addContent.failed"
      notice={(values) => <SameTitleNotice title={values.title} country={values.country} />}
      onSave={({ title, description, descriptionEs, country, hint, exampleSentence, author }) =>
        addEntry
          .mutateAsync({
            title,
            description,
            ...(descriptionEs ? { descriptionEs } : {}),
            country,
            hint: hint ?? undefined,
            exampleSentence: exampleSentence ?? undefined,
            author,
          })
          .then(
          (entry) => {
            toast.success(t('addContent.added'));
            navigate(`/content/${entry._id}`);
          },
          (error: unknown) => {
            toast.error(t('addContent.failed'));
            throw error;
          },
        )
      }
    />
  );
}
