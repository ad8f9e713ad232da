import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, createRemindersApp } from './app.ts';
import { renderReminderMail, type ReminderMailInput } from './mail.ts';
import { unsubscribeToken, verifiedUnsubscribeToken } from './unsubscribe-token.ts';

// The reminders function without a database: its tick door (only the project's server keys,
// whole; a bad `at` is a 400 before any SQL runs), the unsubscribe token (an HMAC that
// nobody without the secret can make), and the mail in both languages, escaped.

const secretKey = 'sb_secret_reminders-unit-test_0123456789';
const serviceRoleKey = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.reminders-unit-test';
const app = createRemindersApp();

beforeAll(() => {
  process.env.SUPABASE_SERVICE_ROLE_KEY = serviceRoleKey;
  process.env.SUPABASE_SECRET_KEYS = JSON.stringify({ default: secretKey });
  process.env.SWEEP_DB_URL = 'postgresql://authenticator:postgres@127.0.0.1:1/postgres';
});

afterAll(async () => {
  await close();
});

describe('the reminders tick’s door', () => {
  it.each([
    ['no Authorization header', undefined],
    ['an empty bearer', 'Bearer '],
    ['a publishable key', 'Bearer sb_publishable_reminders-unit-test_0123456789'],
    ['the secret key with a character more', `Bearer ${secretKey}x`],
    ['the secret key less its last character', `Bearer ${secretKey.slice(0, -1)}`],
    ['a prefix of the service-role key', `Bearer ${serviceRoleKey.slice(0, 20)}`],
    ['Basic credentials', `Basic ${btoa(`x:${secretKey}`)}`],
  ])('refuses %s with 401 before any work', async (_label, authorization) => {
    const reply = await app.request('/reminders', { method: 'POST', headers: authorization ? { authorization } : {}, body: '{"at":"nonsense"}' });
    expect(reply.status).toBe(401);
    expect(await reply.json()).toMatchObject({ code: expect.stringMatching(/^invalid_(api_key|token)$/) });
  });

  it.each([
    ['not JSON', '{at:', 'invalid_json'],
    ['a time that is no time', '{"at":"tomorrow"}', 'invalid_input'],
    ['a date without a time', '{"at":"2026-12-08"}', 'invalid_input'],
    ['a time without an offset', '{"at":"2026-12-08T19:00:00"}', 'invalid_input'],
    ['an impossible date', '{"at":"2026-02-30T19:00:00Z"}', 'invalid_input'],
    ['a number', '{"at":1765220400000}', 'invalid_input'],
    ['an unknown field', '{"when":"2026-12-08T19:00:00Z"}', 'invalid_input'],
  ])('answers %s in `at` with 400, not a tick', async (_label, body, code) => {
    for (const key of [secretKey, serviceRoleKey]) {
      const reply = await app.request('/reminders', { method: 'POST', headers: { authorization: `Bearer ${key}` }, body });
      expect(reply.status).toBe(400);
      expect(await reply.json()).toMatchObject({ code });
    }
  });
});

describe('the unsubscribe token', () => {
  const learner = '54010000-0000-4000-8000-00000000abcd';

  it('names its learner, and only with the right HMAC, whole', async () => {
    const token = await unsubscribeToken(learner);
    expect(token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(await verifiedUnsubscribeToken(token)).toBe(learner);
    const other = '54010000-0000-4000-8000-00000000abce';
    const mac = token.split('.')[1];
    for (const forged of [
      `${other}.${mac}`,
      `${learner}.${mac.slice(0, -1)}`,
      `${learner}.${mac}A`,
      `${learner}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      learner,
      `${learner}.`,
      '',
      'x'.repeat(300),
      `../${learner}.${mac}`,
    ]) {
      expect(await verifiedUnsubscribeToken(forged), forged).toBeNull();
    }
  });

  it('changes with the secret: a token signed under another key is refused', async () => {
    const token = await unsubscribeToken(learner);
    process.env.REMINDERS_UNSUBSCRIBE_SECRET = 'another-secret-for-this-test';
    try {
      expect(await verifiedUnsubscribeToken(token)).toBeNull();
      expect(await verifiedUnsubscribeToken(await unsubscribeToken(learner))).toBe(learner);
    } finally {
      delete process.env.REMINDERS_UNSUBSCRIBE_SECRET;
    }
  });
});

describe('the reminder mail', () => {
  const base: ReminderMailInput = {
    email: 'ana@jerga.test',
    name: 'Ana <b>',
    language: 'en',
    dueCards: 3,
    currentStreak: 5,
    streakAtStake: true,
    flashcardsUrl: 'https://jerga.test/flashcards',
    unsubscribeUrl: 'https://ref.supabase.co/functions/v1/reminders/unsubscribe?token=a.b&x=1',
  };

  it('says in English how many cards are due, the streak at stake, one button, and carries RFC 8058’s headers', () => {
    const mail = renderReminderMail(base);
    expect(mail.to).toBe('ana@jerga.test');
    expect(mail.subject).toBe('3 cards are waiting for you on Jerga');
    expect(mail.text).toContain('You have 3 cards to review today.');
    expect(mail.text).toContain('Your 5-day streak is at stake');
    expect(mail.text).toContain('https://jerga.test/flashcards');
    expect(mail.text).not.toContain('Word of the day');
    expect(mail.html).toContain('Ana &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html.match(/href="https:\/\/jerga.test\/flashcards"/g)).toHaveLength(1);
    expect(mail.html).toContain('token=a.b&amp;x=1');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://ref.supabase.co/functions/v1/reminders/unsubscribe?token=a.b&x=1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('speaks Spanish to a Spanish reader, in the singular for one card, with no streak line when none is at stake', () => {
    const mail = renderReminderMail({ ...base, language: 'es', dueCards: 1, streakAtStake: false, currentStreak: 0 });
    expect(mail.subject).toBe('Tienes 1 tarjeta esperándote en Jerga');
    expect(mail.text).toContain('Tienes 1 tarjeta para repasar hoy.');
    expect(mail.text).not.toContain('racha');
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain('Repasar mis tarjetas');
  });

  it('shows the word of the day when given, escaped', () => {
    const mail = renderReminderMail({ ...base, word: { title: 'chamba', meaning: 'work <i>job</i>', country: 'México' } });
    expect(mail.text).toContain('Word of the day: chamba (México): work <i>job</i>');
    expect(mail.html).toContain('<strong>chamba</strong> (México): work &lt;i&gt;job&lt;/i&gt;');
  });
});
