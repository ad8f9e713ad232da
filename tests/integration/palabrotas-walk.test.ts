import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '../../supabase/functions/_shared/contract/recordings.ts';
import { transport } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, stack, testClientAddress } from '../support/stack.ts';

// Calls the palabrotas client (github.com/dikuw/palabrotas, client/) makes on its
// walk that failed against Jerga when it was run unchanged, asked the way it asks: the session
// in the cookie /api/user/register set, no Authorization, its paths, and asserting what its
// components read.

const password = 'palabrotas-walk-7';

/** A learner registered as palabrotas' Register page does; returns the Cookie header its browser would send. */
async function registeredCookie(): Promise<string> {
  const response = await fetch(`${stack().apiUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack().apiUrl, 'x-forwarded-for': testClientAddress },
    body: JSON.stringify({ name: 'Walker', email: `walk-${randomUUID().slice(0, 8)}@test.jerga.local`, password, confirmPassword: password }),
  });
  expect(response.status).toBe(201);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  expect(cookies.length).toBeGreaterThan(0);
  return cookies.join('; ');
}

/** GET as palabrotas' stores do (same-origin fetch: the cookie goes along). */
async function palabrotasGet<T>(path: string, cookie?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stack().apiUrl}/api${path}`, {
    headers: { 'x-forwarded-for': testClientAddress, ...(cookie ? { cookie } : {}) },
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function newEntry(): Promise<string> {
  const [row] = await adminSql()<{ id: string }[]>`
    insert into public.entries (title, description, country, author)
    values (${`paseo ${randomUUID().slice(0, 8)}`}, 'A walk.', 'AR', 'Palabrotas walk tests')
    returning id`;
  return row.id;
}

interface PalabrotasAudioFiles {
  success: boolean;
  data: { _id: string; content: string; audioUrl: string; voice: string; languageCode: string; audioFormat: string; order: number; createdAt: string }[];
}

let cookie: string;
beforeAll(async () => {
  cookie = await registeredCookie();
});
afterAll(closeAdminSql);

describe('flashcards’ audio (store/course.js getContentAudioFiles, components/flashcards/Flashcard.jsx)', () => {
  it('answers {success: true, data: []} for an entry nobody recorded, to the signed-in learner and to a guest', async () => {
    const entryId = await newEntry();
    for (const who of [cookie, undefined]) {
      const reply = await palabrotasGet<PalabrotasAudioFiles>(`/course/getContentAudioFiles/${entryId}`, who);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: true, data: [] });
    }
  });

  it('gives the entry’s recordings as palabrotas’ audio files, whose audioUrl serves the take', async () => {
    const entryId = await newEntry();
    const speaker = await createUser({ name: 'Voz' });
    const path = `${speaker.id}/${entryId}/take.webm`;
    const storage = createClient(stack().apiUrl, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      accessToken: async () => speaker.token,
      realtime: { transport },
    }).storage;
    const uploaded = await storage.from('recordings').upload(path, Buffer.alloc(1024, 5), { contentType: 'audio/webm' });
    expect(uploaded.error).toBeNull();
    const added = await api<{ data: Recording }>('/recording/addRecording', { body: { contentId: entryId, path, country: 'UY' }, token: speaker.token });
    expect(added.status).toBe(201);

    const reply = await palabrotasGet<PalabrotasAudioFiles>(`/course/getContentAudioFiles/${entryId}`, cookie);
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(reply.body.data).toEqual([
      {
        _id: added.body.data._id,
        content: entryId,
        audioUrl: added.body.data.url,
        voice: 'Voz',
        languageCode: 'es-UY',
        audioFormat: 'webm',
        order: 0,
        createdAt: added.body.data.createdAt,
        updatedAt: added.body.data.createdAt,
      },
    ]);
    const file = await fetch(reply.body.data[0].audioUrl);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(1024);
  });

  it('a malformed or unknown entry id is a 404 {success: false, message}: the store logs it and plays nothing', async () => {
    for (const entryId of ['not-an-id', randomUUID()]) {
      const reply = await palabrotasGet<{ success: boolean; message: string }>(`/course/getContentAudioFiles/${entryId}`, cookie);
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ success: false, message: expect.any(String) });
    }
  });
});
