import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_CLOSE_MS, TOAST_DURATION_MS, ToastProvider, useToast } from './toasts';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Added successfully')}>success</button>
      <button type="button" onClick={() => toast.error('Adding content failed. Please try again.')}>error</button>
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
