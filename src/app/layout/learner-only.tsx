import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { LoginRequired } from '@/components/access-panels';
import { useAuth, type AuthUser } from '@/features/auth';
import type { PagePath } from '@/page-paths';
import { PageLoading } from './root-layout';

/** What a learner-only page's route tells the layout: its own "Please log in…" line, if any. */
export interface LearnerOnlyHandle {
  loginMessage?: PagePath['loginMessage'];
}

/**
 * The one layout of the pages only a signed-in learner may open (`learnerOnly` in
 * page-paths.ts): a spinner while the session is read; for a guest, spec §6's "Please log in
 * to view this page" (or the page's own line) with the way to log in and back; else the page.
 * Not in the app's first download: the router loads it with the page (which imports it too).
 */
export function LearnerOnlyLayout() {
  const { t } = useTranslation();
  const { isLoading, isLoggedIn, user } = useAuth();
  const { loginMessage } = (useMatches().at(-1)?.handle ?? {}) as LearnerOnlyHandle;
  if (isLoading) return <PageLoading />;
  if (!isLoggedIn || !user) return <LoginRequired message={loginMessage && t(loginMessage)} />;
  return <Outlet />;
}

/** The signed-in learner, on a page under the learner-only layout (which shows a guest no page). */
export function useLearner(): AuthUser {
  const { user } = useAuth();
  if (!user) throw new Error('useLearner: only a page under the learner-only layout may ask for the learner');
  return user;
}
