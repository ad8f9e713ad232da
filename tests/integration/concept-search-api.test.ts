import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../supabase/functions/_shared/contract/common.ts';
import type { ConceptGroupReply, ConceptSearchReply } from '../../supabase/functions/_shared/contract/concepts.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// GET /api/concept/search: the groups of entries linked as one meaning across countries
// (made here through POST /api/content/linkVariant) whose members match the search by
// title, English or Spanish meaning or example, ignoring case and accents; each member as
// {_id, title, country, description, descriptionEs}, by country; guests too; hidden
// entries only for their owner and admins. GET /api/concept/:groupId: one group by the id the
// search names, as the same caller sees it (the /compare/:groupId page).

// A marker of this run in every text, so other tests' entries (and the seed) stay out of the way.
// Starts with a letter the pgTAP file's own marks (36) never do, so its searches never find these.
const mark = `x${Math.random().toString(36).slice(2, 8)}`;

let olga: TestUser; // owns a hidden member
let otto: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};

async function newEntry(
  key: string,
  fields: { title: string; description: string; descriptionEs?: string; example?: string; country: string; show?: boolean; owner?: TestUser },
) {
  const [row] = await adminSql()<{ id: string }[]>`
    insert into public.entries (title, description, description_es, example_sentence, country, author, owner, show)
    values (${fields.title}, ${fields.description}, ${fields.descriptionEs ?? null}, ${fields.example ?? null}, ${fields.country},
            'Concept tests', ${fields.owner?.id ?? null}, ${fields.show ?? true})
    returning id`;
  ids[key] = row.id;
}

async function linkVariant(a: string, b: string, user: TestUser) {
  const reply = await api('/content/linkVariant', { body: { contentId: ids[a], variantId: ids[b] }, token: user.token });
  expect(reply.status).toBe(201);
}

const search = (q: string, token?: string) => api<ConceptSearchReply & Partial<ApiErrorBody>>(`/concept/search?q=${encodeURIComponent(q)}`, { token });
/** The groups of a reply as their members' titles, in order. */
const titles = (reply: ConceptSearchReply) => reply.data.map((group) => group.entries.map((entry) => entry.title));

beforeAll(async () => {
  [olga, otto, admin] = await Promise.all([createUser(), createUser(), createUser({ admin: true })]);
  await newEntry('popote', { title: `popote${mark}`, description: `A drinking straw${mark}.`, descriptionEs: `Tubito${mark} para sorber.`, example: `Pásame un popote${mark}.`, country: 'MX', owner: olga });
  await newEntry('pajita', { title: `pajita${mark}`, description: `A drinking straw${mark}.`, country: 'ES', owner: otto });
  await newEntry('sorbete', { title: `sorbete${mark}`, description: `A drinking straw${mark}.`, example: `Un sorbito${mark} de jugo.`, country: 'AR' });
  await newEntry('bombilla', { title: `bombilla${mark}`, description: `The metal straw${mark} of mate.`, country: 'CL', owner: olga, show: false });
  await newEntry('guagua', { title: `guagua${mark}`, description: `Bus${mark}.`, descriptionEs: `Autobús${mark}.`, country: 'CU' });
  await newEntry('camion', { title: `camión${mark}`, description: `Bus${mark}.`, country: 'MX' });
  await newEntry('bondi', { title: `bondi${mark}`, description: `A city bus, like a guagua${mark}.`, country: 'AR' });
  await newEntry('micro', { title: `micro${mark}`, description: 'A city bus.', country: 'CL' });
  await newEntry('alone', { title: `chévere${mark}`, description: 'Great.', country: 'VE' });
  // Learners link them through the /api; Olga links her hidden entry to the Argentine one.
  await linkVariant('popote', 'pajita', otto);
  await linkVariant('sorbete', 'pajita', olga);
  await linkVariant('bombilla', 'sorbete', olga);
  await linkVariant('guagua', 'camion', otto);
  await linkVariant('bondi', 'micro', otto);
});

afterAll(closeAdminSql);

/** The id of the group an entry is in, as the database keeps it. */
async function groupOf(key: string): Promise<string> {
  const [row] = await adminSql()<{ conceptId: string }[]>`select concept_id as "conceptId" from public.concept_members where entry_id = ${ids[key]}`;
  return row.conceptId;
}

const group = (groupId: string, token?: string) => api<ConceptGroupReply & Partial<ApiErrorBody>>(`/concept/${groupId}`, { token });

describe('GET /api/concept/search', () => {
  it('finds a group by a title for a guest: each member by country, hidden ones left out', async () => {
    const reply = await search(`POPOTE${mark}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      data: [
        {
          groupId: await groupOf('popote'),
          entries: [
            { _id: ids.sorbete, title: `sorbete${mark}`, country: 'AR', description: `A drinking straw${mark}.`, descriptionEs: null },
            { _id: ids.pajita, title: `pajita${mark}`, country: 'ES', description: `A drinking straw${mark}.`, descriptionEs: null },
            { _id: ids.popote, title: `popote${mark}`, country: 'MX', description: `A drinking straw${mark}.`, descriptionEs: `Tubito${mark} para sorber.` },
          ],
        },
      ],
    });
  });

  it('finds it by an English meaning, a Spanish meaning or an example, without accents', async () => {
    const straw = [[`sorbete${mark}`, `pajita${mark}`, `popote${mark}`]];
    expect(titles((await search(`straw${mark}`)).body)).toEqual(straw);
    expect(titles((await search(`tubito${mark}`)).body)).toEqual(straw);
    expect(titles((await search(`sorbito${mark}`)).body)).toEqual(straw);
    expect(titles((await search(`camion${mark}`)).body)).toEqual([[`guagua${mark}`, `camión${mark}`]]);
    expect(titles((await search(`autobus${mark}`)).body)).toEqual([[`guagua${mark}`, `camión${mark}`]]);
  });

  it('puts the group with the exact title before one that only names it in a meaning', async () => {
    const reply = await search(`¿Guagua${mark}?`);
    expect(titles(reply.body)).toEqual([
      [`guagua${mark}`, `camión${mark}`],
      [`bondi${mark}`, `micro${mark}`],
    ]);
  });

  it('does not count an entry in no group', async () => {
    expect((await search(`chevere${mark}`)).body).toEqual({ data: [] });
  });

  it('answers a blank, missing or punctuation-only search with no groups', async () => {
    for (const path of ['/concept/search', '/concept/search?q=', '/concept/search?q=%20%20%20', '/concept/search?q=%C2%BF%3F']) {
      const reply = await api(path);
      expect(reply.status, path).toBe(200);
      expect(reply.body, path).toEqual({ data: [] });
    }
  });

  it('takes any characters as text, never as a pattern', async () => {
    for (const q of ['%', '_', '\\', "'; drop table public.entries; --", '😀', `popote${mark}%`]) {
      const reply = await search(q);
      expect(reply.status, q).toBe(200);
      expect(Array.isArray(reply.body.data), q).toBe(true);
    }
    expect(titles((await search(`popote${mark}%`)).body)).toEqual([[`sorbete${mark}`, `pajita${mark}`, `popote${mark}`]]);
  });

  it('refuses a search over 200 characters and text Postgres cannot hold (400)', async () => {
    const long = await search('a'.repeat(201));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'search_too_long', message: 'The search text is too long.' });
    const nul = await api('/concept/search?q=pop%00ote');
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 'invalid_text' });
    // Percent-encoding that is no UTF-8 (a lone surrogate's bytes) is taken as the text it is,
    // as the home search takes it: nothing matches, nothing fails.
    const malformed = await api<{ data: unknown[] }>('/concept/search?q=pop%ED%A0%80ote');
    expect(malformed.status).toBe(200);
    expect(malformed.body.data).toEqual([]);
    expect((await search('a'.repeat(200))).status).toBe(200);
  });

  it('shows a hidden member, and finds its group by it, only to its owner and admins', async () => {
    const everyone = [[`sorbete${mark}`, `pajita${mark}`, `popote${mark}`]];
    const withHidden = [[`sorbete${mark}`, `bombilla${mark}`, `pajita${mark}`, `popote${mark}`]];
    expect((await search(`bombilla${mark}`)).body).toEqual({ data: [] });
    expect((await search(`bombilla${mark}`, otto.token)).body).toEqual({ data: [] });
    expect(titles((await search(`straw${mark}`, otto.token)).body)).toEqual(everyone);
    expect(titles((await search(`bombilla${mark}`, olga.token)).body)).toEqual(withHidden);
    expect(titles((await search(`straw${mark}`, admin.token)).body)).toEqual(withHidden);
  });

  it('follows the links: an unlinked entry leaves its group', async () => {
    const reply = await api(`/content/unlinkVariant/${ids.micro}/${ids.bondi}`, { method: 'DELETE', token: otto.token });
    expect(reply.status).toBe(200);
    expect((await search(`micro${mark}`)).body).toEqual({ data: [] });
    expect(titles((await search(`guagua${mark}`)).body)).toEqual([[`guagua${mark}`, `camión${mark}`]]);
  });
});

describe('GET /api/concept/:groupId', () => {
  it('reads the group a search names: its members by country, each with its vote score', async () => {
    const groupId = (await search(`straw${mark}`)).body.data[0].groupId;
    expect(groupId).toBe(await groupOf('pajita'));
    const reply = await group(groupId);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      data: {
        groupId,
        entries: [
          { _id: ids.sorbete, title: `sorbete${mark}`, country: 'AR', description: `A drinking straw${mark}.`, descriptionEs: null, voteScore: 0 },
          { _id: ids.pajita, title: `pajita${mark}`, country: 'ES', description: `A drinking straw${mark}.`, descriptionEs: null, voteScore: 0 },
          { _id: ids.popote, title: `popote${mark}`, country: 'MX', description: `A drinking straw${mark}.`, descriptionEs: `Tubito${mark} para sorber.`, voteScore: 0 },
        ],
      },
    });
  });

  it('shows a hidden member only to its owner and admins', async () => {
    const groupId = await groupOf('pajita');
    const members = async (token?: string) => (await group(groupId, token)).body.data.entries.map((entry) => entry.title);
    const everyone = [`sorbete${mark}`, `pajita${mark}`, `popote${mark}`];
    const withHidden = [`sorbete${mark}`, `bombilla${mark}`, `pajita${mark}`, `popote${mark}`];
    expect(await members(otto.token)).toEqual(everyone);
    expect(await members(olga.token)).toEqual(withHidden);
    expect(await members(admin.token)).toEqual(withHidden);
  });

  it('answers 404 concept_not_found for an unknown or malformed id, never a 500', async () => {
    for (const groupId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1', `${'a'.repeat(300)}`, '%27%3B--', '%00']) {
      const reply = await group(groupId);
      expect(reply.status, groupId).toBe(404);
      expect(reply.body, groupId).toMatchObject({ code: 'concept_not_found', message: 'No such comparison.' });
    }
  });
});
