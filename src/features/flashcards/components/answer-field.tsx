import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The optional typed answer of a card that asks for the word: Enter (or Check) turns the card. */
export function AnswerField({ typed, onType, onFlip }: { typed: string; onType: (text: string) => void; onFlip: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFlip();
  };
  return (
    <form className="review-answer" onSubmit={submit}>
      <label htmlFor={id} className="review-answer__label">
        {t('flashcards.answerLabel')}
      </label>
      <div className="review-answer__row">
        <input
          id={id}
          className="input review-answer__input"
          lang="es"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={200}
          value={typed}
          onChange={(event) => onType(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={!typed.trim()}>
          {t('flashcards.check')}
        </button>
      </div>
    </form>
  );
}
