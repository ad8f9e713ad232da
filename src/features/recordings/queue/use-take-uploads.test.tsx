import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TakeToSend } from '../api/send-take';
import { UploadError } from '../api/upload-recording';
import { voiceKeys } from '../api/voice-keys';
import { memoryTakeStore, type StoredTake, type TakeStore } from './take-store';
import { UploadList } from './upload-list';
import { useTakeUploads, type KeptTake, type LockRunner } from './use-take-uploads';
import '../recording-strings';

// The queue's background sends with a sender the test holds and a store in memory standing
// for the device's IndexedDB (kept between two renders, it stands for a reload): a kept take
// is written down before it is sent, with its path, and leaves the device once registered;
// takes from before are listed and sent again with the same path, only as their learner; a
// failed one stays listed with why, a Retry that sends it again (the only resend) and a Discard.

const take: KeptTake = { file: new Blob([new Uint8Array(8)], { type: 'audio/wav' }), extension: 'wav', durationMs: 900 };
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A sender whose every call waits until the test settles it. */
function heldSender() {
  const calls: { input: TakeToSend; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const send = vi.fn((input: TakeToSend) => new Promise<void>((resolve, reject) => void calls.push({ input, resolve: () => resolve(), reject })));
  return { send, calls };
}

/** Whether closing or reloading the page now would ask first (its beforeunload is cancelled). */
const leavingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

interface HarnessProps {
  userId?: string;
  send: (input: TakeToSend) => Promise<void>;
  store: TakeStore;
  lock?: LockRunner;
  onReady?: (keep: ReturnType<typeof useTakeUploads>['keep']) => void;
}

function Harness({ userId = 'user-1', send, store, lock, onReady }: HarnessProps) {
  const uploads = useTakeUploads({ userId, send, store, lock });
  onReady?.(uploads.keep);
  return (
    <>
      <p>unsaved: {uploads.unsaved}</p>
      <UploadList uploads={uploads.uploads} onRetry={uploads.retry} onDiscard={uploads.discard} />
    </>
  );
}

function renderHarness(props: Omit<HarnessProps, 'onReady'>) {
  const queryClient = new QueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  let keep!: ReturnType<typeof useTakeUploads>['keep'];
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Harness {...props} onReady={(given) => (keep = given)} />
    </QueryClientProvider>,
  );
  return { keep: (...args: Parameters<typeof keep>) => act(async () => keep(...args)), invalidated, view };
}

/** A take left on the device by an earlier visit. */
const leftTake = (key: string, userId: string, title: string): StoredTake => ({
  key,
  userId,
  contentId: `entry-${key}`,
  title,
  country: 'MX',
  file: take.file,
  durationMs: 700,
  path: `${userId}/entry-${key}/${key}.wav`,
  keptAt: Number(key.replace(/\D/g, '')),
});

describe('useTakeUploads', () => {
  it('lets the page go when nothing is waiting', () => {
    renderHarness({ send: heldSender().send, store: memoryTakeStore() });
    expect(leavingAsks()).toBe(false);
  });

  it('writes a kept take down, with its path, before sending it once; it leaves the device once saved, and a save refreshes the counts', async () => {
    const { send, calls } = heldSender();
    const store = memoryTakeStore();
    const { keep, invalidated } = renderHarness({ send, store });
    await keep({ contentId: 'entry-1', title: 'chamba' }, 'MX', take);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const [stored] = [...store.rows.values()];
    expect(stored).toMatchObject({ userId: 'user-1', contentId: 'entry-1', title: 'chamba', country: 'MX', durationMs: 900, file: take.file });
    expect(stored.path).toMatch(new RegExp(`^user-1/entry-1/${UUID}\\.wav$`));
    expect(calls[0].input).toMatchObject({ path: stored.path, contentId: 'entry-1', country: 'MX', durationMs: 900, file: take.file });
    expect(screen.getByText('Uploading...')).toBeInTheDocument();
    expect(screen.getByText('unsaved: 1')).toBeInTheDocument();
    // On the device: a reload would not lose it, so leaving does not ask.
    expect(leavingAsks()).toBe(false);
    await act(async () => calls[0].resolve());
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('unsaved: 0')).toBeInTheDocument();
    expect(store.rows.size).toBe(0);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: voiceKeys.count('MX') });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps a failed take listed and on the device with why, and Retry sends it again, once, at the same path', async () => {
    const user = userEvent.setup();
    const { send, calls } = heldSender();
    const store = memoryTakeStore();
    const { keep } = renderHarness({ send, store });
    await keep({ contentId: 'entry-1', title: 'chamba' }, 'MX', take);
    await keep({ contentId: 'entry-2', title: 'neta' }, 'MX', take);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    await act(async () => calls[0].reject(new UploadError('tooManyUploads', 'Storage answered 429')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not uploaded: You are uploading recordings too quickly. Please wait a minute and try again.');
    expect(store.rows.size).toBe(2);
    // The other take goes on regardless.
    expect(screen.getByText('Uploading...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry “chamba”' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    expect(calls[2].input).toEqual(calls[0].input);
    // While it is sending again it has no Retry, and nothing more is sent.
    expect(screen.queryByRole('button', { name: 'Retry “chamba”' })).not.toBeInTheDocument();
    await act(async () => {
      calls[2].resolve();
      calls[1].resolve();
    });
    expect(await screen.findAllByText('Saved')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(3);
    expect(store.rows.size).toBe(0);
  });

  it('sends a take the device could not keep from memory, and leaving asks first until it is saved', async () => {
    const { send, calls } = heldSender();
    const store: TakeStore = { ...memoryTakeStore(), put: () => Promise.reject(new DOMException('No room', 'QuotaExceededError')) };
    const { keep } = renderHarness({ send, store });
    await keep({ contentId: 'entry-1', title: 'chamba' }, 'MX', take);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(leavingAsks()).toBe(true);
    await act(async () => calls[0].resolve());
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(leavingAsks()).toBe(false);
  });

  it('after a reload, lists the learner’s takes from before and sends each again at its path; another account’s stay unsent', async () => {
    const { send, calls } = heldSender();
    const store = memoryTakeStore();
    for (const row of [leftTake('t1', 'user-1', 'chamba'), leftTake('t2', 'user-2', 'guagua'), leftTake('t3', 'user-1', 'neta')]) await store.put(row);
    renderHarness({ send, store });
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(calls.map((call) => call.input.path)).toEqual(['user-1/entry-t1/t1.wav', 'user-1/entry-t3/t3.wav']);
    expect(screen.getAllByText('Uploading...')).toHaveLength(2);
    expect(screen.queryByText('guagua')).not.toBeInTheDocument();
    await act(async () => {
      calls[0].resolve();
      calls[1].reject(new UploadError('uploadFailed', 'Storage could not be reached'));
    });
    expect(await screen.findByRole('button', { name: 'Retry “neta”' })).toBeInTheDocument();
    expect([...store.rows.keys()].sort()).toEqual(['t2', 't3']);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed take the learner discards, off the list and the device; nothing more is sent', async () => {
    const user = userEvent.setup();
    const { send, calls } = heldSender();
    const store = memoryTakeStore();
    await store.put(leftTake('t1', 'user-1', 'chamba'));
    renderHarness({ send, store });
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    // No Discard while it is sending.
    expect(screen.queryByRole('button', { name: 'Discard “chamba”' })).not.toBeInTheDocument();
    await act(async () => calls[0].reject(new UploadError('uploadFailed', 'Storage could not be reached')));
    await user.click(await screen.findByRole('button', { name: 'Discard “chamba”' }));
    await waitFor(() => expect(screen.queryByText('chamba')).not.toBeInTheDocument());
    expect(store.rows.size).toBe(0);
    expect(screen.getByText('unsaved: 0')).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('of two tabs, one sends a take from before; the other finds it registered', async () => {
    const { send, calls } = heldSender();
    const store = memoryTakeStore();
    await store.put(leftTake('t1', 'user-1', 'chamba'));
    // One lock per name shared by both tabs, as the browser's Web Locks are.
    const held = new Map<string, Promise<void>>();
    const lock: LockRunner = (name, work) => {
      const turn = (held.get(name) ?? Promise.resolve()).then(work);
      held.set(name, turn.catch(() => undefined));
      return turn;
    };
    renderHarness({ send, store, lock });
    renderHarness({ send, store, lock });
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(screen.getAllByText('Uploading...')).toHaveLength(2);
    await act(async () => calls[0].resolve());
    await waitFor(() => expect(screen.getAllByText('Saved')).toHaveLength(2));
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.rows.size).toBe(0);
  });
});
