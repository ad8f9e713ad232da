import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { storeSessionFor } from '@/test/session';
import OfflineSupport from './offline-support';
import { resetReviewSync, reviewSync } from './reviews';

const registration = vi.hoisted(() => ({ update: vi.fn(), options: undefined as undefined | { onNeedRefresh?: () => void } }));
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: { onNeedRefresh?: () => void }) => {
    registration.options = options;
    return registration.update;
  },
}));

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  resetReviewSync();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  registration.options = undefined;
  registration.update.mockReset();
});

describe('OfflineSupport', () => {
  it('registers the service worker in a production build and offers a waiting update with Reload', async () => {
    vi.stubEnv('PROD', true);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
    const user = userEvent.setup();
    renderWithProviders(<OfflineSupport />, { user: testUser });
    await vi.waitFor(() => expect(registration.options).toBeDefined());
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();
    registration.options!.onNeedRefresh!();
    expect(await screen.findByText('Update available')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(registration.update).toHaveBeenCalledWith(true);
  });

  it('goes where a clicked push reminder points (an app path only), as the service worker tells it', async () => {
    vi.stubEnv('PROD', false);
    const worker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
    const { router } = renderWithProviders(<OfflineSupport />, { user: testUser });
    const tell = (data: unknown) => worker.dispatchEvent(new MessageEvent('message', { data }));
    await vi.waitFor(() => {
      tell({ type: 'jerga:reminder-click', url: '/flashcards' });
      expect(router.state.location.pathname).toBe('/flashcards');
    });
    // Another origin, or another message, moves nothing; the listener is still there after them.
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    tell({ type: 'jerga:reminder-click', url: '//evil.example/flashcards' });
    tell({ type: 'jerga:reminder-click', url: 'https://evil.example/' });
    tell({ type: 'something-else', url: '/account' });
    tell({ type: 'jerga:reminder-click', url: '/flashcards/cards' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/flashcards/cards'));
    expect(new Set(visited)).toEqual(new Set(['/flashcards/cards']));
  });

  it('registers nothing outside a production build, and starts the signed-in learner’s review queue', async () => {
    vi.stubEnv('PROD', false);
    const setUser = vi.spyOn(reviewSync(), 'setUser');
    renderWithProviders(<OfflineSupport />, { user: testUser });
    await vi.waitFor(() => expect(setUser).toHaveBeenCalledWith(testUser._id));
    expect(registration.options).toBeUndefined();
  });

  it('keeps on the device, from the start, only the signed-in learner’s confirmed reviews; another learner’s queued ones wait for them', async () => {
    vi.stubEnv('PROD', false);
    const other = '00000000-0000-4000-8000-0000000000ff';
    const sync = reviewSync();
    const review = (userId: string, n: number) => ({ reviewId: `00000000-0000-4000-8000-00000000030${n}`, userId, flashcardId: `card-${n}`, quality: 'Good' as const, reviewedAt: new Date().toISOString(), durationMs: 500 });
    // What an earlier visit left: the other learner's confirmed review, and one still queued.
    storeSessionFor(other);
    stubFetch(() => json({ success: true, data: {}, streak: { updated: false, streak: 1, longest: 1, freezes: 0, freezesUsed: 0, freezeEarned: false }, duplicate: false }));
    sync.setUser(other);
    await sync.enqueue(review(other, 1));
    await sync.flush();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await sync.enqueue(review(other, 2));
    sync.setUser(null);
    expect((await sync.recentOf(other)).map((row) => row.flashcardId)).toEqual(['card-1', 'card-2']);

    renderWithProviders(<OfflineSupport />, { user: testUser });
    await vi.waitFor(async () => expect((await sync.recentOf(other)).map((row) => row.flashcardId)).toEqual(['card-2']));
  });
});
