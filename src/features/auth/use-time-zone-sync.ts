import { useEffect, useRef } from 'react';
import { useUpdateUser } from './api/update-user';
import type { User } from './types';

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Streak days are counted in the user's own time zone: once per sign-in, the profile gets
 * the browser's zone when it differs. The outcome shows in the user object like any update.
 */
export function useTimeZoneSync(user: User | null) {
  const updateUser = useUpdateUser();
  const { mutate } = updateUser;
  const synced = useRef<string | null>(null);
  useEffect(() => {
    if (!user || synced.current === user._id) return;
    synced.current = user._id;
    const zone = browserTimeZone();
    if (zone && user.timeZone && zone !== user.timeZone) mutate({ timeZone: zone });
  }, [user, mutate]);
}
