import { randomUUID } from 'node:crypto';
import type { Caller } from '../tokens.ts';
import type { Topics } from './topics.ts';
import { isObject, type Subscription } from './types.ts';

interface PresenceEntry {
  key: string;
  meta: Record<string, unknown>;
}

export type PresenceState = Record<string, { metas: Record<string, unknown>[] }>;

/**
 * The server chooses every presence key, whatever key the client asks for: a signed-in user
 * is present as themselves (their id), anyone else under a random key of their own, so a
 * guest can neither pass for a user (their id, "admin") nor take another guest's place.
 */
export const presenceKeyOf = (caller: Caller) =>
  caller.role === 'authenticated' && typeof caller.claims.sub === 'string' ? caller.claims.sub : randomUUID();

/** Who is present on each topic (one entry per subscription), told to the topic as diffs. */
export class Presence {
  private readonly entries = new Map<string, Map<string, PresenceEntry>>();

  constructor(private readonly topics: Topics) {}

  /** The whole state of a topic, as presence_state sends it on join. */
  state(key: string): PresenceState {
    const state: PresenceState = {};
    for (const entry of this.entries.get(key)?.values() ?? []) (state[entry.key] ??= { metas: [] }).metas.push(entry.meta);
    return state;
  }

  track(subscription: Subscription, payload: unknown): void {
    const previous = this.entryOf(subscription);
    const meta: Record<string, unknown> = { ...(isObject(payload) ? payload : {}), phx_ref: randomUUID().replaceAll('-', '').slice(0, 20) };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    const entry = { key: subscription.presenceKey, meta };
    if (!this.entries.has(subscription.key)) this.entries.set(subscription.key, new Map());
    this.entries.get(subscription.key)?.set(subscription.id, entry);
    this.topics.broadcast(subscription.key, 'presence_diff', {
      joins: { [entry.key]: { metas: [meta] } },
      leaves: previous ? { [previous.key]: { metas: [previous.meta] } } : {},
    });
  }

  untrack(subscription: Subscription): void {
    const entry = this.entryOf(subscription);
    if (!entry) return;
    const byTopic = this.entries.get(subscription.key);
    byTopic?.delete(subscription.id);
    if (byTopic?.size === 0) this.entries.delete(subscription.key);
    this.topics.broadcast(subscription.key, 'presence_diff', { joins: {}, leaves: { [entry.key]: { metas: [entry.meta] } } });
  }

  private entryOf(subscription: Subscription): PresenceEntry | undefined {
    return this.entries.get(subscription.key)?.get(subscription.id);
  }
}
