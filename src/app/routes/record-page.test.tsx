import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { VoiceNeed, VoiceNeedsReply } from '@/lib/api-types';
import { json, stubFetch } from '@/test/fetch';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { RecordPage } from './record-page';

// The queue page in jsdom (no microphone: the recorder says so), its reads answered by a stub
// of the /api: which country it opens on, what an entry shows, the counts, N, the next page
// read ahead, the empty queue, guests. Recording itself runs in Chromium
// (tests/e2e/voice-queue-journey.test.ts).

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en-US'));
});

const need = (index: number, overrides: Partial<VoiceNeed> = {}): VoiceNeed => ({
  contentId: `77777777-7777-4777-8777-7777777777${String(index).padStart(2, '0')}`,
  title: `palabra ${index}`,
  description: `Meaning ${index}.`,
  exampleSentence: null,
  country: 'MX',
  voteScore: 0,
  requests: 0,
  ...overrides,
});

const firstPage: VoiceNeedsReply = {
  success: true,
  country: 'MX',
  data: [
    need(1, { title: 'chamba', description: 'Work, a job.', descriptionEs: 'Trabajo.', exampleSentence: 'Tengo mucha chamba.', requests: 3 }),
    need(2, { title: 'neta', description: 'Truth.' }),
  ],
  nextCursor: 'page-2',
  total: 39,
  remaining: 27,
};
const secondPage: VoiceNeedsReply = { ...firstPage, data: [need(3, { title: 'padre' })], nextCursor: null };

/** The /api's queue for Mexico (two pages) and any other country's (empty); every request URL kept. */
function stubQueue() {
  const asked: URL[] = [];
  const fetchMock = stubFetch((url) => {
    asked.push(url);
    if (url.pathname !== '/api/recording/requests') return json({});
    const country = url.searchParams.get('country')!;
    if (country !== 'MX') return json({ ...firstPage, country, data: [], nextCursor: null, total: 4, remaining: 0 });
    return json(url.searchParams.get('cursor') === 'page-2' ? secondPage : firstPage);
  });
  return { fetchMock, asked };
}

const queueReads = (asked: URL[]) => asked.filter((url) => url.pathname === '/api/recording/requests');

function renderRecord(route = '/record', user: ReturnType<typeof makeUser> | null = makeUser({ speakerCountry: 'MX', homeCountry: 'AR' })) {
  return renderWithProviders(<RecordPage />, { path: '/record', route, user, page: true });
}

describe('the /record queue', () => {
  it('asks a guest to log in', () => {
    stubQueue();
    renderRecord('/record', null);
    expect(screen.getByRole('heading', { name: 'Please log in to record entries from the queue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('opens on the speaker’s country: the word, its meaning, example and requests, and how many are left', async () => {
    const { asked } = stubQueue();
    renderRecord();
    const entry = await screen.findByRole('article', { name: 'chamba' });
    expect(within(entry).getByText('Work, a job.')).toBeInTheDocument();
    expect(within(entry).getByText('Tengo mucha chamba.')).toBeInTheDocument();
    expect(within(entry).getByText('3 learners want to hear it')).toBeInTheDocument();
    // English readers are not shown the Spanish meaning.
    expect(within(entry).queryByText('Trabajo.')).not.toBeInTheDocument();
    expect(await screen.findByText('Mexico: 27 of 39 entries still need a voice')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Entries from' })).toHaveValue('MX');
    expect(queueReads(asked)[0].searchParams.get('country')).toBe('MX');
    // The entry has the focus: the keys work from there.
    expect(entry).toHaveFocus();
    // Each action is a button too, its key shown and declared.
    for (const [name, key] of [['Record', 'R'], ['Keep and next', 'Enter'], ['Skip', 'N'], ['Discard the take', 'Backspace']]) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-keyshortcuts', key);
    }
    // jsdom has no microphone: said in words, not a silent button.
    expect(screen.getByRole('alert')).toHaveTextContent('This browser can’t record audio here'.replace('’', "'"));
  });

  it('reads the next page before the queue runs out, and N skips to the next entry, announced', async () => {
    const user = userEvent.setup();
    const { asked } = stubQueue();
    renderRecord();
    await screen.findByRole('article', { name: 'chamba' });
    await vi.waitFor(() => expect(queueReads(asked).some((url) => url.searchParams.get('cursor') === 'page-2')).toBe(true));
    await user.keyboard('n');
    const next = await screen.findByRole('article', { name: 'neta' });
    expect(next).toHaveFocus();
    expect(screen.getByText('Skipped “chamba”. Next: “neta”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await screen.findByRole('article', { name: 'padre' });
    await user.keyboard('n');
    // Through the whole queue: said so, with the way to the voices page.
    expect(await screen.findByText('That’s every entry in the queue for now. Thank you!'.replace('’', "'"))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the voices of every country' })).toHaveAttribute('href', '/voices');
  });

  it('takes the address’s country first, in any case, and keeps a choice in the address', async () => {
    const user = userEvent.setup();
    const { asked } = stubQueue();
    const { router } = renderRecord('/record?country=co');
    expect(await screen.findByText('Every entry from Colombia has a voice.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the voices of every country' })).toHaveAttribute('href', '/voices');
    expect(queueReads(asked).every((url) => url.searchParams.get('country') === 'CO')).toBe(true);
    // A speaker from Mexico is told their takes count for Mexico, not Colombia.
    expect(screen.getByText(/your recordings are saved as from there, so they don't count for Colombia/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Entries from' }), 'MX');
    await screen.findByRole('article', { name: 'chamba' });
    expect(router.state.location.search).toBe('?country=MX');
  });

  it('falls back to the home country, and asks to choose when there is none', async () => {
    stubQueue();
    const first = renderRecord('/record', makeUser({ homeCountry: 'MX' }));
    await screen.findByRole('article', { name: 'chamba' });
    first.unmount();
    renderRecord('/record', makeUser());
    expect(screen.getByText('Choose the country whose Spanish you speak: its entries that still need a voice will appear here.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Entries from' })).toHaveValue('');
  });

  it('shows the Spanish meaning too in Spanish', async () => {
    stubQueue();
    await act(() => i18n.changeLanguage('es'));
    renderRecord();
    const entry = await screen.findByRole('article', { name: 'chamba' });
    expect(within(entry).getByText('Trabajo.')).toBeInTheDocument();
    expect(within(entry).getByText('Work, a job.')).toBeInTheDocument();
    expect(await screen.findByText('México: 27 de 39 entradas aún necesitan una voz')).toBeInTheDocument();
  });
});
