import postgres from 'postgres';
import { topicKey, type Topics } from './topics.ts';
import { isObject } from './types.ts';

/** The Postgres channel realtime.send() notifies on, with the realtime.messages row id. */
export const NOTIFY_CHANNEL = 'realtime_broadcast';
/** How the service's database connections name themselves (pg_stat_activity). */
export const APPLICATION_NAME = 'jerga-realtime';

interface MessageRow {
  id: string;
  topic: string;
  event: string | null;
  payload: unknown;
  private: boolean | null;
  inserted_at: string;
}

/**
 * The service's Postgres side: a small pool (authorization, session checks) and the LISTEN
 * that delivers realtime.send()'s messages to their topics in commit order, with a catch-up
 * of what was written while the LISTEN connection was down.
 */
export class MessageFeed {
  private pool: postgres.Sql;
  private listening: { unlisten(): Promise<void> } | undefined;
  /** Ids already delivered, so a catch-up after reconnecting never delivers twice. */
  private readonly delivered = new Set<string>();
  private lastInsertedAt: string | undefined;
  private notified: Promise<void> = Promise.resolve();

  constructor(
    private readonly databaseUrl: string,
    private readonly topics: Topics,
    private readonly log: (line: string) => void,
  ) {
    this.pool = this.connect();
  }

  /** The current pool (a new one after renew). */
  get sql(): postgres.Sql {
    return this.pool;
  }

  async listen(): Promise<void> {
    let first = true;
    this.listening = await this.pool.listen(
      NOTIFY_CHANNEL,
      (id) => {
        // In the order Postgres committed them.
        this.notified = this.notified
          .then(() => this.onNotify(id))
          .catch((error: unknown) => this.log(`Realtime: could not read message ${id}: ${String(error)}`));
      },
      () => {
        if (first) {
          first = false;
          return;
        }
        this.catchUp().catch((error: unknown) => this.log(`Realtime: could not catch up: ${String(error)}`));
      },
    );
  }

  /** A new pool and LISTEN connection (after Postgres restarted), then what was missed. */
  async renew(): Promise<void> {
    const old = this.pool;
    const previous = this.listening;
    this.pool = this.connect();
    this.listening = undefined;
    // Unlisten first, so the old LISTEN connection does not come back by itself; a broken
    // connection may never answer, hence the time limit.
    const unlistened = previous?.unlisten().catch(() => {});
    await Promise.race([unlistened, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    await old.end({ timeout: 1 }).catch(() => {});
    await this.listen();
    await this.catchUp();
  }

  async close(): Promise<void> {
    await this.listening?.unlisten().catch(() => {});
    await this.pool.end({ timeout: 1 });
  }

  private connect(): postgres.Sql {
    return postgres(this.databaseUrl, { max: 4, onnotice: () => {}, idle_timeout: 60, connection: { application_name: APPLICATION_NAME } });
  }

  private deliver(row: MessageRow): void {
    if (this.delivered.has(row.id)) return;
    this.delivered.add(row.id);
    if (this.delivered.size > 5000) this.delivered.delete(this.delivered.values().next().value as string);
    if (!this.lastInsertedAt || row.inserted_at > this.lastInsertedAt) this.lastInsertedAt = row.inserted_at;
    this.topics.broadcast(topicKey(row.private ?? false, row.topic), 'broadcast', {
      type: 'broadcast',
      event: row.event,
      payload: row.payload,
      meta: { id: row.id },
    });
  }

  /** A notification from realtime.notify_message(): the message itself, or a reference to its row. */
  private async onNotify(text: string): Promise<void> {
    let note: unknown;
    try {
      note = JSON.parse(text);
    } catch {
      return;
    }
    if (!isObject(note) || typeof note.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(note.id)) return;
    if ('payload' in note && typeof note.topic === 'string' && typeof note.inserted_at === 'string') {
      return this.deliver({
        id: note.id,
        topic: note.topic,
        event: typeof note.event === 'string' ? note.event : null,
        payload: note.payload,
        private: note.private === true,
        inserted_at: note.inserted_at,
      });
    }
    const rows = await this.pool`select id::text, topic, event, payload, private,
        to_char(inserted_at, 'YYYY-MM-DD"T"HH24:MI:SS.US') as inserted_at
      from realtime.messages where id = ${note.id}::uuid`;
    for (const row of rows) this.deliver(row as unknown as MessageRow);
  }

  /** Messages written while the LISTEN connection was down (inserted_at is the writing transaction's start, hence the minute of slack; delivered ids are skipped). */
  private async catchUp(): Promise<void> {
    if (!this.lastInsertedAt) return;
    const rows = await this.pool`select id::text, topic, event, payload, private,
        to_char(inserted_at, 'YYYY-MM-DD"T"HH24:MI:SS.US') as inserted_at
      from realtime.messages
      where extension = 'broadcast' and inserted_at >= ${this.lastInsertedAt}::timestamp - interval '1 minute'
      order by inserted_at limit 10000`;
    for (const row of rows) this.deliver(row as unknown as MessageRow);
  }
}
