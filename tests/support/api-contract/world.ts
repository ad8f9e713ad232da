import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { z } from 'zod';
import { RECORDINGS_BUCKET } from '../../../supabase/functions/_shared/contract/limits.ts';
import { transport } from '../realtime.ts';
import { api, createUser, registerThroughApi, stack, type ApiReply, type TestUser } from '../stack.ts';

// What the reply-contract test (tests/integration/api-contract.test.ts) calls the routes with:
// learners, an admin and a password account, entries linked as variants with a tag, a vote,
// a comment, usage marks, a recording, a card reviewed once, a tutor chat, feedback and a
// report, all made through the same /api the client uses, so every list a case reads has
// something real in it.

export const PASSWORD = 'correct-horse-9';

export interface World {
  owner: TestUser;
  fan: TestUser;
  admin: TestUser;
  /** A password account (login, update, deleteAccount's password). */
  member: { id: string; email: string; token: string };
  entry: { _id: string; title: string };
  variant: { _id: string; title: string };
  tagId: string;
  commentId: string;
  recordingId: string;
  cardId: string;
  chatId: string;
  feedbackId: string;
}

/** One /api route as the client calls it, with the schema of its reply. */
export interface RouteCase {
  /** `METHOD /path/:param`, as the client calls it. */
  route: string;
  status: number;
  schema: z.ZodType;
  call: (world: World) => Promise<ApiReply>;
  /** The reply's list (the array itself, or its `data`) may be empty: nothing makes one here. */
  mayBeEmpty?: boolean;
}

/** A reply's body after checking its status: a setup step that fails says so here. */
export async function ok<T = { data: { _id: string } }>(reply: Promise<ApiReply>, status = 200): Promise<T> {
  const { status: got, body } = await reply;
  expect(got, JSON.stringify(body)).toBe(status);
  return body as T;
}

/** An entry added through /api by `user`. */
export async function addEntry(user: TestUser, fields: Record<string, unknown> = {}): Promise<{ _id: string; title: string }> {
  const title = `contrato ${randomUUID().slice(0, 8)}`;
  const body = { title, description: 'A word for the contract tests.', country: 'MX', author: 'Contract tests', ...fields };
  return (await ok<{ data: { _id: string; title: string } }>(api('/content/addContent', { body, token: user.token }), 201)).data;
}

/** Uploads a few bytes as `user`'s recording of the entry into the bucket; returns the object's name. */
export async function uploadRecording(user: TestUser, entryId: string): Promise<string> {
  const storage = createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    accessToken: async () => user.token,
    realtime: { transport },
  }).storage;
  const path = `${user.id}/${entryId}/${randomUUID().slice(0, 8)}.webm`;
  const { error } = await storage.from(RECORDINGS_BUCKET).upload(path, Buffer.alloc(2048, 7), { contentType: 'audio/webm' });
  expect(error).toBeNull();
  return path;
}

export async function buildWorld(): Promise<World> {
  const [owner, fan, admin] = await Promise.all([createUser({ name: 'Olga Owner' }), createUser({ name: 'Fede Fan' }), createUser({ name: 'Ada Admin', admin: true })]);
  const email = `contract-${randomUUID().slice(0, 8)}@test.jerga.local`;
  const member = { email, token: await registerThroughApi({ name: 'Mora Member', email, password: PASSWORD }), id: '' };
  member.id = (await ok<{ user: { _id: string } }>(api('/auth/getUser', { token: member.token }))).user._id;

  const entry = await addEntry(owner, { hint: 'Said of work.', exampleSentence: 'Tengo mucha chamba.', descriptionEs: 'Trabajo.' });
  const variant = await addEntry(owner, { country: 'AR' });
  await ok(api('/content/linkVariant', { body: { contentId: entry._id, variantId: variant._id }, token: owner.token }), 201);
  const tagId = (await ok(api('/tag/addTag', { body: { name: `c${randomUUID().slice(0, 6)}`, nameEs: 'contrato' }, token: owner.token }), 201)).data._id;
  await ok(api('/tag/addTagToContent', { body: { contentId: entry._id, tagId }, token: owner.token }), 201);
  await ok(api('/vote/addVote', { body: { contentId: entry._id, voteType: 'upvote' }, token: fan.token }), 201);
  const commentId = (await ok(api('/comment/addComment', { body: { contentId: entry._id, text: '¡Qué chamba!' }, token: fan.token }), 201)).data._id;
  await ok(api('/comment/addComment', { body: { contentId: entry._id, text: 'Sí, mucha.', parentId: commentId }, token: owner.token }), 201);
  await ok(api('/user/update', { body: { homeCountry: 'MX' }, token: fan.token }));
  await ok(api('/content/setUsage', { method: 'PUT', body: { contentId: entry._id, country: 'MX', usage: 'used' }, token: fan.token }));

  const path = await uploadRecording(fan, entry._id);
  const recordingId = (await ok(api('/recording/addRecording', { body: { contentId: entry._id, path, durationMs: 1200 }, token: fan.token }), 201)).data._id;

  const cardId = (await ok(api('/flashcard/addFlashcard', { body: { contentId: entry._id }, token: fan.token }), 201)).data._id;
  await ok(api(`/flashcard/updateFlashcardReview/${cardId}`, { method: 'PUT', body: { quality: 'good', reviewId: randomUUID() }, token: fan.token }));

  const chatId = (await ok<{ _id: string }>(api('/chat/new', { body: {}, token: fan.token }), 201))._id;
  await ok(api('/chat/send', { body: { chatId, message: '¿Qué significa chamba?' }, token: fan.token }));

  const feedbackId = (await ok(api('/feedback/addFeedback', { body: { name: 'Guest', email: 'guest@example.com', message: 'Me gusta.' } }), 201)).data._id;
  await ok(api('/report/addReport', { body: { contentId: variant._id, reason: 'wrong', note: 'Not Argentine.' }, token: fan.token }), 201);
  return { owner, fan, admin, member, entry, variant, tagId, commentId, recordingId, cardId, chatId, feedbackId };
}
