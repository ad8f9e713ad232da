import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useUpdateUser, type AuthUser } from '@/features/auth';
import { serverKeyQueryOptions } from './api/get-server-key';
import { forgetSubscription, saveSubscription } from './api/push-subscriptions';
import { currentSubscription, pushSupported, PushSetupError, subscribeBrowser, type PushFailure } from './browser-push';

/**
 * - `hidden`: this browser cannot do push, or this deployment has no VAPID key, or no service
 *   worker runs (dev server): nothing to offer;
 * - `checking`: reading this browser's subscription and the server's key;
 * - `denied`: the learner blocked notifications for the site (only the browser can undo it);
 * - `on` / `off`: reminders by push on this device or not.
 */
export type PushReminderStatus = 'hidden' | 'checking' | 'denied' | 'on' | 'off';

/** Why the last attempt failed: a PushSetupError's reason, or `failed` / `off_failed` for anything else. */
export type PushReminderFailure = PushFailure | 'failed' | 'off_failed';

/**
 * Push reminders on this device: this browser's subscription, told to the server, and the
 * learner's `reminders.push` setting (POST /api/user/update). Turning on asks for permission
 * (only ever from the learner's click), subscribes with the server's key and saves it; turning
 * off tells the server, drops the subscription, and switches the setting off once none of the
 * learner's browsers is subscribed.
 */
export function usePushReminders(user: AuthUser) {
  const supported = pushSupported();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  // The latest saved setting: this switch's own update, else the learner's as loaded.
  const pushSetting = (updateUser.data?.reminders?.push ?? user.reminders?.push) === true;
  const serverKey = useQuery({ ...serverKeyQueryOptions(), enabled: supported });
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [permission, setPermission] = useState<NotificationPermission>(() => (supported ? Notification.permission : 'default'));
  const [hasWorker, setHasWorker] = useState<boolean | null>(null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void (async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await currentSubscription();
      if (!live) return;
      setHasWorker(Boolean(registration));
      setSubscribed(Boolean(subscription));
    })();
    return () => {
      live = false;
    };
  }, [supported]);

  const turnOn = useMutation({
    // `asked` is the permission prompt, started in the click itself (browsers require it).
    mutationFn: async (asked: Promise<NotificationPermission>) => {
      const answer = await asked;
      setPermission(answer);
      if (answer === 'denied') throw new PushSetupError('denied');
      if (answer !== 'granted') throw new PushSetupError('dismissed');
      const publicKey = await queryClient.fetchQuery(serverKeyQueryOptions());
      if (!publicKey) throw new PushSetupError('unavailable');
      const subscription = await subscribeBrowser(publicKey);
      await saveSubscription(subscription);
      setSubscribed(true);
      if (!pushSetting) await updateUser.mutateAsync({ reminders: { push: true } });
    },
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      let remaining = 0;
      if (subscription) {
        remaining = (await forgetSubscription(subscription.endpoint)).remaining;
        await subscription.unsubscribe();
      }
      setSubscribed(false);
      if (remaining === 0 && pushSetting) await updateUser.mutateAsync({ reminders: { push: false } });
    },
  });

  const failure: PushReminderFailure | null = turnOn.error
    ? turnOn.error instanceof PushSetupError
      ? turnOn.error.reason
      : 'failed'
    : turnOff.error
      ? 'off_failed'
      : null;

  const status: PushReminderStatus = (() => {
    if (!supported || serverKey.data === null || hasWorker === false) return 'hidden';
    if (permission === 'denied') return 'denied';
    if (subscribed === null || serverKey.isPending || hasWorker === null) return 'checking';
    return subscribed && pushSetting ? 'on' : 'off';
  })();

  return {
    status,
    /** The learner's push setting is on, for a browser other than this one. */
    onElsewhere: status === 'off' && pushSetting,
    busy: turnOn.isPending || turnOff.isPending || updateUser.isPending,
    /** Call from the learner's click only: it asks the browser for notification permission. */
    turnOn: () => {
      turnOff.reset();
      turnOn.mutate(Notification.requestPermission());
    },
    turnOff: () => {
      turnOn.reset();
      turnOff.mutate();
    },
    failure,
  };
}
