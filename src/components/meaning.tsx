import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toSupportedLanguage } from '@/i18n';

/** Whether the reader is using the Spanish interface. */
export function useSpanishInterface(): boolean {
  const { i18n } = useTranslation();
  return toSupportedLanguage(i18n.resolvedLanguage) === 'es';
}

/** A tag's name in the reader's language: its Spanish name in the Spanish interface when it has one. */
export function useTagName(): (tag: { name: string; nameEs?: string | null }) => string {
  const spanish = useSpanishInterface();
  return useCallback((tag) => (spanish && tag.nameEs ? tag.nameEs : tag.name), [spanish]);
}

interface MeaningProps {
  /** The spec's description: the meaning in English, always there. */
  english: string;
  /** The meaning in Spanish, when the entry has one. */
  spanish?: string | null;
}

/**
 * An entry's meaning in the reader's language. The Spanish interface shows the Spanish meaning,
 * or, for an entry without one, the English meaning marked as such ("(en inglés)"); the
 * English interface shows the English one. Each text carries its language for screen readers.
 */
export function Meaning({ english, spanish }: MeaningProps) {
  const { t } = useTranslation();
  const spanishInterface = useSpanishInterface();
  if (!spanishInterface) return <span lang="en">{english}</span>;
  if (spanish) return <span lang="es">{spanish}</span>;
  return (
    <>
      <span lang="en">{english}</span> <span className="meaning__language">{t('entry.inEnglish')}</span>
    </>
  );
}
