import { useTranslation } from 'react-i18next';
import { useLearner } from '@/app/layout/learner-only';
import { ChatScreen } from '@/features/chat';
import enUSChat from '@/i18n/locales/en-US.chat.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// This page's English strings come with its chunk, not in the first download.
addEnglishPageStrings({ chat: enUSChat });

/** /chat — the Spanish tutor (spec §4 "Chat"); visitors are asked to log in ("to use the chat feature", page-paths.ts). */
export function ChatPage() {
  const { t } = useTranslation();
  const user = useLearner();
  return (
    <div className="page">
      <header className="page-banner chat-banner">
        <h1 className="page-banner__title">{t('chat.banner')}</h1>
        <p className="page-banner__text">{t('chat.intro')}</p>
      </header>
      <ChatScreen key={user._id} userId={user._id} />
    </div>
  );
}
