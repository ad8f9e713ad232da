// Web Push reminders (issue 32), imported by the Workbox service worker (vite.config.ts,
// `importScripts`). A push shows the reminder the server sent (supabase/functions/_shared/
// push/deliver.ts: {title, body, url, tag}); a click brings Jerga forward: a tab already on
// the reminder's page, else any Jerga tab (told where the reminder points: the app goes
// there without a reload), else a new window on the page (/flashcards).

const REMINDER_FALLBACK = { title: 'Jerga', body: '', url: '/flashcards', tag: 'jerga-reminder' };

/** The reminder in a push message; what is missing or malformed falls back, never throws. */
function reminderOf(data) {
  let sent = {};
  try {
    sent = data ? data.json() : {};
  } catch {
    sent = {};
  }
  const text = (value, fallback) => (typeof value === 'string' && value.trim() !== '' ? value : fallback);
  const url = text(sent && sent.url, REMINDER_FALLBACK.url);
  return {
    title: text(sent && sent.title, REMINDER_FALLBACK.title),
    body: text(sent && sent.body, REMINDER_FALLBACK.body),
    // Only a path of this app: a message cannot send the learner elsewhere.
    url: url.startsWith('/') && !url.startsWith('//') ? url : REMINDER_FALLBACK.url,
    tag: text(sent && sent.tag, REMINDER_FALLBACK.tag),
  };
}

self.addEventListener('push', (event) => {
  const reminder = reminderOf(event.data);
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      tag: reminder.tag,
      icon: '/icons/icon-192.png',
      data: { url: reminder.url },
    }),
  );
});

async function openReminder(path) {
  const target = new URL(path, self.location.origin);
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = tabs.filter((tab) => new URL(tab.url).origin === target.origin);
  const onPage = ours.find((tab) => new URL(tab.url).pathname === target.pathname);
  if (onPage) return onPage.focus();
  if (ours.length > 0) {
    ours[0].postMessage({ type: 'jerga:reminder-click', url: target.pathname + target.search });
    return ours[0].focus();
  }
  return self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(openReminder(typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : REMINDER_FALLBACK.url));
});
