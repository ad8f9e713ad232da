import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import type { User } from '@/lib/api-types';
import { PushReminderSwitch } from './push-reminder-switch';

// The browser's Push API and Notification stand in for a browser here (jsdom has neither); the
// server's side is proven against the real stack in tests/integration/push-api.test.ts.

const SERVER_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const english: User = { ...testUser, language: 'en' };

interface FakeBrowser {
  subscribe: ReturnType<typeof vi.fn<(options: PushSubscriptionOptionsInit) => void>>;
  unsubscribe: ReturnType<typeof vi.fn<() => void>>;
  requestPermission: ReturnType<typeof vi.fn<() => Promise<NotificationPermission>>>;
  subscription: PushSubscription | null;
}

/** A browser with a service worker, the Push API and Notification, as `permission` says. */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted', subscribed = false): FakeBrowser {
  const browser: FakeBrowser = {
    subscribe: vi.fn<(options: PushSubscriptionOptionsInit) => void>(),
    unsubscribe: vi.fn<() => void>(),
    requestPermission: vi.fn(async () => answer),
    subscription: null,
  };
  const makeSubscription = (key: ArrayBuffer) =>
    ({
      endpoint: 'https://push.example.com/send/abc',
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => ({ endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'a'.repeat(22) } }),
      unsubscribe: async () => {
        browser.unsubscribe();
        browser.subscription = null;
        return true;
      },
    }) as unknown as PushSubscription;
  const serverKeyBytes = Uint8Array.from(atob(SERVER_KEY.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0)).buffer;
  if (subscribed) browser.subscription = makeSubscription(serverKeyBytes);
  const pushManager = {
    getSubscription: async () => browser.subscription,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      browser.subscribe(options);
      browser.subscription = makeSubscription((options.applicationServerKey as Uint8Array).buffer as ArrayBuffer);
      return browser.subscription;
    },
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission, requestPermission: browser.requestPermission }));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return browser;
}

/** The /api as the switch meets it: the key, subscribing, unsubscribing, the user update. */
function fakeApi(options: { key?: string | null; remaining?: number } = {}) {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/push/key') return json({ success: true, data: { publicKey: options.key === undefined ? SERVER_KEY : options.key } });
    if (url.pathname === '/api/push/subscribe') return json({ success: true, data: { endpoint: 'https://push.example.com/send/abc', createdAt: '2026-12-08T19:00:00Z' } });
    if (url.pathname === '/api/push/unsubscribe') return json({ success: true, data: { removed: true, remaining: options.remaining ?? 0 } });
    if (url.pathname === '/api/user/update') {
      const update = JSON.parse(String(init.body)) as { reminders: { push: boolean } };
      return json({ success: true, user: { ...english, reminders: { ...english.reminders, ...update.reminders } } });
    }
    return json({ success: false, code: 'not_found', message: 'Not found.' }, 404);
  });
}

beforeEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const theSwitch = () => screen.findByRole('switch', { name: 'Reminders on this device' });

describe('PushReminderSwitch', () => {
  it('shows nothing where the browser cannot do push', async () => {
    const fetchMock = fakeApi();
    renderWithProviders(<PushReminderSwitch user={english} />, { user: english });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText(/notification/)).toBeNull();
    expect(callsTo(fetchMock, '/push/key')).toEqual([]);
  });

  it('shows nothing where the server has no VAPID key', async () => {
    fakeBrowser('default');
    const fetchMock = fakeApi({ key: null });
    renderWithProviders(<PushReminderSwitch user={english} />, { user: english });
    // Disabled while the key is asked for, then gone.
    expect(await theSwitch()).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('switch')).toBeNull());
    expect(callsTo(fetchMock, '/push/key')).toHaveLength(1);
  });

  it('asks for permission only on the click, then subscribes with the server’s key and turns the setting on', async () => {
    const browser = fakeBrowser('default');
    const fetchMock = fakeApi();
    renderWithProviders(<PushReminderSwitch user={english} />, { user: english });
    const control = await theSwitch();
    await waitFor(() => expect(control).toBeEnabled());
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await userEvent.setup().click(control);
    await waitFor(() => expect(control).toBeChecked());
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0][0];
    expect(options.userVisibleOnly).toBe(true);
    expect(btoa(String.fromCharCode(...(options.applicationServerKey as Uint8Array))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')).toBe(SERVER_KEY);
    expect(callsTo(fetchMock, '/push/subscribe').map((call) => call.body.endpoint)).toEqual(['https://push.example.com/send/abc']);
    expect(callsTo(fetchMock, '/user/update').map((call) => call.body)).toEqual([{ reminders: { push: true } }]);
    expect(screen.getByText('Your daily reminder will appear as a notification on this device.')).toBeInTheDocument();
  });

  it('says so and changes nothing when the learner dismisses the prompt', async () => {
    const browser = fakeBrowser('default', 'default');
    const fetchMock = fakeApi();
    renderWithProviders(<PushReminderSwitch user={english} />, { user: english });
    const control = await theSwitch();
    await waitFor(() => expect(control).toBeEnabled());
    await userEvent.setup().click(control);
    expect(await screen.findByRole('alert')).toHaveTextContent('Jerga was not allowed to show notifications, so reminders stay off on this device.');
    expect(control).not.toBeChecked();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect([...callsTo(fetchMock, '/push/subscribe'), ...callsTo(fetchMock, '/user/update')]).toEqual([]);
  });

  it('explains blocked notifications instead of offering the switch', async () => {
    const browser = fakeBrowser('denied');
    fakeApi();
    renderWithProviders(<PushReminderSwitch user={english} />, { user: english });
    const control = await theSwitch();
    expect(control).toBeDisabled();
    expect(screen.getByText(/Notifications are blocked for Jerga in this browser/)).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('turning it off tells the server, drops the subscription and the setting once no device is left', async () => {
    const browser = fakeBrowser('granted', 'granted', true);
    const fetchMock = fakeApi({ remaining: 0 });
    const on = { ...english, reminders: { ...english.reminders, push: true } };
    renderWithProviders(<PushReminderSwitch user={on} />, { user: on });
    const control = await theSwitch();
    await waitFor(() => expect(control).toBeChecked());
    await userEvent.setup().click(control);
    await waitFor(() => expect(control).not.toBeChecked());
    expect(callsTo(fetchMock, '/push/unsubscribe').map((call) => call.body)).toEqual([{ endpoint: 'https://push.example.com/send/abc' }]);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(callsTo(fetchMock, '/user/update').map((call) => call.body)).toEqual([{ reminders: { push: false } }]));
  });

  it('keeps the setting on while another device is still subscribed', async () => {
    fakeBrowser('granted', 'granted', true);
    const fetchMock = fakeApi({ remaining: 1 });
    const on = { ...english, reminders: { ...english.reminders, push: true } };
    renderWithProviders(<PushReminderSwitch user={on} />, { user: on });
    const control = await theSwitch();
    await waitFor(() => expect(control).toBeChecked());
    await userEvent.setup().click(control);
    expect(await screen.findByText('Push reminders are on for another of your devices.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/user/update')).toEqual([]);
  });

  it('in Spanish too', async () => {
    fakeBrowser('denied');
    fakeApi();
    await act(() => i18n.changeLanguage('es'));
    try {
      renderWithProviders(<PushReminderSwitch user={english} />, { user: english });
      expect(await screen.findByRole('switch', { name: 'Recordatorios en este dispositivo' })).toBeDisabled();
      expect(screen.getByText(/Las notificaciones de Jerga están bloqueadas en este navegador/)).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en-US'));
    }
  });
});
