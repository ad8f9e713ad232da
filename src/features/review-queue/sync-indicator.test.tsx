import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { storeSessionFor } from '@/test/session';
import { resetReviewSync, reviewSync } from './reviews';
import { ReviewSyncIndicator } from './sync-indicator';

const rating = (n: number) => ({
  reviewId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  userId: testUser._id,
  flashcardId: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  quality: 'Good' as const,
  reviewedAt: new Date().toISOString(),
  durationMs: 900,
});

// Signed in as the learner whose ratings these are: a rating is sent only with its learner's token.
beforeEach(() => storeSessionFor(testUser._id));

afterEach(async () => {
  resetReviewSync();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

describe('ReviewSyncIndicator', () => {
  it('says how many reviews wait while offline, in English and Spanish, and goes once they are in', async () => {
    let reachable = false;
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    stubFetch(() => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return json({ success: true, data: {}, streak: { updated: false, streak: 1, longest: 1, freezes: 0, freezesUsed: 0, freezeEarned: false }, duplicate: false });
    });
    renderWithProviders(<ReviewSyncIndicator />);
    const sync = reviewSync();
    sync.setUser(testUser._id);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await act(() => sync.enqueue(rating(1)).then(() => undefined));
    expect(await screen.findByText('Offline — 1 review will sync')).toBeInTheDocument();
    await act(async () => {
      await sync.enqueue(rating(2));
      await sync.enqueue(rating(3));
    });
    expect(await screen.findByText('Offline — 3 reviews will sync')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('es').then(() => undefined));
    expect(await screen.findByText('Sin conexión — 3 repasos se sincronizarán')).toBeInTheDocument();
    reachable = true;
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await sync.flush();
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
