import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '@/app/layout/header';
import { FlashcardsPage } from '@/app/routes/flashcards-page';
import OfflineSupport from '@/features/review-queue/offline-support';
import { resetReviewSync } from '@/features/review-queue/reviews';
import { json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { storeSessionFor } from '@/test/session';
import type { DueFlashcard } from '../api/types';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A card of the fake server: its state and when it is due. */
function makeCard(n: number, state: DueFlashcard['state']): DueFlashcard {
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const id = `00000000-0000-4000-8000-00000000030${n}`;
  return {
    _id: id,
    userId: testUser._id,
    contentId: `00000000-0000-4000-8000-00000000040${n}`,
    kind: 'basic',
    prompt: `palabra ${n}`,
    createdAt: '2026-11-01T10:00:00Z',
    due: at(-MINUTE * n),
    state,
    stability: 3,
    difficulty: 5,
    scheduledDays: state === 'new' ? 0 : 3,
    learningSteps: 0,
    reps: state === 'new' ? 0 : 2,
    lapses: 0,
    lastReview: state === 'new' ? null : '2026-11-20T10:00:00Z',
    recording: null,
    retrievability: state === 'new' ? null : 0.9,
    // A New card's Good is a ten-minute learning step (back today); the rest leave today.
    preview: {
      again: { due: at(MINUTE), scheduledDays: 0 },
      hard: { due: at(5 * MINUTE), scheduledDays: 0 },
      good: { due: state === 'new' ? at(10 * MINUTE) : at(3 * DAY), scheduledDays: state === 'new' ? 0 : 3 },
      easy: { due: at(8 * DAY), scheduledDays: 8 },
    },
    content: { _id: id, title: `palabra ${n}`, description: `meaning ${n}`, descriptionEs: null, exampleSentence: `ejemplo ${n}`, hint: '', country: 'MX' },
  };
}

/**
 * A server that schedules as the previews say and counts the day as the database does: the
 * due list (any page size) with `total`, `learning` and `today`.
 */
function fakeServer(cards: DueFlashcard[], today: { newCards: number; reviews: number }) {
  const dayEnd = Date.parse('2026-11-27T23:00:00Z');
  return stubFetch((url, init) => {
    if (url.pathname.startsWith('/api/flashcard/getDueFlashcards/')) {
      const due = cards.filter((card) => Date.parse(card.due) < dayEnd);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const learning = due.filter((card) => card.state === 'learning' || card.state === 'relearning').length;
      return json({ success: true, data: due.slice(0, limit), total: due.length, learning, today: { newCardsPerDay: 20, maxReviewsPerDay: 200, ...today } });
    }
    if (url.pathname.startsWith('/api/flashcard/updateFlashcardReview/')) {
      const index = cards.findIndex((card) => card._id === url.pathname.split('/').pop());
      const { quality } = JSON.parse(String(init.body)) as { quality: 'Good' | 'Easy' };
      const before = cards[index];
      if (before.state === 'new') today.newCards += 1;
      if (before.state === 'review') today.reviews += 1;
      const due = quality === 'Good' ? before.preview.good.due : before.preview.easy.due;
      cards[index] = { ...before, due, state: before.state === 'new' && quality === 'Good' ? 'learning' : 'review' };
      return json({ success: true, data: cards[index], streak: { updated: false, streak: 3, longest: 7, freezes: 0, freezesUsed: 0, freezeEarned: false }, duplicate: false });
    }
    if (url.pathname.startsWith('/api/notifications')) return json({ success: true, data: [], unread: 0, nextCursor: null });
    return json({ success: false, code: 'not_found', message: 'Not found.' }, 404);
  });
}

beforeEach(() => storeSessionFor(testUser._id));

afterEach(() => {
  resetReviewSync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('today’s counts in the header and the session', () => {
  it('agree after each rating: a card leaving today lowers left by one at once, a learning step shows as learning', async () => {
    // Midday in the learner's zone (Madrid): the ten-minute step is within their day.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T11:00:00Z') });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    fakeServer([makeCard(1, 'review'), makeCard(2, 'new'), makeCard(3, 'new')], { newCards: 0, reviews: 2 });
    renderWithProviders(
      <>
        <Header />
        <FlashcardsPage />
        <OfflineSupport />
      </>,
      { path: '/flashcards', user: testUser, page: true },
    );
    const header = () => screen.getByRole('link', { name: /Today:/ });
    const session = () => screen.getByRole('article');
    const rate = async (quality: 'Good' | 'Easy') => {
      await user.click(within(session()).getByRole('heading', { level: 2 }));
      await user.click(screen.getByRole('button', { name: new RegExp(`^${quality}`) }));
    };
    /** The session's line and the header's numbers, read together. */
    const expectBoth = async (left: number, learning: number, done: number) => {
      const leftText = `${left} ${left === 1 ? 'card' : 'cards'} left`;
      await waitFor(() => expect(header()).toHaveAccessibleName(new RegExp(`Today: ${done} of ${done + left} cards done, ${left} left${learning ? `, ${learning} learning` : ''}$`)));
      if (screen.queryByRole('article')) {
        expect(screen.getByText(leftText)).toBeInTheDocument();
        if (learning) expect(screen.getByText(`${learning} learning`)).toBeInTheDocument();
        else expect(screen.queryByText(/\d+ learning/)).not.toBeInTheDocument();
      }
      expect(within(header()).getByText(`${done}/${done + left}`)).toBeInTheDocument();
    };

    await screen.findByRole('heading', { name: 'palabra 1' });
    await expectBoth(3, 0, 2);
    await rate('Good'); // the Review card: three days away
    await expectBoth(2, 0, 3);
    await rate('Good'); // a New card: its ten-minute learning step
    await expectBoth(1, 1, 4);
    await rate('Easy'); // the other New card: days away
    await expectBoth(0, 1, 5);
    expect(await screen.findByText('Next card in 10 min')).toBeInTheDocument();
  });
});
