import { useTranslation } from 'react-i18next';
import { checkAnswer, type AnswerCheck } from './answer-compare';

/** The typed answer against the word: right or not (case and accents aside), what differs marked. */
export function AnswerResult({ typed, word }: { typed: string; word: string }) {
  const { t } = useTranslation();
  const result: AnswerCheck = checkAnswer(typed, word);
  const verdict = result.exact ? 'answerCorrect' : result.correct ? 'answerAccents' : 'answerWrong';
  return (
    <div className={`review-result review-result--${result.correct ? 'right' : 'wrong'}`}>
      <p className="review-result__verdict" role="status">
        {t(`flashcards.${verdict}`)}
      </p>
      <p className="review-result__typed">{t('flashcards.yourAnswer', { answer: typed.trim() })}</p>
      <p className="review-result__word">
        <span className="visually-hidden">{t('flashcards.theWord')}: </span>
        <span lang="es">
          {result.parts.map((part, index) =>
            part.mark === 'same' ? (
              <span key={index}>{part.text}</span>
            ) : (
              <mark key={index} className={`review-result__mark review-result__mark--${part.mark}`}>
                {part.text}
              </mark>
            ),
          )}
        </span>
      </p>
    </div>
  );
}
