import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../supabase/functions/_shared/contract/common.ts';
import type { Entry, EntryDetail, LinkVariantReply, UnlinkVariantReply } from '../../supabase/functions/_shared/contract/entries.ts';
import type { VariantsEvent } from '../../supabase/functions/_shared/contract/live-events.ts';
import { closeRealtimeClients, realtimeClientAs, subscribed } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Variants through /api: linking two entries (signed-in, idempotent, never to itself), the
// groups links make, unlinking (linker, either owner or an admin), getContentById's
// `variants`, and the live 'variants' event on each affected entry's topic.

const unique = () => Math.random().toString(36).slice(2, 9);

let olga: TestUser; // owns the Mexican entry
let otto: TestUser; // owns the Spanish entry
let tina: TestUser; // owns nothing
let admin: TestUser;

/** An entry of `owner`'s, written straight in the database (the entry write limits are not what these tests are about). */
async function newEntry(owner: TestUser, title: string, country: string): Promise<Pick<Entry, '_id' | 'title' | 'country'>> {
  const [row] = await adminSql()<{ _id: string; title: string; country: string }[]>`
    insert into public.entries (title, description, country, author, owner)
    values (${`${title} ${unique()}`}, 'The same thing elsewhere.', ${country}, 'Variant tests', ${owner.id})
    returning id as _id, title, country`;
  return row;
}

const link = (contentId: string, variantId: string, token?: string | null) =>
  api<LinkVariantReply & Partial<Omit<ApiErrorBody, 'success'>>>('/content/linkVariant', { body: { contentId, variantId }, token });
const unlink = (contentId: string, variantId: string, token?: string | null) =>
  api<UnlinkVariantReply & Partial<Omit<ApiErrorBody, 'success'>>>(`/content/unlinkVariant/${contentId}/${variantId}`, { method: 'DELETE', token });
const detail = async (id: string, token?: string) => {
  const reply = await api<EntryDetail>(`/content/getContentById/${id}`, { token });
  expect(reply.status).toBe(200);
  return reply.body;
};
const ids = (list: { _id: string }[]) => list.map((item) => item._id);

beforeAll(async () => {
  [olga, otto, tina, admin] = await Promise.all([createUser(), createUser(), createUser(), createUser({ admin: true })]);
});

afterEach(closeRealtimeClients);
afterAll(closeAdminSql);

describe('POST /api/content/linkVariant', () => {
  it('links two entries: 201 with the content’s variants, then 200 and nothing new when linked again either way round', async () => {
    const popote = await newEntry(olga, 'popote', 'MX');
    const pajita = await newEntry(otto, 'pajita', 'ES');
    const first = await link(popote._id, pajita._id, tina.token);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      success: true,
      created: true,
      data: [{ _id: pajita._id, title: pajita.title, country: 'ES', voteScore: 0, direct: true, canUnlink: true }],
    });
    const again = await link(pajita._id, popote._id, otto.token);
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect(ids(again.body.data)).toEqual([popote._id]);
    const [{ n }] = await adminSql()`select count(*)::int as n from public.variant_links
                                       where ${popote._id} in (entry_a, entry_b)`;
    expect(n).toBe(1);
  });

  it('asks guests to log in (401)', async () => {
    const [a, b] = await Promise.all([newEntry(olga, 'bus', 'MX'), newEntry(otto, 'guagua', 'CU')]);
    const reply = await link(a._id, b._id);
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 'variant_login_required', message: 'Please log in to link variants.' });
  });

  it('refuses an entry linked to itself (400)', async () => {
    const a = await newEntry(olga, 'chamba', 'MX');
    const reply = await link(a._id, a._id, olga.token);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'variant_self_link', fieldCodes: { variantId: 'variant_self_link' } });
  });

  it('refuses malformed or missing ids (400)', async () => {
    const a = await newEntry(olga, 'lana', 'MX');
    const malformed = await link(a._id, 'not-an-id', olga.token);
    expect(malformed.status).toBe(400);
    expect(malformed.body.fieldCodes).toEqual({ variantId: 'invalid_id' });
    const missing = await api('/content/linkVariant', { body: { contentId: a._id }, token: olga.token });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fieldCodes)).toEqual(['variantId']);
    const notJson = await api('/content/linkVariant', { rawBody: '{', token: olga.token });
    expect(notJson.status).toBe(400);
    const nul = await link(`${a._id}\u0000`, a._id, olga.token);
    expect(nul.status).toBe(400);
  });

  it('answers 404 for a missing entry, and for a hidden one the caller cannot see', async () => {
    const a = await newEntry(olga, 'plata', 'AR');
    const missing = await link(a._id, crypto.randomUUID(), olga.token);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'entry_not_found', fieldCodes: { variantId: 'entry_not_found' } });
    const hidden = await newEntry(otto, 'pasta', 'ES');
    expect((await api('/content/updateContent', { method: 'PUT', body: { _id: hidden._id, show: false }, token: otto.token })).status).toBe(200);
    expect((await link(a._id, hidden._id, olga.token)).status).toBe(404);
    // Its owner sees it, so may link it.
    expect((await link(hidden._id, a._id, otto.token)).status).toBe(201);
  });

  it('puts linked entries in one group: A–B and B–C make A, B and C variants of each other', async () => {
    const a = await newEntry(olga, 'camión', 'MX');
    const b = await newEntry(otto, 'autobús', 'ES');
    const c = await newEntry(tina, 'colectivo', 'AR');
    expect((await link(a._id, b._id, tina.token)).status).toBe(201);
    expect((await link(c._id, b._id, tina.token)).status).toBe(201);
    const seen = await detail(a._id, tina.token);
    expect(new Set(ids(seen.variants))).toEqual(new Set([b._id, c._id]));
    expect(seen.variants.find((v) => v._id === c._id)).toMatchObject({ direct: false, canUnlink: false });
  });
});

describe('DELETE /api/content/unlinkVariant/{contentId}/{variantId}', () => {
  it('lets whoever linked them unlink them, and splits the group', async () => {
    const a = await newEntry(olga, 'chela', 'MX');
    const b = await newEntry(otto, 'caña', 'ES');
    const c = await newEntry(olga, 'birra', 'AR');
    await link(a._id, b._id, tina.token);
    await link(b._id, c._id, tina.token);
    const reply = await unlink(b._id, a._id, tina.token);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, data: [expect.objectContaining({ _id: c._id })] });
    expect((await detail(a._id)).variants).toEqual([]);
    expect(ids((await detail(c._id)).variants)).toEqual([b._id]);
  });

  it('lets either entry’s owner unlink what someone else linked', async () => {
    const a = await newEntry(olga, 'pibe', 'AR');
    const b = await newEntry(otto, 'chaval', 'ES');
    await link(a._id, b._id, tina.token);
    expect((await unlink(a._id, b._id, otto.token)).status).toBe(200);
    await link(a._id, b._id, tina.token);
    expect((await unlink(b._id, a._id, olga.token)).status).toBe(200);
  });

  it('answers 403 to anyone else, and lets an admin unlink anything', async () => {
    const a = await newEntry(olga, 'chamaco', 'MX');
    const b = await newEntry(otto, 'crío', 'ES');
    await link(a._id, b._id, otto.token);
    const refused = await unlink(a._id, b._id, tina.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect((await detail(a._id, tina.token)).variants[0].canUnlink).toBe(false);
    expect((await detail(a._id, admin.token)).variants[0].canUnlink).toBe(true);
    expect((await unlink(a._id, b._id, admin.token)).status).toBe(200);
  });

  it('answers 404 when there is no such link (or a malformed id), 401 to a guest', async () => {
    const a = await newEntry(olga, 'carro', 'CO');
    const b = await newEntry(otto, 'coche', 'ES');
    const none = await unlink(a._id, b._id, olga.token);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('variant_link_not_found');
    expect((await unlink(a._id, 'nope', olga.token)).status).toBe(404);
    await link(a._id, b._id, olga.token);
    const guest = await unlink(a._id, b._id);
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('variant_login_required');
  });
});

describe('GET /api/content/getContentById/{id} with variants', () => {
  it('lists the rest of the group, shown entries only, countries by their best form and best-voted first within one', async () => {
    const popote = await newEntry(olga, 'popote', 'MX');
    const pajita = await newEntry(otto, 'pajita', 'ES');
    const sorbete = await newEntry(tina, 'sorbete', 'AR');
    const pajilla = await newEntry(tina, 'pajilla', 'AR');
    const pitillo = await newEntry(tina, 'pitillo', 'CO');
    const hidden = await newEntry(olga, 'bombilla', 'CL');
    await adminSql()`update public.entries set upvotes = case id when ${pajita._id}::uuid then 7 when ${pajilla._id}::uuid then 4
                                                                  when ${sorbete._id}::uuid then 1 else 2 end,
                                               show = id <> ${hidden._id}::uuid
                      where id in ${adminSql()([pajita._id, pajilla._id, sorbete._id, pitillo._id, hidden._id])}`;
    for (const other of [pajita, sorbete, pajilla, pitillo, hidden]) expect((await link(popote._id, other._id, olga.token)).status).toBe(201);
    const seen = await detail(popote._id);
    expect(ids(seen.variants)).toEqual([pajita._id, pajilla._id, sorbete._id, pitillo._id]);
    expect(seen.variants[0]).toEqual({ _id: pajita._id, title: pajita.title, country: 'ES', voteScore: 7, direct: true, canUnlink: false });
    // Everything else the page shows is still there, from the same one query.
    expect(seen).toMatchObject({ _id: popote._id, title: popote.title, tags: [], commentCount: 0 });
  });

  it('gives an entry in no group an empty list', async () => {
    const alone = await newEntry(olga, 'solito', 'UY');
    expect((await detail(alone._id)).variants).toEqual([]);
  });
});

describe('variants, live', () => {
  it('tells every entry of the group, on its own topic, its new list', async () => {
    const a = await newEntry(olga, 'palomitas', 'MX');
    const b = await newEntry(otto, 'pochoclo', 'AR');
    const c = await newEntry(tina, 'crispetas', 'CO');
    await link(b._id, c._id, tina.token);
    const guest = await realtimeClientAs();
    const heard = new Map<string, string[]>();
    for (const entry of [a, b, c]) {
      await subscribed(
        guest.channel(`entry:${entry._id}`, { config: { private: true } }).on('broadcast', { event: 'variants' }, ({ payload }) => {
          const event = payload as VariantsEvent;
          heard.set(event.contentId, ids(event.variants).sort());
        }),
      );
    }
    expect((await link(a._id, b._id, olga.token)).status).toBe(201);
    await expect
      .poll(() => Object.fromEntries(heard))
      .toEqual({
        [a._id]: [b._id, c._id].sort(),
        [b._id]: [a._id, c._id].sort(),
        [c._id]: [a._id, b._id].sort(),
      });
    heard.clear();
    expect((await unlink(a._id, b._id, olga.token)).status).toBe(200);
    await expect
      .poll(() => Object.fromEntries(heard))
      .toEqual({ [a._id]: [], [b._id]: [c._id], [c._id]: [b._id] });
  });
});
