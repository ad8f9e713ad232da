/**
 * The local stand-in for Supabase Cron: what migrations schedule with pg_cron on hosted
 * Supabase (a POST to an edge function every few minutes), the local stack does itself
 * through its own gateway, with the same key, so the same function does the same work.
 */

export interface ScheduledCall {
  /** For the log: the cron job's name. */
  name: string;
  /** Where to POST, e.g. http://127.0.0.1:54321/functions/v1/sweep. */
  url: string;
  /** Sent as `Authorization: Bearer <key>` (a secret key, as the cron job sends). */
  key: string;
  /** Time between the end of one call and the start of the next. */
  everyMs: number;
}

export interface Scheduler {
  /** Stops the timers and waits for a call under way to end (it is aborted). */
  stop(): Promise<void>;
}

/** How long one call may take before it is given up (the function's own work is bounded). */
const CALL_TIMEOUT_MS = 120_000;

export function startScheduler(
  calls: readonly ScheduledCall[],
  log: (line: string) => void,
  send: typeof fetch = fetch,
): Scheduler {
  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const running = new Set<Promise<void>>();
  const aborts = new Set<AbortController>();

  async function call(job: ScheduledCall): Promise<void> {
    const abort = new AbortController();
    aborts.add(abort);
    const timeout = setTimeout(() => abort.abort(), CALL_TIMEOUT_MS);
    try {
      const response = await send(job.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${job.key}`, 'content-type': 'application/json' },
        body: '{}',
        signal: abort.signal,
      });
      const text = await response.text();
      if (!response.ok) log(`Scheduled ${job.name}: ${response.status} ${text.slice(0, 200)}`);
    } catch (error) {
      if (!stopped) log(`Scheduled ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(timeout);
      aborts.delete(abort);
    }
  }

  function plan(job: ScheduledCall): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const done = call(job).finally(() => {
        running.delete(done);
        plan(job);
      });
      running.add(done);
    }, job.everyMs);
    timers.add(timer);
  }

  for (const job of calls) if (job.everyMs > 0) plan(job);

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const abort of aborts) abort.abort();
      await Promise.all([...running]);
    },
  };
}
