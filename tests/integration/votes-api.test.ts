import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import type { PalabrotasVote } from '../../supabase/functions/_shared/contract/votes.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// /api/vote against the real stack: who may vote, the spec's replies and messages, and
// tallies that stay exact when many learners vote on one entry at the same moment.

const unique = () => Math.random().toString(36).slice(2, 9);

let owner: TestUser;
let voter: TestUser;
let entry: Entry;

async function newEntry(token: string): Promise<Entry> {
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `bacán ${unique()}`, description: 'Great.', country: 'CL', author: 'Vote tests' },
    token,
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

beforeAll(async () => {
  [owner, voter] = await Promise.all([createUser(), createUser()]);
  entry = await newEntry(owner.token);
});

afterAll(closeAdminSql);

describe('POST /api/vote/addVote', () => {
  it('asks guests to log in, in the spec’s words', async () => {
    const reply = await api('/vote/addVote', { body: { contentId: entry._id, voteType: 'upvote' } });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, code: 'vote_login_required', message: 'Please log in to vote' });
  });

  it('records a vote, refuses the same again, switches the other way', async () => {
    const first = await api('/vote/addVote', { body: { contentId: entry._id, userId: voter.id, voteType: 'upvote' }, token: voter.token });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      success: true,
      message: 'Vote recorded successfully!',
      data: { contentId: entry._id, upvotes: 1, downvotes: 0, voteCount: 1, userVote: 'upvote' },
    });

    const again = await api('/vote/addVote', { body: { contentId: entry._id, voteType: 'upvote' }, token: voter.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'vote_already_recorded', message: 'Vote already recorded for this user on this content.' });

    const switched = await api('/vote/addVote', { body: { contentId: entry._id, voteType: 'downvote' }, token: voter.token });
    expect(switched.status).toBe(201);
    expect(switched.body.data).toMatchObject({ upvotes: 0, downvotes: 1, voteCount: -1, userVote: 'downvote' });
  });

  it('acts only in the caller’s own name', async () => {
    const reply = await api('/vote/addVote', { body: { contentId: entry._id, userId: owner.id, voteType: 'upvote' }, token: voter.token });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ code: 'forbidden', fieldCodes: { userId: 'forbidden' } });
  });

  it('names a bad vote type and a bad id, and does not find hidden or missing entries', async () => {
    const badType = await api('/vote/addVote', { body: { contentId: entry._id, voteType: 'sideways' }, token: voter.token });
    expect(badType.status).toBe(400);
    expect(badType.body.fieldCodes).toEqual({ voteType: 'vote_type_invalid' });
    const badId = await api('/vote/addVote', { body: { contentId: 'not-a-uuid', voteType: 'upvote' }, token: voter.token });
    expect(badId.status).toBe(400);
    expect(badId.body.fieldCodes).toEqual({ contentId: 'invalid_id' });

    const hidden = await newEntry(owner.token);
    await api('/content/updateContent', { method: 'PUT', body: { _id: hidden._id, show: false }, token: owner.token });
    const onHidden = await api('/vote/addVote', { body: { contentId: hidden._id, voteType: 'upvote' }, token: voter.token });
    expect(onHidden.status).toBe(404);
    expect(onHidden.body.code).toBe('entry_not_found');
    const missing = await api('/vote/addVote', { body: { contentId: '00000000-0000-4000-8000-000000000000', voteType: 'upvote' }, token: voter.token });
    expect(missing.status).toBe(404);
  });
});

describe('GET /api/vote/getVotesByContentId and getVoteSummary, DELETE /api/vote/removeVote', () => {
  it('lists an entry’s votes with the spec’s fields, for guests too', async () => {
    // palabrotas' reply: the votes themselves, a bare array, the voter populated with its name.
    const reply = await api<PalabrotasVote[]>(`/vote/getVotesByContentId/${entry._id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      {
        _id: expect.any(String),
        content: entry._id,
        user: { _id: voter.id, name: expect.any(String) },
        voteType: 'downvote',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        contentId: entry._id,
        userId: voter.id,
      },
    ]);
    const summary = await api(`/vote/getVoteSummary/${entry._id}`, { token: voter.token });
    expect(summary.body.data).toMatchObject({ voteCount: -1, userVote: 'downvote' });
  });

  it('takes a vote back, once', async () => {
    const removed = await api(`/vote/removeVote/${entry._id}`, { method: 'DELETE', token: voter.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ upvotes: 0, downvotes: 0, voteCount: 0, userVote: null });
    const again = await api(`/vote/removeVote/${entry._id}`, { method: 'DELETE', token: voter.token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('vote_not_found');
  });
});

describe('many learners voting on one entry at once', () => {
  it('ends with exact tallies, and the home order follows them', async () => {
    const hot = await newEntry(owner.token);
    const voters = await Promise.all(Array.from({ length: 50 }, () => createUser()));
    // 50 concurrent first votes (30 up, 20 down), then 10 of the up-voters switch at once.
    const firsts = await Promise.all(
      voters.map((user, i) => api('/vote/addVote', { body: { contentId: hot._id, voteType: i < 30 ? 'upvote' : 'downvote' }, token: user.token })),
    );
    expect(firsts.map((reply) => reply.status)).toEqual(Array(50).fill(201));
    const switches = await Promise.all(
      voters.slice(0, 10).map((user) => api('/vote/addVote', { body: { contentId: hot._id, voteType: 'downvote' }, token: user.token })),
    );
    expect(switches.map((reply) => reply.status)).toEqual(Array(10).fill(201));

    const [row] = await adminSql()`select upvotes, downvotes, vote_score from public.entries where id = ${hot._id}`;
    expect(row).toEqual({ upvotes: 20, downvotes: 30, vote_score: -10 });
    const [counted] = await adminSql()`select count(*) filter (where value = 1)::int as up, count(*) filter (where value = -1)::int as down
                                         from public.votes where entry_id = ${hot._id}`;
    expect(counted).toEqual({ up: 20, down: 30 });

    // Voted up by all: the vote-sorted list places it after exactly the entries that sort before it.
    await Promise.all(voters.map((user) => api('/vote/addVote', { body: { contentId: hot._id, voteType: 'upvote' }, token: user.token })));
    const [after] = await adminSql()`select vote_score from public.entries where id = ${hot._id}`;
    expect(after.vote_score).toBe(50);
    // The list's order: vote_score, then created_at, then id, all descending.
    const [{ before }] = await adminSql()`
      select count(*)::int as before from public.entries e, public.entries h
       where h.id = ${hot._id} and e.show and (e.vote_score, e.created_at, e.id) > (h.vote_score, h.created_at, h.id)`;
    // Other files leave well-voted entries behind, so it may sit past the first page: the pages
    // are read in turn up to its place.
    const listed: Entry[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: Entry[]; nextCursor: string | null } } = await api(
        `/content/getContentsSortedByVoteDesc?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      listed.push(...page.body.data);
      cursor = page.body.nextCursor;
    } while (cursor && listed.length <= before);
    expect(listed.findIndex((entry) => entry._id === hot._id)).toBe(before);
    expect(listed[before].voteCount).toBe(50);
  });
});
