import { useEffect, useRef } from 'react';
import { useUpdateUser } from './api/update-user';
import type { User } from '@/lib/api-types';

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

const chosenKey = (userId: string) => `jerga.timeZoneChosen.${userId}`;

/** The zone the learner picked by hand on /account (this browser), if any. */
function chosenTimeZone(userId: string): string | null {
  try {
    return localStorage.getItem(chosenKey(userId));
  } catch {
    return null;
  }
}

/**
 * Remembers that the learner picked `zone` themselves, so signing in here again does not put
 * the browser's back (someone travelling who keeps their home days, or a browser that
 * reports UTC).
 */
export function rememberChosenTimeZone(userId: string, zone: string): void {
  try {
    localStorage.setItem(chosenKey(userId), zone);
  } catch {
    // Storage refused (private mode): the choice is saved on the profile, only not protected here.
  }
}

/**
 * Streak days are counted in the user's own time zone: once per sign-in, the profile gets
 * the browser's zone when it differs, unless the learner chose a zone by hand in this
 * browser. The outcome shows in the user object like any update.
 */
export function useTimeZoneSync(user: User | null) {
  const updateUser = useUpdateUser();
  const { mutate } = updateUser;
  const synced = useRef<string | null>(null);
  useEffect(() => {
    if (!user || synced.current === user._id) return;
    synced.current = user._id;
    if (chosenTimeZone(user._id)) return;
    const zone = browserTimeZone();
    if (zone && user.timeZone && zone !== user.timeZone) mutate({ timeZone: zone });
  }, [user, mutate]);
}
