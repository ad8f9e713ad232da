import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { Chat, ChatListItem, ChatMessage, ChatTurn, PalabrotasChat, PalabrotasChatTurn } from '../contract/chats.ts';
import { ApiError, fromPostgres } from '../errors.ts';
import { messages } from '../messages.ts';
import { tutorConfig } from '../tutor/config.ts';
import { citedEntryIds } from '../tutor/citations.ts';
import { conceptQuestion } from '../tutor/concept-question.ts';
import { TutorAborted, TutorFailure, modelReply } from '../tutor/model.ts';
import { deltasOf, OFFLINE_MODEL, offlineReply } from '../tutor/offline.ts';
import { promptMessages } from '../tutor/prompt.ts';
import type { TutorConcept, TutorEntry, TutorHistoryMessage, TutorLanguage } from '../tutor/types.ts';
import { ownUserParam, requireOwnId, type ApiEnv } from './context.ts';
import { palabrotasChat } from './palabrotas-shapes.ts';
import { countParam, cursorParam, encodeCursor, idParam, pageOf, parseBody, parseQuery, timeIdCursor, uuid } from './validate.ts';

// Shapes only: ownership, titles, message rules, the rate limits and finding the entries
// that match a message live in the SQL functions create_chat/list_chats/chat_with_messages/
// rename_chat/begin_tutor_turn/finish_tutor_turn; the tutor itself (model or offline) in
// _shared/tutor.

const newChatBody = z.object({
  userId: uuid.optional(),
  title: z.string().nullish(),
});

const renameBody = z.object({ title: z.string({ error: 'chat_title_required' }) });

const sendBody = z.object({
  userId: uuid.optional(),
  chatId: z.string({ error: 'invalid_id' }).uuid('invalid_id'),
  message: z.string({ error: 'chat_message_required' }),
  // The app's language: 'es', 'es-ES' or 'es-419' mean Spanish, anything else English.
  language: z
    .string()
    .optional()
    .transform((value): TutorLanguage => (value?.trim().toLowerCase().startsWith('es') ? 'es' : 'en')),
});

// Keyset cursors: the last row's [updatedAt or createdAt, id].
const listQuery = z.object({ limit: countParam(100, 50), cursor: cursorParam(timeIdCursor) });
const messagesQuery = z.object({ limit: countParam(200, 100), before: cursorParam(timeIdCursor) });

/** What begin_tutor_turn hands over, after taking the learner's rate limits. */
interface BegunTurn {
  chat: Chat;
  history: TutorHistoryMessage[];
  entries: TutorEntry[];
  related: TutorEntry[];
  offlineNoticeGiven: boolean;
  /** The ticket finish_tutor_turn stores the checked message by, once. */
  turnId: string;
}

/** Offline replies stream in pieces this far apart, so they read like a tutor typing. */
const OFFLINE_DELTA_PAUSE_MS = 12;

const wantsStream = (c: Context) => /\btext\/event-stream\b/i.test(c.req.header('accept') ?? '');

function logFailure(error: unknown) {
  if (error instanceof TutorFailure) console.error(`api: tutor_unavailable: ${error.reason}`);
  else if (!(error instanceof TutorAborted) && !(error instanceof ApiError)) console.error('api: tutor turn failed', error);
}

export const chats = new Hono<ApiEnv>()
  // Chats are private to a learner: a guest is asked to log in before anything else.
  .use('*', async (c, next) => {
    if (!c.get('caller').userId) throw new ApiError(401, 'chat_login_required');
    await next();
  })
  .post('/new', async (c) => {
    const body = await parseBody(c, newChatBody);
    requireOwnId(c.get('caller'), body.userId, 'userId');
    // The caller's newest empty chat is reused rather than another "New Chat" started (201
    // either way, as palabrotas answers: the client gets a chat with no messages to write in).
    const started = await c.get('run')(
      async (tx) => (await tx<{ started: { chat: Chat; reused: boolean } }[]>`select public.start_chat(${body.title ?? null}) as started`)[0].started,
    );
    // palabrotas' reply: the chat itself (its owner, no messages yet).
    return c.json(palabrotasChat(started.chat, c.get('caller').userId!, []), 201);
  })
  .get('/chats/:userId', async (c) => {
    ownUserParam(c);
    if (c.req.query('limit') === undefined && c.req.query('cursor') === undefined) {
      // The spec's (and palabrotas') list: the chats themselves with their messages, as a
      // bare array, newest activity first; capped at 50 chats of their newest 100 messages
      // (older ones: GET /api/chat/:chatId?before=).
      const chatsWithMessages = await c.get('run')(
        async (tx) => (await tx<{ chats: PalabrotasChat[] }[]>`select public.chats_with_messages(50, 100) as chats`)[0].chats,
      );
      return c.json(chatsWithMessages);
    }
    // The app's lighter list for its sidebar: previews a page at a time.
    const query = parseQuery(c, listQuery);
    const [beforeUpdatedAt, beforeId] = query.cursor ?? [null, null];
    const rows = await c.get('run')(
      async (tx) =>
        (
          await tx<{ chats: ChatListItem[] }[]>`
            select public.list_chats(${query.limit + 1}::integer, ${beforeUpdatedAt}::timestamptz, ${beforeId}::uuid) as chats`
        )[0].chats,
    );
    const { items, nextCursor } = pageOf(rows, query.limit, (last) => encodeCursor([last.updatedAt, last._id]));
    return c.json({ success: true, data: items, nextCursor });
  })
  .post('/send', async (c) => {
    const body = await parseBody(c, sendBody);
    requireOwnId(c.get('caller'), body.userId, 'userId');
    const run = c.get('run');
    // "How do you say X in <country>?" is answered from X's concept group (tutor_concept),
    // found in the same statement; null for any other message.
    const question = conceptQuestion(body.message);
    // Its own transaction: the rate limit counts even when the model then fails.
    const [begun, concept] = await run(async (tx) => {
      const [row] = await tx<{ turn: BegunTurn; concept: Pick<TutorConcept, 'entries'> | null }[]>`
        select public.begin_tutor_turn(${body.chatId}, ${body.message}) as turn,
               public.tutor_concept(${question?.term ?? null}, ${question?.country ?? null}) as concept`;
      return [row.turn, question ? { ...question, entries: row.concept?.entries ?? [] } : null] as const;
    });
    const config = tutorConfig();
    const given = [...begun.entries, ...begun.related, ...(concept?.entries ?? [])];
    const signal = c.req.raw.signal;

    /** Writes the reply (and the learner's message with it) once it is complete. */
    const finish = async (reply: string): Promise<ChatTurn> => {
      if (signal.aborted) throw new TutorAborted();
      const model = config.apiKey ? config.model : OFFLINE_MODEL;
      return run(
        async (tx) =>
          (
            await tx<{ turn: ChatTurn }[]>`
              select public.finish_tutor_turn(${begun.turnId}::uuid, ${reply}, ${model}, ${citedEntryIds(reply, given)}::uuid[]) as turn`
          )[0].turn,
      );
    };

    /** The tutor's whole reply, each piece passed to `onDelta` as it comes. */
    const answer = async (onDelta: (text: string) => Promise<void>, pause: number): Promise<string> => {
      if (!config.apiKey) {
        const reply = offlineReply({ ...begun, concept, message: body.message.trim(), language: body.language });
        for (const [i, piece] of deltasOf(reply).entries()) {
          if (signal.aborted) throw new TutorAborted();
          if (i > 0 && pause) await new Promise((resolve) => setTimeout(resolve, pause));
          await onDelta(piece);
        }
        return reply;
      }
      const prompt = await promptMessages({ ...begun, concept, message: body.message.trim(), language: body.language, contextTokens: config.contextTokens });
      return modelReply({ config, messages: prompt, signal, onDelta });
    };

    if (!wantsStream(c)) {
      try {
        const turn = await finish(await answer(async () => {}, 0));
        // palabrotas' {reply, chatId}: the reply's text; beside it the stored messages and chat.
        const reply: PalabrotasChatTurn = { reply: turn.reply.content, chatId: turn.chat._id, userMessage: turn.userMessage, assistantMessage: turn.reply, chat: turn.chat };
        return c.json(reply);
      } catch (error) {
        if (!(error instanceof TutorFailure || error instanceof TutorAborted)) throw error;
        // Answered here rather than by the error handler, so the log says why in one line.
        logFailure(error);
        return c.json({ success: false, code: 'tutor_unavailable', message: messages.tutor_unavailable }, error instanceof TutorFailure ? error.status : 502);
      }
    }

    const response = streamSSE(c, async (stream) => {
      try {
        await answer((text) => stream.writeSSE({ event: 'delta', data: JSON.stringify({ text }) }), OFFLINE_DELTA_PAUSE_MS).then(async (reply) => {
          const turn = await finish(reply);
          await stream.writeSSE({ event: 'done', data: JSON.stringify(turn) });
        });
      } catch (error) {
        logFailure(error);
        // Nothing was stored: the client drops the learner's message and offers it again.
        // A client error still says what it is (the chat was deleted meanwhile: chat_not_found).
        const known = error instanceof ApiError ? error : typeof error === 'object' && error && 'code' in error ? fromPostgres(error as { code?: string }, true) : undefined;
        const failure = known && known.status < 500 ? known : new ApiError(502, 'tutor_unavailable');
        await stream.writeSSE({ event: 'error', data: JSON.stringify({ code: failure.code, message: messages[failure.code] }) });
      }
    });
    // Proxies must pass each event on as it comes, not compress or hold the stream.
    // (On the context too: Hono merges its headers, streamSSE's no-cache among them, over the response's.)
    for (const [name, value] of [['Cache-Control', 'no-cache, no-transform'], ['X-Accel-Buffering', 'no']]) {
      c.header(name, value);
      response.headers.set(name, value);
    }
    return response;
  })
  .get('/:chatId', async (c) => {
    const id = idParam(c, 'chatId', 'chat_not_found');
    const query = parseQuery(c, messagesQuery);
    const [beforeCreatedAt, beforeId] = query.before ?? [null, null];
    const page = await c.get('run')(
      async (tx) =>
        (
          await tx<{ page: { chat: Chat; messages: ChatMessage[]; hasOlder: boolean } }[]>`
            select public.chat_with_messages(${id}, ${query.limit}::integer, ${beforeCreatedAt}::timestamptz, ${beforeId}::uuid) as page`
        )[0].page,
    );
    const oldest = page.messages[0];
    const olderCursor = page.hasOlder && oldest ? encodeCursor([oldest.createdAt, oldest._id]) : null;
    return c.json({ success: true, chat: { ...page.chat, messages: page.messages }, hasOlder: page.hasOlder, olderCursor });
  })
  .put('/:chatId', async (c) => {
    const id = idParam(c, 'chatId', 'chat_not_found');
    const body = await parseBody(c, renameBody);
    // Renaming leaves the messages as they were, so one statement reads them beside it.
    const renamed = await c.get('run')(
      async (tx) =>
        (
          await tx<{ chat: Chat; messages: ChatMessage[] }[]>`
            select public.rename_chat(${id}, ${body.title}) as chat,
                   public.chat_with_messages(${id}, 200, null::timestamptz, null::uuid) -> 'messages' as messages`
        )[0],
    );
    // palabrotas' reply: the chat itself, with its owner and (newest 200) messages.
    return c.json(palabrotasChat(renamed.chat, c.get('caller').userId!, renamed.messages));
  })
  .delete('/:chatId', async (c) => {
    const id = idParam(c, 'chatId', 'chat_not_found');
    // One statement, so no function: RLS lets a learner delete only their own chats.
    const removed = await c.get('run')((tx) => tx`delete from public.chats where id = ${id} returning id`);
    if (removed.length === 0) throw new ApiError(404, 'chat_not_found');
    return c.json({ success: true, data: { _id: id } });
  });
