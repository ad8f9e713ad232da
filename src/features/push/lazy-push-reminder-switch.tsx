import { lazy, Suspense } from 'react';
import type { AuthUser } from '@/features/auth';

// The push code (and its strings) is its own chunk, fetched only where the switch is shown.
const Switch = lazy(() => import('./push-reminder-switch').then((module) => ({ default: module.PushReminderSwitch })));

/** Reminders by Web Push on this device (see push-reminder-switch.tsx), loaded when first shown. */
export function PushReminderSwitch({ user }: { user: AuthUser }) {
  return (
    <Suspense fallback={null}>
      <Switch user={user} />
    </Suspense>
  );
}
