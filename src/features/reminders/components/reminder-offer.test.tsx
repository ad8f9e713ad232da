import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AllDone } from '@/features/flashcards/components/all-done';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { ReminderOffer } from './reminder-offer';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

/** A learner with e-mail reminders off at 19:00, never offered them. */
const learner = { ...testUser, reminders: { email: false, push: false, time: '19:00' }, reminderOffered: false };

function stubUpdate() {
  return stubFetch((url, init) => {
    if (url.pathname.endsWith('/user/update')) {
      const body = JSON.parse(String(init.body)) as { reminders?: object; reminderOffered?: boolean };
      return json({ user: { ...learner, reminders: { ...learner.reminders, ...body.reminders }, reminderOffered: true } });
    }
    if (url.pathname.startsWith('/api/flashcard/getDueFlashcards/')) return json({ success: true, data: [], total: 0, today: { newCardsPerDay: 20, maxReviewsPerDay: 200, newCards: 1, reviews: 0 } });
    return json({ data: [], nextCursor: null });
  });
}

const updates = (fetchMock: ReturnType<typeof stubFetch>) => callsTo(fetchMock, '/user/update').map((call) => call.body as unknown);

describe('The reminder offer at the end of a review session', () => {
  it('asks once at the learner’s time, notes the offer as it shows, and Yes turns e-mail reminders on with Undo', async () => {
    const user = userEvent.setup();
    const fetchMock = stubUpdate();
    renderWithProviders(<AllDone finished />, { user: learner });
    expect(screen.getByRole('heading', { name: 'Remind me tomorrow at 7:00 PM?' })).toBeInTheDocument();
    await waitFor(() => expect(updates(fetchMock)).toEqual([{ reminderOffered: true }]));

    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('E-mail reminders on: 7:00 PM every day.')).toBeInTheDocument();
    expect(updates(fetchMock)[1]).toEqual({ reminders: { email: true }, reminderOffered: true });
    expect(screen.queryByRole('heading', { name: /Remind me tomorrow/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(updates(fetchMock)[2]).toEqual({ reminders: { email: false } }));
    expect(await screen.findByText('E-mail reminders off.')).toBeInTheDocument();
  });

  it('No thanks closes it and changes nothing else', async () => {
    const user = userEvent.setup();
    const fetchMock = stubUpdate();
    renderWithProviders(<ReminderOffer user={learner} />, { user: learner });
    await user.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(screen.queryByRole('heading', { name: /Remind me tomorrow/ })).toBeNull();
    await waitFor(() => expect(updates(fetchMock)).toEqual([{ reminderOffered: true }]));
  });

  it('is not made to a learner already offered, one with reminders on, or on a visit with nothing left to review', async () => {
    const fetchMock = stubUpdate();
    const { unmount } = renderWithProviders(<AllDone finished />, { user: { ...learner, reminderOffered: true } });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Remind me tomorrow/ })).toBeNull();
    unmount();
    renderWithProviders(<AllDone finished />, { user: { ...learner, reminders: { ...learner.reminders, email: true } } }).unmount();
    renderWithProviders(<AllDone />, { user: learner });
    expect(screen.queryByRole('heading', { name: /Remind me tomorrow/ })).toBeNull();
    expect(updates(fetchMock)).toEqual([]);
  });

  it('speaks Spanish, at the learner’s own time', async () => {
    await i18n.changeLanguage('es');
    stubUpdate();
    renderWithProviders(<ReminderOffer user={{ ...learner, reminders: { ...learner.reminders, time: '08:30' } }} />, { user: learner });
    expect(screen.getByRole('heading', { name: '¿Te lo recuerdo mañana a las 8:30?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No, gracias' })).toBeInTheDocument();
  });
});
