import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../stack/config.ts';
import { startScheduler } from '../../stack/scheduler.ts';
import { stack } from '../support/stack.ts';

// The local stand-in for Supabase Cron (stack/scheduler.ts): what migration 20261203000300
// schedules with pg_cron on hosted projects, the stack does itself — a POST to the sweep
// function through the gateway every 10 minutes with the secret key — and it stops with the stack.

afterEach(() => {
  vi.useRealTimers();
});

describe('the local scheduler', () => {
  it('POSTs to the function with the key every interval, and nothing more once stopped', async () => {
    vi.useFakeTimers();
    const calls: { url: string; init: RequestInit }[] = [];
    const send = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response('{}');
    });
    const scheduler = startScheduler(
      [{ name: 'sweep', url: 'http://127.0.0.1:1/functions/v1/sweep', key: 'sb_secret_scheduler-test', everyMs: 600_000 }],
      () => {},
      send as typeof fetch,
    );
    await vi.advanceTimersByTimeAsync(599_999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('http://127.0.0.1:1/functions/v1/sweep');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.headers).toMatchObject({ authorization: 'Bearer sb_secret_scheduler-test' });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(2);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(10 * 600_000);
    expect(calls).toHaveLength(2);
  });

  it('stop() aborts a call under way and waits for it', async () => {
    let aborted = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const send = (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        started();
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const lines: string[] = [];
    const scheduler = startScheduler([{ name: 'sweep', url: 'http://127.0.0.1:1/x', key: 'k', everyMs: 1 }], (line) => lines.push(line), send as typeof fetch);
    await running;
    await scheduler.stop();
    expect(aborted).toBe(true);
    expect(lines).toEqual([]);
  });

  it('calls the real sweep function through the gateway, which answers the secret key', async () => {
    const answers: number[] = [];
    let answered!: () => void;
    const first = new Promise<void>((resolve) => (answered = resolve));
    const send: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      answers.push(response.status);
      answered();
      return response;
    };
    const lines: string[] = [];
    const scheduler = startScheduler(
      [{ name: 'jerga-storage-sweep', url: `${stack().apiUrl}/functions/v1/sweep`, key: stack().secretKey, everyMs: 10 }],
      (line) => lines.push(line),
      send,
    );
    await first;
    await scheduler.stop();
    expect(answers[0]).toBe(200);
    expect(lines).toEqual([]);
  });

  it('runs every 10 minutes by default; JERGA_SWEEP_INTERVAL_SECONDS changes it (0: off)', () => {
    const saved = process.env.JERGA_SWEEP_INTERVAL_SECONDS;
    try {
      delete process.env.JERGA_SWEEP_INTERVAL_SECONDS;
      expect(loadConfig().sweepIntervalSeconds).toBe(600);
      process.env.JERGA_SWEEP_INTERVAL_SECONDS = '0';
      expect(loadConfig().sweepIntervalSeconds).toBe(0);
      process.env.JERGA_SWEEP_INTERVAL_SECONDS = 'soon';
      expect(() => loadConfig()).toThrow(/JERGA_SWEEP_INTERVAL_SECONDS must be a whole number/);
    } finally {
      if (saved === undefined) delete process.env.JERGA_SWEEP_INTERVAL_SECONDS;
      else process.env.JERGA_SWEEP_INTERVAL_SECONDS = saved;
    }
  });

  it('calls the reminders function every minute by default (JERGA_REMINDERS_INTERVAL_SECONDS, 0: off), which answers the secret key through the gateway', async () => {
    const saved = process.env.JERGA_REMINDERS_INTERVAL_SECONDS;
    try {
      delete process.env.JERGA_REMINDERS_INTERVAL_SECONDS;
      expect(loadConfig().remindersIntervalSeconds).toBe(60);
      process.env.JERGA_REMINDERS_INTERVAL_SECONDS = '0';
      expect(loadConfig().remindersIntervalSeconds).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.JERGA_REMINDERS_INTERVAL_SECONDS;
      else process.env.JERGA_REMINDERS_INTERVAL_SECONDS = saved;
    }
    const replies: { status: number; body: unknown }[] = [];
    let answered!: () => void;
    const first = new Promise<void>((resolve) => (answered = resolve));
    const send: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      replies.push({ status: response.status, body: await response.clone().json() });
      answered();
      return response;
    };
    const lines: string[] = [];
    const scheduler = startScheduler(
      [{ name: 'jerga-reminders', url: `${stack().apiUrl}/functions/v1/reminders`, key: stack().secretKey, everyMs: 10 }],
      (line) => lines.push(line),
      send,
    );
    await first;
    await scheduler.stop();
    expect(replies[0]).toMatchObject({ status: 200, body: { claimed: expect.any(Number), mailed: expect.any(Number), failed: 0 } });
    expect(lines).toEqual([]);
  });
});
