import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { Spinner } from '@/components/popups';
import { useNotifications } from '@/app/live/use-notifications';
import { useGoogleLoginReturn, useSessionEndedNotice } from '@/features/auth';
import { useAfterPaint } from '@/lib/use-after-paint';

// The service worker's registration and the review queue's start, out of the first download
// and after the first screen is on display.
const OfflineSupport = lazy(() => import('@/features/review-queue/offline-support'));

/** The shell every page sits in: header (greeting + navigation), main, footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  useSessionEndedNotice();
  useGoogleLoginReturn();
  useNotifications();
  const afterPaint = useAfterPaint();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label={t('app.pageLoading')} />}
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
      {afterPaint && (
        <Suspense fallback={null}>
          <OfflineSupport />
        </Suspense>
      )}
    </div>
  );
}

/** A page's full-height spinner while what it shows first is still being read. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <Spinner size="lg" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
