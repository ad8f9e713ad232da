import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

// public/push-sw.js, the service worker's push and notificationclick handlers, run in a
// context of its own with a stand-in for the worker's global (`self`). That a real Chromium
// service worker shows the notification for a push is tests/e2e/push-notification.test.ts.

const source = readFileSync(path.resolve(import.meta.dirname, '../../../public/push-sw.js'), 'utf8');
const ORIGIN = 'https://jerga.example';

interface Tab {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function worker(tabs: Tab[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => tabs), openWindow: vi.fn(async () => null) },
  };
  vm.runInNewContext(source, { self, URL });
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: object) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  return { self, dispatch };
}

const tab = (url: string): Tab => ({ url, focus: vi.fn(async () => undefined), postMessage: vi.fn() });
const push = (data: unknown) => ({ data: { json: () => (typeof data === 'string' ? JSON.parse(data) : data) } });
const click = (url: unknown) => ({ notification: { data: { url }, close: vi.fn() } });

describe('the service worker’s push handler', () => {
  it('shows the reminder the server sent', async () => {
    const { self, dispatch } = worker();
    await dispatch('push', push({ title: 'Time for Spanish', body: '12 cards are due.', url: '/flashcards', tag: 'reminder-2026-12-08' }));
    expect(self.registration.showNotification).toHaveBeenCalledWith('Time for Spanish', {
      body: '12 cards are due.',
      tag: 'reminder-2026-12-08',
      icon: '/icons/icon-192.png',
      data: { url: '/flashcards' },
    });
  });

  it('still shows a reminder for a push it cannot read, and never leads off the app', async () => {
    const { self, dispatch } = worker();
    await dispatch('push', push('{not json'));
    await dispatch('push', push({ title: 'Hi', url: 'https://elsewhere.example/phish' }));
    await dispatch('push', push({ title: 'Hi', url: '//elsewhere.example/phish' }));
    const shown = self.registration.showNotification.mock.calls as unknown as [string, { data: { url: string } }][];
    expect(shown.map(([title, options]) => [title, options.data.url])).toEqual([
      ['Jerga', '/flashcards'],
      ['Hi', '/flashcards'],
      ['Hi', '/flashcards'],
    ]);
  });
});

describe('the service worker’s notificationclick handler', () => {
  it('focuses a Jerga tab already on the reminder’s page', async () => {
    const [other, onPage] = [tab(`${ORIGIN}/compare`), tab(`${ORIGIN}/flashcards`)];
    const { self, dispatch } = worker([tab('https://elsewhere.example/flashcards'), other, onPage]);
    const event = click('/flashcards');
    await dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(onPage.focus).toHaveBeenCalled();
    expect(other.focus).not.toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('else brings another Jerga tab forward and tells it where the reminder points, without reloading it', async () => {
    const other = tab(`${ORIGIN}/entries/new`);
    const { self, dispatch } = worker([other]);
    await dispatch('notificationclick', click('/flashcards'));
    expect(other.focus).toHaveBeenCalled();
    expect(other.postMessage).toHaveBeenCalledWith({ type: 'jerga:reminder-click', url: '/flashcards' });
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('else opens /flashcards', async () => {
    const { self, dispatch } = worker([tab('https://elsewhere.example/')]);
    await dispatch('notificationclick', click('https://elsewhere.example/phish'));
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/flashcards`);
  });
});
