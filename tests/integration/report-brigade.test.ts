import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Issue 30's attack through /api, against the running stack: three accounts made a minute ago
// list the 20 best-voted entries (an admin's among them) and report every one. Before
// 20261204000100 all 20 were held within about two seconds; now every report is taken and
// queued, with its reporter's account age, and nothing is hidden. Three trusted accounts (72
// hours old, with something of their own that stands) still hold a thing at the third.
// The figures (reports filed, how long they took, reports until hidden) are printed.

const run = Math.random().toString(36).slice(2, 9);
const token = `brigada${run}`;

let owners: TestUser[];
let admin: TestUser;
let fresh: TestUser[];
let trusted: TestUser[];
let targets: Entry[];

const report = (reporter: TestUser, contentId: string) =>
  api('/report/addReport', { body: { contentId, reason: 'spam' }, token: reporter.token });

/** The attacker's view: the best-voted entries that match the run's word, as a guest sees them. */
async function topEntries(): Promise<Entry[]> {
  const reply = await api<{ data: Entry[] }>(`/content/getContentsSortedByVoteDesc?q=${token}&limit=50`);
  expect(reply.status).toBe(200);
  return reply.body.data;
}

const shown = async (entry: Entry) => (await api(`/content/getContentById/${entry._id}`)).status === 200;

interface QueueRow {
  contentId: string;
  commentId: string | null;
  count: number;
  hidden: boolean;
  reporters: { reason: string; createdAt: string; reporterCreatedAt: string; trusted: boolean }[];
}

/** The entry's row in the open queue, paging on (other files report things meanwhile). */
async function queueRow(entry: Entry): Promise<QueueRow | undefined> {
  let cursor: string | null = null;
  for (let page = 0; page < 20; page += 1) {
    const reply: { status: number; body: { data: QueueRow[]; nextCursor: string | null } } = await api(
      `/admin/getReports?status=open&limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      { token: admin.token },
    );
    expect(reply.status).toBe(200);
    const row = reply.body.data.find((each) => each.contentId === entry._id && each.commentId === null);
    if (row || !reply.body.nextCursor) return row;
    cursor = reply.body.nextCursor;
  }
  return undefined;
}

beforeAll(async () => {
  [admin, ...owners] = await Promise.all([createUser({ admin: true, name: 'Ada Admin' }), createUser(), createUser()]);
  fresh = await Promise.all([0, 1, 2].map(() => createUser()));
  trusted = await Promise.all([0, 1, 2].map(() => createUser({ trusted: true })));
  // "A minute old": the attack's accounts, made just before it.
  await adminSql()`update auth.users set created_at = now() - interval '1 minute' where id in ${adminSql()(fresh.map((user) => user.id))}`;
  // Twenty entries with the run's word, the admin's best voted, each with a vote score to rank by.
  const writers = [admin, ...owners];
  for (let i = 0; i < 20; i += 1) {
    await adminSql()`insert into public.entries (title, description, country, author, owner, upvotes)
                     values (${`${token} ${i}`}, 'A well-liked entry.', 'CL', 'Brigade test', ${writers[i % 3].id}, ${100 - i})`;
  }
  targets = await topEntries();
});

afterAll(closeAdminSql);

describe('three one-minute-old accounts report the 20 best-voted entries', () => {
  it('files all 60 reports (each 201) and hides none of the 20, the admin’s included', async () => {
    expect(targets).toHaveLength(20);
    expect(targets[0].owner).toBe(admin.id);
    const started = performance.now();
    const replies = await Promise.all(fresh.flatMap((reporter) => targets.map((entry) => report(reporter, entry._id))));
    const seconds = (performance.now() - started) / 1000;
    const after = await topEntries();
    console.log(`brigade: 60 reports by 3 one-minute-old accounts in ${seconds.toFixed(2)} s; entries hidden: ${20 - after.length} of 20`);

    expect(replies.map((reply) => reply.status)).toEqual(Array(60).fill(201));
    expect(after.map((entry) => entry._id)).toEqual(targets.map((entry) => entry._id));
    expect((await Promise.all(targets.map(shown))).every(Boolean)).toBe(true);
  });

  it('puts every reported entry in the queue with each reporter’s account age, none trusted', async () => {
    const row = await queueRow(targets[0]);
    expect(row).toMatchObject({ count: 3, hidden: false });
    expect(row!.reporters).toHaveLength(3);
    for (const reporter of row!.reporters) {
      expect(reporter.trusted).toBe(false);
      const ageMinutes = (Date.parse(reporter.createdAt) - Date.parse(reporter.reporterCreatedAt)) / 60_000;
      expect(ageMinutes).toBeGreaterThanOrEqual(1);
      expect(ageMinutes).toBeLessThan(60);
    }
  });

  it('three trusted accounts then hold the admin’s entry at the third trusted report, and only it', async () => {
    const [top] = targets;
    const untilHidden: boolean[] = [];
    for (const reporter of trusted) {
      expect((await report(reporter, top._id)).status).toBe(201);
      untilHidden.push(await shown(top));
    }
    expect(untilHidden).toEqual([true, true, false]);
    const row = await queueRow(top);
    expect(row).toMatchObject({ count: 6, hidden: true });
    expect(row!.reporters.map((reporter) => reporter.trusted)).toEqual([false, false, false, true, true, true]);
    expect((await topEntries()).map((entry) => entry._id)).toEqual(targets.slice(1).map((entry) => entry._id));
    console.log(`brigade: the admin's entry was hidden at report ${3 + untilHidden.indexOf(false) + 1} (the 3rd trusted one, after 3 fresh); the other 19 stay`);
  });

  it('two trusted accounts and any number of fresh ones hold nothing', async () => {
    const target = targets[1];
    const more = await Promise.all([0, 1, 2, 3, 4].map(() => createUser()));
    for (const reporter of [...trusted.slice(0, 2), ...more]) expect((await report(reporter, target._id)).status).toBe(201);
    expect(await shown(target)).toBe(true);
    expect(await queueRow(target)).toMatchObject({ count: 10, hidden: false });
    expect((await report(trusted[2], target._id)).status).toBe(201);
    expect(await shown(target)).toBe(false);
    console.log('brigade: 2 trusted + 8 fresh reports hid nothing; the 3rd trusted one (the 11th report) did');
  });
});
