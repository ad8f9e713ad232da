import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, createApiApp } from './app.ts';

// The review-sync and daily-limit fields as the routes check them before any SQL runs (the
// database here is unreachable: a request that passes validation answers 503). The rules
// themselves (the window, the replay, the limits) are SQL's: pgTAP 40 and
// tests/integration/review-sync.test.ts.
const secret = 'unit-test-secret-with-at-least-32-characters!!';
const app = createApiApp();
const cardPath = '/api/flashcard/updateFlashcardReview/6f1c3e5e-0000-4000-8000-000000000001';
let token = '';

beforeAll(async () => {
  process.env.JWT_SECRET = secret;
  process.env.SUPABASE_PUBLISHABLE_KEYS = JSON.stringify({ default: 'sb_publishable_unit-test-key_0123456789' });
  process.env.SUPABASE_SECRET_KEYS = JSON.stringify({ default: 'sb_secret_unit-test-secret_0123456789' });
  process.env.API_DB_URL = 'postgresql://authenticator:postgres@127.0.0.1:1/postgres';
  token = await new SignJWT({ sub: '6f1c3e5e-0000-4000-8000-0000000000aa', role: 'authenticated', session_id: '6f1c3e5e-0000-4000-8000-0000000000bb' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
});
afterAll(close);

const send = (method: string, path: string, body: unknown) =>
  app.request(path, { method, body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });

describe('PUT updateFlashcardReview', () => {
  it.each([
    [{ reviewId: 'not-a-uuid' }, 'review_id_invalid', 'reviewId'],
    [{ reviewId: 42 }, 'review_id_invalid', 'reviewId'],
    [{ reviewedAt: 'yesterday' }, 'review_time_invalid', 'reviewedAt'],
    [{ reviewedAt: '2026-11-27' }, 'review_time_invalid', 'reviewedAt'],
    [{ reviewedAt: 1764201600000 }, 'review_time_invalid', 'reviewedAt'],
    [{ durationMs: -1 }, 'review_duration_invalid', 'durationMs'],
    [{ durationMs: 3_600_001 }, 'review_duration_invalid', 'durationMs'],
    [{ durationMs: 12.5 }, 'review_duration_invalid', 'durationMs'],
    [{ durationMs: '5000' }, 'review_duration_invalid', 'durationMs'],
  ])('refuses %j with 400 %s on its field', async (fields, code, field) => {
    const response = await send('PUT', cardPath, { quality: 'Good', ...fields });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code, fieldCodes: { [field]: code } });
  });

  it('refuses a duration past any number (1e400) as out of range', async () => {
    const response = await send('PUT', cardPath, '{"quality":"Good","durationMs":1e400}');
    expect(response.status).toBe(400);
  });

  it('lets a full offline review through to the database (here unreachable: 503)', async () => {
    const response = await send('PUT', cardPath, {
      quality: 'Hard',
      reviewId: '6f1c3e5e-0000-4000-8000-0000000000cc',
      reviewedAt: '2026-11-26T21:15:00.000-05:00',
      durationMs: 0,
    });
    expect(response.status).toBe(503);
  });
});

describe('POST /api/user/update daily limits', () => {
  it.each([
    [{ newCardsPerDay: 1000 }, 'new_cards_per_day_invalid', 'newCardsPerDay'],
    [{ newCardsPerDay: -1 }, 'new_cards_per_day_invalid', 'newCardsPerDay'],
    [{ newCardsPerDay: 0.5 }, 'new_cards_per_day_invalid', 'newCardsPerDay'],
    [{ newCardsPerDay: null }, 'new_cards_per_day_invalid', 'newCardsPerDay'],
    [{ maxReviewsPerDay: 10_000 }, 'max_reviews_per_day_invalid', 'maxReviewsPerDay'],
    [{ maxReviewsPerDay: '200' }, 'max_reviews_per_day_invalid', 'maxReviewsPerDay'],
  ])('refuses %j with 400 %s', async (fields, code, field) => {
    const response = await send('POST', '/api/user/update', fields);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code, fieldCodes: { [field]: code } });
  });

  it('takes the bounds (0 and 999, 0 and 9999) to the database', async () => {
    for (const fields of [{ newCardsPerDay: 0, maxReviewsPerDay: 9999 }, { newCardsPerDay: 999 }, { maxReviewsPerDay: 0 }]) {
      expect((await send('POST', '/api/user/update', fields)).status, JSON.stringify(fields)).toBe(503);
    }
  });
});
