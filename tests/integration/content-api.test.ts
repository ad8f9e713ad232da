import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, EntryListReply } from '../../supabase/functions/_shared/contract/entries.ts';
import { UNPAGED_MAX_ENTRIES } from '../../supabase/functions/_shared/api/content.ts';
import { adminSql, api, closeAdminSql, createUser, signAccessToken, stack, type TestUser } from '../support/stack.ts';

const unique = () => Math.random().toString(36).slice(2, 10);

function newEntry(overrides: Record<string, unknown> = {}) {
  return {
    title: `pibe ${unique()}`,
    description: 'A kid, a young guy',
    country: 'AR',
    hint: 'p _ _ _',
    exampleSentence: 'El pibe juega al fútbol.',
    author: 'Integration test',
    ...overrides,
  };
}

async function addEntry(token: string | null | undefined, overrides: Record<string, unknown> = {}): Promise<Entry> {
  const reply = await api<{ data: Entry }>('/content/addContent', { body: newEntry(overrides), token });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([
    createUser({ name: 'Olivia Owner' }),
    createUser({ name: 'Oscar Other' }),
    createUser({ name: 'Ada Admin', admin: true }),
  ]);
});

afterAll(closeAdminSql);

describe('POST /api/content/addContent', () => {
  it('lets a guest add an entry with no owner', async () => {
    const reply = await api<{ data: Entry; message: string }>('/content/addContent', { body: newEntry({ author: '' }) });
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe('Added successfully');
    expect(reply.body.data).toMatchObject({ owner: null, author: 'Anonymous', country: 'AR', show: true, tags: [], voteCount: 0 });
    expect(reply.body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.body.data.exampleSentence).toBe('El pibe juega al fútbol.');
  });

  it('records a logged-in author as the owner', async () => {
    const entry = await addEntry(owner.token, { author: '' });
    expect(entry.owner).toBe(owner.id);
    expect(entry.author).toBe('Olivia Owner');
  });

  it('ignores an owner id the client sends', async () => {
    const entry = await addEntry(other.token, { owner: owner.id });
    expect(entry.owner).toBe(other.id);
  });

  it.each([
    [{ title: '' }, 'title', 'title_required', 'Please enter a title.'],
    [{ description: '   ' }, 'description', 'description_required', 'Please enter a description.'],
    [{ country: '' }, 'country', 'country_required', 'Please select a country.'],
    [{ country: 'US' }, 'country', 'country_required', 'Please select a country.'],
    [{ title: 'x'.repeat(1001) }, 'title', 'title_too_long', 'Title must be at most 1000 characters.'],
    [{ description: 'x'.repeat(1001) }, 'description', 'description_too_long', 'Description must be at most 1000 characters.'],
    [{ hint: 'h'.repeat(1001) }, 'hint', 'hint_too_long', 'Hint must be at most 1000 characters.'],
    [{ author: 'a'.repeat(101) }, 'author', 'author_too_long', 'Author must be at most 100 characters.'],
  ])('rejects %j with 400, the code %s and the spec message for the field', async (overrides, field, code, message) => {
    const before = await adminSql()`select count(*)::int as n from public.entries`;
    const reply = await api('/content/addContent', { body: newEntry(overrides) });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, code, message, errors: { [field]: message }, fieldCodes: { [field]: code } });
    const after = await adminSql()`select count(*)::int as n from public.entries`;
    expect(after[0].n).toBe(before[0].n);
  });

  it('accepts exactly 1000 characters', async () => {
    const entry = await addEntry(null, { title: 't'.repeat(1000), description: 'd'.repeat(1000) });
    expect(entry.title).toHaveLength(1000);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const reply = await api('/content/addContent', { rawBody: '{"title":', headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid_json');
  });

  it('rejects a forged or expired token with 401', async () => {
    const forged = owner.token.slice(0, -4) + 'AAAA';
    expect((await api('/content/getContents', { token: forged })).status).toBe(401);
    const expired = await signAccessToken(owner, -60);
    const reply = await api('/content/getContents', { token: expired });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('invalid_token');
  });
});

describe('GET /api/content/getContentById/{id}', () => {
  it('returns every field of the entry', async () => {
    const entry = await addEntry(null);
    const reply = await api<Entry>(`/content/getContentById/${entry._id}`);
    expect(reply.status).toBe(200);
    // The page's extras (the rest of its variant group, how it lands per country, the caller's marks) come with it.
    expect(reply.body).toEqual({ ...entry, variants: [], usage: {}, myUsage: {} });
    expect(Object.keys(reply.body).sort()).toEqual(
      ['_id', 'addedBy', 'author', 'commentCount', 'country', 'createdAt', 'description', 'descriptionEs', 'downvotes', 'exampleSentence', 'hint', 'inFlashcards', 'myUsage', 'owner', 'ownerDeleted', 'rudeIn', 'show', 'tags', 'title', 'updatedAt', 'upvotes', 'usage', 'userVote', 'variants', 'voteCount'].sort(),
    );
  });

  it('answers 404 for a missing entry and for a malformed id', async () => {
    expect((await api('/content/getContentById/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const reply = await api('/content/getContentById/not-an-id');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: 'entry_not_found', message: 'Entry not found.' });
  });

  it('hides a hidden entry from guests and other users but not from its owner or an admin', async () => {
    const entry = await addEntry(owner.token);
    const hidden = await api<Entry>('/content/updateContent', { method: 'PUT', body: { _id: entry._id, show: false }, token: owner.token });
    expect(hidden.body.show).toBe(false);
    expect((await api(`/content/getContentById/${entry._id}`)).status).toBe(404);
    expect((await api(`/content/getContentById/${entry._id}`, { token: other.token })).status).toBe(404);
    expect((await api(`/content/getContentById/${entry._id}`, { token: owner.token })).status).toBe(200);
    expect((await api(`/content/getContentById/${entry._id}`, { token: admin.token })).status).toBe(200);
  });
});

describe('PUT /api/content/updateContent', () => {
  it('lets the owner edit and replies with the updated item', async () => {
    const entry = await addEntry(owner.token);
    const reply = await api<Entry>('/content/updateContent', {
      method: 'PUT',
      body: { _id: entry._id, title: 'pibe (edited)', hint: '', country: 'uy' },
      token: owner.token,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ _id: entry._id, title: 'pibe (edited)', hint: null, country: 'UY' });
    expect(Date.parse(reply.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(entry.updatedAt));
  });

  it('refuses another user with 403 and changes nothing', async () => {
    const entry = await addEntry(owner.token);
    const reply = await api('/content/updateContent', { method: 'PUT', body: { _id: entry._id, title: 'hijacked' }, token: other.token });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('forbidden');
    const [row] = await adminSql()`select title from public.entries where id = ${entry._id}`;
    expect(row.title).toBe(entry.title);
  });

  it('refuses a guest with 401', async () => {
    const entry = await addEntry(owner.token);
    const reply = await api('/content/updateContent', { method: 'PUT', body: { _id: entry._id, title: 'guest edit' } });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('login_required');
  });

  it('lets an admin edit anyone’s entry', async () => {
    const entry = await addEntry(owner.token);
    const reply = await api<Entry>('/content/updateContent', { method: 'PUT', body: { id: entry._id, description: 'fixed by admin' }, token: admin.token });
    expect(reply.status).toBe(200);
    expect(reply.body.description).toBe('fixed by admin');
    expect(reply.body.owner).toBe(owner.id);
  });

  it('never lets a client write the counters', async () => {
    const entry = await addEntry(owner.token);
    const reply = await api<Entry>('/content/updateContent', { method: 'PUT', body: { _id: entry._id, upvotes: 99, voteCount: 99 }, token: owner.token });
    expect(reply.status).toBe(200);
    expect(reply.body.voteCount).toBe(0);
    const [row] = await adminSql()`select upvotes from public.entries where id = ${entry._id}`;
    expect(row.upvotes).toBe(0);
  });

  it('validates the fields it is given', async () => {
    const entry = await addEntry(owner.token);
    const reply = await api('/content/updateContent', { method: 'PUT', body: { _id: entry._id, title: ' ' }, token: owner.token });
    expect(reply.status).toBe(400);
    expect(reply.body.errors.title).toBe('Please enter a title.');
    expect((await api('/content/updateContent', { method: 'PUT', body: { title: 'no id' }, token: owner.token })).status).toBe(400);
  });

  it('answers 404 for an entry that does not exist', async () => {
    const reply = await api('/content/updateContent', {
      method: 'PUT',
      body: { _id: '00000000-0000-4000-8000-000000000000', title: 'ghost' },
      token: admin.token,
    });
    expect(reply.status).toBe(404);
  });
});

describe('PUT /api/content/deleteContent', () => {
  it('refuses a guest (401) and another user (403), then lets the owner delete', async () => {
    const entry = await addEntry(owner.token);
    expect((await api('/content/deleteContent', { method: 'PUT', body: { id: entry._id } })).status).toBe(401);
    expect((await api('/content/deleteContent', { method: 'PUT', body: { id: entry._id }, token: other.token })).status).toBe(403);
    const reply = await api('/content/deleteContent', { method: 'PUT', body: { id: entry._id }, token: owner.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, _id: entry._id });
    expect(await adminSql()`select 1 from public.entries where id = ${entry._id}`).toHaveLength(0);
    expect((await api('/content/deleteContent', { method: 'PUT', body: { id: entry._id }, token: owner.token })).status).toBe(404);
  });

  it('lets an admin delete anyone’s entry, including a guest’s', async () => {
    const entry = await addEntry(null);
    const reply = await api('/content/deleteContent', { method: 'PUT', body: { _id: entry._id }, token: admin.token });
    expect(reply.status).toBe(200);
  });

  it('does not let anyone but an admin delete a guest’s entry', async () => {
    const entry = await addEntry(null);
    expect((await api('/content/deleteContent', { method: 'PUT', body: { _id: entry._id }, token: other.token })).status).toBe(403);
  });
});

describe('listing, search and pagination', () => {
  const marker = `zq${unique()}`;
  const made: Entry[] = [];

  beforeAll(async () => {
    made.push(await addEntry(null, { title: `Café ${marker}`, country: 'CO' }));
    made.push(await addEntry(null, { title: `cafe ${marker} two`, country: 'MX' }));
    made.push(await addEntry(null, { title: `Pana ${marker}`, description: `Buddy ÑANDÚ ${marker}`, country: 'VE' }));
    made.push(await addEntry(owner.token, { title: `hidden ${marker}`, country: 'CO' }));
    await api('/content/updateContent', { method: 'PUT', body: { _id: made[3]._id, show: false }, token: owner.token });
    // Votes arrive with a later issue; set tallies directly to prove the order.
    await adminSql()`update public.entries set upvotes = 5 where id = ${made[1]._id}`;
    await adminSql()`update public.entries set upvotes = 2, downvotes = 1 where id = ${made[2]._id}`;
  });

  it('sorts by votes, highest first, and lists only shown entries', async () => {
    const reply = await api<EntryListReply>(`/content/getContentsSortedByVoteDesc?q=${marker}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.map((e) => e._id)).toEqual([made[1]._id, made[2]._id, made[0]._id]);
    expect(reply.body.data.map((e) => e.voteCount)).toEqual([5, 1, 0]);
    expect(reply.body.nextCursor).toBeNull();
  });

  it('searches case- and accent-insensitively in title and description', async () => {
    const titles = async (q: string) =>
      (await api<EntryListReply>(`/content/getContents?q=${encodeURIComponent(q)}`)).body.data.map((e) => e.title).sort();
    expect(await titles(`CAFÉ ${marker}`)).toEqual([`Café ${marker}`, `cafe ${marker} two`].sort());
    expect(await titles(`ñandu ${marker}`)).toEqual([`Pana ${marker}`]);
    expect(await titles(`${marker}%`)).toEqual([]);
  });

  it('filters by several countries (any of them) and combines with text', async () => {
    const reply = await api<EntryListReply>(`/content/getContentsSortedByVoteDesc?q=${marker}&countries=co,VE`);
    expect(reply.body.data.map((e) => e.country).sort()).toEqual(['CO', 'VE']);
  });

  it('filters by several tags: an entry needs at least one of them', async () => {
    const t1 = await api('/tag/addTag', { body: { name: `a${unique()}` }, token: owner.token });
    const t2 = await api('/tag/addTag', { body: { name: `b${unique()}` }, token: owner.token });
    await api('/tag/addTagToContent', { body: { contentId: made[0]._id, tagId: t1.body.data._id }, token: owner.token });
    await api('/tag/addTagToContent', { body: { contentId: made[2]._id, tagId: t2.body.data._id }, token: other.token });
    const both = await api<EntryListReply>(`/content/getContentsSortedByVoteDesc?tags=${t1.body.data._id},${t2.body.data._id}`);
    expect(both.body.data.map((e) => e._id).sort()).toEqual([made[0]._id, made[2]._id].sort());
    const withCountry = await api<EntryListReply>(`/content/getContentsSortedByVoteDesc?tags=${t1.body.data._id},${t2.body.data._id}&countries=VE`);
    expect(withCountry.body.data.map((e) => e._id)).toEqual([made[2]._id]);
    expect(withCountry.body.data[0].tags).toEqual([{ _id: t2.body.data._id, name: t2.body.data.name, canRemove: false }]);
  });

  it('returns no results as an empty list', async () => {
    const reply = await api<EntryListReply>(`/content/getContents?q=${marker}&countries=GQ`);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual([]);
  });

  it('pages with a keyset cursor without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `q=${marker}&limit=1${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { body: EntryListReply } = await api<EntryListReply>(`/content/getContentsSortedByVoteDesc?${query}`);
      seen.push(...page.body.data.map((e) => e._id));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([made[1]._id, made[2]._id, made[0]._id]);
    expect(pages).toBe(3);
  });

  it('answers a call without limit or cursor (the palabrotas client) with every entry, streamed, and pages of 100 at most with either', async () => {
    // Not counting palabrotas-shapes' capped list ('tope…' titles), which comes and goes meanwhile.
    const [{ n }] = await adminSql()`select count(*)::int as n from public.entries where show and title not like 'tope%'`;
    expect(n).toBeGreaterThan(100);
    for (const path of ['/content/getContents', '/content/getContentsSortedByVoteDesc']) {
      const all = await api<EntryListReply>(path);
      expect(all.status).toBe(200);
      // Others' tests add entries meanwhile (palabrotas-shapes passes the cap for a while): at least
      // the ones counted up to the cap, each once, and a cursor only once the cap is reached.
      const ids = all.body.data.map((entry) => entry._id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeGreaterThanOrEqual(Math.min(n, UNPAGED_MAX_ENTRIES));
      expect(ids.length).toBeLessThanOrEqual(UNPAGED_MAX_ENTRIES);
      expect(all.body.nextCursor === null).toBe(ids.length < UNPAGED_MAX_ENTRIES);
    }
    const first = await api<EntryListReply>('/content/getContents?limit=100');
    expect(first.body.data).toHaveLength(100);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const ids = new Set(first.body.data.map((entry) => entry._id));
    for (let cursor = first.body.nextCursor; cursor; ) {
      const page = await api<EntryListReply>(`/content/getContents?cursor=${cursor}`);
      expect(page.body.data.length).toBeLessThanOrEqual(100);
      for (const entry of page.body.data) ids.add(entry._id);
      cursor = page.body.nextCursor;
    }
    expect(ids.size).toBeGreaterThanOrEqual(n);
  });

  it('rejects bad filters with 400', async () => {
    expect((await api('/content/getContents?limit=0')).status).toBe(400);
    expect((await api('/content/getContents?limit=101')).status).toBe(400);
    expect((await api('/content/getContents?cursor=garbage')).status).toBe(400);
    expect((await api('/content/getContents?tags=not-a-uuid')).status).toBe(400);
    expect((await api('/content/getContents?countries=ARG')).status).toBe(400);
  });

  it('lists a user’s entries, hidden ones only for that user', async () => {
    const mine = await api<EntryListReply>(`/content/getContents/${owner.id}`, { token: owner.token });
    const seenByOther = await api<EntryListReply>(`/content/getContents/${owner.id}`, { token: other.token });
    expect(mine.body.data.every((e) => e.owner === owner.id)).toBe(true);
    expect(mine.body.data.some((e) => e._id === made[3]._id)).toBe(true);
    expect(seenByOther.body.data.some((e) => e._id === made[3]._id)).toBe(false);
    expect(seenByOther.body.data.length).toBe(mine.body.data.length - mine.body.data.filter((e) => !e.show).length);
  });
});

describe('gateway', () => {
  it('serves the function under /functions/v1/api as well as /api', async () => {
    const response = await fetch(`${stack().apiUrl}/functions/v1/api/content/getContents?limit=1`, {
      headers: { authorization: `Bearer ${stack().anonKey}`, apikey: stack().anonKey },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toHaveLength(1);
  });

  it('answers an unknown function with 404 "Function not found"', async () => {
    const response = await fetch(`${stack().apiUrl}/functions/v1/nope`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Function not found');
  });

  it('answers CORS preflights and sets one Access-Control-Allow-Origin', async () => {
    const preflight = await fetch(`${stack().apiUrl}/functions/v1/api/content/addContent`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    const reply = await fetch(`${stack().apiUrl}/functions/v1/api/content/getContents?limit=1`, {
      headers: { origin: 'http://localhost:5173', authorization: `Bearer ${stack().anonKey}` },
    });
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });

  it('never lets a foreign origin read replies with credentials, on any door', async () => {
    const origin = 'https://evil.example';
    const doors = [
      `${stack().apiUrl}/api/auth/getUser`,
      `${stack().apiUrl}/functions/v1/api/content/getContents?limit=1`,
      `${stack().apiUrl}/auth/v1/settings`,
      `${stack().apiUrl}/auth/v1/user`,
      `${stack().apiUrl}/nowhere`,
    ];
    for (const url of doors) {
      for (const method of ['GET', 'OPTIONS']) {
        const headers: Record<string, string> = { origin, apikey: stack().anonKey, authorization: `Bearer ${stack().anonKey}` };
        if (method === 'OPTIONS') Object.assign(headers, { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' });
        const reply = await fetch(url, { method, headers });
        await reply.arrayBuffer();
        expect(reply.headers.get('access-control-allow-origin'), `${method} ${url}`).not.toBe(origin);
        expect(reply.headers.get('access-control-allow-credentials'), `${method} ${url}`).toBeNull();
      }
    }
  });

  it('answers an unknown /api route with a 404 JSON body', async () => {
    const reply = await api('/content/nothingHere');
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('not_found');
  });
});

describe('GET /api/content/findSameTitle', () => {
  // Their own writer: the tests above use up the owner's hourly entry limit.
  let writer: TestUser;
  beforeAll(async () => {
    writer = await createUser({ name: 'Wendy Writer' });
  });

  it('finds the entries with the same title in that country, ignoring case, accents and punctuation', async () => {
    const word = `chimba${unique()}`;
    const first = await addEntry(writer.token, { title: `¡Qué ${word}!`, country: 'CO' });
    await addEntry(writer.token, { title: `que ${word}`, country: 'MX' });
    await addEntry(writer.token, { title: `qué ${word} total`, country: 'CO' });
    const reply = await api<{ data: Entry[] }>(`/content/findSameTitle?title=${encodeURIComponent(`QUE  ${word}`)}&country=co`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.map((entry) => entry._id)).toEqual([first._id]);
    expect(reply.body.data[0]).toMatchObject({ title: `¡Qué ${word}!`, country: 'CO' });
  });

  it('shows a hidden entry to its writer only', async () => {
    const title = `vaina ${unique()}`;
    const hidden = await addEntry(writer.token, { title, country: 'DO' });
    expect((await api(`/content/updateContent`, { method: 'PUT', body: { _id: hidden._id, show: false }, token: writer.token })).status).toBe(200);
    const path = `/content/findSameTitle?title=${encodeURIComponent(title)}&country=DO`;
    expect((await api<{ data: Entry[] }>(path, { token: writer.token })).body.data.map((entry) => entry._id)).toEqual([hidden._id]);
    expect((await api<{ data: Entry[] }>(path, { token: other.token })).body.data).toEqual([]);
    expect((await api<{ data: Entry[] }>(path)).body.data).toEqual([]);
    expect((await api<{ data: Entry[] }>(path, { token: admin.token })).body.data).toHaveLength(1);
  });

  it.each([
    ['', 'CO', 'title_required'],
    ['x'.repeat(1001), 'CO', 'title_too_long'],
    ['chido', '', 'country_required'],
    ['chido', 'Mexico', 'country_required'],
    ['chi\u0000do', 'MX', 'invalid_text'],
  ])('answers 400 for title %j in country %j', async (title, country, code) => {
    const reply = await api(`/content/findSameTitle?title=${encodeURIComponent(title)}&country=${encodeURIComponent(country)}`);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(code);
  });
});
