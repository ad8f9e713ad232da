import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, PalabrotasChatTurn } from '../../supabase/functions/_shared/contract/chats.ts';
import type { Entry, EntryListReply } from '../../supabase/functions/_shared/contract/entries.ts';
import type { Tag } from '../../supabase/functions/_shared/contract/tags.ts';
import { api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Meanings in Spanish too (issue 18), through the /api on the real stack: descriptionEs on
// addContent and updateContent (beside the spec's description, which keeps its rules),
// searched like the English meaning, accent-insensitively; a tag's nameEs on addTag and
// PUT /tag/updateTag/{id} (its creator or an admin); a "Nuevo chat" titled by its first question.

const unique = () => Math.random().toString(36).slice(2, 9);

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([createUser(), createUser(), createUser({ admin: true })]);
});

afterAll(closeAdminSql);

async function addEntry(body: Record<string, unknown>, token?: string): Promise<Entry> {
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `bondi ${unique()}`, description: 'A city bus.', country: 'AR', author: 'Spanish meanings tests', ...body },
    token,
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

const search = async (q: string) => {
  const reply = await api<EntryListReply>(`/content/getContentsSortedByVoteDesc?q=${encodeURIComponent(q)}`);
  expect(reply.status).toBe(200);
  return reply.body.data.map((entry) => entry._id);
};

describe('POST /api/content/addContent with descriptionEs', () => {
  it('stores the Spanish meaning trimmed, and replies with it', async () => {
    const entry = await addEntry({ descriptionEs: '  Autobús urbano. ' }, owner.token);
    expect(entry.descriptionEs).toBe('Autobús urbano.');
    const read = await api<Entry>(`/content/getContentById/${entry._id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ description: 'A city bus.', descriptionEs: 'Autobús urbano.' });
  });

  it('takes it from a guest too', async () => {
    expect((await addEntry({ descriptionEs: 'Colectivo.' })).descriptionEs).toBe('Colectivo.');
  });

  it('treats absent, null and blank as none: the spec\'s body is enough', async () => {
    expect((await addEntry({}, owner.token)).descriptionEs).toBeNull();
    expect((await addEntry({ descriptionEs: null }, owner.token)).descriptionEs).toBeNull();
    expect((await addEntry({ descriptionEs: ' \n ' }, owner.token)).descriptionEs).toBeNull();
  });

  it('refuses more than 1000 characters, or something not text, with 400', async () => {
    const long = await api('/content/addContent', {
      body: { title: `x${unique()}`, description: 'x', country: 'AR', descriptionEs: 'a'.repeat(1001) },
      token: owner.token,
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      code: 'description_es_too_long',
      message: 'The meaning in Spanish must be at most 1000 characters.',
      fieldCodes: { descriptionEs: 'description_es_too_long' },
    });
    const number = await api('/content/addContent', {
      body: { title: `x${unique()}`, description: 'x', country: 'AR', descriptionEs: 5 },
      token: owner.token,
    });
    expect(number.status).toBe(400);
    expect(number.body.fieldCodes).toHaveProperty('descriptionEs');
    const nul = await api('/content/addContent', {
      body: { title: `x${unique()}`, description: 'x', country: 'AR', descriptionEs: 'a\u0000b' },
      token: owner.token,
    });
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe('invalid_text');
    expect((await addEntry({ descriptionEs: 'ñ'.repeat(1000) }, owner.token)).descriptionEs).toHaveLength(1000);
  });
});

describe('PUT /api/content/updateContent with descriptionEs', () => {
  it('lets the owner set, keep (when absent) and clear (null or blank) it', async () => {
    const entry = await addEntry({}, owner.token);
    const set = await api<Entry>('/content/updateContent', { method: 'PUT', body: { _id: entry._id, descriptionEs: ' Bus de línea. ' }, token: owner.token });
    expect(set.status).toBe(200);
    expect(set.body.descriptionEs).toBe('Bus de línea.');
    const kept = await api<Entry>('/content/updateContent', { method: 'PUT', body: { _id: entry._id, hint: 'b...' }, token: owner.token });
    expect(kept.body).toMatchObject({ hint: 'b...', descriptionEs: 'Bus de línea.' });
    const cleared = await api<Entry>('/content/updateContent', { method: 'PUT', body: { _id: entry._id, descriptionEs: null }, token: owner.token });
    expect(cleared.body.descriptionEs).toBeNull();
    await api('/content/updateContent', { method: 'PUT', body: { _id: entry._id, descriptionEs: 'Otra vez.' }, token: owner.token });
    const blank = await api<Entry>('/content/updateContent', { method: 'PUT', body: { _id: entry._id, descriptionEs: '  ' }, token: owner.token });
    expect(blank.body.descriptionEs).toBeNull();
  });

  it('answers 400 past 1000 characters, 401 to a guest, 403 to another user, 404 for no entry; an admin may', async () => {
    const entry = await addEntry({ descriptionEs: 'Original.' }, owner.token);
    const long = await api('/content/updateContent', { method: 'PUT', body: { _id: entry._id, descriptionEs: 'b'.repeat(1001) }, token: owner.token });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('description_es_too_long');
    const guest = await api('/content/updateContent', { method: 'PUT', body: { _id: entry._id, descriptionEs: 'Mío.' } });
    expect(guest.status).toBe(401);
    const stranger = await api('/content/updateContent', { method: 'PUT', body: { _id: entry._id, descriptionEs: 'Mío.' }, token: other.token });
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('forbidden');
    const missing = await api('/content/updateContent', {
      method: 'PUT',
      body: { _id: '00000000-0000-4000-8000-0000000000ff', descriptionEs: 'Nada.' },
      token: owner.token,
    });
    expect(missing.status).toBe(404);
    const byAdmin = await api<Entry>('/content/updateContent', { method: 'PUT', body: { _id: entry._id, descriptionEs: 'Corregido.' }, token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.descriptionEs).toBe('Corregido.');
  });
});

describe('search by the Spanish meaning', () => {
  it('finds an entry by a word of its Spanish meaning, ignoring case and accents, and follows edits', async () => {
    const word = `camioncito${unique()}`;
    const entry = await addEntry({ descriptionEs: `Un ${word.replace('o', 'ó')} de pasajeros.` }, owner.token);
    expect(await search(word.toUpperCase())).toEqual([entry._id]);
    expect(await search(`${word.replace('o', 'ó')} de pasajeros`)).toEqual([entry._id]);
    await api('/content/updateContent', { method: 'PUT', body: { _id: entry._id, descriptionEs: null }, token: owner.token });
    expect(await search(word)).toEqual([]);
    // The English meaning is found as before.
    expect(await search('a city bus')).toContain(entry._id);
  });

  it('is what the tutor finds too', async () => {
    const word = `guagüita${unique()}`;
    const entry = await addEntry({ descriptionEs: `Una ${word} pequeña.` }, owner.token);
    const tag = (await api<{ data: Tag }>('/tag/addTag', { body: { name: `bus${unique()}`, nameEs: `micro${unique()}` }, token: owner.token })).body.data;
    await api('/tag/addTagToContent', { body: { contentId: entry._id, tagId: tag._id }, token: owner.token });
    const chat = await api<Chat>('/chat/new', { body: { userId: owner.id }, token: owner.token });
    const turn = await api<PalabrotasChatTurn>('/chat/send', {
      body: { userId: owner.id, chatId: chat.body._id, message: `¿Qué es una ${word.replace('ü', 'u')}?`, language: 'es' },
      token: owner.token,
    });
    expect(turn.status).toBe(200);
    expect(turn.body.assistantMessage.citations.map((citation) => citation._id)).toContain(entry._id);
    // The offline tutor answers a Spanish question with the Spanish meaning, and names the
    // tags in Spanish (issue 32: not "Etiquetas: transport").
    expect(turn.body.reply).toContain(word);
    expect(turn.body.reply).toContain(`- Etiquetas: ${tag.nameEs}`);
  });
});

describe('POST /api/tag/addTag with nameEs', () => {
  it('creates a tag with its Spanish name (trimmed); without one it has no nameEs', async () => {
    const name = `food${unique()}`;
    const reply = await api<{ data: Tag }>('/tag/addTag', { body: { name, nameEs: `  comida${name.slice(4)} ` }, token: owner.token });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toEqual({ _id: expect.any(String), name, nameEs: `comida${name.slice(4)}`, owner: owner.id });
    const plain = await api<{ data: Tag }>('/tag/addTag', { body: { name: `p${unique()}`, nameEs: ' ' }, token: owner.token });
    expect(plain.status).toBe(201);
    expect(plain.body.data).not.toHaveProperty('nameEs');
    const list = await api<{ data: Tag[] }>(`/tag/getTags`);
    expect(list.body.data).toContainEqual(reply.body.data);
  });

  it('answers 400 over 20 characters, 409 for a Spanish name taken in any case, 401 to a guest', async () => {
    const nameEs = `Fiesta${unique()}`;
    const first = await api<{ data: Tag }>('/tag/addTag', { body: { name: `party${unique()}`, nameEs }, token: owner.token });
    const long = await api('/tag/addTag', { body: { name: `x${unique()}`, nameEs: 'ñ'.repeat(21) }, token: owner.token });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'tag_name_es_too_long', fieldCodes: { nameEs: 'tag_name_es_too_long' } });
    const taken = await api('/tag/addTag', { body: { name: `y${unique()}`, nameEs: nameEs.toUpperCase() }, token: other.token });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'tag_name_es_exists',
      message: 'A tag with this Spanish name already exists.',
      data: { _id: first.body.data._id, nameEs },
    });
    const guest = await api('/tag/addTag', { body: { name: `g${unique()}`, nameEs: 'Invitado' } });
    expect(guest.status).toBe(401);
  });
});

describe('PUT /api/tag/updateTag/{id}', () => {
  it('lets the tag\'s creator set and clear its Spanish name, and an admin anyone\'s', async () => {
    const tag = (await api<{ data: Tag }>('/tag/addTag', { body: { name: `car${unique()}` }, token: owner.token })).body.data;
    const named = await api<{ success: boolean; data: Tag }>(`/tag/updateTag/${tag._id}`, { method: 'PUT', body: { nameEs: ` coche${tag.name.slice(3)} ` }, token: owner.token });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ success: true, data: { _id: tag._id, name: tag.name, nameEs: `coche${tag.name.slice(3)}` } });
    const cleared = await api<{ data: Tag }>(`/tag/updateTag/${tag._id}`, { method: 'PUT', body: { nameEs: null }, token: owner.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('nameEs');
    const byAdmin = await api<{ data: Tag }>(`/tag/updateTag/${tag._id}`, { method: 'PUT', body: { nameEs: `auto${tag.name.slice(3)}` }, token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.nameEs).toBe(`auto${tag.name.slice(3)}`);
    // The English name is not changed this way.
    const renamed = await api<{ data: Tag }>(`/tag/updateTag/${tag._id}`, { method: 'PUT', body: { name: 'renamed', nameEs: '' }, token: owner.token });
    expect(renamed.body.data.name).toBe(tag.name);
  });

  it('answers 401 to a guest, 403 to another user, 404 for no tag, 400 for a bad body, 409 for a taken Spanish name', async () => {
    const tag = (await api<{ data: Tag }>('/tag/addTag', { body: { name: `kid${unique()}` }, token: owner.token })).body.data;
    const taken = (await api<{ data: Tag }>('/tag/addTag', { body: { name: `boy${unique()}`, nameEs: `Chaval${unique()}` }, token: owner.token })).body.data;
    const guest = await api(`/tag/updateTag/${tag._id}`, { method: 'PUT', body: { nameEs: 'Niño' } });
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('login_required');
    const stranger = await api(`/tag/updateTag/${tag._id}`, { method: 'PUT', body: { nameEs: 'Niño' }, token: other.token });
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('forbidden');
    const missing = await api('/tag/updateTag/00000000-0000-4000-8000-0000000000ff', { method: 'PUT', body: { nameEs: 'Nada' }, token: owner.token });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('tag_not_found');
    const notAnId = await api('/tag/updateTag/not-an-id', { method: 'PUT', body: { nameEs: 'Nada' }, token: owner.token });
    expect(notAnId.status).toBe(404);
    const empty = await api(`/tag/updateTag/${tag._id}`, { method: 'PUT', body: {}, token: owner.token });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('nothing_to_update');
    const wrongType = await api(`/tag/updateTag/${tag._id}`, { method: 'PUT', body: { nameEs: 3 }, token: owner.token });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.code).toBe('invalid_input');
    const long = await api(`/tag/updateTag/${tag._id}`, { method: 'PUT', body: { nameEs: 'x'.repeat(21) }, token: owner.token });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('tag_name_es_too_long');
    const clash = await api(`/tag/updateTag/${tag._id}`, { method: 'PUT', body: { nameEs: taken.nameEs!.toLowerCase() }, token: owner.token });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'tag_name_es_exists', data: { _id: taken._id } });
  });

  it('shows a tag\'s Spanish name on the entries that carry it', async () => {
    const entry = await addEntry({}, owner.token);
    const tag = (await api<{ data: Tag }>('/tag/addTag', { body: { name: `pen${unique()}`, nameEs: `Boli${unique()}` }, token: owner.token })).body.data;
    await api('/tag/addTagToContent', { body: { contentId: entry._id, tagId: tag._id }, token: owner.token });
    const read = await api<Entry>(`/content/getContentById/${entry._id}`);
    expect(read.body.tags).toEqual([expect.objectContaining({ _id: tag._id, name: tag.name, nameEs: tag.nameEs })]);
  });
});

describe('a chat started in Spanish', () => {
  it('is called "Nuevo chat" until its first question names it', async () => {
    const chat = await api<Chat>('/chat/new', { body: { userId: owner.id, title: 'Nuevo chat' }, token: owner.token });
    expect(chat.status).toBe(201);
    expect(chat.body.title).toBe('Nuevo chat');
    const turn = await api<{ chat: Chat }>('/chat/send', {
      body: { userId: owner.id, chatId: chat.body._id, message: '¿Qué significa chamba?', language: 'es' },
      token: owner.token,
    });
    expect(turn.status).toBe(200);
    expect(turn.body.chat.title).toBe('¿Qué significa chamba?');
  });
});
