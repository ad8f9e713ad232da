import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { authReply, doneReply, getUserReply, profileReply, setAdminReply, updateUserReply, usersPage } from '../../../supabase/functions/_shared/contract/accounts.ts';
import {
  chatListReply,
  chatMessagesReply,
  chatStreamEvent,
  palabrotasChat,
  palabrotasChatsReply,
  palabrotasChatTurn,
} from '../../../supabase/functions/_shared/contract/chats.ts';
import { addDeckReply, ankiImportReply } from '../../../supabase/functions/_shared/contract/decks.ts';
import { addFeedbackReply, feedbackListReply, feedbackReply } from '../../../supabase/functions/_shared/contract/feedback.ts';
import {
  addFlashcardReply,
  browsedFlashcardReply,
  browsePage,
  dueReply,
  flashcardKindsReply,
  flashcardsReply,
  palabrotasDueReply,
  removedReply,
  reviewReply,
  variantDrillReply,
} from '../../../supabase/functions/_shared/contract/flashcards.ts';
import { auditPage, banUserReply, reportsPage, resolveReportReply } from '../../../supabase/functions/_shared/contract/moderation.ts';
import { markReadReply, notificationsPage } from '../../../supabase/functions/_shared/contract/notifications.ts';
import { authStatusReply } from '../../../supabase/functions/_shared/contract/palabrotas.ts';
import { currentStreakReply, longestStreakReply, reviewDaysReply } from '../../../supabase/functions/_shared/contract/streaks.ts';
import { parseEvents } from '../sse.ts';
import { api, createUser, stack, testClientAddress, type ApiReply } from '../stack.ts';
import { addEntry, ok, PASSWORD, type RouteCase } from './world.ts';

// The learner's and the admins' routes (accounts, profiles, streaks, flashcards, the tutor,
// notifications, feedback, moderation), each called as the client calls it.

export const learnerCases: RouteCase[] = [
  {
    route: 'POST /user/register',
    status: 201,
    schema: authReply,
    call: () => api('/user/register', { body: { name: 'Nora New', email: `new-${randomUUID().slice(0, 8)}@test.jerga.local`, password: PASSWORD, confirmPassword: PASSWORD } }),
  },
  { route: 'POST /auth/login', status: 200, schema: authReply, call: ({ member }) => api('/auth/login', { body: { email: member.email, password: PASSWORD } }) },
  { route: 'GET /auth/getUser', status: 200, schema: getUserReply, call: ({ fan }) => api('/auth/getUser', { token: fan.token }) },
  { route: 'GET /auth/authStatus', status: 200, schema: authStatusReply, call: ({ fan }) => api('/auth/authStatus', { token: fan.token }) },
  {
    route: 'POST /user/update',
    status: 200,
    schema: updateUserReply,
    // The client sends it as text with no Content-Type (the spec's user update).
    call: ({ member }) => api('/user/update', { rawBody: JSON.stringify({ name: 'Mora M.', notifications: { votes: false } }), token: member.token }),
  },
  {
    route: 'POST /user/deleteAccount',
    status: 200,
    schema: doneReply,
    call: async () => {
      const email = `leaving-${randomUUID().slice(0, 8)}@test.jerga.local`;
      const token = (await ok<{ session: { access_token: string } }>(api('/user/register', { body: { name: 'Lea Leaving', email, password: PASSWORD } }), 201)).session.access_token;
      return api('/user/deleteAccount', { body: { currentPassword: PASSWORD }, token });
    },
  },
  { route: 'GET /user/getProfile/:userId', status: 200, schema: profileReply, call: ({ owner }) => api(`/user/getProfile/${owner.id}`) },
  { route: 'GET /user/getCurrentStreak/:userId', status: 200, schema: currentStreakReply, call: ({ fan }) => api(`/user/getCurrentStreak/${fan.id}`, { token: fan.token }) },
  { route: 'GET /user/getLongestStreak/:userId', status: 200, schema: longestStreakReply, call: ({ fan }) => api(`/user/getLongestStreak/${fan.id}`, { token: fan.token }) },
  { route: 'GET /user/getReviewDays/:userId', status: 200, schema: reviewDaysReply, call: ({ fan }) => api(`/user/getReviewDays/${fan.id}`, { token: fan.token }) },
  {
    route: 'POST /flashcard/addFlashcard',
    status: 201,
    schema: addFlashcardReply,
    call: ({ entry, fan }) => api('/flashcard/addFlashcard', { body: { contentId: entry._id, kind: 'reverse' }, token: fan.token }),
  },
  // The admin adds the deck: the fan's and owner's accounts meet write limits in other cases.
  { route: 'POST /flashcard/addDeck', status: 201, schema: addDeckReply, call: ({ admin }) => api('/flashcard/addDeck', { body: { country: 'MX', limit: 1 }, token: admin.token }) },
  { route: 'POST /flashcard/addVariantDrill', status: 201, schema: variantDrillReply, call: ({ entry, fan }) => api('/flashcard/addVariantDrill', { body: { contentId: entry._id }, token: fan.token }) },
  {
    // The admin's own package (a card of the entry, exported) brought straight back: the
    // owner account hits write limits. The body is the .apkg itself.
    route: 'POST /flashcard/importAnki',
    status: 200,
    schema: ankiImportReply,
    call: async ({ entry, admin }): Promise<ApiReply> => {
      await api('/flashcard/addFlashcard', { body: { contentId: entry._id, kind: 'basic' }, token: admin.token });
      const headers = { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': testClientAddress };
      const pkg = await (await fetch(`${stack().apiUrl}/api/flashcard/exportAnki/${admin.id}`, { headers })).arrayBuffer();
      const response = await fetch(`${stack().apiUrl}/api/flashcard/importAnki`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body: pkg,
      });
      return { status: response.status, body: await response.json(), headers: response.headers };
    },
  },
  { route: 'GET /flashcard/getFlashcardKinds/:contentId', status: 200, schema: flashcardKindsReply, call: ({ entry, fan }) => api(`/flashcard/getFlashcardKinds/${entry._id}`, { token: fan.token }) },
  { route: 'GET /flashcard/getFlashcards/:userId', status: 200, schema: flashcardsReply, call: ({ fan }) => api(`/flashcard/getFlashcards/${fan.id}`, { token: fan.token }) },
  {
    route: 'GET /flashcard/getDueFlashcards/:userId',
    status: 200,
    schema: dueReply,
    call: ({ fan }) => api(`/flashcard/getDueFlashcards/${fan.id}?limit=100&ahead=1`, { token: fan.token }),
  },
  {
    // palabrotas' form of the same route: no `limit`, a bare array.
    route: 'GET /flashcard/getDueFlashcards/:userId (palabrotas)',
    status: 200,
    schema: palabrotasDueReply,
    call: ({ fan }) => api(`/flashcard/getDueFlashcards/${fan.id}`, { token: fan.token }),
  },
  {
    route: 'PUT /flashcard/updateFlashcardReview/:flashcardId',
    status: 200,
    schema: reviewReply,
    call: ({ cardId, fan }) =>
      api(`/flashcard/updateFlashcardReview/${cardId}`, { method: 'PUT', body: { quality: 'Hard', reviewId: randomUUID(), reviewedAt: new Date().toISOString(), durationMs: 4000 }, token: fan.token }),
  },
  { route: 'GET /flashcard/browse/:userId', status: 200, schema: browsePage, call: ({ fan }) => api(`/flashcard/browse/${fan.id}`, { token: fan.token }) },
  { route: 'PUT /flashcard/suspend/:flashcardId', status: 200, schema: browsedFlashcardReply, call: ({ cardId, fan }) => api(`/flashcard/suspend/${cardId}`, { method: 'PUT', body: { suspended: false }, token: fan.token }) },
  { route: 'PUT /flashcard/reset/:flashcardId', status: 200, schema: browsedFlashcardReply, call: ({ cardId, fan }) => api(`/flashcard/reset/${cardId}`, { method: 'PUT', body: {}, token: fan.token }) },
  {
    route: 'DELETE /flashcard/removeFlashcard/:flashcardId',
    status: 200,
    schema: removedReply,
    call: async ({ owner }) => {
      const { _id } = await addEntry(owner);
      const cardId = (await ok(api('/flashcard/addFlashcard', { body: { contentId: _id }, token: owner.token }), 201)).data._id;
      return api(`/flashcard/removeFlashcard/${cardId}`, { method: 'DELETE', token: owner.token });
    },
  },
  { route: 'POST /chat/new', status: 201, schema: palabrotasChat, call: ({ owner }) => api('/chat/new', { body: { userId: owner.id, title: 'Nuevo chat' }, token: owner.token }) },
  { route: 'GET /chat/chats/:userId', status: 200, schema: chatListReply, call: ({ fan }) => api(`/chat/chats/${fan.id}?limit=50`, { token: fan.token }) },
  { route: 'GET /chat/chats/:userId (palabrotas)', status: 200, schema: palabrotasChatsReply, call: ({ fan }) => api(`/chat/chats/${fan.id}`, { token: fan.token }) },
  { route: 'GET /chat/:chatId', status: 200, schema: chatMessagesReply, call: ({ chatId, fan }) => api(`/chat/${chatId}?limit=50`, { token: fan.token }) },
  {
    route: 'POST /chat/send',
    status: 200,
    schema: z.array(chatStreamEvent),
    call: async ({ chatId, fan }) => {
      const reply = await api<string>('/chat/send', { body: { userId: fan.id, chatId, message: 'Hola', language: 'es' }, token: fan.token, headers: { accept: 'text/event-stream' } });
      return { ...reply, body: parseEvents(reply.body) };
    },
  },
  {
    route: 'POST /chat/send (palabrotas)',
    status: 200,
    schema: palabrotasChatTurn,
    call: ({ chatId, fan }) => api('/chat/send', { body: { chatId, message: '¿Y en Argentina?' }, token: fan.token }),
  },
  { route: 'PUT /chat/:chatId', status: 200, schema: palabrotasChat, call: ({ chatId, fan }) => api(`/chat/${chatId}`, { method: 'PUT', body: { title: 'Chamba' }, token: fan.token }) },
  {
    route: 'DELETE /chat/:chatId',
    status: 200,
    schema: removedReply,
    call: async ({ owner }) => {
      const chatId = (await ok<{ _id: string }>(api('/chat/new', { body: { title: 'Borrar' }, token: owner.token }), 201))._id;
      return api(`/chat/${chatId}`, { method: 'DELETE', token: owner.token });
    },
  },
  { route: 'GET /notification/getNotifications', status: 200, schema: notificationsPage, call: ({ owner }) => api('/notification/getNotifications', { token: owner.token }) },
  { route: 'POST /notification/markRead', status: 200, schema: markReadReply, call: ({ owner }) => api('/notification/markRead', { body: { all: true }, token: owner.token }) },
  {
    route: 'POST /feedback/addFeedback',
    status: 201,
    schema: addFeedbackReply,
    call: ({ fan }) => api('/feedback/addFeedback', { body: { name: 'Fede', email: 'fede@example.com', message: 'Gracias.' }, token: fan.token }),
  },
  { route: 'GET /feedback/getFeedback', status: 200, schema: feedbackListReply, call: ({ admin }) => api('/feedback/getFeedback?limit=500', { token: admin.token }) },
  {
    route: 'POST /admin/markFeedbackHandled',
    status: 200,
    schema: feedbackReply,
    call: ({ admin, feedbackId }) => api('/admin/markFeedbackHandled', { body: { feedbackId, handled: true }, token: admin.token }),
  },
  { route: 'GET /admin/getReports', status: 200, schema: reportsPage, call: ({ admin }) => api('/admin/getReports?status=open', { token: admin.token }) },
  {
    route: 'POST /admin/resolveReport',
    status: 200,
    schema: resolveReportReply,
    call: ({ admin, variant }) => api('/admin/resolveReport', { body: { contentId: variant._id, action: 'dismiss', note: 'It is.' }, token: admin.token }),
  },
  { route: 'GET /user/getUsers', status: 200, schema: usersPage, call: ({ admin }) => api('/user/getUsers', { token: admin.token }) },
  {
    route: 'PUT /user/setAdmin',
    status: 200,
    schema: setAdminReply,
    call: async ({ admin }) => api('/user/setAdmin', { method: 'PUT', body: { userId: (await createUser()).id, isAdmin: true }, token: admin.token }),
  },
  {
    route: 'POST /admin/banUser',
    status: 200,
    schema: banUserReply,
    call: async ({ admin }) =>
      api('/admin/banUser', { body: { userId: (await createUser()).id, banned: true, reason: 'Spam.', until: new Date(Date.now() + 86_400_000).toISOString() }, token: admin.token }),
  },
  { route: 'GET /admin/getAuditLog', status: 200, schema: auditPage, call: ({ admin }) => api('/admin/getAuditLog', { token: admin.token }) },
];
