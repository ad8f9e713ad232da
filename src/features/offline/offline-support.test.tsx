import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testUser } from '@/test/render';
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

  it('registers nothing outside a production build, and starts the signed-in learner’s review queue', async () => {
    vi.stubEnv('PROD', false);
    const setUser = vi.spyOn(reviewSync(), 'setUser');
    renderWithProviders(<OfflineSupport />, { user: testUser });
    await vi.waitFor(() => expect(setUser).toHaveBeenCalledWith(testUser._id));
    expect(registration.options).toBeUndefined();
  });
});
