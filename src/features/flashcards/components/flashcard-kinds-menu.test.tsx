import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { recordingKeys } from '@/features/recordings';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeEntry } from '@/test/fixtures';
import { renderWithProviders, testUser } from '@/test/render';
import { FlashcardKindsMenu } from './flashcard-kinds-menu';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

/** A recording of the entry as getRecordings lists it, said from `country`. */
const take = (country: string, moderation?: 'held') => ({
  _id: `rec-${country}`,
  contentId: makeEntry()._id,
  path: `u/${makeEntry()._id}/${country}.webm`,
  url: `http://localhost/storage/v1/object/public/recordings/u/${country}.webm`,
  country,
  speakerCountry: country,
  authorName: 'Sara',
  durationMs: 900,
  voteScore: 0,
  userVote: null,
  createdAt: '2026-11-20T10:00:00Z',
  canDelete: false,
  ...(moderation ? { moderation } : {}),
});

/** The /api as the menu meets it: the learner's kinds of the entry, its recordings, and adding one. */
function stubApi(
  kinds: string[],
  add: (kind: string) => Response = (kind) => json({ success: true, data: { _id: `card-${kind}`, userId: testUser._id, contentId: makeEntry()._id, kind } }, 201),
  recordings: unknown[] = [],
) {
  return stubFetch((url, init) => {
    if (url.pathname.startsWith('/api/flashcard/getFlashcardKinds/')) return json({ success: true, data: kinds });
    if (url.pathname.startsWith('/api/recording/getRecordings/')) return json(recordings);
    if (url.pathname === '/api/flashcard/addFlashcard') return add(JSON.parse(String(init.body)).kind ?? 'basic');
    return json({ success: false, code: 'not_found', message: 'Not found.' }, 404);
  });
}

const more = () => screen.getByRole('group', { name: 'Drill it another way' });

describe('Add to flashcards, by kind', () => {
  it('offers today’s card and the other kinds, asking nothing for an entry the learner has no card of', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([]);
    renderWithProviders(<FlashcardKindsMenu entry={makeEntry()} />, { user: testUser });
    expect(screen.getByRole('button', { name: 'Add to flashcards' })).toBeEnabled();
    expect(within(more()).getAllByRole('button').map((button) => button.textContent)).toEqual(['Meaning → word', 'Fill the gap']);
    expect(callsTo(fetchMock, `/flashcard/getFlashcardKinds/${makeEntry()._id}`)).toHaveLength(0);

    await user.click(within(more()).getByRole('button', { name: 'Meaning → word' }));
    expect(await screen.findByText('Added a “Meaning → word” card to your flashcards!')).toBeInTheDocument();
    expect(within(more()).getByRole('button', { name: /^Meaning → word ?\(In your flashcards\)$/ })).toHaveAttribute('aria-disabled', 'true');
    const [call] = callsTo(fetchMock, '/flashcard/addFlashcard');
    expect(call.body).toEqual({ contentId: makeEntry()._id, kind: 'reverse' });
    // Today's card is still to add, by keyboard too.
    screen.getByRole('button', { name: 'Add to flashcards' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'In your flashcards' })).toBeDisabled();
    expect(callsTo(fetchMock, '/flashcard/addFlashcard').map((c) => c.body)).toEqual([
      { contentId: makeEntry()._id, kind: 'reverse' },
      { contentId: makeEntry()._id, kind: 'basic' },
    ]);
  });

  it('shows the kinds the learner already has of the entry', async () => {
    stubApi(['cloze']);
    renderWithProviders(<FlashcardKindsMenu entry={makeEntry({ inFlashcards: true })} />, { user: testUser });
    expect(await within(more()).findByRole('button', { name: /^Fill the gap ?\(In your flashcards\)$/ })).toHaveAttribute('aria-disabled', 'true');
    // Only a cloze card: today's card may still be added.
    expect(screen.getByRole('button', { name: 'Add to flashcards' })).toBeEnabled();
    expect(within(more()).getByRole('button', { name: 'Meaning → word' })).not.toHaveAttribute('aria-disabled');
  });

  it('says why there is no cloze card when the example lacks the word, and sends nothing for it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([]);
    renderWithProviders(<FlashcardKindsMenu entry={makeEntry({ exampleSentence: 'Nada que ver.' })} />, { user: testUser });
    const cloze = within(more()).getByRole('button', { name: 'Fill the gap' });
    expect(cloze).toHaveAttribute('aria-disabled', 'true');
    expect(cloze).toHaveAccessibleDescription('Fill the gap needs an example sentence that contains the word.');
    await user.click(cloze);
    expect(callsTo(fetchMock, '/flashcard/addFlashcard')).toHaveLength(0);
  });

  it('offers the country’s form for an entry with variants, and shows a refusal in the reader’s language', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('es');
    stubApi([], () => json({ success: false, code: 'variant_needs_group', message: 'A variant card needs…' }, 400));
    renderWithProviders(<FlashcardKindsMenu entry={{ ...makeEntry(), variants: [{ _id: 'v1', title: 'popote', country: 'MX' }] }} />, { user: testUser });
    const group = screen.getByRole('group', { name: 'Practícala de otra forma' });
    await user.click(within(group).getByRole('button', { name: 'Forma del país' }));
    expect(await screen.findByText('Una tarjeta de variantes necesita que la entrada esté enlazada con sus formas en otros países.')).toBeInTheDocument();
  });

  it('offers listening only once the entry has a standing recording from its own country, and adds that kind', async () => {
    const user = userEvent.setup();
    const { country } = makeEntry();
    // Heard only from elsewhere, or held by moderators: no listening card to offer.
    for (const recordings of [[take('XX')], [take(country, 'held')]]) {
      stubApi([], undefined, recordings);
      const { unmount, queryClient } = renderWithProviders(<FlashcardKindsMenu entry={makeEntry()} />, { user: testUser });
      // The list has arrived (and the menu drawn from it).
      await vi.waitFor(() => expect(queryClient.getQueryData(recordingKeys.forEntry(makeEntry()._id))).toEqual(recordings));
      expect(within(more()).getAllByRole('button').map((button) => button.textContent)).toEqual(['Meaning → word', 'Fill the gap']);
      unmount();
      vi.unstubAllGlobals();
    }
    const fetchMock = stubApi([], undefined, [take('XX'), take(country)]);
    renderWithProviders(<FlashcardKindsMenu entry={makeEntry()} />, { user: testUser });
    await user.click(await within(more()).findByRole('button', { name: 'Listen → word and meaning' }));
    expect(await screen.findByText('Added a “Listen → word and meaning” card to your flashcards!')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/flashcard/addFlashcard').map((call) => call.body)).toEqual([{ contentId: makeEntry()._id, kind: 'listening' }]);
  });

  it('asks a visitor to log in, sending nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi([]);
    renderWithProviders(<FlashcardKindsMenu entry={makeEntry()} />, { user: null });
    await user.click(within(more()).getByRole('button', { name: 'Fill the gap' }));
    expect(await screen.findByText('Please log in to add flashcards')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Add to flashcards, by kind, added meanwhile elsewhere', () => {
  it('on a 409 says so and asks which kinds there are, marking them', async () => {
    const user = userEvent.setup();
    let kinds: string[] = [];
    stubFetch((url) => {
      if (url.pathname.startsWith('/api/flashcard/getFlashcardKinds/')) return json({ success: true, data: kinds });
      kinds = ['reverse'];
      return json({ success: false, code: 'flashcard_exists', message: 'server words' }, 409);
    });
    renderWithProviders(<FlashcardKindsMenu entry={makeEntry()} />, { user: testUser });
    await user.click(within(more()).getByRole('button', { name: 'Meaning → word' }));
    const toast = await screen.findByText('This entry is already in your flashcards.');
    expect(toast.closest('.toast')).toHaveClass('toast--info');
    expect(await within(more()).findByRole('button', { name: /^Meaning → word ?\(In your flashcards\)$/ })).toHaveAttribute('aria-disabled', 'true');
  });
});
