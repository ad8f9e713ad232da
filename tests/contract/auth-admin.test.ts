import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';
import { password, serviceClient, supabaseClient, uniqueEmail } from './support.ts';

afterAll(closeAdminSql);

describe('admin users API (service role only)', () => {
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) await supabaseClient().auth.signUp({ email: uniqueEmail('listed'), password });
  });

  it('lists users a page at a time with X-Total-Count and Link', async () => {
    const admin = serviceClient();
    const [{ count }] = await adminSql()`select count(*)::int from auth.users`;
    const result = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    if (result.error) throw result.error;
    const { data } = result;
    expect(data.users).toHaveLength(2);
    expect(data.aud).toBe('authenticated');
    expect(data.total).toBe(count);
    expect(data.nextPage).toBe(2);
    // Newest first, as GoTrue orders them.
    expect(new Date(data.users[0].created_at) >= new Date(data.users[1].created_at)).toBe(true);

    const response = await fetch(`${stack().apiUrl}/auth/v1/admin/users?page=&per_page=2`, {
      headers: { apikey: stack().serviceRoleKey, authorization: `Bearer ${stack().serviceRoleKey}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe(String(count));
    const last = Math.ceil(count / 2);
    expect(response.headers.get('link')).toBe(
      `<${stack().apiUrl}/auth/v1/admin/users?page=2&per_page=2>; rel="next", ` +
        `<${stack().apiUrl}/auth/v1/admin/users?page=${last}&per_page=2>; rel="last"`,
    );
    expect(response.headers.get('access-control-expose-headers')).toMatch(/X-Total-Count/);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['aud', 'users']);
  });

  it('accepts empty page parameters (the client sends page=&per_page=)', async () => {
    const { data, error } = await serviceClient().auth.admin.listUsers();
    expect(error).toBeNull();
    expect(data.users.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses the anon key and user tokens with 403 not_admin', async () => {
    const { error } = await supabaseClient().auth.admin.listUsers();
    expect(error).toMatchObject({ status: 403, code: 'not_admin' });
    const { data } = await supabaseClient().auth.signUp({ email: uniqueEmail('notadmin'), password });
    const response = await fetch(`${stack().apiUrl}/auth/v1/admin/users`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'not_admin' });
  });

  it('creates, reads, updates and deletes a user', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('managed');
    const created = await admin.createUser({ email, password, email_confirm: true, user_metadata: { name: 'Managed' } });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({ email: email.toLowerCase(), user_metadata: { name: 'Managed' } });
    const [profile] = await adminSql()`select name from public.profiles where id = ${id}`;
    expect(profile.name).toBe('Managed');
    expect((await supabaseClient().auth.signInWithPassword({ email, password })).error).toBeNull();

    const duplicate = await admin.createUser({ email, password });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

    const fetched = await admin.getUserById(id);
    expect(fetched.data.user?.id).toBe(id);

    const updated = await admin.updateUserById(id, { user_metadata: { level: 'C1' }, app_metadata: { plan: 'free' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.user_metadata).toMatchObject({ name: 'Managed', level: 'C1' });
    expect(updated.data.user!.app_metadata).toMatchObject({ provider: 'email', plan: 'free' });

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await adminSql()`select 1 from public.profiles where id = ${id}`).length).toBe(0);
  });
});
