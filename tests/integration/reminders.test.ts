import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServiceDb } from '../../supabase/functions/_shared/service-db.ts';
import { runReminderTick, type ClaimedReminder } from '../../supabase/functions/_shared/reminders/tick.ts';
import { startFakePush } from '../support/fake-push.ts';
import { mailsTo, waitForMail } from '../support/mailbox.ts';
import { adminSql, api, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// The daily reminder end to end (issue 32): POST /functions/v1/reminders with the secret key
// and `{"at": ...}` runs one tick as if then, through the gateway, the real function, Postgres
// and SMTP into the mail catcher, whose Mailpit API gives the headers. Each test ticks on its
// own day in 2031 (nothing else in the suite lives then) at an odd minute, and looks at its
// own learners: other files' learners with reminders on could share a tick, so the reply's
// counts are checked as lower bounds and each learner's mail exactly.

async function tick(at: string, key: string | null = stack().secretKey): Promise<Response> {
  return fetch(`${stack().apiUrl}/functions/v1/reminders`, {
    method: 'POST',
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': 'application/json' },
    body: JSON.stringify({ at }),
  });
}

interface Counts {
  claimed: number;
  mailed: number;
  failed: number;
  pushWanted: number;
}

let entries: string[] = [];

beforeAll(async () => {
  const rows = await adminSql()<{ id: string }[]>`select id from public.entries where show order by created_at limit 3`;
  entries = rows.map((row) => row.id);
});

afterAll(async () => {
  await closeServiceDb();
  await closeAdminSql();
});

/** A confirmed learner who asked for reminders at `time` in `zone`, with `due` cards due now. */
async function learner(options: { zone: string; time: string; language?: 'en' | 'es'; due?: number; email?: boolean; push?: boolean }): Promise<TestUser> {
  const user = await createUser();
  const sql = adminSql();
  await sql`update public.profiles
               set time_zone = ${options.zone}, remind_at = ${options.time}::time, language = ${options.language ?? 'en'},
                   remind_by_email = ${options.email ?? true}, remind_by_push = ${options.push ?? false}
             where id = ${user.id}`;
  for (const entry of entries.slice(0, options.due ?? 1)) {
    await sql`insert into public.flashcards (user_id, entry_id, due) values (${user.id}, ${entry}, now())`;
  }
  return user;
}

async function headersOf(messageId: string): Promise<Record<string, string[]>> {
  const response = await fetch(`${stack().mailUrl}/api/v1/message/${messageId}/headers`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, string[]>;
}

async function unsubscribeUrlOf(user: TestUser): Promise<string> {
  const mail = await waitForMail(user.email);
  return (await headersOf(mail.ID))['List-Unsubscribe'][0].replace(/^<|>$/g, '');
}

const remindByEmail = async (user: TestUser) =>
  (await adminSql()<{ on: boolean }[]>`select remind_by_email as on from public.profiles where id = ${user.id}`)[0].on;

describe('a reminders tick', () => {
  it('mails the learners due a reminder, each in their language, with RFC 8058’s headers, and a second tick mails nobody', async () => {
    // 2031-03-04 15:37 UTC is 15:37 in UTC and 10:37 in Bogotá (UTC-5).
    const ana = await learner({ zone: 'UTC', time: '15:37', due: 2 });
    const bea = await learner({ zone: 'America/Bogota', time: '10:37', language: 'es', push: true });
    const cy = await learner({ zone: 'UTC', time: '15:37', due: 0 });
    const dee = await learner({ zone: 'UTC', time: '15:37', email: false });
    const eve = await learner({ zone: 'UTC', time: '15:38' });
    const pat = await learner({ zone: 'UTC', time: '15:37', email: false, push: true });

    const first = await tick('2031-03-04T15:37:20Z');
    expect(first.status).toBe(200);
    const counts = (await first.json()) as Counts;
    expect(counts.claimed).toBeGreaterThanOrEqual(3);
    expect(counts.mailed).toBeGreaterThanOrEqual(2);
    expect(counts.pushWanted).toBeGreaterThanOrEqual(2);

    const toAna = await waitForMail(ana.email);
    expect(toAna.Subject).toBe('2 cards are waiting for you on Jerga');
    expect(toAna.Text).toContain('You have 2 cards to review today.');
    expect(toAna.Text).toMatch(/\/flashcards\b/);
    const toBea = await waitForMail(bea.email);
    expect(toBea.Subject).toBe('Tienes 1 tarjeta esperándote en Jerga');
    expect(toBea.HTML).toContain('Repasar mis tarjetas');

    // The day's word, the one the home page shows that day, in each reader's language.
    const [word] = await adminSql()<{ title: string; name_en: string; name_es: string }[]>`
      select e.title, c.name_en, c.name_es from public.entries e join public.countries c on c.code = e.country
       where e.id = public.word_of_the_day('2031-03-04')`;
    expect(toAna.Text).toContain(`Word of the day: ${word.title} (${word.name_en})`);
    expect(toBea.Text).toContain(`La palabra del día: ${word.title} (${word.name_es})`);

    const headers = await headersOf(toAna.ID);
    expect(headers['List-Unsubscribe']).toEqual([expect.stringMatching(/^<https?:\/\/[^>]+\/functions\/v1\/reminders\/unsubscribe\?token=[^>]+>$/)]);
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    const raw = await (await fetch(`${stack().mailUrl}/api/v1/message/${toAna.ID}/raw`)).text();
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    for (const nobody of [cy, dee, eve, pat]) expect(await mailsTo(nobody.email), nobody.name).toEqual([]);

    const second = await tick('2031-03-04T15:37:20Z');
    expect(await second.json()).toMatchObject({ claimed: 0, mailed: 0 });
    const third = await tick('2031-03-04T15:38:00Z');
    expect(((await third.json()) as Counts).mailed).toBeGreaterThanOrEqual(1);
    await waitForMail(eve.email);
    for (const once of [ana, bea]) expect(await mailsTo(once.email)).toHaveLength(1);
  });

  it('mails each learner once when two ticks run at once', async () => {
    const learners = await Promise.all(Array.from({ length: 12 }, () => learner({ zone: 'Asia/Kathmandu', time: '21:22' })));
    // 2031-03-05 15:37 UTC is 21:22 in Kathmandu (UTC+5:45).
    const replies = await Promise.all([tick('2031-03-05T15:37:00Z'), tick('2031-03-05T15:37:00Z')]);
    const counts = (await Promise.all(replies.map((reply) => reply.json()))) as Counts[];
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    expect(counts[0].claimed + counts[1].claimed).toBeGreaterThanOrEqual(learners.length);
    for (const one of learners) expect(await mailsTo(one.email), one.email).toHaveLength(1);
    const reminded = await adminSql()<{ day: string }[]>`
      select distinct to_char(reminded_on, 'YYYY-MM-DD') as day from public.profiles where id = any(${learners.map((one) => one.id)}::uuid[])`;
    expect(reminded).toEqual([{ day: '2031-03-05' }]);
  });
});

describe('the tick’s plug points for Web Push and the word of the day', () => {
  it('hands the claimed learners who want push to the push channel, and mails the word of each learner’s local date', async () => {
    // In this process, as the function runs it (the stack's environment: database, SMTP, keys).
    // 2031-03-10 15:37 UTC is 15:37 on the 10th in UTC and 00:37 on the 11th in Tokyo.
    const ana = await learner({ zone: 'UTC', time: '15:37', push: true });
    const kai = await learner({ zone: 'Asia/Tokyo', time: '00:37', language: 'es' });
    const pushed: ClaimedReminder[] = [];
    const asked: string[] = [];
    const result = await runReminderTick(new Date('2031-03-10T15:37:00Z'), {
      push: async (learners) => {
        pushed.push(...learners);
        return { sent: learners.length, failed: 0 };
      },
      wordOfTheDay: async (date, language) => {
        asked.push(`${date} ${language}`);
        return { title: `palabra-${date}`, meaning: 'a <word>', country: 'México' };
      },
    });
    expect(result.learners.find((one) => one.userId === ana.id)).toMatchObject({ byEmail: true, byPush: true, localDate: '2031-03-10' });
    expect(result.learners.find((one) => one.userId === kai.id)).toMatchObject({ byEmail: true, byPush: false, localDate: '2031-03-11' });
    expect(pushed.map((one) => one.userId)).toContain(ana.id);
    expect(pushed.map((one) => one.userId)).not.toContain(kai.id);
    expect(result.pushSent).toBe(pushed.length);
    expect(asked.filter((date) => date === '2031-03-10 en')).toHaveLength(1);
    expect((await waitForMail(ana.email)).Text).toContain('Word of the day: palabra-2031-03-10 (México): a <word>');
    const toKai = await waitForMail(kai.email);
    expect(toKai.Text).toContain('La palabra del día: palabra-2031-03-11 (México)');
    expect(toKai.HTML).toContain('a &lt;word&gt;');
  });
});

describe('the tick’s Web Push', () => {
  it('pushes the reminder, encrypted, to each browser of a learner who asked for push, in their language, opening /flashcards', async () => {
    const fake = await startFakePush();
    try {
      const rosa = await learner({ zone: 'UTC', time: '15:41', language: 'es', due: 2, email: false, push: true });
      const browsers = [fake.subscribe(stack().vapid.publicKey), fake.subscribe(stack().vapid.publicKey)];
      for (const browser of browsers) {
        const saved = await api('/push/subscribe', { token: rosa.token, body: { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys } });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      }
      const reply = await tick('2031-03-07T15:41:00Z');
      expect(reply.status).toBe(200);
      expect(((await reply.json()) as { pushSent: number }).pushSent).toBeGreaterThanOrEqual(2);
      const received = fake.received.filter((push) => browsers.some((browser) => browser.endpoint === push.endpoint));
      expect(received.map((push) => push.endpoint).sort()).toEqual(browsers.map((browser) => browser.endpoint).sort());
      for (const push of received) {
        expect(JSON.parse(push.text)).toEqual({ title: 'Tienes 2 tarjetas esperándote en Jerga', body: 'Tienes 2 tarjetas para repasar hoy.', url: '/flashcards', tag: 'jerga-reminder' });
        expect(push.topic).toBe('jerga-reminder');
      }
      expect(await mailsTo(rosa.email)).toEqual([]);
      // The same minute again: nothing more.
      await tick('2031-03-07T15:41:00Z');
      expect(fake.received.filter((push) => browsers.some((browser) => browser.endpoint === push.endpoint))).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });
});

describe('the one-click unsubscribe', () => {
  it('GET shows the button and changes nothing; POST turns the mail off, says so in the learner’s language, and twice is once', async () => {
    const leo = await learner({ zone: 'UTC', time: '15:37', language: 'es' });
    await tick('2031-03-06T15:37:00Z');
    const url = await unsubscribeUrlOf(leo);

    const look = await fetch(url);
    expect(look.status).toBe(200);
    const page = await look.text();
    expect(page).toContain('<form method="post">');
    expect(page).toContain('Darme de baja');
    expect(look.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await remindByEmail(leo)).toBe(true);

    for (let attempt = 0; attempt < 2; attempt++) {
      const done = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('no recibirás más correos de recordatorio diario');
      expect(await remindByEmail(leo)).toBe(false);
    }
    // The next day's tick has nothing to mail Leo.
    await tick('2031-03-07T15:37:00Z');
    expect(await mailsTo(leo.email)).toHaveLength(1);
  });

  it('refuses a forged, altered or missing token with a 400 page and changes nothing', async () => {
    const mia = await learner({ zone: 'UTC', time: '15:37' });
    await tick('2031-03-08T15:37:00Z');
    const url = new URL(await unsubscribeUrlOf(mia));
    const token = url.searchParams.get('token')!;
    const [id, mac] = token.split('.');
    const other = await createUser();
    const forged = [`${other.id}.${mac}`, `${id}.${mac.slice(0, -1)}`, `${id}.${mac}x`, id, '', '%00', 'x'.repeat(5000)];
    for (const bad of forged) {
      for (const method of ['GET', 'POST']) {
        const reply = await fetch(`${url.origin}${url.pathname}?token=${encodeURIComponent(bad)}`, { method });
        expect(reply.status, `${method} ${bad.slice(0, 40)}`).toBe(400);
        expect(await reply.text()).toContain('This unsubscribe link is not valid.');
      }
    }
    expect((await fetch(`${url.origin}${url.pathname}`, { method: 'POST' })).status).toBe(400);
    expect(await remindByEmail(mia)).toBe(true);
  });
});

describe('the tick’s door', () => {
  it('answers 401 without a secret key, and 400 for a bad `at`', async () => {
    const user = await createUser();
    for (const key of [null, stack().anonKey, stack().publishableKey, user.token, `${stack().secretKey}x`]) {
      const reply = await tick('2031-03-09T15:37:00Z', key);
      expect(reply.status, String(key).slice(0, 12)).toBe(401);
    }
    for (const at of ['yesterday', '2031-03-09', '2031-02-30T10:00:00Z']) {
      const reply = await tick(at);
      expect(reply.status).toBe(400);
      expect(await reply.json()).toMatchObject({ code: 'invalid_input', fieldCodes: { at: 'invalid_input' } });
    }
    const serviceRole = await tick('2031-03-09T15:37:00Z', stack().serviceRoleKey);
    expect(serviceRole.status).toBe(200);
  });
});
