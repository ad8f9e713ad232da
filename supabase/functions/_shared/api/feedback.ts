import { Hono } from 'hono';
import { z } from 'zod';
import type { Feedback, SentFeedback } from '../contract/feedback.ts';
import { FEEDBACK_MESSAGE_MAX_LENGTH } from '../contract/limits.ts';
import type { ApiEnv } from './context.ts';
import { countParam, email, parseBody, parseQuery, personName, uuid } from './validate.ts';

// Shapes only: the rules (required fields, who reads, five an hour per address, who may
// mark it handled and its audit row) live in the SQL functions add_feedback, list_feedback
// and mark_feedback_handled.
const addFeedbackBody = z.object({
  name: personName,
  email,
  message: z.string({ error: 'message_required' }).trim().min(1, 'message_required').max(FEEDBACK_MESSAGE_MAX_LENGTH, 'message_too_long'),
});

const feedbackQuery = z.object({
  limit: countParam(500, 100),
});

const markHandledBody = z.object({
  feedbackId: uuid,
  handled: z.boolean({ error: 'invalid_input' }),
});

export const feedback = new Hono<ApiEnv>()
  .post('/addFeedback', async (c) => {
    const body = await parseBody(c, addFeedbackBody);
    const data = await c.get('run')(
      async (tx) => (await tx<{ feedback: SentFeedback }[]>`select public.add_feedback(${body.name}, ${body.email}, ${body.message}) as feedback`)[0].feedback,
    );
    return c.json({ success: true, message: 'Feedback submitted successfully!', data }, 201);
  })
  .get('/getFeedback', async (c) => {
    const { limit } = parseQuery(c, feedbackQuery);
    const data = await c.get('run')(async (tx) => (await tx<{ feedback: Feedback[] }[]>`select public.list_feedback(${limit}) as feedback`)[0].feedback);
    return c.json({ success: true, data });
  });

/**
 * palabrotas' contact form (POST /api/contact/send {name, email, message}), mounted under
 * /api/contact: kept as feedback (the admins read it there), answered as palabrotas answers.
 */
export const contact = new Hono<ApiEnv>().post('/send', async (c) => {
  const body = await parseBody(c, addFeedbackBody);
  await c.get('run')((tx) => tx`select public.add_feedback(${body.name}, ${body.email}, ${body.message})`);
  return c.json({ success: true, message: 'Message sent successfully.' });
});

/** Admins' work on feedback, mounted under /api/admin. */
export const feedbackAdmin = new Hono<ApiEnv>().post('/markFeedbackHandled', async (c) => {
  const body = await parseBody(c, markHandledBody);
  const data = await c.get('run')(
    async (tx) =>
      (await tx<{ feedback: Feedback }[]>`select public.mark_feedback_handled(${body.feedbackId}::uuid, ${body.handled}) as feedback`)[0].feedback,
  );
  return c.json({ success: true, data });
});
