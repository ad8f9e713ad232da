import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '@/app/routes/account-page';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import type { AuthUser } from '@/features/auth';
import { ReminderSettings } from './reminder-settings';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

/** The Account page's reads, and /user/update answered by `update`. */
function stubAccount(update: (body: Record<string, unknown>) => Response) {
  return stubFetch((url, init) => {
    if (url.pathname.endsWith('/user/update')) return update(JSON.parse(String(init.body)) as Record<string, unknown>);
    if (url.pathname.startsWith('/api/user/getCurrentStreak/')) return json({ success: true, streak: 0, freezes: 0 });
    if (url.pathname.startsWith('/api/user/getLongestStreak/')) return json({ success: true, streak: 0 });
    if (url.pathname.startsWith('/api/user/getReviewDays/')) return json({ success: true, timeZone: 'Europe/Madrid', days: [] });
    return json({ data: [], nextCursor: null });
  });
}

const card = (name = 'Reminders') => screen.getByRole('region', { name });

/** The card alone, as the Account page holds it (a region named by its title). */
const renderCard = (user: AuthUser = testUser, title = 'Reminders') =>
  renderWithProviders(
    <section aria-label={title}>
      <ReminderSettings user={user} />
    </section>,
    { user },
  );

describe('Account › Reminders', () => {
  it('shows the e-mail switch, the time in the profile’s zone and what a reminder holds, and saves both', async () => {
    const user = userEvent.setup();
    const fetchMock = stubAccount((body) => json({ user: { ...testUser, reminders: { ...testUser.reminders, ...(body.reminders as object) } } }));
    renderWithProviders(<AccountPage />, { path: '/account', user: testUser, page: true });
    const email = within(card()).getByRole('switch', { name: 'E-mail me a daily reminder' });
    const time = within(card()).getByLabelText('Time');
    const save = within(card()).getByRole('button', { name: 'Save reminders' });
    expect(email).not.toBeChecked();
    expect(time).toHaveValue('19:00');
    expect(time).toHaveAccessibleDescription('In your time zone: Europe/Madrid');
    expect(within(card()).getByText(/how many cards are due/)).toHaveTextContent(/never sent when nothing is due or when you have already reviewed/);
    expect(save).toBeDisabled();

    await user.click(email);
    fireEvent.change(time, { target: { value: '07:30' } });
    await user.click(save);
    await waitFor(() => expect(callsTo(fetchMock, '/user/update')).toHaveLength(1));
    expect(callsTo(fetchMock, '/user/update')[0].body).toEqual({ reminders: { email: true, time: '07:30' } });
    expect(await screen.findByText('Reminder settings saved.')).toBeInTheDocument();
  });

  it('is used from the keyboard: Space turns the switch on, Enter in the time saves', async () => {
    const user = userEvent.setup();
    const fetchMock = stubAccount(() => json({ user: testUser }));
    renderCard();
    within(card()).getByRole('switch', { name: 'E-mail me a daily reminder' }).focus();
    await user.keyboard(' ');
    await user.tab();
    expect(within(card()).getByLabelText('Time')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, '/user/update')).toHaveLength(1));
    expect(callsTo(fetchMock, '/user/update')[0].body).toEqual({ reminders: { email: true, time: '19:00' } });
  });

  it('refuses a missing time before sending, and shows the server’s field error on the time', async () => {
    const user = userEvent.setup();
    const fetchMock = stubAccount(() =>
      json({ success: false, code: 'reminder_time_invalid', message: 'A reminder time is HH:MM, from 00:00 to 23:59.', errors: { 'reminders.time': 'A reminder time is HH:MM, from 00:00 to 23:59.' }, fieldCodes: { 'reminders.time': 'reminder_time_invalid' } }, 400),
    );
    renderCard();
    const time = within(card()).getByLabelText('Time');
    fireEvent.change(time, { target: { value: '' } });
    await user.click(within(card()).getByRole('button', { name: 'Save reminders' }));
    expect(within(card()).getByRole('alert')).toHaveTextContent('A reminder time is HH:MM, from 00:00 to 23:59.');
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(time).toHaveFocus();
    expect(callsTo(fetchMock, '/user/update')).toHaveLength(0);

    fireEvent.change(time, { target: { value: '08:15' } });
    expect(within(card()).queryByRole('alert')).toBeNull();
    await user.click(within(card()).getByRole('button', { name: 'Save reminders' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent('A reminder time is HH:MM, from 00:00 to 23:59.');
    expect(await screen.findByText('Saving the reminder settings failed. Please try again.')).toBeInTheDocument();
  });

  it('shows a failure that names no field under the form', async () => {
    const user = userEvent.setup();
    stubAccount(() => json({ success: false, code: 'database_unavailable', message: 'The service is temporarily unavailable. Please try again in a moment.' }, 503));
    renderCard();
    await user.click(within(card()).getByRole('switch', { name: 'E-mail me a daily reminder' }));
    await user.click(within(card()).getByRole('button', { name: 'Save reminders' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent('The service is temporarily unavailable. Please try again in a moment.');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    stubAccount(() => json({ user: testUser }));
    renderCard({ ...testUser, reminders: { email: true, push: false, time: '21:45' } }, 'Recordatorios');
    expect(within(card('Recordatorios')).getByRole('switch', { name: 'Enviarme un recordatorio diario por correo' })).toBeChecked();
    expect(within(card('Recordatorios')).getByLabelText('Hora')).toHaveValue('21:45');
    expect(within(card('Recordatorios')).getByText('En tu zona horaria: Europe/Madrid')).toBeInTheDocument();
  });
});
