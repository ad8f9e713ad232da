import type { TutorConfig } from './config.ts';
import type { PromptMessage } from './prompt.ts';

/**
 * Why the model gave no reply: 504 when it did not answer in time (first token or between
 * tokens), 502 for everything else (upstream 4xx/5xx, rate limits, network, empty reply).
 * `reason` is for the log only; the learner sees "Failed to send message".
 */
export class TutorFailure extends Error {
  constructor(
    readonly status: 502 | 504,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The learner went away (closed the tab, navigated): the model call was stopped. */
export class TutorAborted extends Error {
  constructor() {
    super('the client disconnected');
  }
}

/**
 * Streams one reply from an OpenAI-compatible chat-completions server, passing each piece
 * of text to `onDelta`, and returns the whole reply. The model is stopped when `signal`
 * aborts (the client left) or when no chunk arrives for `timeoutMs`. No retries: a
 * learner waiting for an answer is better served by a quick "Failed to send message".
 */
export async function modelReply(options: {
  config: TutorConfig;
  messages: PromptMessage[];
  signal: AbortSignal;
  onDelta: (text: string) => void | Promise<void>;
}): Promise<string> {
  const { config, messages, signal, onDelta } = options;
  // Loaded on first use, like the tokenizer: other routes do not pay for the client.
  const { default: OpenAI, APIError, APIConnectionTimeoutError } = await import('openai');
  const client = new OpenAI({ apiKey: config.apiKey ?? '', baseURL: config.baseURL, timeout: config.timeoutMs, maxRetries: 0 });
  const controller = new AbortController();
  let timedOut = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const waitForNext = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeoutMs);
  };
  const clientGone = () => controller.abort();
  signal.addEventListener('abort', clientGone, { once: true });
  if (signal.aborted) controller.abort();
  waitForNext();
  try {
    const stream = await client.chat.completions.create({ model: config.model, messages, stream: true }, { signal: controller.signal });
    let reply = '';
    for await (const chunk of stream) {
      waitForNext();
      const text = chunk.choices?.[0]?.delta?.content;
      if (text) {
        reply += text;
        await onDelta(text);
      }
    }
    // The client's stream ends quietly when aborted, so an early end is checked here.
    if (controller.signal.aborted) throw controller.signal.reason;
    if (!reply.trim()) throw new TutorFailure(502, 'the model sent an empty reply');
    return reply;
  } catch (error) {
    if (error instanceof TutorFailure) throw error;
    if (signal.aborted) throw new TutorAborted();
    if (timedOut || error instanceof APIConnectionTimeoutError) throw new TutorFailure(504, `no answer from the model within ${config.timeoutMs} ms`);
    if (error instanceof APIError) throw new TutorFailure(502, `the model answered ${error.status ?? 'nothing'}: ${error.message}`);
    throw new TutorFailure(502, `the model failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(idle);
    signal.removeEventListener('abort', clientGone);
  }
}
