import { Hono } from 'hono';
import { z } from 'zod';
import type { PalabrotasVote, VoteSummary } from '../contract/votes.ts';
import { ApiError } from '../errors.ts';
import { requireOwnId, type ApiEnv } from './context.ts';
import { idParam, parseBody, uuid } from './validate.ts';

// Shapes only: the rules live in the SQL functions cast_vote/remove_vote/votes_of_entry.
const addVoteBody = z.object({
  contentId: uuid,
  // The spec's clients send their own id; the voter is always the token's user, so a
  // different id is refused rather than trusted.
  userId: uuid.optional(),
  voteType: z.enum(['upvote', 'downvote'], { error: 'vote_type_invalid' }),
});

export const votes = new Hono<ApiEnv>()
  .post('/addVote', async (c) => {
    const body = await parseBody(c, addVoteBody);
    requireOwnId(c.get('caller'), body.userId, 'userId');
    const data = await c.get('run')(
      async (tx) => (await tx<{ summary: VoteSummary }[]>`select public.cast_vote(${body.contentId}, ${body.voteType}) as summary`)[0].summary,
    );
    return c.json({ success: true, message: 'Vote recorded successfully!', data }, 201);
  })
  .get('/getVotesByContentId/:contentId', async (c) => {
    const id = idParam(c, 'contentId', 'entry_not_found');
    const data = await c.get('run')(async (tx) => (await tx<{ votes: PalabrotasVote[] }[]>`select public.entry_votes(${id}) as votes`)[0].votes);
    // palabrotas' reply: the votes themselves as a bare array, newest first, `user` with its name.
    return c.json(data);
  })
  .get('/getVoteSummary/:contentId', async (c) => {
    const id = idParam(c, 'contentId', 'entry_not_found');
    const data = await c.get('run')(
      async (tx) => (await tx<{ summary: VoteSummary | null }[]>`select public.vote_summary(${id}) as summary`)[0].summary,
    );
    if (!data) throw new ApiError(404, 'entry_not_found');
    return c.json({ success: true, data });
  })
  .delete('/removeVote/:contentId', async (c) => {
    const id = idParam(c, 'contentId', 'vote_not_found');
    const data = await c.get('run')(async (tx) => (await tx<{ summary: VoteSummary }[]>`select public.remove_vote(${id}) as summary`)[0].summary);
    return c.json({ success: true, data });
  });
