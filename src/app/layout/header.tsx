import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '@/features/auth';
import { mayHaveSession } from '@/lib/supabase';
import { NavBar } from './nav-bar';

// Only for a signed-in learner, and not in the first download: the bell comes with its data.
const NotificationBell = lazy(() => import('@/features/notifications/components/notification-bell'));
// The streak and today's progress, likewise lazy (with their data).
const HeaderToday = lazy(() => import('@/features/flashcards/components/today-stats'));

export function Header() {
  const { t } = useTranslation();
  const { user, isLoggedIn, isLoading } = useAuth();
  const name = user?.name || t('header.guest');
  // A learner's header (their links, streak and bell) takes two rows on a wide screen: it has
  // them from the first frame, while the session is still being read, so nothing below jumps.
  const member = isLoggedIn || (isLoading && mayHaveSession());
  return (
    <header className="site-header">
      <div className={`site-header__inner${member ? ' site-header__inner--member' : ''}`}>
        <div className="site-header__brand">
          <Link to="/" className="logo">
            <span className="logo__mark" aria-hidden="true">J</span>
            <span className="logo__text">{t('app.name')}</span>
          </Link>
          <p className="greeting">{t('header.greeting', { name })}</p>
        </div>
        {isLoggedIn && (
          <Suspense fallback={null}>
            {user && <HeaderToday user={user} />}
            <NotificationBell />
          </Suspense>
        )}
        <NavBar />
      </div>
    </header>
  );
}
