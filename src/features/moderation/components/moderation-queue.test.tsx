import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import enUSAdmin from '@/i18n/locales/en-US.admin.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import type { ModerationCase } from '../api/get-reports';
import { moderationKeys } from '../api/moderation-keys';
import { ModerationQueue } from './moderation-queue';

// The admin page adds these with its chunk.
addEnglishPageStrings({ admin: enUSAdmin });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

const popoteId = '37e00000-0000-4000-8000-000000000001';
const pajitaId = '37e00000-0000-4000-8000-000000000002';
const linkCase: ModerationCase = {
  _id: 'case-1',
  contentId: popoteId,
  variantId: pajitaId,
  commentId: null,
  recordingId: null,
  kind: 'link',
  count: 3,
  reasons: { wrong: 2, offensive: 1 },
  notes: [{ text: 'Not the same thing.', reason: 'wrong', createdAt: '2026-08-01T10:00:00Z' }],
  reporters: (['wrong', 'wrong', 'offensive'] as const).map((reason, i) => ({
    reason,
    createdAt: `2026-08-01T10:0${i}:00Z`,
    reporterCreatedAt: '2026-05-01T10:00:00Z',
    trusted: true,
  })),
  firstReportedAt: '2026-08-01T10:00:00Z',
  lastReportedAt: '2026-08-01T10:05:00Z',
  hidden: true,
  moderation: 'held',
  preview: {
    linked: true,
    linkedBy: 'Lina Linker',
    entries: [
      { _id: popoteId, title: 'popote', country: 'MX', ownerName: 'Olga' },
      { _id: pajitaId, title: 'pajita', country: 'ES', ownerName: null },
    ],
  },
  status: 'open',
  resolution: null,
  resolutionNote: null,
  resolvedAt: null,
};
const admin = { ...testUser, isAdmin: true };

describe('Moderation queue: a reported variant link', () => {
  it('shows both entries with their flags and links, who linked them, and the reasons', async () => {
    stubFetch(() => json({ data: [linkCase], open: 1, nextCursor: null }));
    renderWithProviders(<ModerationQueue />, { user: admin });
    const pair = await screen.findByRole('list', { name: 'The two entries linked as one meaning' });
    const items = within(pair).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('popote · by Olga'), expect.stringContaining('pajita')]);
    expect(within(pair).getByRole('link', { name: 'popote' })).toHaveAttribute('href', `/content/${popoteId}`);
    expect(within(pair).getByRole('link', { name: 'pajita' })).toHaveAttribute('href', `/content/${pajitaId}`);
    expect(pair.querySelectorAll('img, svg').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Variant link')).toBeInTheDocument();
    expect(screen.getByText('Linked by Lina Linker')).toBeInTheDocument();
    expect(screen.getByText('Hidden')).toBeInTheDocument();
    expect(screen.getByText('Wrong × 2')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in context' })).not.toBeInTheDocument();
  });

  it('restores, removes or dismisses the link with {contentId, variantId}', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) =>
      url.pathname === '/api/admin/resolveReport'
        ? json({ success: true, data: { ...linkCase, status: 'resolved', resolution: 'restore', hidden: false, moderation: null } })
        : json({ data: [linkCase], open: 1, nextCursor: null }),
    );
    renderWithProviders(<ModerationQueue />, { user: admin });
    const actions = await screen.findByRole('group', { name: 'Decide on popote ↔ pajita' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Restore', 'Remove', 'Dismiss']);
    await user.click(within(actions).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored: it is visible again.')).toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Remove' }));
    await user.click(within(actions).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(callsTo(fetchMock, '/admin/resolveReport')).toHaveLength(3));
    expect(callsTo(fetchMock, '/admin/resolveReport').map((call) => call.body)).toEqual(
      ['restore', 'remove', 'dismiss'].map((action) => ({ contentId: popoteId, variantId: pajitaId, action })),
    );
  });

  it('says it was restored even when the live queue dropped the row before the reply came', async () => {
    const user = userEvent.setup();
    let resolved = false;
    const page: { client?: QueryClient } = {};
    stubFetch(async (url) => {
      if (url.pathname !== '/api/admin/resolveReport') return json({ data: resolved ? [] : [linkCase], open: resolved ? 0 : 1, nextCursor: null });
      // The decision's 'queue' event reaches the page before its reply: the queue refetches without the row.
      resolved = true;
      await page.client!.invalidateQueries({ queryKey: moderationKeys.queues() });
      await waitFor(() => expect(screen.queryByRole('group', { name: 'Decide on popote ↔ pajita' })).not.toBeInTheDocument());
      return json({ success: true, data: { ...linkCase, status: 'resolved', resolution: 'restore', hidden: false, moderation: null } });
    });
    page.client = renderWithProviders(<ModerationQueue />, { user: admin }).queryClient;
    const actions = await screen.findByRole('group', { name: 'Decide on popote ↔ pajita' });
    await user.click(within(actions).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored: it is visible again.')).toBeInTheDocument();
    expect(screen.getByText('Nothing waiting. The community is behaving.')).toBeInTheDocument();
  });

  it('says when a resolved link is gone, in Spanish too', async () => {
    stubFetch(() =>
      json({
        data: [{ ...linkCase, status: 'resolved', resolution: 'remove', hidden: false, moderation: 'removed', preview: { ...linkCase.preview, linked: false } }],
        open: 0,
        nextCursor: null,
      }),
    );
    await i18n.changeLanguage('es');
    renderWithProviders(<ModerationQueue />, { user: admin });
    expect(await screen.findByText('El enlace ya no existe.')).toBeInTheDocument();
    expect(screen.getByText('Enlace de variantes')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Las dos entradas enlazadas como un mismo significado' })).toBeInTheDocument();
  });
});

const recordingId = '39000000-0000-4000-8000-000000000001';
const recordingUrl = `https://project.example.com/storage/v1/object/public/recordings/u/${popoteId}/take.webm`;
const recordingCase: ModerationCase = {
  ...linkCase,
  _id: 'case-2',
  variantId: undefined,
  recordingId,
  kind: 'recording',
  reasons: { offensive: 3 },
  notes: [],
  preview: { ownerName: 'Sara', country: 'MX', durationMs: 2300, path: `u/${popoteId}/take.webm`, url: recordingUrl, entryTitle: 'popote' },
};

describe('Moderation queue: a reported recording', () => {
  it('says whose recording of which entry it is, from where, with a player, and resolves it by {recordingId}', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) =>
      url.pathname === '/api/admin/resolveReport'
        ? json({ success: true, data: { ...recordingCase, status: 'resolved', resolution: 'remove', moderation: 'removed' } })
        : json({ data: [recordingCase], open: 1, nextCursor: null }),
    );
    renderWithProviders(<ModerationQueue />, { user: admin });
    expect(await screen.findByText('Recording')).toBeInTheDocument();
    expect(screen.getByText(/by Sara from Mexico/)).toBeInTheDocument();
    expect(screen.getByLabelText('Listen to the reported recording')).toHaveAttribute('src', recordingUrl);
    expect(screen.getByRole('link', { name: 'Open in context' })).toHaveAttribute('href', `/content/${popoteId}`);
    const actions = screen.getByRole('group', { name: 'Decide on popote' });
    await user.click(within(actions).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(fetchMock, '/admin/resolveReport')).toHaveLength(1));
    expect(callsTo(fetchMock, '/admin/resolveReport')[0].body).toEqual({ recordingId, action: 'remove' });
  });
});

/** A time that many milliseconds before now, as the API writes times. */
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const HOUR = 3_600_000;
const brigadedCase: ModerationCase = {
  ...linkCase,
  _id: 'case-3',
  variantId: undefined,
  kind: 'entry',
  count: 5,
  reasons: { spam: 4, wrong: 1 },
  notes: [],
  hidden: false,
  moderation: null,
  reporters: [
    { reason: 'spam', createdAt: ago(10_000), reporterCreatedAt: ago(20_000), trusted: false },
    { reason: 'spam', createdAt: ago(60_000), reporterCreatedAt: ago(5 * 60_000 + 30_000), trusted: false },
    { reason: 'spam', createdAt: ago(60_000), reporterCreatedAt: ago(HOUR + 60_000), trusted: false },
    { reason: 'spam', createdAt: ago(60_000), reporterCreatedAt: ago(5 * 24 * HOUR), trusted: false },
    { reason: 'wrong', createdAt: ago(60_000), reporterCreatedAt: ago(3 * 24 * HOUR + HOUR), trusted: true },
  ],
  preview: { title: 'chévere', description: 'Great.', country: 'VE', author: 'Olga', ownerName: 'Olga' },
};

describe('Moderation queue: Restore', () => {
  it('is offered only for what is hidden or removed: a case still visible has Remove and Dismiss', async () => {
    stubFetch(() =>
      json({
        data: [
          { ...brigadedCase, _id: 'visible', contentId: 'e-visible', preview: { ...brigadedCase.preview, title: 'visible39' } },
          { ...brigadedCase, _id: 'held', contentId: 'e-held', hidden: true, moderation: 'held', preview: { ...brigadedCase.preview, title: 'held39' } },
          { ...brigadedCase, _id: 'removed', contentId: 'e-removed', moderation: 'removed', preview: { ...brigadedCase.preview, title: 'removed39' } },
        ],
        open: 3,
        nextCursor: null,
      }),
    );
    renderWithProviders(<ModerationQueue />, { user: admin });
    const buttons = async (name: string) =>
      within(await screen.findByRole('group', { name: `Decide on ${name}` }))
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(await buttons('visible39')).toEqual(['Remove', 'Dismiss']);
    expect(await buttons('held39')).toEqual(['Restore', 'Remove', 'Dismiss']);
    expect(await buttons('removed39')).toEqual(['Restore', 'Remove', 'Dismiss']);
  });
});

describe('Moderation queue: who reported', () => {
  it('shows each reporter’s account age, and which reports do not count toward hiding', async () => {
    stubFetch(() => json({ data: [brigadedCase], open: 1, nextCursor: null }));
    renderWithProviders(<ModerationQueue />, { user: admin });
    const list = await screen.findByRole('list', { name: 'Who reported' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Spam · New account, under a minute old · doesn't count toward hiding",
      "Spam · New account, 5 minutes old · doesn't count toward hiding",
      "Spam · New account, 1 hour old · doesn't count toward hiding",
      "Spam · Account 5 days old · doesn't count toward hiding",
      'Wrong · Account 3 days old',
    ]);
    expect(screen.getByText('5 reporters')).toBeInTheDocument();
  });

  it('says it in Spanish, with its plural forms', async () => {
    stubFetch(() => json({ data: [brigadedCase], open: 1, nextCursor: null }));
    await i18n.changeLanguage('es');
    renderWithProviders(<ModerationQueue />, { user: admin });
    const list = await screen.findByRole('list', { name: 'Quién denunció' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Spam · Cuenta nueva, de menos de un minuto · no cuenta para ocultar',
      'Spam · Cuenta nueva, de 5 minutos · no cuenta para ocultar',
      'Spam · Cuenta nueva, de 1 hora · no cuenta para ocultar',
      'Spam · Cuenta de 5 días · no cuenta para ocultar',
      'Incorrecto · Cuenta de 3 días',
    ]);
  });
});
