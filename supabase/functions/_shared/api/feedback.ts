import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from './context.ts';
import { countParam, email, parseBody, parseQuery, personName } from './validate.ts';

// Shapes only: the rules (required fields, who reads, five an hour per address) live in
// the SQL functions add_feedback/list_feedback.
const addFeedbackBody = z.object({
  name: personName,
  email,
  message: z.string({ error: 'message_required' }).trim().min(1, 'message_required').max(5000, 'message_too_long'),
});

const feedbackQuery = z.object({
  limit: countParam(500, 100),
});

interface Feedback {
  _id: string;
  name: string;
  email: string;
  message: string;
  userId: string | null;
  createdAt: string;
}

export const feedback = new Hono<ApiEnv>()
  .post('/addFeedback', async (c) => {
    const body = await parseBody(c, addFeedbackBody);
    const data = await c.get('run')(
      async (tx) => (await tx<{ feedback: Feedback }[]>`select public.add_feedback(${body.name}, ${body.email}, ${body.message}) as feedback`)[0].feedback,
    );
    return c.json({ success: true, message: 'Feedback submitted successfully!', data }, 201);
  })
  .get('/getFeedback', async (c) => {
    const { limit } = parseQuery(c, feedbackQuery);
    const data = await c.get('run')(async (tx) => (await tx<{ feedback: Feedback[] }[]>`select public.list_feedback(${limit}) as feedback`)[0].feedback);
    return c.json({ success: true, data });
  });
