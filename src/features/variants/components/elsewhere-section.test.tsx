import { QueryClient, useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entryKeys } from '@/features/entries';
import type { Entry, EntryDetail, Variant } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { applyLiveVariants } from '../api/apply-live-variants';
import { ElsewhereSection } from './elsewhere-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entryId = '33333333-3333-4333-8333-333333333331';
const pajita: Variant = { _id: '33333333-3333-4333-8333-333333333332', title: 'pajita', country: 'ES', voteScore: 7, direct: true, canUnlink: true };
const pajilla: Variant = { _id: '33333333-3333-4333-8333-333333333333', title: 'pajilla', country: 'AR', voteScore: 4, direct: false, canUnlink: false };
const sorbete: Variant = { _id: '33333333-3333-4333-8333-333333333334', title: 'sorbete', country: 'AR', voteScore: 1, direct: true, canUnlink: false };
const popote = { _id: entryId, title: 'popote', variants: [pajita, pajilla, sorbete] };
const pitillo = { _id: '33333333-3333-4333-8333-333333333335', title: 'pitillo', country: 'CO' } as Entry;

describe('Elsewhere', () => {
  it('shows one row per country, in the order given, each form linking to its entry', () => {
    stubFetch();
    renderWithProviders(<ElsewhereSection entry={popote} />);
    expect(screen.getByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Forms of “popote” by country' })).getAllByRole('listitem').filter((item) => item.className === 'variants__row');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringMatching(/^Spain.*pajita/), expect.stringMatching(/^Argentina.*pajilla.*sorbete/)]);
    expect(screen.getByRole('link', { name: 'pajilla' })).toHaveAttribute('href', `/content/${pajilla._id}`);
  });

  it('offers unlinking only where the reader may, and shows the list the server answers', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json({ success: true, data: [pajilla, sorbete] }));
    renderWithProviders(<ElsewhereSection entry={popote} />, { user: testUser });
    expect(screen.queryByRole('button', { name: 'Unlink “sorbete”' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlink “pajita”' }));
    expect(await screen.findByText('Unlinked “pajita”.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/content/unlinkVariant/${entryId}/${pajita._id}`)).toHaveLength(1);
  });

  it('says so when the last variant is unlinked, and the section says there are none', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ success: true, data: [] }));
    // As on the entry page: the section shows the cached entry, which the unlink patches.
    function FromCache() {
      const { data } = useQuery({ queryKey: entryKeys.detail(entryId), queryFn: () => ({ ...popote, variants: [pajita] }), initialData: { ...popote, variants: [pajita] } });
      return <ElsewhereSection entry={data} />;
    }
    renderWithProviders(<FromCache />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Unlink “pajita”' }));
    expect(await screen.findByText('Unlinked “pajita”.')).toBeInTheDocument();
    expect(screen.getByText('No variants linked yet.', { exact: false })).toBeInTheDocument();
  });

  it('offers a signed-in reader a report flag on each direct link they cannot remove, and sends {contentId, variantId} by keyboard', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json({ success: true, message: 'Report received', data: { _id: 'r1', repeated: false } }, 201));
    renderWithProviders(<ElsewhereSection entry={popote} />, { user: testUser });
    const flag = screen.getByRole('button', { name: 'Report this link: “popote” and “sorbete” as the same meaning' });
    // Not on a link they may remove (pajita), nor on a form linked through another (pajilla).
    expect(screen.queryByRole('button', { name: /Report this link: “popote” and “(pajita|pajilla)”/ })).not.toBeInTheDocument();
    flag.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Report to the moderators' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Wrong or misleading' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. The moderators will take a look.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/report/addReport').map((call) => call.body)).toEqual([{ contentId: entryId, variantId: sorbete._id, reason: 'wrong' }]);
  });

  it('shows the server’s refusal of a link report in the dialog', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ code: 'variant_link_not_found', message: 'These entries are not linked.' }, 404));
    renderWithProviders(<ElsewhereSection entry={popote} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Report this link: “popote” and “sorbete” as the same meaning' }));
    await user.click(await screen.findByRole('radio', { name: 'Spam or advertising' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These entries are not linked.');
  });

  it('offers guests no report flag', () => {
    stubFetch();
    renderWithProviders(<ElsewhereSection entry={popote} />);
    expect(screen.queryByRole('button', { name: /Report this link/ })).not.toBeInTheDocument();
  });

  it('invites a guest to log in instead of the picker, and says when there are no variants', () => {
    stubFetch();
    renderWithProviders(<ElsewhereSection entry={{ ...popote, variants: [] }} />);
    expect(screen.getByText('No variants linked yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to link a variant' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows the group actions slot only while there are variants', () => {
    stubFetch();
    const { unmount } = renderWithProviders(<ElsewhereSection entry={popote} actions={<button type="button">Drill</button>} />);
    expect(screen.getByRole('button', { name: 'Drill' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<ElsewhereSection entry={{ ...popote, variants: [] }} actions={<button type="button">Drill</button>} />);
    expect(screen.queryByRole('button', { name: 'Drill' })).not.toBeInTheDocument();
  });
});

describe('Link a variant', () => {
  it('searches as the learner types, skips entries already in the group, and links the one chosen with the keyboard', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((_url, init) =>
      init.method === 'POST'
        ? json({ success: true, created: true, data: [...popote.variants, { ...pitillo, voteScore: 0, direct: true, canUnlink: true }] }, 201)
        : json({ data: [{ ...pajita }, pitillo], nextCursor: null }),
    );
    renderWithProviders(<ElsewhereSection entry={popote} />, { user: testUser });
    const box = screen.getByRole('combobox', { name: 'Link a variant' });
    await user.type(box, 'pi');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['pitilloColombia']);
    expect(screen.getByRole('status')).toHaveTextContent('1 entry found.');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Linked “pitillo” as a variant.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/content/linkVariant').map((call) => call.body)).toEqual([{ contentId: entryId, variantId: pitillo._id }]);
    expect(callsTo(fetchMock, '/content/getContentsSortedByVoteDesc')[0].url.searchParams.get('q')).toBe('pi');
    expect(box).toHaveValue('');
  });

  it('says when nothing matches, and closes with Escape', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ data: [], nextCursor: null }));
    renderWithProviders(<ElsewhereSection entry={popote} />, { user: testUser });
    const box = screen.getByRole('combobox', { name: 'Link a variant' });
    await user.type(box, 'zzz');
    expect(await screen.findByText('No entries match “zzz”.')).toBeInTheDocument();
    await user.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
  });

  it('says why a link failed', async () => {
    const user = userEvent.setup();
    stubFetch((_url, init) =>
      init.method === 'POST'
        ? json({ success: false, code: 'variant_self_link', message: 'An entry cannot be a variant of itself.' }, 400)
        : json({ data: [pitillo], nextCursor: null }),
    );
    renderWithProviders(<ElsewhereSection entry={popote} />, { user: testUser });
    await user.type(screen.getByRole('combobox', { name: 'Link a variant' }), 'pit');
    await user.click(await screen.findByRole('option', { name: /pitillo/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An entry cannot be a variant of itself.');
  });
});

describe('Live variant lists', () => {
  it('keep what the reader may unlink, and ask the server again when a direct link is new', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Partial<EntryDetail>>(entryKeys.detail(entryId), { _id: entryId, variants: [pajita, sorbete] });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const strip = ({ canUnlink: _canUnlink, ...rest }: Variant) => rest;
    applyLiveVariants(queryClient, entryId, { contentId: entryId, variants: [strip(pajita), strip(pajilla)] });
    expect(queryClient.getQueryData<EntryDetail>(entryKeys.detail(entryId))?.variants).toEqual([pajita, pajilla]);
    expect(invalidate).not.toHaveBeenCalled();
    applyLiveVariants(queryClient, entryId, { contentId: entryId, variants: [strip(pajita), { ...strip(pajilla), direct: true }] });
    expect(queryClient.getQueryData<EntryDetail>(entryKeys.detail(entryId))?.variants?.[1]).toEqual({ ...pajilla, direct: true, canUnlink: false });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: entryKeys.detail(entryId) });
  });
});
