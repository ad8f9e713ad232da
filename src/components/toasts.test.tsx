import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_CLOSE_MS, TOAST_DURATION_MS, ToastProvider, useToast, type ToastCloseReason } from './toasts';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Added successfully')}>success</button>
      <button type="button" onClick={() => toast.error('Adding content failed. Please try again.')}>error</button>
      <button type="button" onClick={() => toast.success('Vote recorded successfully!')}>other</button>
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announces successes politely and errors assertively', async () => {
    const user = userEvent.setup();
    render(<ToastProvider><Trigger /></ToastProvider>);
    await user.click(screen.getByRole('button', { name: 'success' }));
    await user.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getByRole('status')).toHaveTextContent('Added successfully');
    expect(screen.getByRole('alert')).toHaveTextContent('Adding content failed. Please try again.');
  });

  it('closes after 3000 ms plus a 500 ms closing animation', () => {
    vi.useFakeTimers();
    render(<ToastProvider><Trigger /></ToastProvider>);
    act(() => screen.getByRole('button', { name: 'success' }).click());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.getByRole('status')).toHaveClass('toast--closing');
    act(() => vi.advanceTimersByTime(TOAST_CLOSE_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('can be dismissed', async () => {
    const user = userEvent.setup();
    render(<ToastProvider><Trigger /></ToastProvider>);
    await user.click(screen.getByRole('button', { name: 'success' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.getByRole('status')).toHaveClass('toast--closing');
  });
});

describe('the same toast again', () => {
  it('shows once, counted, and its time starts again', () => {
    vi.useFakeTimers();
    render(<ToastProvider><Trigger /></ToastProvider>);
    act(() => screen.getByRole('button', { name: 'success' }).click());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 500));
    act(() => screen.getByRole('button', { name: 'success' }).click());
    act(() => screen.getByRole('button', { name: 'success' }).click());
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Added successfully×3');
    // The count is for the eye: a screen reader is not read the same words again.
    expect(screen.getByText('×3')).toHaveAttribute('aria-hidden', 'true');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(toast).not.toHaveClass('toast--closing');
    act(() => vi.advanceTimersByTime(1));
    expect(toast).toHaveClass('toast--closing');
    act(() => vi.advanceTimersByTime(TOAST_CLOSE_MS));
    // Once it has gone, the same words are a new toast.
    act(() => screen.getByRole('button', { name: 'success' }).click());
    expect(screen.getByRole('status')).toHaveTextContent(/^✓Added successfully×$/);
  });

  it('does not merge different words, or the same words of another type', async () => {
    const user = userEvent.setup();
    render(<ToastProvider><Trigger /></ToastProvider>);
    await user.click(screen.getByRole('button', { name: 'success' }));
    await user.click(screen.getByRole('button', { name: 'other' }));
    await user.click(screen.getByRole('button', { name: 'error' }));
    await user.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});

function UndoTrigger({ onUndo, onClose }: { onUndo: () => void; onClose: (reason: ToastCloseReason) => void }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.success('Comment deleted', { duration: 5000, action: { label: 'Undo', onClick: onUndo }, onClose })}>
      delete
    </button>
  );
}

describe('a toast with an action', () => {
  it('runs the action once and closes', async () => {
    const user = userEvent.setup();
    const onUndo = vi.fn();
    const onClose = vi.fn();
    render(<ToastProvider><UndoTrigger onUndo={onUndo} onClose={onClose} /></ToastProvider>);
    await user.click(screen.getByRole('button', { name: 'delete' }));
    await user.click(screen.getByRole('button', { name: 'delete' }));
    // Two deletions, two toasts: each Undo is its own.
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Undo' })[0]);
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith('action');
    expect(screen.getAllByRole('status')[0]).toHaveClass('toast--closing');
    expect(screen.getAllByRole('button', { name: 'Undo' })[0]).toBeDisabled();
  });

  it('says when it expired or was dismissed, and holds its time while hovered or focused', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<ToastProvider><UndoTrigger onUndo={() => {}} onClose={onClose} /></ToastProvider>);
    act(() => screen.getByRole('button', { name: 'delete' }).click());
    const toast = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.mouseEnter(toast);
    expect(toast).toHaveClass('toast--paused');
    act(() => vi.advanceTimersByTime(10_000));
    expect(onClose).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Undo' }).focus());
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onClose).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Undo' }).blur());
    expect(toast).not.toHaveClass('toast--paused');
    act(() => vi.advanceTimersByTime(999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledExactlyOnceWith('expired');

    act(() => vi.advanceTimersByTime(TOAST_CLOSE_MS));
    act(() => screen.getByRole('button', { name: 'delete' }).click());
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(onClose).toHaveBeenLastCalledWith('dismissed');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
