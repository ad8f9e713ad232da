import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Recording } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { bestRecording, groupByCountry } from '../api/get-recordings';
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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the recordings’ rules in the browser', () => {
  it('groups by country in the server’s order, the best recording’s country first', () => {
    const list = [recording('01', 'AR', 4), recording('02', 'MX', 3), recording('03', 'AR', 1), recording('04', 'ES', 0)];
    expect(groupByCountry(list).map((group) => [group.country, group.recordings.map((item) => item.authorName)])).toEqual([
      ['AR', ['Learner 01', 'Learner 03']],
      ['MX', ['Learner 02']],
      ['ES', ['Learner 04']],
    ]);
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
    expect(within(section).getByRole('status')).toHaveTextContent('Loading recordings...');
    await within(section).findByText('No recordings yet — be the first.');
    expect(within(section).getByRole('link', { name: 'Log in to record how you say it.' })).toHaveAttribute('href', '/login');
    expect(within(section).queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
  });

  it('lists them by country, the best first, each playable from the bucket’s public URL, with votes and report', async () => {
    stubRecordings([recording('01', 'AR', 4), recording('02', 'MX', 3), recording('03', 'AR', -1)]);
    const { container } = renderWithProviders(<RecordingsSection entry={ENTRY} />, { user: testUser });
    const groups = await screen.findAllByRole('heading', { level: 3 });
    expect(groups.map((heading) => heading.textContent)).toEqual(['Argentina: 2 recordings', 'Mexico: 1 recording']);
    const items = screen.getAllByRole('listitem').filter((item) => item.classList.contains('recording'));
    expect(items.map((item) => within(item).getByText(/^by /).textContent)).toEqual(['by Learner 01', 'by Learner 03', 'by Learner 02']);
    expect(screen.getByRole('button', { name: 'Play the recording by Learner 01' })).toBeInTheDocument();
    expect(within(items[0]).getByRole('group', { name: 'Votes for “the recording by Learner 01”' })).toHaveTextContent('4 votes');
    expect(within(items[0]).getByRole('button', { name: 'Report the recording by Learner 01' })).toBeInTheDocument();
    // Not theirs, not an admin: no delete.
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    const sources = [...container.querySelectorAll('audio')].map((audio) => audio.getAttribute('src'));
    expect(sources[0]).toBe(`http://localhost:3000/storage/v1/object/public/recordings/${OTHER}/${ENTRY._id}/01.webm`);
    expect(screen.getByRole('button', { name: 'Record' })).toBeInTheDocument();
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
