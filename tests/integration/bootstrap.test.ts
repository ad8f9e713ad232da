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
  it("creates Supabase's storage schema: buckets, objects, the path helpers, RLS and grants", async () => {
    const sql = adminSql();
    const columns = await sql`
      select table_name, column_name, data_type from information_schema.columns
       where table_schema = 'storage' and table_name in ('buckets', 'objects') order by table_name, column_name`;
    expect(columns.filter((c) => c.table_name === 'buckets').map((c) => `${c.column_name} ${c.data_type}`)).toEqual([
      'allowed_mime_types ARRAY', 'avif_autodetection boolean', 'created_at timestamp with time zone',
      'file_size_limit bigint', 'id text', 'name text', 'owner uuid', 'owner_id text', 'public boolean',
      'updated_at timestamp with time zone',
    ]);
    expect(columns.filter((c) => c.table_name === 'objects').map((c) => `${c.column_name} ${c.data_type}`)).toEqual([
      'bucket_id text', 'created_at timestamp with time zone', 'id uuid', 'last_accessed_at timestamp with time zone',
      'metadata jsonb', 'name text', 'owner uuid', 'owner_id text', 'path_tokens ARRAY',
      'updated_at timestamp with time zone', 'user_metadata jsonb', 'version text',
    ]);
    const rls = await sql`select relname, relrowsecurity from pg_class
                           where relnamespace = 'storage'::regnamespace and relkind = 'r' order by relname`;
    expect(rls).toEqual([{ relname: 'buckets', relrowsecurity: true }, { relname: 'objects', relrowsecurity: true }]);
    const [helpers] = await sql`select storage.foldername('u1/c2/take.webm') as folders,
      storage.filename('u1/c2/take.webm') as file, storage.extension('u1/c2/take.webm') as ext`;
    expect(helpers).toEqual({ folders: ['u1', 'c2'], file: 'take.webm', ext: 'webm' });
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const [row] = await sql`select has_schema_privilege(${role}, 'storage', 'usage') as usage,
        has_table_privilege(${role}, 'storage.objects', 'select,insert,update,delete') as objects,
        has_function_privilege(${role}, 'storage.foldername(text)', 'execute') as helper`;
      expect(row).toEqual({ usage: true, objects: true, helper: true });
    }
  });

  it('refuses a direct DELETE on storage tables unless the transaction allows it, as Supabase does', async () => {
    const sql = adminSql();
    const id = `bootstrap-${Date.now()}`;
    await sql`insert into storage.buckets (id, name) values (${id}, ${id})`;
    await expect(sql`delete from storage.buckets where id = ${id}`).rejects.toThrow(/Direct deletion/);
    await sql.begin(async (tx) => {
      await tx`select set_config('storage.allow_delete_query', 'true', true)`;
      await tx`delete from storage.buckets where id = ${id}`;
    });
    expect(await sql`select 1 from storage.buckets where id = ${id}`).toHaveLength(0);
  });
  it('applies again over an existing storage schema without losing its rows', async () => {
    const sql = adminSql();
    const id = `bootstrap-again-${Date.now()}`;
    await sql`insert into storage.buckets (id, name, public) values (${id}, ${id}, true)`;
    await sql`insert into storage.objects (bucket_id, name, metadata) values (${id}, 'a/b.txt', '{"size": 1}')`;
    await sql.unsafe(fs.readFileSync(path.join(rootDir, 'stack', 'bootstrap.sql'), 'utf8'));
    const rows = await sql`select o.name, o.path_tokens, b.public from storage.objects o
                             join storage.buckets b on b.id = o.bucket_id where b.id = ${id}`;
    expect(rows).toEqual([{ name: 'a/b.txt', path_tokens: ['a', 'b.txt'], public: true }]);
    await sql.begin(async (tx) => {
      await tx`select set_config('storage.allow_delete_query', 'true', true)`;
      await tx`delete from storage.objects where bucket_id = ${id}`;
      await tx`delete from storage.buckets where id = ${id}`;
    });
  });
});
