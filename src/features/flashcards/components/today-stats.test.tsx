import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header } from '@/app/layout/header';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { TodayStats } from './today-stats';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubToday(total: number, today: { newCards: number; reviews: number }, learning?: number) {
  return stubFetch((url) => {
    if (url.pathname.startsWith('/api/flashcard/getDueFlashcards/'))
      return json({ success: true, data: [], total, learning, today: { newCardsPerDay: 20, maxReviewsPerDay: 200, ...today } });
    if (url.pathname.startsWith('/api/notifications')) return json({ success: true, data: [], unread: 0, nextCursor: null });
    return json({ data: [], nextCursor: null });
  });
}

// The header's progress is a lazy part: its first render waits for its module.
describe('TodayStats', () => {
  it('the header shows the streak and today’s cards done out of done and left, linking to /flashcards, from the smallest due page', async () => {
    const fetchMock = stubToday(6, { newCards: 3, reviews: 1 });
    renderWithProviders(<Header />, { user: { ...testUser, currentStreak: 5 } });
    const link = await screen.findByRole('link', { name: /^Streak: 5 days\.\s*Today: 4 of 10 cards done, 6 left$/ }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/flashcards');
    expect(within(link).getByText('4/10')).toBeInTheDocument();
    const calls = callsTo(fetchMock, `/flashcard/getDueFlashcards/${testUser._id}`);
    expect(calls).toHaveLength(1);
    expect(calls[0].url.searchParams.get('limit')).toBe('1');
  });

  it('counts the cards in a learning step as learning, neither done nor left (todayCounts)', async () => {
    stubToday(6, { newCards: 3, reviews: 1 }, 2);
    renderWithProviders(<Header />, { user: { ...testUser, currentStreak: 5 } });
    const link = await screen.findByRole('link', { name: /^Streak: 5 days\.\s*Today: 4 of 8 cards done, 4 left, 2 learning$/ }, { timeout: 5000 });
    expect(within(link).getByText('4/8')).toBeInTheDocument();
  });

  it('shows no progress when today has no session at all, and nothing for a visitor', async () => {
    stubToday(0, { newCards: 0, reviews: 0 });
    renderWithProviders(<Header />, { user: { ...testUser, currentStreak: 1 } });
    const link = await screen.findByRole('link', { name: 'Streak: 1 day.' });
    expect(link).not.toHaveTextContent(/\d\/\d/);
  });

  it('the session’s end screen says the streak and the day’s progress in words and as a bar', async () => {
    stubToday(0, { newCards: 2, reviews: 5 });
    renderWithProviders(<TodayStats variant="end" user={{ ...testUser, currentStreak: 3 }} />, { user: testUser });
    expect(await screen.findByText('Today: 7 of 7 cards done, 0 left')).toBeInTheDocument();
    expect(screen.getByText('Streak: 3 days')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Today: 7 of 7 cards done, 0 left' })).toHaveAttribute('value', '7');
  });
});
