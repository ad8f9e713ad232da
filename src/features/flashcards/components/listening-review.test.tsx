import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlashcardsPage } from '@/app/routes/flashcards-page';
import { recordingUrl } from '@/features/recordings';
import { resetReviewSync } from '@/features/review-queue/reviews';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { storeSessionFor } from '@/test/session';
import type { DueFlashcard } from '../api/types';
import { PLAY_ON_REVEAL_KEY } from './play-on-reveal';

// Listening in the review (issue 34): the card's native recording comes with the due list
// (no request for the entry's recordings); a listening card's front is that recording (it
// plays by itself as it is shown, by its button and by R) and never the word; the back shows
// word, meaning and example; "Play the recording when the answer is revealed" is a setting of
// this device that plays any card's recording on reveal.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PATH = `00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000201/take.webm`;

function makeDue(kind: DueFlashcard['kind'], withRecording = true): DueFlashcard {
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  return {
    _id: '00000000-0000-4000-8000-000000000101',
    userId: testUser._id,
    contentId: '00000000-0000-4000-8000-000000000201',
    kind,
    prompt: kind === 'listening' ? 'Listen — Mexico' : 'chamba',
    createdAt: '2026-11-01T10:00:00Z',
    due: at(-DAY),
    state: 'review',
    stability: 3,
    difficulty: 5,
    scheduledDays: 3,
    learningSteps: 0,
    reps: 2,
    lapses: 0,
    lastReview: '2026-11-20T10:00:00Z',
    recording: withRecording ? { _id: '00000000-0000-4000-8000-000000000301', path: PATH, durationMs: 1200, speakerCountry: 'MX' } : null,
    retrievability: 0.9,
    preview: {
      again: { due: at(10 * MINUTE), scheduledDays: 0 },
      hard: { due: at(DAY), scheduledDays: 1 },
      good: { due: at(3 * DAY), scheduledDays: 3 },
      easy: { due: at(60 * DAY), scheduledDays: 60 },
    },
    content: {
      _id: '00000000-0000-4000-8000-000000000201',
      title: 'chamba',
      description: 'Work, a job.',
      descriptionEs: 'Trabajo.',
      exampleSentence: 'Tengo mucha chamba.',
      hint: '',
      country: 'MX',
    },
  };
}

function stubApi(due: DueFlashcard[]) {
  return stubFetch((url) => {
    if (url.pathname.startsWith('/api/flashcard/getDueFlashcards/')) return json({ success: true, data: due, total: due.length });
    if (url.pathname.startsWith('/api/recording/getRecordings/')) return json([]);
    return json({ success: false, code: 'not_found', message: 'Not found.' }, 404);
  });
}

const card = () => screen.getByRole('article', { name: 'Flashcard' });
const front = () => card().querySelector('.review-card__face--front') as HTMLElement;

beforeEach(() => {
  storeSessionFor(testUser._id);
  localStorage.removeItem(PLAY_ON_REVEAL_KEY);
});

afterEach(async () => {
  resetReviewSync();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

describe('a listening card', () => {
  it('plays its recording as it is shown, again by its button and by R, and keeps the word for the back', async () => {
    const user = userEvent.setup();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    // A second card, with its native recording too: it needs no prefetch of the entry's recordings.
    const fetchMock = stubApi([makeDue('listening'), { ...makeDue('basic'), _id: '00000000-0000-4000-8000-000000000102' }]);
    renderWithProviders(<FlashcardsPage />, { path: '/flashcards', user: testUser, page: true });

    const button = await within(await screen.findByRole('article', { name: 'Flashcard' })).findByRole('button', { name: 'Play the recording' });
    expect(within(card()).getByRole('heading', { level: 2 })).toHaveTextContent("Listen: what's the word, and what does it mean?");
    expect(within(card()).getByText('Said by a speaker from Mexico')).toBeInTheDocument();
    expect(front()).not.toHaveTextContent('chamba');
    expect(front()).not.toHaveTextContent('Work, a job.');
    expect(card().querySelector('audio')).toHaveAttribute('src', recordingUrl(PATH));
    // Shown: it plays by itself, once (as soon as its effect has run: on a busy machine, after the button is found).
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    // The due list carried the recordings: nothing asked of the entries' recordings.
    expect(callsTo(fetchMock, '/recording/getRecordings/')).toHaveLength(0);

    await user.click(button);
    expect(play).toHaveBeenCalledTimes(2);
    await user.keyboard('r');
    expect(play).toHaveBeenCalledTimes(3);

    await user.click(within(card()).getByRole('button', { name: 'Show answer' }));
    const back = card().querySelector('.review-card__face--back') as HTMLElement;
    expect(back).toHaveTextContent('chamba');
    expect(back).toHaveTextContent('Work, a job.');
    expect(back).toHaveTextContent('Tengo mucha chamba.');
    // Not again on reveal: the setting is off.
    expect(play).toHaveBeenCalledTimes(3);
  });

  it('says so when its recording is gone, and offers no computer voice as the card’s own', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    stubApi([makeDue('listening', false)]);
    renderWithProviders(<FlashcardsPage />, { path: '/flashcards', user: testUser, page: true });
    expect(await within(await screen.findByRole('article', { name: 'Flashcard' })).findByText('No recording yet.', { exact: false })).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: /^Play/ })).toBeNull();
    expect(card().querySelector('audio')).toBeNull();
  });
});

describe('Play the recording when the answer is revealed', () => {
  it('is off unless chosen; chosen, it is kept on the device and plays a card’s recording as its answer shows', async () => {
    const user = userEvent.setup();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    stubApi([makeDue('basic')]);
    renderWithProviders(<FlashcardsPage />, { path: '/flashcards', user: testUser, page: true });
    await within(await screen.findByRole('article', { name: 'Flashcard' })).findByRole('button', { name: 'Play the recording' });
    // A basic card does not play by itself on its front.
    expect(play).not.toHaveBeenCalled();

    await user.click(screen.getByText('Review settings'));
    const setting = screen.getByRole('checkbox', { name: 'Play the recording when the answer is revealed' });
    expect(setting).not.toBeChecked();
    expect(setting).toHaveAccessibleDescription('Kept on this device.');
    await user.click(setting);
    expect(setting).toBeChecked();
    expect(localStorage.getItem(PLAY_ON_REVEAL_KEY)).toBe('1');

    await user.click(within(card()).getByRole('button', { name: 'Show answer' }));
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('follows a change made in another tab, and reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    stubApi([]);
    renderWithProviders(<FlashcardsPage />, { path: '/flashcards', user: testUser, page: true });
    const setting = await screen.findByRole('checkbox', { name: 'Reproducir la grabación al mostrar la respuesta' });
    expect(setting).not.toBeChecked();
    localStorage.setItem(PLAY_ON_REVEAL_KEY, '1');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: PLAY_ON_REVEAL_KEY, newValue: '1' })));
    expect(setting).toBeChecked();
  });
});
