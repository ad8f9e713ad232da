import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './use-after-paint';

afterEach(() => vi.useRealTimers());

describe('useAfterPaint', () => {
  it('is false for the first frame and true once it has been painted', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => useAfterPaint());
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersToNextFrame());
    expect(result.current).toBe(false); // the frame callback runs before the paint
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(result.current).toBe(true);
  });

  it('schedules nothing after it is gone', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const { unmount } = renderHook(() => useAfterPaint());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
