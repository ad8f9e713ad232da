import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlashcardsPage } from '@/app/routes/flashcards-page';
import { authKeys } from '@/features/auth';
import OfflineSupport from '@/features/review-queue/offline-support';
import { resetReviewSync, reviewSync } from '@/features/review-queue/reviews';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { storeSessionFor } from '@/test/session';
import type { DueFlashcard } from '../api/types';
import { firstLetters, formatInterval } from './review-format';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function makeDue(n: number, content: Partial<DueFlashcard['content']> = {}, card: Partial<DueFlashcard> = {}): DueFlashcard {
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms).toISOString();
  const id = `00000000-0000-4000-8000-00000000010${n}`;
  return {
    _id: id,
    userId: testUser._id,
    contentId: `00000000-0000-4000-8000-00000000020${n}`,
    kind: 'basic',
    prompt: content.title ?? `palabra ${n}`,
    createdAt: '2026-11-01T10:00:00Z',
    due: at(-DAY),
    state: 'review',
    stability: 3,
    difficulty: 5,
    scheduledDays: 3,
    learningSteps: 0,
    reps: 2,
    lapses: 0,
    lastReview: '2026-11-20T10:00:00Z',
    recording: null,
    retrievability: 0.9,
    preview: {
      again: { due: at(10 * MINUTE), scheduledDays: 0 },
      hard: { due: at(DAY), scheduledDays: 1 },
      good: { due: at(3 * DAY), scheduledDays: 3 },
      easy: { due: at(60 * DAY), scheduledDays: 60 },
    },
    content: {
      _id: `00000000-0000-4000-8000-00000000020${n}`,
      title: `palabra ${n}`,
      description: `meaning ${n}`,
      descriptionEs: null,
      exampleSentence: `ejemplo ${n}`,
      hint: '',
      country: 'MX',
      ...content,
    },
    ...card,
  };
}

interface Replies {
  due?: DueFlashcard[];
  all?: unknown[];
  review?: () => Response;
  streak?: Record<string, unknown>;
}

function stubApi({ due = [], all = [], review, streak = { updated: false, streak: 3, longest: 7, freezes: 0, freezesUsed: 0, freezeEarned: false } }: Replies) {
  return stubFetch((url, init) => {
    if (url.pathname.startsWith('/api/flashcard/getDueFlashcards/')) return json({ success: true, data: due, total: due.length });
    if (url.pathname.startsWith('/api/flashcard/getFlashcards/')) return json(all);
    if (url.pathname.startsWith('/api/flashcard/updateFlashcardReview/')) {
      if (review) return review();
      const id = url.pathname.split('/').pop();
      // As FSRS answers: Again is a relearning step ten minutes on, the others days away; the
      // rating counts the streak day itself (one round trip per rating).
      const again = (JSON.parse(String(init.body)) as { quality: string }).quality === 'Again';
      const next = again ? { state: 'relearning', due: new Date(Date.now() + 10 * MINUTE).toISOString() } : { state: 'review', due: new Date(Date.now() + 3 * DAY).toISOString() };
      return json({ success: true, data: { ...due.find((card) => card._id === id), ...next }, streak, duplicate: false });
    }
    if (url.pathname.startsWith('/api/user/updateStreak/') && init.method === 'PUT') return json({ success: true, ...streak });
    return json({ success: false, code: 'not_found', message: 'Not found.' }, 404);
  });
}

function renderPage(user = testUser as typeof testUser | null) {
  // Beside the page, as the app's layout has it: the queue's confirmed ratings update the learner's profile app-wide.
  return renderWithProviders(
    <>
      <FlashcardsPage />
      <OfflineSupport />
    </>,
    { path: '/flashcards', user, page: true },
  );
}

const card = () => screen.getByRole('article');
const title = () => within(card()).getByRole('heading', { level: 2 });

// Signed in as the learner whose ratings these are: a rating is sent only with its learner's token.
beforeEach(() => storeSessionFor(testUser._id));

afterEach(() => {
  resetReviewSync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('firstLetters and formatInterval', () => {
  it('shows the first letter of each word and every third, blanks the rest, keeps spaces and punctuation', () => {
    expect(firstLetters('trabajo')).toBe('t__b__o');
    expect(firstLetters('mucha chamba, ¿no?')).toBe('m__h_ c__m__, ¿n_?');
    expect(firstLetters('ñandú')).toBe('ñ__d_');
    expect(firstLetters('a  b')).toBe('a  b');
  });

  it('formats the time to a due date compactly in the reader’s language', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(formatInterval(at(MINUTE), now, 'en-US')).toBe('1 min');
    expect(formatInterval(at(-5 * MINUTE), now, 'en-US')).toBe('1 min');
    expect(formatInterval(at(10 * MINUTE), now, 'en-US')).toBe('10 min');
    expect(formatInterval(at(5 * 60 * MINUTE), now, 'en-US')).toBe('5 hr');
    expect(formatInterval(at(3 * DAY), now, 'en-US')).toBe('3 days');
    expect(formatInterval(at(61 * DAY), now, 'en-US')).toBe('2 mths');
    expect(formatInterval(at(800 * DAY), now, 'en-US')).toBe('2 yrs');
    expect(formatInterval(at(DAY - MINUTE), now, 'en-US')).toBe('1 day');
    expect(formatInterval(at(59.7 * MINUTE), now, 'en-US')).toBe('1 hr');
    expect(formatInterval(at(3 * DAY), now, 'es')).toBe('3 d');
  });
});

describe('/flashcards', () => {
  it('asks a logged-out visitor to log in, fetching nothing', () => {
    const fetchMock = stubApi({});
    renderPage(null);
    expect(screen.getByRole('heading', { name: 'Please log in to view this page' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the title on the front; a click flips it to the description, example and four ratings with their intervals', async () => {
    const user = userEvent.setup();
    stubApi({ due: [makeDue(1), makeDue(2)] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'palabra 1' })).toBeInTheDocument();
    expect(screen.getByText('2 cards left')).toBeInTheDocument();
    expect(screen.queryByText('meaning 1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Again/ })).not.toBeInTheDocument();
    await user.click(title());
    expect(screen.getByText('meaning 1')).toBeInTheDocument();
    expect(screen.getByText('ejemplo 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Again 10 min' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hard 1 day' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Good 3 days' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Easy 2 mths' })).toBeInTheDocument();
    expect(screen.getByText('Space flips the card, 1 to 4 rate it, R plays it.')).toBeInTheDocument();
  });

  it('flips with Space and with the Show answer button', async () => {
    const user = userEvent.setup();
    stubApi({ due: [makeDue(1)] });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    await user.keyboard(' ');
    expect(screen.getByText('meaning 1')).toBeInTheDocument();
    expect(card()).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.queryByText('meaning 1')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(screen.getByText('meaning 1')).toBeInTheDocument();
  });

  it('reveals the hint as its author wrote it, and "No hint provided" when there is none', async () => {
    const user = userEvent.setup();
    stubApi({ due: [makeDue(1, { hint: 'Something you do at work' }), makeDue(2)] });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    expect(screen.queryByText('Something you do at work')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show hint' }));
    expect(screen.getByText('Something you do at work')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide hint' })).toHaveAttribute('aria-expanded', 'true');
    // Showing the hint does not turn the card.
    expect(screen.queryByText('meaning 1')).not.toBeInTheDocument();
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Good/ }));
    expect(await screen.findByRole('heading', { name: 'palabra 2' })).toBeInTheDocument();
    expect(screen.queryByText(/_/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show hint' }));
    expect(screen.getByText('No hint provided')).toBeInTheDocument();
  });

  it('offers the answer\'s first letters as a help of its own on a card that asks for the word, not on a basic one', async () => {
    const user = userEvent.setup();
    stubApi({ due: [makeDue(1, { title: 'chamba', hint: 'Work' }, { kind: 'reverse', prompt: 'meaning 1 — Mexico' }), makeDue(2)] });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Show first letters' }));
    expect(screen.getByText('c__m__')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show first letters' })).not.toBeInTheDocument();
    // The hint is still the author's words.
    await user.click(screen.getByRole('button', { name: 'Show hint' }));
    expect(screen.getByText('Work')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /^Good/ }));
    expect(await screen.findByRole('heading', { name: 'palabra 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show first letters' })).not.toBeInTheDocument();
  });

  it('a card rated Again comes back when its step is due, after the others, with a countdown while it waits; other ratings take it out', async () => {
    // Midday in the learner's zone (Madrid), so the ten-minute step is well within their day.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T11:00:00Z') });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = stubApi({ due: [makeDue(1), makeDue(2), makeDue(3)] });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Again/ }));
    expect(await screen.findByRole('heading', { name: 'palabra 2' })).toBeInTheDocument();
    // Back for a step today: learning, no longer left (todayCounts).
    expect(screen.getByText('2 cards left')).toBeInTheDocument();
    expect(screen.getByText('1 learning')).toBeInTheDocument();
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Hard/ }));
    expect(await screen.findByRole('heading', { name: 'palabra 3' })).toBeInTheDocument();
    expect(screen.getByText('1 card left')).toBeInTheDocument();
    expect(screen.getByText('1 learning')).toBeInTheDocument();
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Easy/ }));
    // Card 1's step is ten minutes away: a countdown, not "come back tomorrow".
    expect(await screen.findByText('Next card in 10 min')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(10:00|9:5\d)$/);
    expect(screen.getByText('1 card is waiting for its next step. It comes back here when it is due.')).toBeInTheDocument();
    expect(screen.queryByText(/come back tomorrow/)).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4 * MINUTE);
    });
    expect(screen.getByText('Next card in 6 min')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6 * MINUTE);
    });
    expect(await screen.findByRole('heading', { name: 'palabra 1' })).toBeInTheDocument();
    expect(card()).toHaveFocus();
    expect(screen.getByText('0 cards left')).toBeInTheDocument();
    expect(screen.getByText('1 learning')).toBeInTheDocument();
    // Back for its step, its previews are asked for again.
    // (The rating is queued, so its step counts from the preview's due time: the fake clock's
    // six-minute jump passes it by a few one-second ticks, each of which may ask.)
    await waitFor(() => expect(callsTo(fetchMock, `/flashcard/getDueFlashcards/${testUser._id}`).length).toBeGreaterThan(1));
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Good/ }));
    expect(await screen.findByText("You've completed all your flashcards for today. Please come back tomorrow.")).toBeInTheDocument();
    const reviews = fetchMock.mock.calls
      .map(([input, init]) => ({ path: new URL(String(input), 'http://localhost').pathname, init: init ?? {} }))
      .filter(({ path }) => path.startsWith('/api/flashcard/updateFlashcardReview/'));
    expect(reviews.map(({ path, init }) => [path.split('/').pop()!.slice(-1), init.method, JSON.parse(String(init.body)).quality])).toEqual([
      ['1', 'PUT', 'Again'],
      ['2', 'PUT', 'Hard'],
      ['3', 'PUT', 'Easy'],
      ['1', 'PUT', 'Good'],
    ]);
    // Each rating carries its own id, when it was made and how long the card was shown; the
    // streak comes with the rating's answer, no updateStreak call.
    const bodies = reviews.map(({ init }) => JSON.parse(String(init.body)) as Record<string, unknown>);
    for (const body of bodies) {
      expect(body.reviewId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // Rated during the test, on its (fake) clock.
      expect(Date.parse(String(body.reviewedAt))).toBeGreaterThanOrEqual(Date.parse('2026-11-27T11:00:00Z'));
      expect(Date.parse(String(body.reviewedAt))).toBeLessThanOrEqual(Date.now());
      expect(body.durationMs).toEqual(expect.any(Number));
      expect(body.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(bodies.map((body) => body.reviewId)).size).toBe(4);
    expect(callsTo(fetchMock, `/user/updateStreak/${testUser._id}`)).toHaveLength(0);
    // The queue came from the due list; the whole list was never needed.
    expect(callsTo(fetchMock, `/flashcard/getFlashcards/${testUser._id}`)).toHaveLength(0);
  });

  it('a step due after the learner\'s day ends is left for tomorrow: "come back tomorrow" at once', async () => {
    // 23:55 in Madrid: a ten-minute step falls on the next local day.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T22:55:00Z') });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    stubApi({ due: [makeDue(1)] });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Again/ }));
    expect(await screen.findByText("You've completed all your flashcards for today. Please come back tomorrow.")).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  describe('when the learner’s day changes with the page open', () => {
    // Madrid's midnight: the learner's new day begins.
    const MIDNIGHT = Date.parse('2026-11-27T23:00:00Z');
    function stubDays(before: DueFlashcard[], after: DueFlashcard[]) {
      return stubFetch((url) => {
        if (url.pathname.startsWith('/api/flashcard/getDueFlashcards/')) {
          const due = Date.now() >= MIDNIGHT ? after : before;
          return json({ success: true, data: due, total: due.length, today: { newCardsPerDay: 20, maxReviewsPerDay: 200, newCards: 0, reviews: Date.now() >= MIDNIGHT ? 0 : 5 } });
        }
        if (url.pathname.startsWith('/api/flashcard/getFlashcards/')) return json([makeDue(9)]);
        if (url.pathname.startsWith('/api/flashcard/updateFlashcardReview/')) return json({ success: true, data: makeDue(1), streak: { updated: false, streak: 3, longest: 7, freezes: 0, freezesUsed: 0, freezeEarned: false }, duplicate: false });
        return json({ success: false, code: 'not_found', message: 'Not found.' }, 404);
      });
    }
    const dueCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
      fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname.startsWith('/api/flashcard/getDueFlashcards/'));

    it('"come back tomorrow" left open past midnight asks for the new day’s cards and progress', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T22:58:00Z') });
      const fetchMock = stubDays([], [makeDue(3)]);
      renderPage();
      expect(await screen.findByText("You've completed all your flashcards for today. Please come back tomorrow.")).toBeInTheDocument();
      expect(await screen.findByText('Today: 5 of 5 cards done, 0 left')).toBeInTheDocument();
      const before = dueCalls(fetchMock).length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(MINUTE);
      });
      // Still the same day: nothing asked again.
      expect(dueCalls(fetchMock)).toHaveLength(before);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(MINUTE + 30_000);
      });
      expect(await screen.findByRole('heading', { name: 'palabra 3' })).toBeInTheDocument();
      expect(screen.getByText('1 card left')).toBeInTheDocument();
      // The session's list (with the next day's) and today's progress, both asked again.
      const after = dueCalls(fetchMock).slice(before);
      expect(after.some((url) => url.searchParams.get('ahead') === '1')).toBe(true);
      expect(after.some((url) => url.searchParams.get('limit') === '1')).toBe(true);
    });

    it('a card being reviewed at midnight is finished first; its rating brings the new day’s list', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T22:59:00Z') });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const fetchMock = stubDays([makeDue(1), makeDue(2)], [makeDue(2), makeDue(3), makeDue(4)]);
      renderPage();
      await screen.findByRole('heading', { name: 'palabra 1' });
      await user.click(title());
      expect(screen.getByText('meaning 1')).toBeInTheDocument();
      const before = dueCalls(fetchMock).length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2 * MINUTE);
      });
      // Past midnight, the card and its answer stay where they were.
      expect(dueCalls(fetchMock)).toHaveLength(before);
      expect(card().querySelector('.review-card__back-title')).toHaveTextContent('palabra 1');
      expect(screen.getByText('meaning 1')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: /^Good/ }));
      // The rating counts; the new day's list takes over (its limits, its cards).
      expect(await screen.findByText('3 cards left')).toBeInTheDocument();
      expect(title()).toHaveTextContent('palabra 2');
      expect(dueCalls(fetchMock).length).toBeGreaterThan(before);
      await waitFor(() => expect(callsTo(fetchMock, '/flashcard/updateFlashcardReview/' + makeDue(1)._id)).toHaveLength(1));
    });

    it('offline with no kept list, the new day\'s list cannot come: the session goes on with the cards it has', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T22:59:00Z') });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      let offline = false;
      const fetchMock = stubFetch((url) => {
        if (offline) return Promise.reject(new TypeError('Failed to fetch'));
        if (url.pathname.startsWith('/api/flashcard/getDueFlashcards/')) return json({ success: true, data: [makeDue(1), makeDue(2)], total: 2 });
        return json({ success: false, code: 'not_found', message: 'Not found.' }, 404);
      });
      renderPage();
      await screen.findByRole('heading', { name: 'palabra 1' });
      await user.click(title());
      offline = true;
      onlineManager.setOnline(false);
      try {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(2 * MINUTE);
        });
        await user.click(screen.getByRole('button', { name: /^Good/ }));
        // Asked for (and failed), then the next card of the list it had.
        expect(await screen.findByRole('heading', { name: 'palabra 2' })).toBeInTheDocument();
        expect(dueCalls(fetchMock).length).toBeGreaterThan(1);
        expect(screen.queryByText("Your flashcards couldn't be loaded. Please try again.")).not.toBeInTheDocument();
      } finally {
        onlineManager.setOnline(true);
      }
    });
  });

  it('a learning card fetched before its step is due waits for it, after the cards that are ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T11:00:00Z') });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    stubApi({ due: [makeDue(1, {}, { state: 'learning', due: new Date(Date.now() + 2 * MINUTE).toISOString() }), makeDue(2)] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'palabra 2' })).toBeInTheDocument();
    expect(screen.getByText('1 card left')).toBeInTheDocument();
    expect(screen.getByText('1 learning')).toBeInTheDocument();
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Good/ }));
    expect(await screen.findByText('Next card in 2 min')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * MINUTE);
    });
    expect(await screen.findByRole('heading', { name: 'palabra 1' })).toBeInTheDocument();
  });

  it('counts the cards due beyond the first page and fetches the next page when this one is done', async () => {
    const user = userEvent.setup();
    const pages = [[makeDue(1), makeDue(2)], [makeDue(3)]];
    let served = 0;
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname.startsWith('/api/flashcard/getDueFlashcards/')) {
        const page = pages[Math.min(served++, pages.length - 1)];
        return json({ success: true, data: page, total: served === 1 ? 3 : 1 });
      }
      if (url.pathname.startsWith('/api/flashcard/updateFlashcardReview/')) return json({ success: true, data: { ...makeDue(1), due: new Date(Date.now() + 3 * DAY).toISOString() } });
      if (url.pathname.startsWith('/api/user/updateStreak/') && init.method === 'PUT') return json({ success: true, updated: false, streak: 1 });
      return json({ success: false, code: 'not_found', message: 'Not found.' }, 404);
    });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    expect(screen.getByText('3 cards left')).toBeInTheDocument();
    for (const next of ['palabra 2', 'palabra 3']) {
      await user.click(title());
      await user.click(screen.getByRole('button', { name: /^Good/ }));
      expect(await screen.findByRole('heading', { name: next })).toBeInTheDocument();
    }
    expect(screen.getByText('1 card left')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/flashcard/getDueFlashcards/${testUser._id}`)).toHaveLength(2);
  });

  it('Again on the only card: a countdown, then the card back on its front', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T11:00:00Z') });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    stubApi({ due: [makeDue(1)] });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Again/ }));
    expect(await screen.findByText('Next card in 10 min')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * MINUTE);
    });
    expect(await screen.findByRole('heading', { name: 'palabra 1' })).toBeInTheDocument();
    expect(screen.queryByText('meaning 1')).not.toBeInTheDocument();
    expect(screen.getByText('0 cards left')).toBeInTheDocument();
    expect(screen.getByText('1 learning')).toBeInTheDocument();
  });

  it('resets the card at once after a review: the next card’s front, unhinted, with focus on it, its 300 ms reset only drawn', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    stubApi({ due: [makeDue(1, { hint: 'pista' }), makeDue(2)] });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    expect(card()).not.toHaveClass('review-card--dealt');
    await user.click(screen.getByRole('button', { name: 'Show hint' }));
    await user.click(title());
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: /^Good/ }));
    // The rating is queued on the device (microtasks): no timer stands between it and the next card.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { name: 'palabra 2' })).toBeInTheDocument();
    expect(screen.queryByText('meaning 1')).not.toBeInTheDocument();
    expect(screen.queryByText('meaning 2')).not.toBeInTheDocument();
    expect(screen.queryByText('pista')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show hint' })).toHaveAttribute('aria-expanded', 'false');
    expect(card()).toHaveClass('review-card--dealt');
    expect(card()).not.toHaveClass('review-card--flipped');
    expect(card()).toHaveFocus();
  });

  it('Space and 1 to 4 drive the card after a click on the hint or the card, not the clicked button', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ due: [makeDue(1, { hint: 'work' }), makeDue(2)] });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    await user.click(screen.getByRole('button', { name: 'Show hint' }));
    expect(screen.getByRole('button', { name: 'Hide hint' })).toHaveFocus();
    await user.keyboard(' ');
    // The card turned; the hint stayed open (Space did not press the hint button).
    expect(screen.getByText('meaning 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide hint' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide hint' }));
    await user.keyboard('3');
    expect(await screen.findByRole('heading', { name: 'palabra 2' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/flashcard/updateFlashcardReview/' + makeDue(1)._id).map((call) => call.body.quality)).toEqual(['Good']);
  });

  it('Space presses a control reached with Tab; Enter presses the focused control', async () => {
    const user = userEvent.setup();
    stubApi({ due: [makeDue(1, { hint: 'work' })] });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    // A click on the card first (it turns, and back), then the keyboard takes over.
    await user.click(card());
    await user.click(card());
    expect(screen.queryByText('meaning 1')).not.toBeInTheDocument();
    await user.tab();
    while (!screen.getByRole('button', { name: 'Show hint' }).matches(':focus')) await user.tab();
    await user.keyboard(' ');
    expect(screen.getByText('work')).toBeInTheDocument();
    expect(screen.queryByText('meaning 1')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('work')).not.toBeInTheDocument();
  });

  it('rates with the keys 1 to 4 only once the card is turned', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ due: [makeDue(1), makeDue(2), makeDue(3), makeDue(4)] });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    await user.keyboard('3');
    expect(callsTo(fetchMock, '/flashcard/updateFlashcardReview/' + makeDue(1)._id)).toHaveLength(0);
    const qualities: string[] = [];
    for (const [key, next] of [['1', 'palabra 2'], ['2', 'palabra 3'], ['3', 'palabra 4'], ['4', null]] as const) {
      await user.keyboard(' ');
      await user.keyboard(key);
      // After the last, only card 1 (Again) is left, waiting for its step.
      if (next) expect(await screen.findByRole('heading', { name: next })).toBeInTheDocument();
      else expect(await screen.findByRole('timer')).toBeInTheDocument();
    }
    for (const n of [1, 2, 3, 4]) qualities.push(...callsTo(fetchMock, `/flashcard/updateFlashcardReview/${makeDue(n)._id}`).map((call) => call.body.quality));
    expect(qualities).toEqual(['Again', 'Hard', 'Good', 'Easy']);
  });

  it('R plays the card’s recording; the next card’s recordings are asked for ahead, and a card with none says so', async () => {
    const user = userEvent.setup();
    const [first, second] = [makeDue(1), makeDue(2)];
    const recording = {
      _id: '00000000-0000-4000-8000-000000000301',
      contentId: first.contentId,
      path: `${testUser._id}/${first.contentId}/take.webm`,
      url: 'http://127.0.0.1:54321/storage/v1/object/public/recordings/x.webm',
      country: 'MX',
      authorName: 'Ana',
      durationMs: 1200,
      voteScore: 1,
      userVote: null,
      createdAt: '2026-11-20T10:00:00Z',
      canDelete: false,
    };
    const asked: string[] = [];
    const base = stubApi({ due: [first, second] });
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname.startsWith('/api/recording/getRecordings/')) {
        const contentId = url.pathname.split('/').pop()!;
        asked.push(contentId);
        return json(contentId === first.contentId ? [recording] : []);
      }
      return base(url, init) as Promise<Response>;
    });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderPage();
    await screen.findByRole('button', { name: 'Play the recording' });
    // The second card's list is fetched while the first is shown.
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining([first.contentId, second.contentId])));
    await user.keyboard('r');
    expect(play).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    await user.keyboard('3');
    await screen.findByRole('heading', { name: 'palabra 2' });
    expect(await screen.findByRole('link', { name: 'Record one on the entry page' })).toHaveAttribute('href', `/content/${second.contentId}#recordings`);
    expect(screen.getByRole('button', { name: 'No recording yet.' })).toBeDisabled();
    await user.keyboard('r');
    expect(play).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, `/recording/getRecordings/${second.contentId}`)).toHaveLength(1);
  });

  it('queues a rating made after the connection dropped on the open page, at once (not held until it is back)', async () => {
    const user = userEvent.setup();
    stubApi({ due: [makeDue(1), makeDue(2)], review: () => Promise.reject(new TypeError('Failed to fetch')) as never });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    onlineManager.setOnline(false);
    try {
      await user.click(title());
      await user.click(screen.getByRole('button', { name: /^Good/ }));
      expect(await screen.findByRole('heading', { name: 'palabra 2' })).toBeInTheDocument();
      await waitFor(async () => expect((await reviewSync().pendingOf(testUser._id)).map((review) => review.flashcardId)).toEqual([makeDue(1)._id]));
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('moves on at once while the server cannot take the rating; says "Error updating flashcard review" when it refuses one for good', async () => {
    const user = userEvent.setup();
    let reply = () => json({ success: false, code: 'internal', message: 'Something went wrong.' }, 500);
    const fetchMock = stubApi({ due: [makeDue(1), makeDue(2), makeDue(3)], review: () => reply() });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Good/ }));
    // Queued: the next card comes up without the server, and no error is shown.
    expect(await screen.findByRole('heading', { name: 'palabra 2' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, '/flashcard/updateFlashcardReview/' + makeDue(1)._id)).toHaveLength(1));
    expect(screen.queryByText('Error updating flashcard review')).not.toBeInTheDocument();
    reply = () => json({ success: false, code: 'review_time_invalid', message: 'Bad time.' }, 400);
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Good/ }));
    // Both waiting ratings are refused now: the learner hears of it, and the session goes on.
    expect(await screen.findByText('Error updating flashcard review')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'palabra 3' })).toBeInTheDocument();
    expect(callsTo(fetchMock, `/user/updateStreak/${testUser._id}`)).toHaveLength(0);
  });

  it.each([
    [{ updated: true, streak: 4, longest: 7, freezes: 0, freezesUsed: 0, freezeEarned: false }, 'Streak updated! Current streak: 4', null],
    [{ updated: true, streak: 1, longest: 7, freezes: 0, freezesUsed: 0, freezeEarned: false }, 'Streak started! Current streak: 1', null],
    [{ updated: true, streak: 9, longest: 9, freezes: 0, freezesUsed: 1, freezeEarned: false }, 'Streak extended! A freeze covered the day you missed. Current streak: 9', null],
    [{ updated: true, streak: 7, longest: 7, freezes: 1, freezesUsed: 0, freezeEarned: true }, 'Streak updated! Current streak: 7', 'You earned a streak freeze!'],
  ])('shows the streak toast for %j and updates the user’s streak numbers', async (streak, success, info) => {
    const user = userEvent.setup();
    stubApi({ due: [makeDue(1), makeDue(2)], streak });
    const { queryClient } = renderPage();
    queryClient.setQueryData(authKeys.user(testUser._id), { user: testUser });
    await screen.findByRole('heading', { name: 'palabra 1' });
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Good/ }));
    expect(await screen.findByText(success)).toBeInTheDocument();
    if (info) expect(screen.getByText(info)).toBeInTheDocument();
    else expect(screen.queryByText('You earned a streak freeze!')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(authKeys.user(testUser._id))).toEqual({ user: { ...testUser, currentStreak: streak.streak, longestStreak: streak.longest } });
  });

  it('shows no streak toast when the reply says not updated', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ due: [makeDue(1), makeDue(2)] });
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    await user.click(title());
    await user.click(screen.getByRole('button', { name: /^Good/ }));
    await screen.findByRole('heading', { name: 'palabra 2' });
    await waitFor(() => expect(callsTo(fetchMock, '/flashcard/updateFlashcardReview/' + makeDue(1)._id)).toHaveLength(1));
    expect(screen.queryByText(/Streak/)).not.toBeInTheDocument();
  });

  it('tells a learner with no cards at all how to get some', async () => {
    stubApi({ due: [], all: [] });
    renderPage();
    expect(await screen.findByText("You don't have any flashcards yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse entries' })).toHaveAttribute('href', '/');
  });

  it('tells a learner whose cards are all reviewed to come back tomorrow', async () => {
    stubApi({ due: [], all: [makeDue(1)] });
    renderPage();
    expect(await screen.findByText("You've completed all your flashcards for today. Please come back tomorrow.")).toBeInTheDocument();
    expect(screen.queryByText("You don't have any flashcards yet.")).not.toBeInTheDocument();
  });

  it('offers to try again when the cards cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch((url) => {
      if (fail) return json({ success: false, code: 'internal', message: 'Something went wrong.' }, 500);
      return url.pathname.includes('getDueFlashcards') ? json({ success: true, data: [makeDue(1)], total: 1 }) : json({}, 404);
    });
    renderPage();
    expect(await screen.findByText("Your flashcards couldn't be loaded. Please try again.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'palabra 1' })).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    stubApi({ due: [makeDue(1), makeDue(2)] });
    await act(() => i18n.changeLanguage('es'));
    renderPage();
    await screen.findByRole('heading', { name: 'palabra 1' });
    expect(screen.getByText('Quedan 2 tarjetas')).toBeInTheDocument();
    await user.click(title());
    expect(screen.getByRole('button', { name: 'Bien 3 d' })).toBeInTheDocument();
  });
});

describe('/flashcards, each kind of card', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('a reverse card asks for the word from its meaning and country; a typed answer is checked ignoring accents, the difference marked', async () => {
    const user = userEvent.setup();
    stubApi({ due: [makeDue(1, { title: 'güey', description: 'Dude, mate.', country: 'MX' }, { kind: 'reverse', prompt: 'Dude, mate. — Mexico' })] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Dude, mate.' })).toBeInTheDocument();
    expect(screen.getByText('Which word means this?')).toBeInTheDocument();
    expect(within(card()).queryByText('güey')).not.toBeInTheDocument();
    // Typing is not rating: the keys 1 to 4 and Space go into the field.
    await user.type(screen.getByLabelText('Your answer (optional)'), 'guey 1');
    expect(screen.queryByRole('group', { name: 'How well did you remember it?' })).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Your answer (optional)'));
    await user.type(screen.getByLabelText('Your answer (optional)'), 'GUEY{Enter}');
    expect(await screen.findByText('Correct — mind the marked accents.')).toHaveAttribute('role', 'status');
    expect(screen.getByText('You wrote: GUEY')).toBeInTheDocument();
    const marked = card().querySelector('mark');
    expect(marked?.textContent).toBe('ü');
    expect(marked).toHaveClass('review-result__mark--accent');
    expect(screen.getByRole('button', { name: 'Good 3 days' })).toBeInTheDocument();
  });

  it('a reverse or variant front whose meaning names the word blanks it, so it gives nothing away', async () => {
    stubApi({
      due: [
        makeDue(1, { title: 'coger', description: 'To take: coger el autobús.', country: 'ES' }, { kind: 'reverse', prompt: 'To take: _____ el autobús. — Spain' }),
      ],
    });
    renderPage();
    const front = await screen.findByRole('heading', { level: 2 });
    expect(front).toHaveAccessibleName(/^To take:\s*blank\s*el autobús\.$/);
    expect(within(card()).queryByText(/coger/i)).not.toBeInTheDocument();
  });

  it('a wrong typed answer says so and marks the letters that differ', async () => {
    const user = userEvent.setup();
    stubApi({ due: [makeDue(1, { title: 'chamba' }, { kind: 'reverse', prompt: 'meaning 1 — Mexico' })] });
    renderPage();
    await user.type(await screen.findByLabelText('Your answer (optional)'), 'chanba');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Not quite: the letters that differ are marked.')).toBeInTheDocument();
    expect(Array.from(card().querySelectorAll('mark.review-result__mark--wrong')).map((mark) => mark.textContent)).toEqual(['m']);
  });

  it('a cloze card shows the example with a blank, never the word, and the whole example on the back', async () => {
    const user = userEvent.setup();
    stubApi({ due: [makeDue(1, { title: 'chamba', exampleSentence: 'Tengo mucha chamba hoy.' }, { kind: 'cloze', prompt: 'Tengo mucha _____ hoy.' })] });
    renderPage();
    const front = await screen.findByRole('heading', { level: 2 });
    expect(front).toHaveTextContent('Tengo mucha _____blank hoy.');
    expect(front).toHaveAccessibleName(/^Tengo mucha\s*blank\s*hoy\.$/);
    expect(within(card()).queryByText(/chamba/)).not.toBeInTheDocument();
    expect(screen.getByText('Which word fills the gap?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(screen.getByText('Tengo mucha chamba hoy.')).toBeInTheDocument();
    expect(screen.getByText('chamba')).toBeInTheDocument();
  });

  it('a variant card asks for the country’s form in the reader’s language and shows the group’s other forms', async () => {
    const user = userEvent.setup();
    await act(() => i18n.changeLanguage('es'));
    stubApi({
      due: [
        makeDue(1, { title: 'sorbete', description: 'A drinking straw.', descriptionEs: 'Pajita.', country: 'AR' }, {
          kind: 'variant',
          prompt: 'A drinking straw. — in Argentina?',
          variants: [
            { _id: 'v1', title: 'popote', country: 'MX' },
            { _id: 'v2', title: 'pajita', country: 'ES' },
          ],
        }),
      ],
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Pajita — ¿en Argentina?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar respuesta' }));
    expect(screen.getByText('En otros países')).toBeInTheDocument();
    expect(screen.getByText('popote')).toBeInTheDocument();
    expect(screen.getByText('México:')).toBeInTheDocument();
    expect(screen.getByText('pajita')).toBeInTheDocument();
  });
});
