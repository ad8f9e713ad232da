import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '@/app/routes/account-page';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { parseLimit } from './daily-limits-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubAccount(update: (body: Record<string, unknown>) => Response) {
  return stubFetch((url, init) => {
    if (url.pathname.endsWith('/user/update')) return update(JSON.parse(String(init.body)) as Record<string, unknown>);
    if (url.pathname.startsWith('/api/user/getCurrentStreak/')) return json({ success: true, streak: 0, freezes: 0 });
    if (url.pathname.startsWith('/api/user/getLongestStreak/')) return json({ success: true, streak: 0 });
    if (url.pathname.startsWith('/api/user/getReviewDays/')) return json({ success: true, timeZone: 'Europe/Madrid', days: [] });
    return json({ data: [], nextCursor: null });
  });
}

const section = () => screen.getByRole('region', { name: 'Daily review limits' });

describe('parseLimit', () => {
  it('takes a whole number from 0 to the maximum, nothing else', () => {
    expect(parseLimit(' 20 ', 999)).toBe(20);
    expect(parseLimit('0', 999)).toBe(0);
    expect(parseLimit('999', 999)).toBe(999);
    for (const text of ['1000', '-1', '2.5', '', 'veinte', '1e3', '0x10']) expect(parseLimit(text, 999)).toBeNull();
  });
});

describe('Daily review limits on /account', () => {
  it('shows the defaults, refuses a limit out of range with the field’s message, and saves through /api/user/update', async () => {
    const user = userEvent.setup();
    const fetchMock = stubAccount((body) => json({ user: { ...testUser, newCardsPerDay: body.newCardsPerDay, maxReviewsPerDay: body.maxReviewsPerDay } }));
    renderWithProviders(<AccountPage />, { path: '/account', user: testUser, page: true });
    const newCards = await within(section()).findByRole('textbox', { name: 'New cards per day' });
    const reviews = within(section()).getByRole('textbox', { name: 'Reviews per day' });
    expect(newCards).toHaveValue('20');
    expect(reviews).toHaveValue('200');

    await user.clear(newCards);
    await user.type(newCards, '1000');
    await user.click(within(section()).getByRole('button', { name: 'Save daily limits' }));
    expect(within(section()).getByText('New cards per day must be a whole number from 0 to 999.')).toBeInTheDocument();
    expect(newCards).toHaveAttribute('aria-invalid', 'true');
    expect(newCards).toHaveFocus();
    expect(callsTo(fetchMock, '/user/update')).toHaveLength(0);

    await user.clear(newCards);
    await user.type(newCards, '5');
    await user.clear(reviews);
    await user.type(reviews, '50');
    await user.click(within(section()).getByRole('button', { name: 'Save daily limits' }));
    await waitFor(() => expect(callsTo(fetchMock, '/user/update')).toHaveLength(1));
    expect(callsTo(fetchMock, '/user/update')[0].body).toEqual({ newCardsPerDay: 5, maxReviewsPerDay: 50 });
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(within(section()).getByRole('textbox', { name: 'Reviews per day' })).toHaveValue('50');
  });

  it('shows the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    stubAccount(() =>
      json(
        { success: false, code: 'max_reviews_per_day_invalid', message: 'Reviews per day must be a whole number from 0 to 9999.', errors: { maxReviewsPerDay: 'Reviews per day must be a whole number from 0 to 9999.' }, fieldCodes: { maxReviewsPerDay: 'max_reviews_per_day_invalid' } },
        400,
      ),
    );
    renderWithProviders(<AccountPage />, { path: '/account', user: testUser, page: true });
    const reviews = await within(section()).findByRole('textbox', { name: 'Reviews per day' });
    await user.clear(reviews);
    await user.type(reviews, '300');
    await user.click(within(section()).getByRole('button', { name: 'Save daily limits' }));
    expect(await within(section()).findByText('Reviews per day must be a whole number from 0 to 9999.')).toBeInTheDocument();
    expect(within(section()).getByRole('textbox', { name: 'Reviews per day' })).toHaveAttribute('aria-invalid', 'true');
  });
});
