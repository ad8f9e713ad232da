import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import { adminSql, closeAdminSql } from '../support/stack.ts';

// The Supabase-compatibility bootstrap (stack/bootstrap.sql) gives embedded Postgres what
// migrations written for Supabase expect.
afterAll(closeAdminSql);

describe('the Supabase-compatibility bootstrap', () => {
  it('creates the API roles as Supabase has them', async () => {
    const roles = await adminSql()`
      select rolname, rolcanlogin, rolbypassrls from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`;
    expect(roles).toEqual([
      { rolname: 'anon', rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticated', rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticator', rolcanlogin: true, rolbypassrls: false },
      { rolname: 'service_role', rolcanlogin: false, rolbypassrls: true },
    ]);
    const [{ member }] = await adminSql()`select pg_has_role('authenticator', 'anon', 'member') as member`;
    expect(member).toBe(true);
  });

  it('keeps extensions in the extensions schema', async () => {
    const rows = await adminSql()`
      select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
       where e.extname in ('pgcrypto', 'pg_trgm', 'unaccent') order by e.extname`;
    expect(rows).toEqual([
      { extname: 'pg_trgm', nspname: 'extensions' },
      { extname: 'pgcrypto', nspname: 'extensions' },
      { extname: 'unaccent', nspname: 'extensions' },
    ]);
  });

  it('reads the request claims in auth.uid(), auth.role(), auth.email() and auth.jwt()', async () => {
    const claims = { sub: '5f0c6d43-8a4e-4d36-9a59-5c2a4f7b1e11', role: 'authenticated', email: 'claims@test.jerga.local' };
    const [row] = await adminSql().begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
      return tx`select auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'sub' as sub`;
    });
    expect(row).toEqual({ uid: claims.sub, role: 'authenticated', email: claims.email, sub: claims.sub });
    const [anonymous] = await adminSql()`select auth.uid() as uid, auth.role() as role`;
    expect(anonymous).toEqual({ uid: null, role: null });
  });

  it('publishes realtime.send() and realtime.broadcast_changes() through pg_notify', async () => {
    const sql = adminSql();
    const received: unknown[] = [];
    const listener = await sql.listen('realtime_broadcast', (payload) => received.push(JSON.parse(payload)));
    try {
      await sql`select realtime.send('{"hello": "mundo"}'::jsonb, 'greeting', 'room:1', false)`;
      await sql`select realtime.broadcast_changes('entry:1', 'INSERT', 'INSERT', 'countries', 'public', c, null)
                  from public.countries c where code = 'AR'`;
      await expect.poll(() => received.length).toBe(2);
      expect(received[0]).toMatchObject({ topic: 'room:1', event: 'greeting', private: false, payload: { hello: 'mundo' } });
      expect((received[0] as { payload: { id: string } }).payload.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(received[1]).toMatchObject({
        topic: 'entry:1',
        event: 'INSERT',
        private: true,
        payload: { operation: 'INSERT', table: 'countries', schema: 'public', record: { code: 'AR', name_en: 'Argentina' }, old_record: null },
      });
    } finally {
      await listener.unlisten();
    }
  });

  it('creates the supabase_realtime publication and records every migration like the CLI', async () => {
    expect(await adminSql()`select 1 from pg_publication where pubname = 'supabase_realtime'`).toHaveLength(1);
    const files = fs.readdirSync(path.join(rootDir, 'supabase', 'migrations')).filter((f) => f.endsWith('.sql')).sort();
    const recorded = await adminSql()`select version, name from supabase_migrations.schema_migrations order by version`;
    expect(recorded.map((r) => `${r.version}_${r.name}.sql`)).toEqual(files);
  });
});
