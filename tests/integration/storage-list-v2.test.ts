import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transport } from '../support/realtime.ts';
import { adminSql, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// Storage's list-v2 (supabase-js `listV2`) on the local stack: flat and folder listings,
// prefixes, every sort with its cursor paging through each entry once, policies deciding
// what a user sees, and cursors or bodies that are not Storage's refused with 400.

const run = randomUUID().slice(0, 8);
const bucket = `s-listv2-${run}`;
const ownBucket = `s-listv2-own-${run}`;

const clientFor = (key: string, token?: string): SupabaseClient =>
  createClient(stack().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
const service = () => clientFor(stack().serviceRoleKey);
const listUrl = (b: string) => `${stack().apiUrl}/storage/v1/object/list-v2/${b}`;

// Names chosen so bytewise ("C") order differs from a locale's: capitals before lower case.
const names = ['a.txt', 'B.txt', 'docs/one.txt', 'docs/two.txt', 'docs/deep/three.txt', 'img/x.png', 'z_1.txt', 'zz.txt'];
const byName = [...names].sort((x, y) => (Buffer.compare(Buffer.from(x), Buffer.from(y))));

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([createUser({ name: 'Alice ListV2' }), createUser({ name: 'Bob ListV2' })]);
  const s = service().storage;
  expect((await s.createBucket(bucket, { public: false })).error).toBeNull();
  expect((await s.createBucket(ownBucket, { public: false })).error).toBeNull();
  for (const name of names) expect((await s.from(bucket).upload(name, name, { contentType: 'text/plain' })).error).toBeNull();
  // Creation times a second apart in an order unrelated to names.
  const sql = adminSql();
  for (const [index, name] of [...names].reverse().entries()) {
    await sql`update storage.objects set created_at = ${new Date(Date.UTC(2026, 0, 1, 0, 0, index))}
               where bucket_id = ${bucket} and name = ${name}`;
  }
  // Two objects created in the same millisecond: the name breaks the tie, and paging keeps both.
  await sql`update storage.objects set created_at = (select created_at from storage.objects where bucket_id = ${bucket} and name = 'zz.txt')
             where bucket_id = ${bucket} and name = 'docs/two.txt'`;
  // One statement touches them all: Storage's trigger gives every one the same updated_at,
  // so sorting by it is all ties, which the name breaks.
  await sql`update storage.objects set metadata = metadata where bucket_id = ${bucket}`;
  for (const user of [alice, bob]) {
    for (const file of ['1.txt', '2.txt', 'sub/3.txt']) {
      expect((await s.from(ownBucket).upload(`${user.id}/${file}`, file, { contentType: 'text/plain' })).error).toBeNull();
    }
  }
  await sql.unsafe(`
    create policy "list-v2 test ${ownBucket}: users read their folder" on storage.objects for select to authenticated
      using (bucket_id = '${ownBucket}' and (storage.foldername(name))[1] = (select auth.uid())::text and (select private.session_is_live()));`);
});

afterAll(async () => {
  await adminSql().unsafe(`drop policy if exists "list-v2 test ${ownBucket}: users read their folder" on storage.objects`);
  for (const b of [bucket, ownBucket]) {
    await service().storage.emptyBucket(b);
    await service().storage.deleteBucket(b);
  }
  await closeAdminSql();
});

describe('list-v2', () => {
  it('lists every object flat, by name in byte order, with Storage fields and no folders', async () => {
    const { data, error } = await service().storage.from(bucket).listV2();
    expect(error).toBeNull();
    expect(data!.hasNext).toBe(false);
    expect(data!.nextCursor).toBeUndefined();
    expect(data!.folders).toEqual([]);
    expect(data!.objects.map((o) => o.name)).toEqual(byName);
    const doc = data!.objects.find((o) => o.name === 'docs/one.txt')!;
    expect(doc.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(doc.metadata).toMatchObject({ size: 12, mimetype: 'text/plain' });
    expect(Date.parse(doc.created_at)).not.toBeNaN();
    expect(Date.parse(doc.updated_at)).not.toBeNaN();
  });

  it('filters by prefix literally (_ and % are not wildcards)', async () => {
    const s = service().storage.from(bucket);
    expect((await s.listV2({ prefix: 'docs/' })).data!.objects.map((o) => o.name)).toEqual(['docs/deep/three.txt', 'docs/one.txt', 'docs/two.txt']);
    expect((await s.listV2({ prefix: 'z_' })).data!.objects.map((o) => o.name)).toEqual(['z_1.txt']);
    expect((await s.listV2({ prefix: 'z%' })).data!.objects).toEqual([]);
    expect((await s.listV2({ prefix: 'nothing/' })).data).toEqual({ hasNext: false, folders: [], objects: [] });
  });

  it('groups objects into folders at the next slash with with_delimiter', async () => {
    const s = service().storage.from(bucket);
    const top = (await s.listV2({ with_delimiter: true })).data!;
    expect(top.folders).toEqual([{ key: 'docs', name: 'docs/' }, { key: 'img', name: 'img/' }]);
    expect(top.objects.map((o) => [o.key, o.name])).toEqual([['B.txt', 'B.txt'], ['a.txt', 'a.txt'], ['z_1.txt', 'z_1.txt'], ['zz.txt', 'zz.txt']]);
    const docs = (await s.listV2({ prefix: 'docs/', with_delimiter: true })).data!;
    expect(docs.folders).toEqual([{ key: 'deep', name: 'docs/deep/' }]);
    expect(docs.objects.map((o) => [o.key, o.name])).toEqual([['one.txt', 'docs/one.txt'], ['two.txt', 'docs/two.txt']]);
    // A prefix that is not a whole folder name matches the start of names.
    expect((await s.listV2({ prefix: 'do', with_delimiter: true })).data!.folders.map((f) => f.name)).toEqual(['docs/']);
  });

  it('pages through every object exactly once with the cursor, for each sort, flat and with folders', async () => {
    const s = service().storage.from(bucket);
    const ordered = async (names: string[], column: 'name' | 'created_at' | 'updated_at') => {
      const rows =
        column === 'name' ? [] : await adminSql().unsafe(
              `select name, (extract(epoch from date_trunc('milliseconds', ${column})) * 1000)::float8 as at from storage.objects where bucket_id = $1 and name = any($2)`,
              [bucket, names],
            );
      const at = new Map(rows.map((r) => [r.name as string, Number(r.at)]));
      return (order: 'asc' | 'desc') => {
        const sign = order === 'asc' ? 1 : -1;
        return [...names].sort((x, y) => sign * (column === 'name' ? Buffer.compare(Buffer.from(x), Buffer.from(y)) : at.get(x)! - at.get(y)! || Buffer.compare(Buffer.from(x), Buffer.from(y))));
      };
    };
    for (const column of ['name', 'created_at', 'updated_at'] as const) {
      const expected = await ordered(names, column);
      for (const order of ['asc', 'desc'] as const) {
        for (const limit of [1, 3]) {
          const seen: string[] = [];
          let cursor: string | undefined;
          for (let pages = 0; pages < names.length + 1; pages += 1) {
            const { data, error } = await s.listV2({ limit, cursor, sortBy: { column, order } });
            expect(error).toBeNull();
            expect(data!.objects.length).toBeLessThanOrEqual(limit);
            seen.push(...data!.objects.map((o) => o.name));
            if (!data!.hasNext) break;
            cursor = data!.nextCursor;
            expect(cursor).toEqual(expect.any(String));
          }
          expect(seen).toEqual(expected(order));
        }
      }
    }
    // With folders: a folder counts as one entry and its objects never come back after it,
    // whatever the sort (a folder sorts by its oldest object's creation).
    const top = ['B.txt', 'a.txt', 'docs/', 'img/', 'z_1.txt', 'zz.txt'];
    for (const column of ['name', 'created_at', 'updated_at'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const entries: string[] = [];
        let cursor: string | undefined;
        for (let pages = 0; pages < top.length + 1; pages += 1) {
          const { data } = await s.listV2({ limit: 1, cursor, with_delimiter: true, sortBy: { column, order } });
          entries.push(...data!.folders.map((f) => f.name), ...data!.objects.map((o) => o.name));
          if (!data!.hasNext) break;
          cursor = data!.nextCursor;
        }
        if (column === 'name') expect(entries).toEqual(order === 'asc' ? top : [...top].reverse());
        else expect([...entries].sort()).toEqual([...top].sort());
      }
    }
  });

  it('shows a user only what the policies let them read, folders included', async () => {
    const asAlice = clientFor(stack().anonKey, alice.token).storage.from(ownBucket);
    const flat = (await asAlice.listV2()).data!;
    expect(flat.objects.map((o) => o.name)).toEqual([`${alice.id}/1.txt`, `${alice.id}/2.txt`, `${alice.id}/sub/3.txt`]);
    expect((await asAlice.listV2({ with_delimiter: true })).data!.folders).toEqual([{ key: alice.id, name: `${alice.id}/` }]);
    expect((await asAlice.listV2({ prefix: `${bob.id}/` })).data!.objects).toEqual([]);
    // Bob sees his own, never Alice's; once his session ends, nothing.
    const asBob = clientFor(stack().anonKey, bob.token).storage.from(ownBucket);
    expect((await asBob.listV2({ with_delimiter: true, prefix: `${bob.id}/` })).data).toMatchObject({
      folders: [{ key: 'sub', name: `${bob.id}/sub/` }],
      objects: [{ name: `${bob.id}/1.txt` }, { name: `${bob.id}/2.txt` }],
    });
    const carol = await createUser({ name: 'Carol ListV2' });
    expect((await service().storage.from(ownBucket).upload(`${carol.id}/c.txt`, 'c', { contentType: 'text/plain' })).error).toBeNull();
    const asCarol = clientFor(stack().anonKey, carol.token).storage.from(ownBucket);
    expect((await asCarol.listV2()).data!.objects.map((o) => o.name)).toEqual([`${carol.id}/c.txt`]);
    await adminSql()`delete from auth.sessions where id = ${carol.sessionId}`;
    expect((await asCarol.listV2()).data).toEqual({ hasNext: false, folders: [], objects: [] });
    // Guests have no policy here: nothing exists for them; no token at all is refused.
    expect((await clientFor(stack().anonKey).storage.from(ownBucket).listV2()).data).toEqual({ hasNext: false, folders: [], objects: [] });
    const bare = await fetch(listUrl(ownBucket), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(bare.status).toBeGreaterThanOrEqual(400);
    expect(bare.status).toBeLessThan(500);
  });

  it('caps the limit and refuses bad cursors and bodies with 400 in Storage shape', async () => {
    const s = service().storage.from(bucket);
    expect((await s.listV2({ limit: 1_000_000 })).data!.objects).toHaveLength(names.length);
    const refused = async (body: unknown) => {
      const response = await fetch(listUrl(bucket), {
        method: 'POST',
        headers: { Authorization: `Bearer ${stack().serviceRoleKey}`, apikey: stack().serviceRoleKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400', error: expect.any(String), message: expect.any(String) });
    };
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    expect((await s.listV2({ cursor: 'not a cursor' })).error).toMatchObject({ statusCode: '400' });
    for (const cursor of ['not a cursor', b64('x:1'), b64('l:a\nc:size'), b64('l:a\no:up'), b64('l:a\u0000b'), b64('l:a\nc:created_at\na:yesterday'), b64('o:asc'), 'x'.repeat(20_000), 42]) {
      await refused({ cursor });
    }
    for (const body of [{ limit: 0 }, { limit: -1 }, { limit: 1.5 }, { limit: '10' }, { prefix: 'a\u0000' }, { prefix: '\ud800' }, { prefix: 7 }, { with_delimiter: 'yes' }, { sortBy: { column: 'size' } }, { sortBy: { column: 'name', order: 'up' } }, { sortBy: 'name' }]) {
      await refused(body);
    }
    // A cursor we wrote, tampered to another sort, still pages (its sort wins, as in Storage).
    const first = (await s.listV2({ limit: 2 })).data!;
    const next = (await s.listV2({ limit: 2, cursor: first.nextCursor, sortBy: { column: 'created_at', order: 'desc' } })).data!;
    expect(next.objects.map((o) => o.name)).toEqual(byName.slice(2, 4));
  });
});
