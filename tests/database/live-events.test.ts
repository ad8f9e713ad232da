import { afterAll, describe, expect, it } from 'vitest';
import { sentEvents } from '../../stack/schema/live-events.ts';
import { liveTopics } from '../../supabase/functions/_shared/contract/live-events.ts';
import { adminSql, closeAdminSql } from '../support/stack.ts';

// The live events' list (the contract) against what the database really sends: every
// realtime.send in the current definition of every function, read from pg_proc of the
// migrated test database. A broadcast the list does not name, or a listed one nothing sends,
// fails: the list cannot drift from the SQL.

afterAll(closeAdminSql);

const key = (topic: string, event: string) => `${topic} ${event}`;

describe('the live events (contract/live-events.ts)', () => {
  it('are exactly the topics and events the SQL functions send', async () => {
    const functions = await adminSql()<{ name: string; source: string }[]>`
      select n.nspname || '.' || p.proname as name, p.prosrc as source
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where p.prosrc ~ 'realtime\\.send\\s*\\('
         and n.nspname not in ('realtime', 'pg_catalog', 'information_schema')
       order by 1`;
    const sent = sentEvents(functions);
    // A reading that found nothing (or the wrong things) must not pass as "no difference".
    expect(functions.map((row) => row.name)).toContain('private.tell_vote');
    expect(sent.length).toBeGreaterThanOrEqual(16);

    const listed = Object.entries(liveTopics).flatMap(([topic, spec]) => Object.keys(spec.events).map((event) => key(topic, event)));
    const sentKeys = [...new Set(sent.map((each) => key(each.topic, each.event)))];
    const unlisted = sent.filter((each) => !listed.includes(key(each.topic, each.event))).map((each) => `${key(each.topic, each.event)} (sent by ${each.by})`);
    expect(unlisted, 'broadcasts the contract does not list: add them to contract/live-events.ts').toEqual([]);
    expect(listed.filter((each) => !sentKeys.includes(each)), 'listed events no SQL function sends').toEqual([]);
  });
});
