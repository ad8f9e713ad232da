import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavBar } from '@/app/layout/nav-bar';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { storeSessionFor } from '@/test/session';
import { resetReviewSync, reviewSync } from './reviews';

// Log Out in the navigation with the learner's reviews queued on this device: sent first, or
// a dialog when they cannot be. The queue is the tab's own (in memory: jsdom has no IndexedDB)
// and its requests go through the real /api client to a stubbed fetch.

const reply = { success: true, data: {}, streak: { updated: false, streak: 1, longest: 1, freezes: 0, freezesUsed: 0, freezeEarned: false }, duplicate: false };
let serverReachable = true;
let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  storeSessionFor(testUser._id);
  serverReachable = true;
  fetchMock = stubFetch(() => (serverReachable ? json(reply) : Promise.reject(new TypeError('Failed to fetch'))));
});

afterEach(async () => {
  resetReviewSync();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

let counter = 0;
/** A review the learner made on this device, queued (and sent at once if the server answers). */
async function queueReview(): Promise<void> {
  counter += 1;
  const sync = reviewSync();
  sync.setUser(testUser._id);
  await sync.enqueue({
    reviewId: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    userId: testUser._id,
    flashcardId: `card-${counter}`,
    quality: 'Good',
    reviewedAt: new Date().toISOString(),
    durationMs: 700,
  });
}

const unsentOfLearner = async () => (await reviewSync().pendingOf(testUser._id)).length;
const keptOfLearner = async () => (await reviewSync().recentOf(testUser._id)).length;

function renderNav() {
  const logOut = vi.fn(async () => {});
  const user = userEvent.setup();
  const view = renderWithProviders(<NavBar />, { user: testUser, logOut });
  const nav = within(screen.getByRole('navigation'));
  return { logOut, user, ...view, logOutButton: () => nav.getByRole('button', { name: i18n.t('nav.logOut') }) };
}

describe('Log Out with reviews queued on this device', () => {
  it('sends them first, then logs out, says so and forgets the learner’s reviews kept here', async () => {
    counter = 0;
    serverReachable = false;
    await queueReview();
    await queueReview();
    serverReachable = true;
    const { logOut, user, logOutButton, router } = renderNav();
    await user.click(logOutButton());
    await vi.waitFor(() => expect(logOut).toHaveBeenCalledTimes(1));
    // Both reached the server before the session ended.
    expect(callsTo(fetchMock, '/flashcard/updateFlashcardReview/card-1')).toHaveLength(1);
    expect(callsTo(fetchMock, '/flashcard/updateFlashcardReview/card-2')).toHaveLength(1);
    expect(await screen.findByText('Logged out successfully!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(async () => expect(await keptOfLearner()).toBe(0));
  });

  it('offline: a dialog says how many are unsent; staying signed in (the default, Escape) keeps them; “Log out anyway” loses them', async () => {
    serverReachable = false;
    await queueReview();
    await queueReview();
    await queueReview();
    const { logOut, user, logOutButton } = renderNav();

    await user.click(logOutButton());
    const dialog = await screen.findByRole('dialog', { name: 'Reviews not sent yet' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText("3 reviews haven't been sent yet. If you log out now, they will be lost.")).toBeInTheDocument();
    const stay = within(dialog).getByRole('button', { name: 'Stay signed in' });
    expect(stay).toHaveFocus();
    // The focus stays in the dialog: Tab from its last control comes back to its first.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(stay).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(logOut).not.toHaveBeenCalled();
    expect(await unsentOfLearner()).toBe(3);

    await user.click(logOutButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stay signed in' }));
    expect(logOut).not.toHaveBeenCalled();

    await user.click(logOutButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out anyway' }));
    await vi.waitFor(() => expect(logOut).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Logged out successfully!')).toBeInTheDocument();
    await vi.waitFor(async () => expect(await unsentOfLearner()).toBe(0));
    // Tried, never answered: the server has none of them.
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/flashcard/updateFlashcardReview/'))).toBe(true);
  });

  it('“Try again” sends them once the server answers, and logs out', async () => {
    serverReachable = false;
    await queueReview();
    const { logOut, user, logOutButton } = renderNav();
    await user.click(logOutButton());
    const dialog = await screen.findByRole('dialog', { name: 'Reviews not sent yet' });
    expect(within(dialog).getByText("1 review hasn't been sent yet. If you log out now, it will be lost.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText("1 review hasn't been sent yet. If you log out now, it will be lost.")).toBeInTheDocument();
    expect(logOut).not.toHaveBeenCalled();

    serverReachable = true;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(logOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await unsentOfLearner()).toBe(0);
  });

  it('says it in Spanish', async () => {
    await i18n.changeLanguage('es');
    serverReachable = false;
    await queueReview();
    await queueReview();
    const { user } = renderNav();
    await user.click(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('button', { name: 'Cerrar sesión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repasos sin enviar' });
    expect(within(dialog).getByText('2 repasos aún no se han enviado. Si cierras sesión ahora, se perderán.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mantener la sesión' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Cerrar sesión igualmente' })).toBeInTheDocument();
  });

  it('keeps the learner signed in and says so when Auth refuses to end the session', async () => {
    const { logOut, user, logOutButton } = renderNav();
    logOut.mockRejectedValue(new Error('Auth answered 500'));
    await user.click(logOutButton());
    expect(await screen.findByText('Logout failed. Please try again.')).toBeInTheDocument();
  });
});
