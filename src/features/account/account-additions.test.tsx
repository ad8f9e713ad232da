import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '@/app/routes/account-page';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { buildHeatmap } from './activity-heatmap';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Replies {
  current?: unknown;
  longest?: unknown;
  days?: { date: string; reviews: number }[];
  exportReply?: () => Response;
}

function stubAccount({ current = { success: true, streak: 5, freezes: 1 }, longest = { success: true, streak: 12 }, days = [], exportReply }: Replies = {}) {
  return stubFetch((url) => {
    if (url.pathname.startsWith('/api/user/getCurrentStreak/')) return json(current);
    if (url.pathname.startsWith('/api/user/getLongestStreak/')) return json(longest);
    if (url.pathname.startsWith('/api/user/getReviewDays/')) return json({ success: true, timeZone: 'Europe/Madrid', days });
    if (url.pathname.startsWith('/api/flashcard/export'))
      return exportReply ? exportReply() : new Response('card_id,review_time\nabc,1\n', { headers: { 'Content-Type': 'text/csv' } });
    if (url.pathname.endsWith('/user/update')) return json({ user: { ...testUser, timeZone: 'America/Mexico_City' } });
    return json({ data: [], nextCursor: null });
  });
}

const renderAccount = () => renderWithProviders(<AccountPage />, { path: '/account', user: testUser, page: true });

describe('buildHeatmap', () => {
  it('lays out 53 weeks ending with today’s week, with five levels relative to the busiest day', () => {
    const { weeks, total } = buildHeatmap(
      { timeZone: 'UTC', days: [{ date: '2025-11-01', reviews: 99 }, { date: '2026-11-01', reviews: 1 }, { date: '2026-11-20', reviews: 4 }, { date: '2026-11-23', reviews: 8 }] },
      '2026-11-23',
    );
    expect(weeks).toHaveLength(53);
    // 2026-11-23 is a Monday: the last column has Sunday and Monday, then nothing.
    expect(weeks[52].map((day) => day?.date ?? null)).toEqual(['2026-11-22', '2026-11-23', null, null, null, null, null]);
    expect(weeks[0][0]?.date).toBe('2025-11-23');
    const byDate = new Map(weeks.flat().filter((day) => day !== null).map((day) => [day.date, day.level]));
    expect(byDate.get('2026-11-23')).toBe(4);
    expect(byDate.get('2026-11-20')).toBe(2);
    expect(byDate.get('2026-11-01')).toBe(1);
    expect(byDate.get('2026-11-02')).toBe(0);
    // A day before the calendar's first is neither counted nor the measure of the levels.
    expect(total).toBe(13);
  });
});

describe('Account page: streaks, activity, export, time zone', () => {
  it('shows the live streaks and the freezes held, from the user object until they arrive', async () => {
    let answer: () => void = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const base = stubAccount();
    stubFetch(async (url, init) => {
      if (url.pathname.includes('Streak')) await gate;
      return base(url.toString(), init);
    });
    renderAccount();
    const stat = (label: string) => screen.getByText(label).closest('div') as HTMLElement;
    expect(stat('Current streak')).toHaveTextContent('3 days');
    expect(stat('Longest streak')).toHaveTextContent('7 days');
    answer();
    await waitFor(() => expect(stat('Current streak')).toHaveTextContent('5 days'));
    expect(stat('Longest streak')).toHaveTextContent('12 days');
    expect(stat('Streak freezes')).toHaveTextContent('1 of 2');
    expect(stat('Streak freezes')).toHaveTextContent('Earn one for every 7 days in a row');
  });

  it('draws the review days as a picture with a summary, a title per day and five levels', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(Date.now());
    stubAccount({ days: [{ date: today, reviews: 6 }] });
    renderAccount();
    const picture = await screen.findByRole('img', { name: '6 reviews in the last year' });
    const cells = picture.querySelectorAll('rect');
    expect(cells.length).toBeGreaterThanOrEqual(365);
    const busy = [...cells].filter((cell) => cell.getAttribute('data-level') === '4');
    expect(busy).toHaveLength(1);
    const [year, month, day] = today.split('-').map(Number);
    const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
    expect(busy[0].querySelector('title')).toHaveTextContent(`${long}: 6 reviews`);
    expect([...cells].filter((cell) => cell.getAttribute('data-level') === '0')).toHaveLength(cells.length - 1);
    expect(screen.getByText('Less')).toBeInTheDocument();
    expect(screen.getByText('More')).toBeInTheDocument();
  });

  it('downloads the cards and the review log as CSV with the user’s token', async () => {
    const user = userEvent.setup();
    const created = vi.fn((blob: Blob) => (void blob, 'blob:csv'));
    const revoked = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked }));
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const fetchMock = stubAccount();
    renderAccount();
    await user.click(screen.getByRole('button', { name: 'Download review log (CSV)' }));
    await waitFor(() => expect(clicks).toEqual([{ href: 'blob:csv', download: 'jerga-review-log.csv' }]));
    expect(await created.mock.calls[0][0].text()).toBe('card_id,review_time\nabc,1\n');
    await waitFor(() => expect(revoked).toHaveBeenCalledWith('blob:csv'));
    const [call] = callsTo(fetchMock, `/flashcard/exportReviews/${testUser._id}`);
    expect((call.init.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
    await user.click(screen.getByRole('button', { name: 'Download flashcards (CSV)' }));
    await waitFor(() => expect(clicks[1]).toEqual({ href: 'blob:csv', download: 'jerga-flashcards.csv' }));
    expect(callsTo(fetchMock, `/flashcard/exportFlashcards/${testUser._id}`)).toHaveLength(1);
  });

  it('says so when a download fails', async () => {
    const user = userEvent.setup();
    stubAccount({ exportReply: () => json({ code: 'internal', message: 'Something went wrong.' }, 500) });
    renderAccount();
    await user.click(screen.getByRole('button', { name: 'Download flashcards (CSV)' }));
    expect(await screen.findByText('The download failed. Please try again.')).toBeInTheDocument();
  });

  it('saves a time zone picked by hand and remembers it was a choice', async () => {
    const user = userEvent.setup();
    const fetchMock = stubAccount();
    renderAccount();
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('Europe/Madrid');
    expect(select).toHaveAccessibleDescription('Your streak days are counted in this time zone.');
    await user.selectOptions(select, 'America/Mexico_City');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/user/update')[0].body).toEqual({ timeZone: 'America/Mexico_City' });
    expect(localStorage.getItem(`jerga.timeZoneChosen.${testUser._id}`)).toBe('America/Mexico_City');
  });

  it('speaks Spanish', async () => {
    const { default: i18n } = await import('@/i18n');
    await i18n.changeLanguage('es');
    stubAccount({ days: [] });
    renderAccount();
    expect(await screen.findByRole('img', { name: '0 repasos en el último año' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Actividad de repaso' })).getByRole('img')).toBeInTheDocument();
    expect(screen.getByText('Menos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar historial de repasos (CSV)' })).toBeInTheDocument();
  });
});
