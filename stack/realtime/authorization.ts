import type postgres from 'postgres';
import type { Caller } from '../tokens.ts';
import type { Authorization } from './types.ts';

export const unauthorizedRead = (subTopic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`;

class Rollback extends Error {}

/**
 * RLS on realtime.messages, as Realtime checks it: probe rows written as the superuser, then
 * read and written again as the caller's role with the caller's claims and the topic set.
 * Nothing is kept (the transaction always rolls back). A policy that fails allows nothing.
 */
export async function authorize(sql: postgres.Sql, caller: Caller, subTopic: string, log: (line: string) => void): Promise<Authorization> {
  const result: Authorization = { read: false, write: false, presence: false };
  try {
    await sql.begin(async (tx) => {
      // A probe row written as the superuser: can the caller's role see it?
      const [probe] = await tx`insert into realtime.messages (topic, extension, private, event)
        values (${subTopic}, 'broadcast', true, 'realtime_authorization_probe') returning id`;
      await tx`select set_config('role', ${caller.role}, true),
                      set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
                      set_config('realtime.topic', ${subTopic}, true),
                      set_config('statement_timeout', '8s', true)`;
      try {
        const [seen] = await tx.savepoint((sp) => sp`select count(*)::int as n from realtime.messages where id = ${probe.id as string}`);
        result.read = (seen.n as number) > 0;
      } catch (error) {
        // A policy that fails (or runs too long) allows nothing.
        log(`Realtime: the read policies on realtime.messages failed for ${subTopic}: ${String(error)}`);
      }
      for (const extension of ['broadcast', 'presence'] as const) {
        try {
          await tx.savepoint((sp) => sp`insert into realtime.messages (topic, extension, private, event)
            values (${subTopic}, ${extension}, true, 'realtime_authorization_probe')`);
          if (extension === 'broadcast') result.write = true;
          else result.presence = true;
        } catch {
          // refused by RLS (or by a grant): not allowed
        }
      }
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result;
}
