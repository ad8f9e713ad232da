import { Hono } from 'hono';
import { z } from 'zod';
import type { RecordingRequestReply, VoiceNeed, VoiceNeedsReply, VoicesReply } from '../contract/recordings.ts';
import { ApiError } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { countParam, cursorParam, encodeCursor, idParam, pageOf, parseBody, parseQuery, uuid } from './validate.ts';

// Shapes only: who may ask, which entries may be asked for (seen by the caller, not voiced),
// the queue's order and the totals live in the SQL functions request_recording,
// withdraw_recording_request, recording_request_state, voice_queue and voices_summary.
// Mounted on /recording before `recordings`, whose DELETE /:id would take /request.

/** An entry named in a body: absent is 400 id_required; anything but a uuid names no entry (404, like an unknown one). */
const requestBody = z.object({ contentId: z.unknown().optional() });

/** The queue's keyset: the last row's [requests, voteScore, contentId]. */
const queueCursor = z.tuple([z.number().int(), z.number().int(), uuid]);

const queueQuery = z.object({
  country: z.string({ error: 'country_required' }).trim().min(1, 'country_required').max(10, 'unknown_country'),
  limit: countParam(50, 20),
  cursor: cursorParam(queueCursor),
});

type RequestState = Omit<RecordingRequestReply, 'success'>;

function contentIdOf(value: unknown): string {
  if (value === undefined || value === null || value === '') throw new ApiError(400, 'id_required', { field: 'contentId' });
  const parsed = uuid.safeParse(value);
  if (!parsed.success) throw new ApiError(404, 'content_not_found');
  return parsed.data;
}

export const voiceRequests = new Hono<ApiEnv>()
  .post('/request', async (c) => {
    if (!c.get('caller').userId) throw new ApiError(401, 'login_required');
    const contentId = contentIdOf((await parseBody(c, requestBody)).contentId);
    const { created, ...state } = await c.get('run')(
      async (tx) => (await tx<{ state: RequestState & { created: boolean } }[]>`select public.request_recording(${contentId}::uuid) as state`)[0].state,
    );
    const reply: RecordingRequestReply = { success: true, ...state };
    return c.json(reply, created ? 201 : 200);
  })
  .delete('/request', async (c) => {
    if (!c.get('caller').userId) throw new ApiError(401, 'login_required');
    // The id in the query (?contentId=) or in a JSON body, as DELETE bodies are not always sent.
    const fromQuery = c.req.query('contentId');
    const contentId = contentIdOf(fromQuery ?? (await parseBody(c, requestBody)).contentId);
    const state = await c.get('run')(
      async (tx) => (await tx<{ state: RequestState }[]>`select public.withdraw_recording_request(${contentId}::uuid) as state`)[0].state,
    );
    const reply: RecordingRequestReply = { success: true, ...state };
    return c.json(reply);
  })
  .get('/request/:contentId', async (c) => {
    const contentId = idParam(c, 'contentId', 'content_not_found');
    const state = await c.get('run')(
      async (tx) => (await tx<{ state: RequestState }[]>`select public.recording_request_state(${contentId}::uuid) as state`)[0].state,
    );
    const reply: RecordingRequestReply = { success: true, ...state };
    return c.json(reply);
  })
  .get('/requests', async (c) => {
    const query = parseQuery(c, queueQuery);
    const queue = await c.get('run')(async (tx) => {
      const [row] = await tx<{ queue: Omit<VoiceNeedsReply, 'success' | 'nextCursor'> }[]>`
        select public.voice_queue(
          country => ${query.country},
          page_size => ${query.limit + 1}::integer,
          after_requests => ${query.cursor?.[0] ?? null}::integer,
          after_score => ${query.cursor?.[1] ?? null}::integer,
          after_id => ${query.cursor?.[2] ?? null}::uuid
        ) as queue`;
      return row.queue;
    });
    const { items, nextCursor } = pageOf<VoiceNeed>(queue.data, query.limit, (last) => encodeCursor([last.requests, last.voteScore, last.contentId]));
    const reply: VoiceNeedsReply = { success: true, country: queue.country, data: items, nextCursor, total: queue.total, remaining: queue.remaining };
    return c.json(reply);
  })
  .get('/voices', async (c) => {
    const summary = await c.get('run')(
      async (tx) => (await tx<{ summary: Omit<VoicesReply, 'success'> }[]>`select public.voices_summary() as summary`)[0].summary,
    );
    const reply: VoicesReply = { success: true, ...summary };
    return c.json(reply);
  });
