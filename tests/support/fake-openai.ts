import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for an OpenAI-compatible server: POST /v1/chat/completions, as JSON or as a
// stream of server-sent chunks, so the tutor is tested through the real `openai` client.
// What it does is chosen by a marker in the last user message:
//   [fake:500] [fake:429] [fake:401]  that HTTP error, as OpenAI shapes it
//   [fake:slow]   sends nothing at all until the client gives up
//   [fake:stall]  streams two chunks, then nothing until the client gives up
//   [fake:empty]  a stream with no text
// By default it answers in several chunks, citing the first /content/<id> link in the
// system prompt and a made-up one (which must not count as a citation).

export interface FakeChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface FakeRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; stream?: boolean; messages: FakeChatMessage[] };
}

export interface FakeOpenAI {
  /** The base URL to give the client (ends in /v1). */
  url: string;
  /** Every request it received, oldest first. */
  requests: FakeRequest[];
  /** Requests whose client went away before the reply ended (aborted model calls). */
  aborted: number;
  close(): Promise<void>;
}

/** A link the fake cites that is among no tutor's entries. */
export const MADE_UP_ENTRY_ID = '00000000-0000-4000-8000-000000000000';

/** The default reply's pieces, as they are streamed; joined they are the whole reply. */
export function defaultReplyPieces(systemPrompt: string): string[] {
  const link = /\/content\/[0-9a-f-]{36}/i.exec(systemPrompt)?.[0];
  return [
    '¡Buena pregunta! ',
    link ? `Mira [esta entrada](${link}): ` : 'No tengo una entrada para eso. ',
    'significa **trabajo**. ',
    `(Not [this one](/content/${MADE_UP_ENTRY_ID}).) `,
    'Puedes añadirla a tus tarjetas.',
  ];
}

const errors: Record<string, { status: number; type: string; message: string }> = {
  '500': { status: 500, type: 'server_error', message: 'The server had an error while processing your request.' },
  '429': { status: 429, type: 'rate_limit_exceeded', message: 'Rate limit reached for requests.' },
  '401': { status: 401, type: 'invalid_request_error', message: 'Incorrect API key provided.' },
};

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: FakeRequest[] = [];
  const open = new Set<ServerResponse>();
  const state = { aborted: 0 };

  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = (await readJson(request)) as FakeRequest['body'];
      requests.push({ path: request.url, authorization: request.headers.authorization, body });
      open.add(response);
      let finished = false;
      response.on('close', () => {
        open.delete(response);
        if (!finished) state.aborted++;
      });
      const done = () => {
        finished = true;
        response.end();
      };
      const last = [...body.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
      const marker = /\[fake:(\w+)\]/.exec(last)?.[1];
      if (marker && errors[marker]) {
        const { status, type, message } = errors[marker];
        finished = true;
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message, type, code: type } }));
        return;
      }
      if (marker === 'slow') return; // never answers; the client's timeout or abort ends it
      const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
      const pieces = marker === 'empty' ? [] : defaultReplyPieces(system);
      const id = `chatcmpl-fake-${requests.length}`;
      const created = Math.floor(Date.now() / 1000);
      if (!body.stream) {
        finished = true;
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: pieces.join('') }, finish_reason: 'stop' }],
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (delta: Record<string, string>, finishReason: string | null = null) =>
        response.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
        );
      send({ role: 'assistant', content: '' });
      for (const [i, piece] of pieces.entries()) {
        if (marker === 'stall' && i === 2) return; // two chunks, then silence
        send({ content: piece });
        // [fake:pause] takes its time between pieces, leaving room to act mid-reply.
        await new Promise((resolve) => setTimeout(resolve, marker === 'pause' ? 150 : 5));
      }
      send({}, 'stop');
      response.write('data: [DONE]\n\n');
      done();
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get aborted() {
      return state.aborted;
    },
    close: async () => {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
