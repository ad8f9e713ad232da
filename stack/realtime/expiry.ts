import type postgres from 'postgres';
import type { Connection, Subscription } from './types.ts';

/** The system message Realtime sends when a channel's token is no longer good. */
export const TOKEN_ENDED = 'Token has expired 0 seconds ago';
/** setTimeout's largest delay. */
const MAX_TIMER = 2 ** 31 - 1;

type ShutDown = (subscription: Subscription, message: string) => void;

/** Shuts a channel down when its token expires (again after each new token). */
export function scheduleExpiry(subscription: Subscription, shutDown: ShutDown): void {
  clearTimeout(subscription.expiry);
  const delay = Math.min(Math.max(subscription.caller.claims.exp * 1000 - Date.now(), 0), MAX_TIMER);
  subscription.expiry = setTimeout(() => {
    // A far expiry is reached in steps of setTimeout's longest delay.
    if (subscription.caller.claims.exp * 1000 > Date.now()) return scheduleExpiry(subscription, shutDown);
    shutDown(subscription, TOKEN_ENDED);
  }, delay);
  subscription.expiry.unref();
}

/**
 * Private channels whose session has ended (signed out, expired, user gone or banned) are
 * shut down as for an expired token: their tokens are checked again every few seconds, in
 * one query per round, by the same rule the realtime.messages policies apply at join.
 */
export async function closeEndedSessions(sql: postgres.Sql, connections: Iterable<Connection>, shutDown: ShutDown): Promise<void> {
  const bySession = new Map<string, Subscription[]>();
  for (const connection of connections) {
    for (const subscription of connection.channels.values()) {
      const session = subscription.caller.claims.session_id;
      if (!subscription.isPrivate || subscription.caller.role !== 'authenticated' || typeof session !== 'string') continue;
      const list = bySession.get(session) ?? [];
      list.push(subscription);
      bySession.set(session, list);
    }
  }
  if (!bySession.size) return;
  const ids = [...bySession.keys()].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const live = new Set(
    (
      await sql<{ id: string }[]>`
        select s.id::text from auth.sessions s join auth.users u on u.id = s.user_id
         where s.id = any(${ids}::uuid[]) and (s.not_after is null or s.not_after > now())
           and u.deleted_at is null and (u.banned_until is null or u.banned_until <= now())`
    ).map((row) => row.id),
  );
  for (const [session, subscriptions] of bySession) {
    if (live.has(session)) continue;
    for (const subscription of subscriptions) shutDown(subscription, TOKEN_ENDED);
  }
}
