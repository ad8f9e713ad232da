import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import type { LiveEventsOf, LiveTopic } from '@contract/live-events';
import { env } from './env';
import { currentAccessToken } from './supabase';

let client: Promise<RealtimeClient> | undefined;

/**
 * Once the page has loaded and the main thread is free: live updates can wait a moment,
 * the learner's first look at the page cannot (a phone parses the client in ~100 ms).
 */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3000 });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/**
 * Supabase Realtime for the browser, downloaded when the first page subscribes, once the
 * page is idle (it never delays the first paint or the first interaction). It joins as the signed-in learner when there is
 * one (the token is read again on every heartbeat), else with the anon key.
 */
function realtime(): Promise<RealtimeClient> {
  client ??= whenIdle()
    .then(() => import('@supabase/realtime-js'))
    .then(({ RealtimeClient }) => {
      const url = new URL('realtime/v1', env.supabaseUrl.endsWith('/') ? env.supabaseUrl : `${env.supabaseUrl}/`);
      url.protocol = url.protocol.replace(/^http/, 'ws');
      return new RealtimeClient(url.href, {
        params: { apikey: env.supabaseAnonKey },
        accessToken: async () => (await currentAccessToken()) ?? env.supabaseAnonKey,
      });
    });
  client.catch(() => (client = undefined)); // offline: try again next time
  return client;
}

/** A handler per event of a topic, each given that event's payload as the contract declares it. */
export type TopicHandlers<T extends LiveTopic> = { [E in keyof LiveEventsOf<T>]?: (payload: LiveEventsOf<T>[E]) => void };

export interface TopicOptions {
  /** After a dropped connection the channel rejoins by itself: refetch what may have been missed. */
  onRejoin?: () => void;
  /** Also be counted on this topic (Presence), and hear how many are: the page's "N learners here". */
  onPresence?: (count: number) => void;
}

/**
 * Joins a topic the database publishes on (a private channel: only Postgres sends there) and
 * hands each broadcast to the handler of its event, typed by the live events' contract
 * (supabase/functions/_shared/contract/live-events.ts). Returns the leave. Without Realtime
 * (offline) the page simply is not live.
 */
export function subscribeTopic<T extends LiveTopic>(topic: T, handlers: TopicHandlers<T>, { onRejoin, onPresence }: TopicOptions = {}): () => void {
  // The one place a broadcast meets its type: the database sends what the contract says
  // (tests/database/live-events.test.ts, tests/integration/live-events.test.ts), and nothing
  // is parsed at runtime.
  const handlerOf = handlers as Partial<Record<string, (payload: unknown) => void>>;
  let left = false;
  let channel: RealtimeChannel | undefined;
  let joinedBefore = false;
  realtime()
    .then(async (rt) => {
      // Join with the token of now (a learner who just logged in), not the last heartbeat's.
      await rt.setAuth();
      if (left) return;
      const joined = rt.channel(topic, { config: { private: true, presence: { key: '', enabled: Boolean(onPresence) } } });
      channel = joined;
      joined.on('broadcast', { event: '*' }, (message: { event: string; payload?: unknown }) => handlerOf[message.event]?.(message.payload ?? {}));
      if (onPresence) joined.on('presence', { event: 'sync' }, () => onPresence(Object.keys(joined.presenceState()).length));
      joined.subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        if (joinedBefore) onRejoin?.();
        joinedBefore = true;
        if (onPresence) void joined.track({});
      });
    })
    .catch(() => {});
  return () => {
    left = true;
    if (channel) void realtime().then((rt) => rt.removeChannel(channel!));
  };
}
