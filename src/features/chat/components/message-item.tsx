import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountryFlag } from '@/features/countries';
import { AddFlashcardButton } from '@/features/flashcards';
import type { ChatCitation } from '../api/types';
import { MessageContent } from './message-content';

interface MessageItemProps {
  role: 'user' | 'assistant';
  content: string;
  citations?: ChatCitation[];
  /** The reply is still coming in. */
  streaming?: boolean;
}

/** One message: "You" or "Tutor", the words (the tutor's as markdown) and the entries it cited. */
export function MessageItem({ role, content, citations = [], streaming = false }: MessageItemProps) {
  const { t } = useTranslation();
  const tutor = role === 'assistant';
  return (
    <li className={`chat-message chat-message--${tutor ? 'tutor' : 'user'}`} aria-busy={streaming || undefined}>
      <p className="chat-message__author">{tutor ? t('chat.tutor') : t('chat.you')}</p>
      <div className="chat-message__bubble">
        {tutor ? (
          content ? (
            <MessageContent content={content} linkable={streaming ? undefined : new Set(citations.map((entry) => entry._id.toLowerCase()))} />
          ) : (
            <TypingDots />
          )
        ) : (
          <p className="chat-message__text">{content}</p>
        )}
      </div>
      {citations.length > 0 && (
        <ul className="chat-citations" aria-label={t('chat.cited')}>
          {citations.map((entry) => (
            <li key={entry._id} className="chat-citation">
              <Link className="chat-citation__link" to={`/content/${entry._id}`}>
                <CountryFlag code={entry.country} size="sm" />
                <span className="chat-citation__title">{entry.title}</span>
              </Link>
              <AddFlashcardButton entryId={entry._id} inFlashcards={entry.inFlashcards} compact />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function TypingDots() {
  return (
    <span className="chat-typing" aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  );
}
