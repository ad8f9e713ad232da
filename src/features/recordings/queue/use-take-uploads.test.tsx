import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NewRecording } from '../api/add-recording';
import type { Recording } from '../api/types';
import { UploadError } from '../api/upload-recording';
import { voiceKeys } from '../api/voice-keys';
import { UploadList } from './upload-list';
import { useTakeUploads, type KeptTake } from './use-take-uploads';
import '../recording-strings';

// The queue's background sends with a sender the test holds: each take is sent once, a failed
// one stays listed with why and a Retry that sends it again (the only resend), and a save
// refreshes the country's counts.

const take: KeptTake = { file: new Blob([new Uint8Array(8)], { type: 'audio/wav' }), extension: 'wav', durationMs: 900 };

/** A sender whose every call waits until the test settles it. */
function heldSender() {
  const calls: { input: NewRecording; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const send = vi.fn(
    (input: NewRecording) =>
      new Promise<Recording>((resolve, reject) => {
        calls.push({ input, resolve: () => resolve({} as Recording), reject });
      }),
  );
  return { send, calls };
}

/** Whether closing or reloading the page now would ask first (its beforeunload is cancelled). */
const leavingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

function Harness({ send, onReady }: { send: (input: NewRecording) => Promise<Recording>; onReady: (keep: ReturnType<typeof useTakeUploads>['keep']) => void }) {
  const uploads = useTakeUploads({ userId: 'user-1', send });
  onReady(uploads.keep);
  return (
    <>
      <p>unsaved: {uploads.unsaved}</p>
      <UploadList uploads={uploads.uploads} onRetry={uploads.retry} />
    </>
  );
}

function renderHarness(send: (input: NewRecording) => Promise<Recording>) {
  const queryClient = new QueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  let keep!: ReturnType<typeof useTakeUploads>['keep'];
  render(
    <QueryClientProvider client={queryClient}>
      <Harness send={send} onReady={(given) => (keep = given)} />
    </QueryClientProvider>,
  );
  return { keep: (...args: Parameters<typeof keep>) => act(() => keep(...args)), invalidated };
}

describe('useTakeUploads', () => {
  it('lets the page go when nothing is waiting', () => {
    renderHarness(heldSender().send);
    expect(leavingAsks()).toBe(false);
  });

  it('sends a kept take once, in the learner’s folder for the entry and country; a save refreshes the counts', async () => {
    const { send, calls } = heldSender();
    const { keep, invalidated } = renderHarness(send);
    keep({ contentId: 'entry-1', title: 'chamba' }, 'MX', take);
    expect(send).toHaveBeenCalledTimes(1);
    expect(calls[0].input).toMatchObject({ userId: 'user-1', contentId: 'entry-1', country: 'MX', extension: 'wav', durationMs: 900, file: take.file });
    expect(screen.getByText('Uploading...')).toBeInTheDocument();
    expect(screen.getByText('unsaved: 1')).toBeInTheDocument();
    await act(async () => calls[0].resolve());
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('unsaved: 0')).toBeInTheDocument();
    expect(invalidated).toHaveBeenCalledWith({ queryKey: voiceKeys.count('MX') });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps a failed take listed with why, and Retry sends it again, once', async () => {
    const user = userEvent.setup();
    const { send, calls } = heldSender();
    const { keep } = renderHarness(send);
    keep({ contentId: 'entry-1', title: 'chamba' }, 'MX', take);
    keep({ contentId: 'entry-2', title: 'neta' }, 'MX', take);
    await act(async () => calls[0].reject(new UploadError('tooManyUploads', 'Storage answered 429')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not uploaded: You are uploading recordings too quickly. Please wait a minute and try again.');
    // The other take goes on regardless.
    expect(screen.getByText('Uploading...')).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Retry “chamba”' });
    await user.click(retry);
    expect(send).toHaveBeenCalledTimes(3);
    expect(calls[2].input.contentId).toBe('entry-1');
    expect(calls[2].input.file).toBe(take.file);
    // While it is sending again it has no Retry, and nothing more is sent.
    expect(screen.queryByRole('button', { name: 'Retry “chamba”' })).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(3);
    // Leaving the page now would lose takes: the browser asks first.
    expect(leavingAsks()).toBe(true);
    await act(async () => {
      calls[2].resolve();
      calls[1].resolve();
    });
    expect(await screen.findAllByText('Saved')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(3);
    expect(leavingAsks()).toBe(false);
  });
});
