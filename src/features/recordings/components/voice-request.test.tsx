import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { RecordingRequestReply } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { applyLiveRecordings } from '../api/apply-live-recordings';
import { predictRequest } from '../api/recording-request';
import { VoiceRequest } from './voice-request';

// The entry page's "N learners want to hear this" and its Ask / Asked button (issue 34).

const ENTRY = { _id: '00000000-0000-4000-8000-000000000201', country: 'MX' };
const PATH = `/api/recording/request/${ENTRY._id}`;

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en-US'));
});

const reply = (count: number, requested = false, native = false): RecordingRequestReply => ({ success: true, contentId: ENTRY._id, count, requested, native });

/** A server holding the entry's requests; `hold` keeps the next write's answer until released. */
function stubServer(start: RecordingRequestReply, write: (ask: boolean) => Response | undefined = () => undefined) {
  let state = start;
  let release: (() => void) | null = null;
  const mock = stubFetch(async (url, init) => {
    if (url.pathname === PATH) return json(state);
    if (url.pathname === '/api/recording/request') {
      const ask = init.method === 'POST';
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      const refusal = write(ask);
      if (refusal) return refusal;
      state = predictRequest(state, ask);
      return json(state, ask ? 201 : 200);
    }
    if (url.pathname.startsWith('/api/recording/getRecordings/')) return json([]);
    return json({ message: 'Not found.' }, 404);
  });
  return {
    mock,
    set: (next: RecordingRequestReply) => {
      state = next;
    },
    /** Lets the held write answer, once the client has sent it. */
    answer: async () => {
      await waitFor(() => expect(release).not.toBeNull());
      const go = release!;
      release = null;
      go();
    },
  };
}

function renderRequest(user: typeof testUser | null = testUser) {
  return renderWithProviders(<VoiceRequest entry={ENTRY} />, { user });
}

describe('asking for a voice', () => {
  it('says it is checking, then invites the first request; a guest is asked to log in', async () => {
    stubServer(reply(0));
    renderRequest(null);
    expect(screen.getByRole('status')).toHaveTextContent('Checking who wants to hear this...');
    expect(await screen.findByText('No recording from Mexico yet. Be the first to ask.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to ask for a recording from Mexico.' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks from the keyboard at once, and withdraws; each change sent once, the server’s count kept', async () => {
    const user = userEvent.setup();
    const server = stubServer(reply(2));
    renderRequest();
    expect(await screen.findByText('2 learners want to hear this')).toBeInTheDocument();
    const ask = screen.getByRole('button', { name: 'Ask to hear it' });
    expect(ask).toHaveAttribute('aria-pressed', 'false');
    await user.tab();
    expect(ask).toHaveFocus();
    await user.keyboard('{Enter}');
    // Shown before the server answers.
    expect(screen.getByText('3 learners want to hear this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Asked — withdraw' })).toHaveAttribute('aria-pressed', 'true');
    // Pressed again while the first is on its way: nothing more is sent.
    await user.keyboard('{Enter}');
    await server.answer();
    expect(await screen.findByText("Asked. You'll be told when someone from Mexico records it.")).toBeInTheDocument();
    expect(callsTo(server.mock, '/recording/request').map((call) => [call.init.method, call.body])).toEqual([['POST', { contentId: ENTRY._id }]]);

    const asked = screen.getByRole('button', { name: 'Asked — withdraw' });
    expect(asked).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByText('2 learners want to hear this')).toBeInTheDocument();
    await server.answer();
    expect(await screen.findByText('Your request was withdrawn.')).toBeInTheDocument();
    const withdrawal = callsTo(server.mock, '/recording/request')[1];
    expect([withdrawal.init.method, withdrawal.url.searchParams.get('contentId')]).toEqual(['DELETE', ENTRY._id]);
    expect(screen.getByRole('button', { name: 'Ask to hear it' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('rolls back when the server refuses, and says so', async () => {
    const user = userEvent.setup();
    const server = stubServer(reply(1), () => json({}, 503));
    renderRequest();
    await user.click(await screen.findByRole('button', { name: 'Ask to hear it' }));
    expect(screen.getByText('2 learners want to hear this')).toBeInTheDocument();
    await server.answer();
    expect(await screen.findByText('1 learner wants to hear this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask to hear it' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText("Your request couldn't be sent. Please try again.")).toBeInTheDocument();
  });

  it('goes away when someone from the country recorded it meanwhile (409 entry_voiced)', async () => {
    const user = userEvent.setup();
    const server = stubServer(reply(1), () => {
      server.set(reply(0, false, true));
      return json({ message: 'The entry has a recording from its country already.', code: 'entry_voiced' }, 409);
    });
    renderRequest();
    await user.click(await screen.findByRole('button', { name: 'Ask to hear it' }));
    await server.answer();
    expect(await screen.findByText('Someone from Mexico has recorded it already: listen below.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Ask/ })).not.toBeInTheDocument());
    expect(screen.queryByText(/want to hear this/)).not.toBeInTheDocument();
    expect(callsTo(server.mock, `/recording/request/${ENTRY._id}`)).toHaveLength(2);
  });

  it('follows others asking: the entry channel’s `recordings` re-reads the count', async () => {
    const server = stubServer(reply(1));
    const { queryClient } = renderRequest();
    expect(await screen.findByText('1 learner wants to hear this')).toBeInTheDocument();
    server.set(reply(4));
    act(() => applyLiveRecordings(queryClient, ENTRY._id));
    expect(await screen.findByText('4 learners want to hear this')).toBeInTheDocument();
    expect(callsTo(server.mock, `/recording/request/${ENTRY._id}`)).toHaveLength(2);
  });

  it('shows nothing once the entry has a native recording', async () => {
    const server = stubServer(reply(0, false, true));
    renderRequest();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(callsTo(server.mock, `/recording/request/${ENTRY._id}`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Ask/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/want to hear this|Be the first/)).not.toBeInTheDocument();
  });

  it('says when the requests could not be read, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch(() => (fail ? json({ message: 'Something went wrong.' }, 500) : json(reply(3))));
    renderRequest();
    expect(await screen.findByRole('alert')).toHaveTextContent("The requests couldn't be loaded.");
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 learners want to hear this')).toBeInTheDocument();
  });

  it('offers nothing on an entry the server does not show (404: held by moderators, seen by its owner)', async () => {
    const fetch = stubFetch(() => json({ message: 'Entry not found.', code: 'content_not_found' }, 404));
    renderRequest();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(callsTo(fetch, `/recording/request/${ENTRY._id}`)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ask/ })).not.toBeInTheDocument();
  });

  it('speaks Spanish, with its plural rules', async () => {
    const user = userEvent.setup();
    const server = stubServer(reply(1));
    await act(() => i18n.changeLanguage('es'));
    renderRequest();
    expect(await screen.findByText('1 estudiante quiere oír esto')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pedir oírlo' }));
    expect(screen.getByText('2 estudiantes quieren oír esto')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pedido — retirar' })).toHaveAttribute('aria-pressed', 'true');
    await server.answer();
    expect(await screen.findByText('Pedido. Te avisaremos cuando alguien de México lo grabe.')).toBeInTheDocument();
  });
});
