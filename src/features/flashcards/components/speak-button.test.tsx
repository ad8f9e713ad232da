import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Recording } from '@/features/recordings';
import type { FlashcardRecording } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { NoRecordingNotice, RecordingAudio, SpeakButton, useCardAudio } from './speak-button';
import { pickSpanishVoice } from './use-spanish-voice';

const voice = (lang: string, name = lang) => ({ lang, name, default: false, localService: true, voiceURI: name }) as SpeechSynthesisVoice;
const ENTRY = '00000000-0000-4000-8000-000000000201';

/** A speechSynthesis whose voices arrive later, as in Chrome. */
function stubSpeech(initial: SpeechSynthesisVoice[]) {
  let voices = initial;
  const target = new EventTarget();
  const speech = {
    getVoices: () => voices,
    speak: vi.fn(),
    cancel: vi.fn(),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  vi.stubGlobal('speechSynthesis', speech);
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      text: string;
      voice: SpeechSynthesisVoice | null = null;
      lang = '';
      constructor(text: string) {
        this.text = text;
      }
    },
  );
  return {
    speech,
    load: (next: SpeechSynthesisVoice[]) => {
      voices = next;
      target.dispatchEvent(new Event('voiceschanged'));
    },
  };
}

const recording = (id: string, country: string, voteScore: number): Recording => ({
  _id: id,
  contentId: ENTRY,
  path: `00000000-0000-4000-8000-000000000001/${ENTRY}/${id}.webm`,
  url: `http://127.0.0.1:54321/storage/v1/object/public/recordings/x/${id}.webm`,
  country,
  speakerCountry: country,
  authorName: `Learner ${id}`,
  durationMs: 1500,
  voteScore,
  userVote: null,
  createdAt: '2026-11-20T10:00:00Z',
  canDelete: false,
});

/** The recordings the /api lists for the entry, best first (a pending promise: never answered). */
function stubRecordings(list: Recording[] | 'never') {
  return stubFetch((url) => {
    if (url.pathname === `/api/recording/getRecordings/${ENTRY}`) return list === 'never' ? new Promise<Response>(() => {}) : json(list);
    return json({ message: 'Not found.' }, 404);
  });
}

function Speaker({ country = 'MX', native }: { country?: string; native?: FlashcardRecording }) {
  const audio = useCardAudio({ contentId: ENTRY, title: 'chamba', exampleSentence: 'Tengo mucha chamba.', country, native });
  return (
    <>
      <SpeakButton audio={audio} />
      <RecordingAudio audio={audio} />
      {audio.kind === 'none' && <NoRecordingNotice contentId={ENTRY} />}
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pronunciation', () => {
  it('picks the country’s Spanish, then a voice starting with it, then any Spanish voice', () => {
    const voices = [voice('en-US'), voice('es-ES'), voice('es_MX'), voice('es-AR')];
    expect(pickSpanishVoice(voices, 'MX')?.name).toBe('es_MX');
    expect(pickSpanishVoice(voices, 'AR')?.lang).toBe('es-AR');
    expect(pickSpanishVoice([voice('en-US'), voice('es-CL-x-variant')], 'CL')?.lang).toBe('es-CL-x-variant');
    expect(pickSpanishVoice(voices, 'PE')?.lang).toBe('es-ES');
    expect(pickSpanishVoice([voice('en-US'), voice('fr-FR')], 'MX')).toBeUndefined();
  });

  it('with no recording and no Spanish voice says "No recording yet" and links to the entry’s recordings, until a voice loads', async () => {
    stubRecordings([]);
    const { load } = stubSpeech([voice('en-US')]);
    renderWithProviders(<Speaker />);
    const link = await screen.findByRole('link', { name: 'Record one on the entry page' });
    expect(link).toHaveAttribute('href', `/content/${ENTRY}#recordings`);
    expect(screen.getByText(/No recording yet\./)).toBeInTheDocument();
    // The speaker stays, saying why it cannot play.
    expect(screen.getByRole('button', { name: 'No recording yet.' })).toBeDisabled();
    act(() => load([voice('en-US'), voice('es-ES')]));
    expect(screen.getByRole('button', { name: 'Listen to the pronunciation' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Record one on the entry page' })).not.toBeInTheDocument();
  });

  it('is there while the recordings are still asked for, even with no speech synthesis at all', () => {
    stubRecordings('never');
    expect('speechSynthesis' in window).toBe(false);
    renderWithProviders(<Speaker />);
    expect(screen.getByRole('button', { name: 'Looking for a recording...' })).toBeDisabled();
  });

  it('reads the title and then the example sentence with es-MX for a Mexican entry when nobody has recorded it', async () => {
    const user = userEvent.setup();
    stubRecordings([]);
    const { speech } = stubSpeech([voice('es-ES'), voice('es-MX'), voice('en-US')]);
    renderWithProviders(<Speaker />);
    await user.click(screen.getByRole('button', { name: 'Listen to the pronunciation' }));
    expect(speech.cancel).toHaveBeenCalled();
    const spoken = speech.speak.mock.calls.map(([utterance]) => utterance as { text: string; lang: string; voice: SpeechSynthesisVoice });
    expect(spoken.map((u) => u.text)).toEqual(['chamba', 'Tengo mucha chamba.']);
    expect(spoken.every((u) => u.voice.lang === 'es-MX' && u.lang === 'es-MX')).toBe(true);
  });

  it('plays the best recording from the card’s country rather than a speech voice', async () => {
    const user = userEvent.setup();
    stubRecordings([recording('a1', 'AR', 5), recording('m1', 'MX', 2), recording('m2', 'MX', 1)]);
    const { speech } = stubSpeech([voice('es-MX')]);
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { container } = renderWithProviders(<Speaker />);
    const button = await screen.findByRole('button', { name: 'Play the recording' });
    expect(container.querySelector('audio')?.getAttribute('src')).toMatch(/\/storage\/v1\/object\/public\/recordings\/00000000-0000-4000-8000-000000000001\/.+\/m1\.webm$/);
    await user.click(button);
    expect(play).toHaveBeenCalledTimes(1);
    expect(speech.speak).not.toHaveBeenCalled();
  });

  it('plays the native recording the card carries, from the device’s copy when it keeps one, asking nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubRecordings([recording('a1', 'AR', 5)]);
    const native = { _id: 'n1', path: `00000000-0000-4000-8000-000000000001/${ENTRY}/n1.webm`, durationMs: 900, speakerCountry: 'MX' };
    // Cache Storage holding the file (jsdom has none), and object URLs (jsdom has none either).
    vi.stubGlobal('caches', { match: async (url: string) => (url.endsWith('/n1.webm') ? new Response('tone') : undefined) });
    const createObjectURL = URL.createObjectURL;
    const revokeObjectURL = URL.revokeObjectURL;
    URL.createObjectURL = () => 'blob:http://localhost/n1';
    URL.revokeObjectURL = vi.fn();
    try {
      const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
      play.mockClear();
      const { container, unmount } = renderWithProviders(<Speaker native={native} />);
      await user.click(await screen.findByRole('button', { name: 'Play the recording' }));
      expect(container.querySelector('audio')).toHaveAttribute('src', 'blob:http://localhost/n1');
      expect(play).toHaveBeenCalledTimes(1);
      expect(callsTo(fetchMock, '/recording/getRecordings/')).toHaveLength(0);
      unmount();
      // The object URL does not outlive the card.
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/n1');
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('plays a recording from elsewhere, saying where, when the card’s country has none', async () => {
    stubRecordings([recording('a1', 'AR', 5)]);
    renderWithProviders(<Speaker country="CL" />);
    await screen.findByRole('button', { name: 'Play the recording from Argentina' });
  });
});
