import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { RecordingCountry } from './recording-country';
import RecordingsSection from './recordings-section';
import { SpeakerCountryForm } from './speaker-country-form';

// Where a learner's Spanish is from (issue 34): set on the Account page, then the recorder
// records as a speaker from there instead of asking.

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en-US'));
});

describe('the Account page’s “Where your Spanish is from”', () => {
  it('saves a country from the keyboard with POST /api/user/update {speakerCountry}, and clears it with null', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch((_url, init) => json({ user: { ...testUser, ...(JSON.parse(String(init.body)) as object) } }));
    const { unmount } = renderWithProviders(<SpeakerCountryForm user={testUser} />, { user: testUser });
    const select = screen.getByRole('combobox', { name: 'Where your Spanish is from' });
    expect(select).toHaveValue('');
    expect(select).toHaveAccessibleDescription(/Your recordings are labelled with this country/);
    const save = screen.getByRole('button', { name: 'Save where your Spanish is from' });
    expect(save).toBeDisabled();
    await user.selectOptions(select, 'Mexico');
    await user.tab();
    expect(save).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Saved: your recordings will be labelled with it.')).toBeInTheDocument();
    unmount();
    // The Account page shows the saved one (its key is the saved country): now Mexico.
    renderWithProviders(<SpeakerCountryForm user={{ ...testUser, speakerCountry: 'MX' }} />, { user: testUser });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Where your Spanish is from' }), "I'd rather not say");
    await user.click(screen.getByRole('button', { name: 'Save where your Spanish is from' }));
    expect(await screen.findByText("Saved: your recordings won't be labelled with a country.")).toBeInTheDocument();
    expect(callsTo(fetch, '/user/update').map((call) => call.body)).toEqual([{ speakerCountry: 'MX' }, { speakerCountry: null }]);
  });

  it('starts from the saved country, and says when saving failed', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({}, 503));
    renderWithProviders(<SpeakerCountryForm user={{ ...testUser, speakerCountry: 'CO' }} />, { user: testUser });
    const select = screen.getByRole('combobox', { name: 'Where your Spanish is from' });
    expect(select).toHaveValue('CO');
    await user.selectOptions(select, 'Peru');
    await user.click(screen.getByRole('button', { name: 'Save where your Spanish is from' }));
    expect(await screen.findByText("It couldn't be saved. Please try again.")).toBeInTheDocument();
    expect(select).toHaveValue('PE');
  });

  it('is the field a link to /account#speaker-country lands on', () => {
    stubFetch();
    renderWithProviders(<SpeakerCountryForm user={testUser} />, { user: testUser, path: '/account', route: '/account#speaker-country' });
    expect(screen.getByRole('combobox', { name: 'Where your Spanish is from' })).toHaveFocus();
  });

  it('speaks Spanish', async () => {
    stubFetch();
    await act(() => i18n.changeLanguage('es'));
    renderWithProviders(<SpeakerCountryForm user={testUser} />, { user: testUser });
    expect(screen.getByRole('combobox', { name: 'De dónde es tu español' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Prefiero no decirlo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar de dónde es tu español' })).toBeDisabled();
  });
});

describe('the recorder’s country', () => {
  it('records a learner who said where they are from as a speaker from there, with no choice and a link to change it', () => {
    renderWithProviders(<RecordingCountry speakerCountry="MX" country="MX" disabled={false} onChange={() => undefined} />, { user: testUser });
    expect(screen.getByText('Recording as a speaker from Mexico.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change it on your Account page' })).toHaveAttribute('href', '/account#speaker-country');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('lets anyone else choose, as before, and tells them where to say it once for all', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<RecordingCountry speakerCountry={undefined} country="AR" disabled={false} onChange={onChange} />, { user: testUser });
    const select = screen.getByRole('combobox', { name: 'Said in' });
    expect(select).toHaveValue('AR');
    await user.selectOptions(select, 'Chile');
    expect(onChange).toHaveBeenCalledWith('CL');
    expect(
      screen.getByRole('link', { name: 'Say where your Spanish is from on your Account page, and your recordings are labelled with it.' }),
    ).toHaveAttribute('href', '/account#speaker-country');
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderWithProviders(<RecordingCountry speakerCountry="AR" country="AR" disabled={false} onChange={() => undefined} />, { user: testUser });
    expect(screen.getByText('Grabas como hablante de Argentina.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cámbialo en tu página de Cuenta' })).toBeInTheDocument();
  });
});

/** The browser's microphone and MediaRecorder, as far as one take goes: a few bytes of webm. */
function stubMicrophone() {
  class FakeRecorder {
    static isTypeSupported = (type: string) => type.startsWith('audio/webm');
    state = 'inactive';
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstart: (() => void) | null = null;
    onstop: (() => void) | null = null;
    onerror: (() => void) | null = null;
    start() {
      this.state = 'recording';
      this.onstart?.();
    }
    stop() {
      this.state = 'inactive';
      this.ondataavailable?.({ data: new Blob(['take'], { type: 'audio/webm' }) });
      this.onstop?.();
    }
  }
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: async () => ({ getTracks: () => [] }) }, configurable: true });
  Object.assign(URL, { createObjectURL: () => 'blob:take', revokeObjectURL: () => undefined });
}

describe('the recorder, once a take is recorded', () => {
  const entry = { _id: '00000000-0000-4000-8000-000000000201', title: 'chamba', country: 'MX' };

  async function recordATake(speaker: typeof testUser) {
    const user = userEvent.setup();
    stubFetch((url) => (url.pathname.endsWith('/getRecordings/' + entry._id) ? json([]) : json({ success: true, contentId: entry._id, count: 0, requested: false, native: false })));
    stubMicrophone();
    renderWithProviders(<RecordingsSection entry={entry} />, { user: speaker });
    await user.click(await screen.findByRole('button', { name: 'Record' }));
    await user.click(await screen.findByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await screen.findByRole('button', { name: 'Upload recording' });
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('says a speaker records as one from their country, with no country to choose', async () => {
    await recordATake({ ...testUser, speakerCountry: 'CO', homeCountry: 'ES' });
    expect(screen.getByText('Recording as a speaker from Colombia.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Said in' })).not.toBeInTheDocument();
  });

  it('asks anyone else where it is said, from their home country first', async () => {
    await recordATake({ ...testUser, homeCountry: 'ES' });
    expect(screen.getByRole('combobox', { name: 'Said in' })).toHaveValue('ES');
    expect(screen.getByRole('link', { name: /^Say where your Spanish is from/ })).toHaveAttribute('href', '/account#speaker-country');
  });
});
