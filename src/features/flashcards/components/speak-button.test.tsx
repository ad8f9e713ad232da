import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SpeakButton } from './speak-button';
import { pickSpanishVoice } from './use-spanish-voice';

const voice = (lang: string, name = lang) => ({ lang, name, default: false, localService: true, voiceURI: name }) as SpeechSynthesisVoice;

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

  it('is hidden with no speech synthesis, and with no Spanish voice until one loads', () => {
    expect('speechSynthesis' in window).toBe(false);
    const { unmount } = render(<SpeakButton title="chamba" exampleSentence="" country="MX" />);
    expect(screen.queryByRole('button', { name: 'Listen to the pronunciation' })).not.toBeInTheDocument();
    unmount();
    const { load } = stubSpeech([voice('en-US')]);
    render(<SpeakButton title="chamba" exampleSentence="" country="MX" />);
    expect(screen.queryByRole('button', { name: 'Listen to the pronunciation' })).not.toBeInTheDocument();
    act(() => load([voice('en-US'), voice('es-ES')]));
    expect(screen.getByRole('button', { name: 'Listen to the pronunciation' })).toBeInTheDocument();
  });

  it('reads the title and then the example sentence with es-MX for a Mexican entry', async () => {
    const user = userEvent.setup();
    const { speech } = stubSpeech([voice('es-ES'), voice('es-MX'), voice('en-US')]);
    render(<SpeakButton title="chamba" exampleSentence="Tengo mucha chamba." country="MX" />);
    await user.click(screen.getByRole('button', { name: 'Listen to the pronunciation' }));
    expect(speech.cancel).toHaveBeenCalled();
    const spoken = speech.speak.mock.calls.map(([utterance]) => utterance as { text: string; lang: string; voice: SpeechSynthesisVoice });
    expect(spoken.map((u) => u.text)).toEqual(['chamba', 'Tengo mucha chamba.']);
    expect(spoken.every((u) => u.voice.lang === 'es-MX' && u.lang === 'es-MX')).toBe(true);
  });
});
