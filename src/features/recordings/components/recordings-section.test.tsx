import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { Recording } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { bestRecording, groupBySpeakerCountry } from '../api/get-recordings';
import { predictVote } from '../api/vote-recording';
import { microphoneProblem, pickRecordingFormat } from './recording-format';
import RecordingsSection from './recordings-section';

const ENTRY = { _id: '00000000-0000-4000-8000-000000000201', title: 'chamba', country: 'MX' };
const OTHER = '00000000-0000-4000-8000-000000000009';

const recording = (id: string, country: string, voteScore: number, extra: Partial<Recording> = {}): Recording => ({
  _id: `00000000-0000-4000-8000-0000000003${id}`,
  contentId: ENTRY._id,
  path: `${OTHER}/${ENTRY._id}/${id}.webm`,
  url: `http://127.0.0.1:54321/storage/v1/object/public/recordings/${OTHER}/${ENTRY._id}/${id}.webm`,
  country,
  speakerCountry: country,
  authorName: `Learner ${id}`,
  durationMs: 2300,
  voteScore,
  userVote: null,
  createdAt: new Date().toISOString(),
  canDelete: false,
  ...extra,
});

function stubRecordings(list: Recording[]) {
  let current = list;
  const mock = stubFetch((url, init) => {
    if (url.pathname === `/api/recording/getRecordings/${ENTRY._id}`) return json(current);
    if (url.pathname === `/api/recording/request/${ENTRY._id}`) {
      const native = current.some((item) => item.country === ENTRY.country && !item.moderation);
      return json({ success: true, contentId: ENTRY._id, count: native ? 0 : 2, requested: false, native });
    }
    if (url.pathname === '/api/recording/vote') {
      const { recordingId, voteType } = JSON.parse(String(init.body)) as { recordingId: string; voteType: 'up' | 'down' };
      current = current.map((item) => (item._id === recordingId ? predictVote(item, voteType) : item));
      const voted = current.find((item) => item._id === recordingId)!;
      return json({ success: true, recordingId, contentId: ENTRY._id, voteScore: voted.voteScore, userVote: voted.userVote });
    }
    if (url.pathname.startsWith('/api/recording/') && init.method === 'DELETE') {
      const id = url.pathname.split('/').pop();
      current = current.filter((item) => item._id !== id);
      return json({ success: true, message: 'Deleted successfully', _id: id, contentId: ENTRY._id });
    }
    return json({ message: 'Not found.' }, 404);
  });
  return mock;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en-US'));
});

describe('the recordings’ rules in the browser', () => {
  it('groups by the speaker’s country in the server’s order, the entry’s own country first, then by best recording', () => {
    const list = [recording('01', 'AR', 4), recording('02', 'MX', 3), recording('03', 'AR', 1), recording('04', 'ES', 0), recording('05', 'MX', -1)];
    expect(groupBySpeakerCountry(list, 'MX').map((group) => [group.country, group.recordings.map((item) => item.authorName)])).toEqual([
      ['MX', ['Learner 02', 'Learner 05']],
      ['AR', ['Learner 01', 'Learner 03']],
      ['ES', ['Learner 04']],
    ]);
    // The speaker's country when they made it is the group, whatever country was chosen.
    expect(groupBySpeakerCountry([recording('01', 'AR', 1, { speakerCountry: 'CO' })], 'MX')).toEqual([{ country: 'CO', recordings: [expect.objectContaining({ authorName: 'Learner 01' })] }]);
    expect(groupBySpeakerCountry([], 'MX')).toEqual([]);
  });

  it('plays the best of the card’s country, else the best of all, else nothing', () => {
    const list = [recording('01', 'AR', 4), recording('02', 'MX', 3), recording('03', 'MX', 1)];
    expect(bestRecording(list, 'MX')?.authorName).toBe('Learner 02');
    expect(bestRecording(list, 'CL')?.authorName).toBe('Learner 01');
    expect(bestRecording([], 'CL')).toBeUndefined();
    expect(bestRecording(undefined, 'CL')).toBeUndefined();
  });

  it('predicts votes as the server counts them: up, switch, take back', () => {
    const start = recording('01', 'MX', 2);
    const up = predictVote(start, 'up');
    expect([up.voteScore, up.userVote]).toEqual([3, 'up']);
    const down = predictVote(up, 'down');
    expect([down.voteScore, down.userVote]).toEqual([1, 'down']);
    const back = predictVote(down, 'down');
    expect([back.voteScore, back.userVote]).toEqual([2, null]);
  });

  it('records in the first format the bucket takes, typed without codecs', () => {
    expect(pickRecordingFormat((type) => type === 'audio/webm;codecs=opus' || type === 'audio/webm')).toEqual({
      mimeType: 'audio/webm;codecs=opus',
      contentType: 'audio/webm',
      extension: 'webm',
    });
    expect(pickRecordingFormat((type) => type === 'audio/mp4')?.extension).toBe('m4a');
    expect(pickRecordingFormat(() => false)).toBeUndefined();
    expect(pickRecordingFormat(undefined)).toBeUndefined();
  });

  it('names what went wrong with the microphone', () => {
    expect(microphoneProblem(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(microphoneProblem(new DOMException('none', 'NotFoundError'))).toBe('noMicrophone');
    expect(microphoneProblem(new DOMException('in use', 'NotReadableError'))).toBe('busy');
    expect(microphoneProblem(new TypeError('no audio'))).toBe('unsupported');
  });
});

describe('the Listen section', () => {
  it('says there are none yet, and asks a guest to log in to record', async () => {
    stubRecordings([]);
    renderWithProviders(<RecordingsSection entry={ENTRY} />);
    const section = screen.getByRole('region', { name: 'Listen' });
    expect(within(section).getAllByRole('status').map((status) => status.textContent?.trim())).toEqual(['Checking who wants to hear this...', 'Loading recordings...']);
    await within(section).findByText('No recordings yet — be the first.');
    // Nobody from Mexico has said it: a guest sees who asks, and is asked to log in to ask.
    expect(await within(section).findByText('2 learners want to hear this')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Log in to ask for a recording from Mexico.' })).toHaveAttribute('href', '/login');
    expect(within(section).getByRole('link', { name: 'Log in to record how you say it.' })).toHaveAttribute('href', '/login');
    expect(within(section).queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
  });

  it('lists them by country, the best first, each playable from the bucket’s public URL, with votes and report', async () => {
    stubRecordings([recording('01', 'AR', 4), recording('02', 'MX', 3), recording('03', 'AR', -1)]);
    const { container } = renderWithProviders(<RecordingsSection entry={ENTRY} />, { user: testUser });
    const groups = await screen.findAllByRole('heading', { level: 3 });
    expect(groups.map((heading) => heading.textContent)).toEqual(['How it sounds in Mexico', 'Also heard from Argentina']);
    expect(screen.getByText('1 recording')).toBeInTheDocument();
    expect(screen.getByText('2 recordings')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').filter((item) => item.classList.contains('recording'));
    expect(items.map((item) => within(item).getByText(/^by /).textContent)).toEqual(['by Learner 02', 'by Learner 01', 'by Learner 03']);
    expect(screen.getByRole('button', { name: 'Play the recording by Learner 01' })).toBeInTheDocument();
    expect(within(items[1]).getByRole('group', { name: 'Votes for “the recording by Learner 01”' })).toHaveTextContent('4 votes');
    expect(within(items[1]).getByRole('button', { name: 'Report the recording by Learner 01' })).toBeInTheDocument();
    // Not theirs, not an admin: no delete.
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    const sources = [...container.querySelectorAll('audio')].map((audio) => audio.getAttribute('src'));
    expect(sources[1]).toBe(`http://localhost:3000/storage/v1/object/public/recordings/${OTHER}/${ENTRY._id}/01.webm`);
    expect(screen.getByRole('button', { name: 'Record' })).toBeInTheDocument();
  });

  it('groups by the speaker’s country: how it sounds in the entry’s own, then also heard from others; in Spanish too', async () => {
    stubRecordings([recording('01', 'AR', 4, { speakerCountry: 'AR' }), recording('02', 'MX', 3, { speakerCountry: 'MX' }), recording('03', 'CO', 1, { speakerCountry: 'CO' })]);
    renderWithProviders(<RecordingsSection entry={ENTRY} />, { user: testUser });
    const groups = await screen.findAllByRole('heading', { level: 3 });
    expect(groups.map((heading) => heading.textContent)).toEqual(['How it sounds in Mexico', 'Also heard from Argentina', 'Also heard from Colombia']);
    // A native recording: nobody needs to ask.
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Ask to hear it' })).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Cómo suena en México',
      'También se oye en Argentina',
      'También se oye en Colombia',
    ]);
    expect(screen.getAllByText('1 grabación')).toHaveLength(3);
  });

  it('offers the queue of the entry’s country to a speaker from there, and only to them', async () => {
    stubRecordings([]);
    const { unmount } = renderWithProviders(<RecordingsSection entry={ENTRY} />, { user: { ...testUser, speakerCountry: 'MX' } });
    expect(await screen.findByRole('link', { name: 'Record entries from Mexico' })).toHaveAttribute('href', '/record?country=MX');
    // Asking is for learners: a speaker may ask too (someone else may say it first).
    expect(await screen.findByRole('button', { name: 'Ask to hear it' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<RecordingsSection entry={ENTRY} />, { user: { ...testUser, speakerCountry: 'CO' } });
    expect(await screen.findByText('2 learners want to hear this')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Record entries/ })).not.toBeInTheDocument();
  });

  it('asks nobody to voice an entry moderators hide (its owner still sees the page)', async () => {
    const fetch = stubRecordings([]);
    renderWithProviders(<RecordingsSection entry={{ ...ENTRY, moderation: 'held' }} />, { user: testUser });
    await screen.findByText('No recordings yet — be the first.');
    expect(callsTo(fetch, `/recording/request/${ENTRY._id}`)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Ask to hear it' })).not.toBeInTheDocument();
  });

  it('votes up, then takes the vote back, each sent once', async () => {
    const user = userEvent.setup();
    const fetch = stubRecordings([recording('01', 'MX', 1)]);
    renderWithProviders(<RecordingsSection entry={ENTRY} />, { user: testUser });
    const votes = await screen.findByRole('group', { name: 'Votes for “the recording by Learner 01”' });
    await user.click(within(votes).getByRole('button', { name: 'Vote up' }));
    await waitFor(() => expect(within(votes).getByRole('button', { name: 'Vote up' })).toHaveAttribute('aria-pressed', 'true'));
    expect(votes).toHaveTextContent('2 votes');
    await user.click(within(votes).getByRole('button', { name: 'Vote up' }));
    await waitFor(() => expect(within(votes).getByRole('button', { name: 'Vote up' })).toHaveAttribute('aria-pressed', 'false'));
    expect(votes).toHaveTextContent('1 vote');
    expect(callsTo(fetch, '/recording/vote').map((call) => call.body)).toEqual([
      { recordingId: recording('01', 'MX', 1)._id, voteType: 'up' },
      { recordingId: recording('01', 'MX', 1)._id, voteType: 'up' },
    ]);
  });

  it('lets its speaker delete it after confirming; it leaves the list', async () => {
    const user = userEvent.setup();
    const mine = recording('01', 'MX', 0, { path: `${testUser._id}/${ENTRY._id}/01.webm`, canDelete: true, authorName: testUser.name });
    stubRecordings([mine]);
    renderWithProviders(<RecordingsSection entry={ENTRY} />, { user: testUser });
    // Nobody reports their own recording.
    await screen.findByRole('button', { name: `Play the recording by ${testUser.name}` });
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete your recording' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this recording?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No recordings yet — be the first.');
    expect(screen.getByText('Recording deleted.')).toBeInTheDocument();
  });

  it('explains a blocked microphone in words', async () => {
    const user = userEvent.setup();
    stubRecordings([]);
    vi.stubGlobal('MediaRecorder', Object.assign(class {}, { isTypeSupported: (type: string) => type.startsWith('audio/webm') }));
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    try {
      renderWithProviders(<RecordingsSection entry={ENTRY} />, { user: testUser });
      await user.click(await screen.findByRole('button', { name: 'Record' }));
      await user.click(await screen.findByRole('button', { name: 'Start recording' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The microphone is blocked for this site.');
      expect(getUserMedia).toHaveBeenCalledWith({ audio: expect.anything() });
      // Still offered: once allowed, trying again works.
      expect(screen.getByRole('button', { name: 'Start recording' })).toBeEnabled();
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('says when the browser cannot record at all', async () => {
    const user = userEvent.setup();
    stubRecordings([]);
    renderWithProviders(<RecordingsSection entry={ENTRY} />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("This browser can't record audio here.");
    expect(screen.queryByRole('button', { name: 'Start recording' })).not.toBeInTheDocument();
  });
});
