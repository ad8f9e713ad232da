import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { ReportButton } from './report-button';

const contentId = '33333333-3333-4333-8333-333333333333';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReportButton', () => {
  it('reports with a reason and a note, by keyboard alone', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json({ success: true, data: { _id: 'r1', repeated: false } }, 201));
    renderWithProviders(<ReportButton target={{ contentId }} label="Report “chévere”" ownerId="someone-else" />, { user: testUser });

    screen.getByRole('button', { name: 'Report “chévere”' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report to the moderators' });
    expect(dialog).toBeInTheDocument();
    // Sending without a reason asks for one; nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a reason');
    expect(callsTo(fetchMock, '/report/addReport')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Spam or advertising' }));
    await user.type(screen.getByLabelText('Note for the moderators (optional)'), '  Only an ad.  ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, '/report/addReport').map((call) => call.body)).toEqual([{ contentId, reason: 'spam', note: 'Only an ad.' }]);
    expect(await screen.findByText('Thank you. The moderators will take a look.')).toBeInTheDocument();
  });

  it('keeps an over-long note and says so, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ code: 'report_own', message: 'You cannot report your own contribution.' }, 400));
    renderWithProviders(<ReportButton target={{ commentId: contentId }} label="Report this comment" ownerId={null} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Report this comment' }));
    await user.click(await screen.findByRole('radio', { name: 'Something else' }));
    const note = screen.getByLabelText('Note for the moderators (optional)');
    await user.click(note);
    await user.paste('n'.repeat(501));
    expect(note).toHaveValue('n'.repeat(501));
    expect(screen.getByText('A note is at most 500 characters.')).toBeInTheDocument();
    await user.clear(note);
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot report your own contribution.');
  });

  it('is not offered to the writer, and asks a guest to log in', async () => {
    const user = userEvent.setup();
    stubFetch();
    const { unmount } = renderWithProviders(<ReportButton target={{ contentId }} label="Report it" ownerId={testUser._id} />, { user: testUser });
    expect(screen.queryByRole('button', { name: 'Report it' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<ReportButton target={{ contentId }} label="Report it" ownerId={testUser._id} />);
    await user.click(screen.getByRole('button', { name: 'Report it' }));
    expect(await screen.findByText('Please log in to report something.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    stubFetch();
    await i18n.changeLanguage('es');
    renderWithProviders(<ReportButton target={{ contentId }} label="Denunciar" ownerId={null} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Denunciar' }));
    expect(await screen.findByRole('dialog', { name: 'Denunciar a los moderadores' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Spam o publicidad' })).toBeInTheDocument();
  });
});
