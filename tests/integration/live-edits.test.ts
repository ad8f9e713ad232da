import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import { closeRealtimeClients, realtimeClientAs, subscribed } from '../support/realtime.ts';
import { api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Edits to an entry reach open pages live, as votes do: the entry's topic and the home grid's.

let owner: TestUser;
let entry: Entry;

beforeAll(async () => {
  owner = await createUser({ name: 'Olga Owner' });
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `chévere ${Date.now()}`, description: 'Great.', country: 'VE', author: 'Live edit tests' },
    token: owner.token,
  });
  entry = reply.body.data;
});

afterEach(closeRealtimeClients);
afterAll(closeAdminSql);

describe('an edit, live', () => {
  it('reaches a guest watching the entry’s page and the home grid', async () => {
    const guest = await realtimeClientAs();
    const seen: { topic: string; description: string }[] = [];
    for (const topic of ['entries', `entry:${entry._id}`]) {
      await subscribed(
        guest.channel(topic, { config: { private: true } }).on('broadcast', { event: 'entry_updated' }, ({ payload }) => {
          if (payload.contentId === entry._id) seen.push({ topic, description: payload.description });
        }),
      );
    }
    const edited = await api('/content/updateContent', { method: 'PUT', body: { _id: entry._id, description: 'Great, cool.' }, token: owner.token });
    expect(edited.status).toBe(200);
    await expect
      .poll(() => [...seen].sort((a, b) => a.topic.localeCompare(b.topic)))
      .toEqual([
        { topic: 'entries', description: 'Great, cool.' },
        { topic: `entry:${entry._id}`, description: 'Great, cool.' },
      ]);
  });
});
