import { createParser } from 'eventsource-parser';
import { ApiError, apiStream } from '@/lib/api';
import type { ChatTurn, PalabrotasChatTurn } from './types';

export interface SendMessage {
  userId: string;
  chatId: string;
  message: string;
  /** The language the learner reads the app in: the offline tutor answers in it. */
  language: 'en' | 'es';
  /** Called with each piece of the reply as it arrives. */
  onDelta: (text: string) => void;
  signal?: AbortSignal;
}

/** The stream ended, or said it failed, before the reply was stored. */
const unavailable = (code = 'tutor_unavailable', message = 'Failed to send message') => new ApiError(502, code, message);

/**
 * Sends the learner's message and streams the tutor's reply (server-sent events: `delta`
 * pieces, then `done` with what was stored, or `error`). Resolves with the stored turn;
 * throws ApiError when nothing was stored (the server's error before the stream, the code
 * of an `error` event, or tutor_unavailable for a stream cut short).
 */
export async function sendMessage({ userId, chatId, message, language, onDelta, signal }: SendMessage): Promise<ChatTurn> {
  const response = await apiStream('/chat/send', { body: { userId, chatId, message, language }, signal });
  // A server that answers with JSON anyway (no streaming on its way): palabrotas' {reply, chatId}
  // with the stored messages beside it, in one go.
  if (!response.headers.get('Content-Type')?.includes('text/event-stream')) {
    const answered = (await response.json()) as PalabrotasChatTurn;
    onDelta(answered.reply);
    return { reply: answered.assistantMessage, userMessage: answered.userMessage, chat: answered.chat };
  }
  if (!response.body) throw unavailable();

  let turn: ChatTurn | undefined;
  let failed: ApiError | undefined;
  const parser = createParser({
    onEvent: (event) => {
      if (turn || failed) return;
      try {
        const data = JSON.parse(event.data) as { text?: string; code?: string; message?: string } & Partial<ChatTurn>;
        if (event.event === 'delta' && typeof data.text === 'string') onDelta(data.text);
        else if (event.event === 'done' && data.reply && data.userMessage && data.chat) turn = data as ChatTurn;
        else if (event.event === 'error') failed = unavailable(data.code, data.message);
      } catch {
        failed = unavailable();
      }
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (turn || failed) break;
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unavailable();
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  if (!turn) throw failed ?? unavailable();
  return turn;
}
