import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { keepOnlyAccount } from './device-data';
import { reviewSync } from './reviews';
import { applySyncedReview } from './synced-review-cache';
import './offline-strings';

/** The update toast stays until it is answered (a day, the longest a timer takes). */
const UPDATE_TOAST_MS = 24 * 60 * 60 * 1000;

/**
 * What runs beside every page once the app has drawn (loaded lazily, out of the first
 * download): the review queue of the signed-in learner starts sending what an earlier visit
 * left; the service worker is registered (production builds), and a new version waiting
 * says "Update available" with a Reload button rather than taking over by itself; the device
 * keeps what it keeps (due lists, confirmed reviews) for the learner signed in only; each
 * rating the server confirms updates the learner's cached profile and account data; a click on
 * a push reminder brings this tab to the reminder's page.
 */
export default function OfflineSupport() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user, isLoading } = useAuth();
  const userId = user?._id ?? null;

  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    return reviewSync().onSynced((reply, review) => {
      if (review.userId === userId) applySyncedReview(queryClient, userId, reply);
    });
  }, [userId, queryClient]);

  useEffect(() => {
    if (isLoading) return;
    reviewSync().setUser(userId);
    // At every start and every change of learner (signed out here or elsewhere, in any tab):
    // the device keeps nothing of anyone else (due lists, confirmed reviews); queued reviews
    // stay for their own learner, sent when they sign in here again.
    void keepOnlyAccount(userId).catch(() => undefined);
  }, [userId, isLoading]);

  const offerUpdate = useEffectEvent((update: () => void) => {
    toast.info(t('offline.updateAvailable'), { duration: UPDATE_TOAST_MS, action: { label: t('offline.reload'), onClick: update } });
  });
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      const updateServiceWorker = registerSW({
        onNeedRefresh: () => offerUpdate(() => void updateServiceWorker(true)),
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // A click on a push reminder while this tab is open (public/push-sw.js): the tab is brought
  // forward and told where the reminder points; it goes there (an app path only).
  const navigate = useNavigate();
  useEffect(() => {
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    if (typeof worker?.addEventListener !== 'function') return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type !== 'jerga:reminder-click' || typeof data.url !== 'string') return;
      if (data.url.startsWith('/') && !data.url.startsWith('//')) void navigate(data.url);
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [navigate]);

  return null;
}
