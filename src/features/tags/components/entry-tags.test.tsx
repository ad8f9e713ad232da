import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { applyLiveTags } from '../api/apply-live-tags';
import { tagKeys } from '../api/tag-keys';
import { EntryTags } from './entry-tags';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entryId = '22222222-2222-4222-8222-222222222222';
const mine: Tag = { _id: '11111111-1111-4111-8111-111111111111', name: 'comida', canRemove: true };
const theirs: Tag = { _id: '11111111-1111-4111-8111-111111111112', name: 'albur', canRemove: false };

describe('An entry’s tags', () => {
  it('offers × only on the tags the reader may remove', async () => {
    stubFetch(() => json({ success: true, data: [theirs, mine] }));
    renderWithProviders(<EntryTags entryId={entryId} initialTags={[theirs, mine]} />, { user: testUser });
    const list = await screen.findByRole('list');
    expect(within(list).getByText('albur')).toBeInTheDocument();
    expect(within(list).getByText('comida')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove tag comida' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove tag albur' })).not.toBeInTheDocument();
  });

  it('removes a tag with its × and shows the list the server answers', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((_url, init) =>
      init.method === 'DELETE' ? json({ success: true, data: [theirs] }) : json({ success: true, data: [theirs, mine] }),
    );
    renderWithProviders(<EntryTags entryId={entryId} initialTags={[theirs, mine]} />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Remove tag comida' }));
    expect(await screen.findByText('Tag removed')).toBeInTheDocument();
    expect(screen.queryByText('comida')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `/tag/removeTagFromContent/${entryId}/${mine._id}`)).toHaveLength(1);
  });

  it('offers no × to a guest, even if a reply said otherwise', async () => {
    stubFetch(() => json({ success: true, data: [mine] }));
    renderWithProviders(<EntryTags entryId={entryId} initialTags={[mine]} />);
    expect(await screen.findByText('comida')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove tag/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add Tag' })).toBeInTheDocument();
  });
});

describe('Live tag lists', () => {
  it('keep what the reader may remove, show new tags without × and ask the server again', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Tag[]>(tagKeys.forEntry(entryId), [mine, theirs]);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const added: Tag = { _id: '11111111-1111-4111-8111-111111111113', name: 'chilango' };
    applyLiveTags(queryClient, entryId, [{ _id: mine._id, name: mine.name }, { _id: added._id, name: added.name }]);
    expect(queryClient.getQueryData(tagKeys.forEntry(entryId))).toEqual([
      { ...mine, canRemove: true },
      { ...added, canRemove: false },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: tagKeys.forEntry(entryId) });
  });

  it('do not refetch when a tag only went away', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Tag[]>(tagKeys.forEntry(entryId), [mine, theirs]);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyLiveTags(queryClient, entryId, [{ _id: theirs._id, name: theirs.name }]);
    expect(queryClient.getQueryData(tagKeys.forEntry(entryId))).toEqual([theirs]);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
