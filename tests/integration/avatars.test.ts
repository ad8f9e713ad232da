import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transport } from '../support/realtime.ts';
import { api, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// Avatars as palabrotas' Chat page reads them (GET /api/avatar/:userId: a bare array of
// {_id, userId, description, imageUrl, createdAt}), uploaded into the public `avatars` bucket
// through Storage (images only, 1 MB at most, a learner's own folder only) and named with
// POST /api/avatar/addAvatar.

let lola: TestUser;
let otto: TestUser;

function supabaseAs(user?: TestUser): SupabaseClient {
  return createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(user ? { accessToken: async () => user.token } : {}),
    realtime: { transport },
  });
}

/** A few bytes standing for an image (Storage checks the declared type, not the bytes). */
const image = (bytes = 1024) => Buffer.alloc(bytes, 9);

beforeAll(async () => {
  [lola, otto] = await Promise.all([createUser({ name: 'Lola' }), createUser({ name: 'Otto' })]);
});

afterAll(closeAdminSql);

describe('avatars', () => {
  it('an image the learner uploaded into their folder, named through /api, listed as palabrotas lists avatars', async () => {
    const path = `${lola.id}/perfil.png`;
    const uploaded = await supabaseAs(lola).storage.from('avatars').upload(path, image(), { contentType: 'image/png' });
    expect(uploaded.error).toBeNull();

    const added = await api('/avatar/addAvatar', { body: { userId: lola.id, path, description: 'Una llama con gafas' }, token: lola.token });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ _id: expect.any(String), userId: lola.id, description: 'Una llama con gafas', imageUrl: expect.stringContaining('/storage/v1/object/public/avatars/') });

    // Anyone reads the list (the palabrotas client asks without thinking of who is signed in).
    const list = await api(`/avatar/${lola.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { _id: added.body._id, userId: lola.id, description: 'Una llama con gafas', path, imageUrl: added.body.imageUrl, createdAt: expect.any(String) },
    ]);
    const served = await fetch(list.body[0].imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/png/);
    expect(await api(`/avatar/${otto.id}`).then((reply) => reply.body)).toEqual([]);
  });

  it('Storage refuses another learner’s folder, anything but images and files over 1 MB; /api refuses guests and others’ files', async () => {
    const into = supabaseAs(otto).storage.from('avatars');
    expect((await into.upload(`${lola.id}/mio.png`, image(), { contentType: 'image/png' })).error).not.toBeNull();
    expect((await into.upload(`${otto.id}/nota.txt`, image(), { contentType: 'text/plain' })).error).not.toBeNull();
    expect((await into.upload(`${otto.id}/grande.png`, image(1024 * 1024 + 1), { contentType: 'image/png' })).error).not.toBeNull();
    expect((await into.upload(`${otto.id}/dentro/hondo.png`, image(), { contentType: 'image/png' })).error).not.toBeNull();
    expect((await supabaseAs().storage.from('avatars').upload(`${otto.id}/anon.png`, image(), { contentType: 'image/png' })).error).not.toBeNull();

    const guest = await api('/avatar/addAvatar', { body: { path: `${lola.id}/perfil.png` } });
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ success: false, code: 'avatar_login_required' });
    const theirs = await api('/avatar/addAvatar', { body: { path: `${lola.id}/perfil.png` }, token: otto.token });
    expect(theirs.status).toBe(400);
    expect(theirs.body.code).toBe('avatar_path_invalid');
    const missing = await api('/avatar/addAvatar', { body: { path: `${otto.id}/nunca.png` }, token: otto.token });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('avatar_file_not_found');
    expect((await api('/avatar/not-an-id')).status).toBe(404);
  });
});
