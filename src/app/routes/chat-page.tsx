import { useTranslation } from 'react-i18next';
import { LoginRequired } from '@/components/access-panels';
import { PageLoading } from '@/app/layout/root-layout';
import { useAuth } from '@/features/auth';
import { ChatScreen } from '@/features/chat';
import enUSChat from '@/i18n/locales/en-US.chat.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// This page's English strings come with its chunk, not in the first download.
addEnglishPageStrings({ chat: enUSChat });

/** /chat — the Spanish tutor (spec §4 "Chat"); visitors are asked to log in. */
export function ChatPage() {
  const { t } = useTranslation();
  const { isLoading, isLoggedIn, user } = useAuth();
  if (isLoading) return <PageLoading />;
  // Spec §6: "Please log in to use the chat feature", with the way to do it (and back here after).
  if (!isLoggedIn || !user) return <LoginRequired message={t('chat.loginRequired')} />;
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
