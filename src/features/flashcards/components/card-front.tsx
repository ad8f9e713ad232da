import { useTranslation } from 'react-i18next';
import { useSpanishInterface } from '@/components/meaning';
import type { DueFlashcard } from '../api/types';
import { BLANK, blankWord, clozeParts } from './answer-compare';

/** The meaning in the reader's language: the Spanish one in the Spanish interface when there is one. */
function useMeaning(card: DueFlashcard): { text: string; lang: string } {
  const spanish = useSpanishInterface();
  const { description, descriptionEs } = card.content;
  return spanish && descriptionEs ? { text: descriptionEs, lang: 'es' } : { text: description, lang: 'en' };
}

/** A front's text with its blanks (five underscores) drawn as blanks and read as "blank". */
function Blanked({ text }: { text: string }) {
  const { t } = useTranslation();
  return clozeParts(text).map((part, index) => (
    <span key={index}>
      {index > 0 && (
        <span className="review-card__blank">
          <span aria-hidden="true">{BLANK}</span>
          <span className="visually-hidden">{t('flashcards.blank')}</span>
        </span>
      )}
      {part}
    </span>
  ));
}

/**
 * What the front asks, by kind: the word (basic); its meaning and country (reverse); the
 * example with the word blanked (cloze); its meaning "in <country>?" (variant).
 */
export function CardFront({ card, countryName }: { card: DueFlashcard; countryName: string }) {
  const { t } = useTranslation();
  const meaning = useMeaning(card);
  switch (card.kind) {
    case 'reverse':
      return (
        <>
          <h2 className="review-card__title review-card__title--meaning" lang={meaning.lang}>
            <Blanked text={blankWord(meaning.text, card.content.title)} />
          </h2>
          <p className="review-card__ask">{t('flashcards.reverseAsk')}</p>
        </>
      );
    case 'cloze':
      return (
        <>
          <h2 className="review-card__title review-card__title--sentence" lang="es">
            <Blanked text={card.prompt} />
          </h2>
          <p className="review-card__ask">{t('flashcards.clozeAsk')}</p>
        </>
      );
    case 'variant':
      return (
        <>
          <h2 className="review-card__title review-card__title--meaning">
            <Blanked
              text={t('flashcards.variantPrompt', {
                meaning: blankWord(meaning.text.replace(/\s*[.。]+$/u, ''), card.content.title),
                country: countryName,
              })}
            />
          </h2>
          <p className="review-card__ask">{t('flashcards.variantAsk')}</p>
        </>
      );
    default:
      return (
        <h2 className="review-card__title" lang="es">
          {card.content.title}
        </h2>
      );
  }
}
