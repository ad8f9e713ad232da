import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LockIcon } from '@/components/icons';
import { PageLoading } from '@/app/root-layout';
import { useAuth } from '@/features/auth';
import { ChatScreen } from '@/features/chat';

/** /chat — the Spanish tutor (spec §4 "Chat"); visitors are asked to log in. */
export function ChatPage() {
  const { t } = useTranslation();
  const { isLoading, isLoggedIn, user } = useAuth();
  if (isLoading) return <PageLoading />;
  if (!isLoggedIn || !user) return <ChatLoginRequired />;
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

/** Spec §6: "Please log in to use the chat feature", with the way to do it (and back here after). */
function ChatLoginRequired() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <section className="state-panel">
      <span className="state-panel__icon">
        <LockIcon />
      </span>
      <h1 className="state-panel__title">{t('chat.loginRequired')}</h1>
      <div className="state-panel__actions">
        <Link className="button button--primary" to="/login" state={{ from: `${pathname}${search}` }}>
          {t('nav.logIn')}
        </Link>
        <Link className="button button--ghost" to="/register" state={{ from: `${pathname}${search}` }}>
          {t('auth.registerLink')}
        </Link>
      </div>
    </section>
  );
}
