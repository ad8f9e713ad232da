import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userShape, type User } from '../../supabase/functions/_shared/contract/accounts.ts';
import { api, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// The learner's reminder settings through POST /api/user/update (issue 32): {reminders:
// {email, push, time "HH:MM"}} in part or whole, `language`, `reminderOffered`; the reply's
// user is what getUser says next; bad values are 400 with the field's code and message and
// change nothing; the older client's shapes (no content-type, name, notifications,
// homeCountry) still work and still reply {user}. The same rules in SQL: 55-reminder-settings.

let learner: TestUser;

const update = (body: unknown, token: string | null = learner.token) => api<{ user: User }>('/user/update', { body, token });
const me = async () => (await api<{ user: User }>('/auth/getUser', { token: learner.token })).body.user;

beforeAll(async () => {
  learner = await createUser({ name: 'Rita Reminder' });
});
afterAll(closeAdminSql);

describe('POST /api/user/update {reminders}', () => {
  it('starts off at 19:00, in English, never offered', async () => {
    expect(await me()).toMatchObject({ reminders: { email: false, push: false, time: '19:00' }, language: 'en', reminderOffered: false });
  });

  it('sets the switches and the time, in part or whole, and replies with the user getUser returns', async () => {
    const set = await update({ reminders: { email: true, time: '07:30' } });
    expect(set.status).toBe(200);
    expect(set.body.user.reminders).toEqual({ email: true, push: false, time: '07:30' });
    expect(userShape.parse(set.body.user)).toEqual(await me());

    const partial = await update({ reminders: { push: true } });
    expect(partial.body.user.reminders).toEqual({ email: true, push: true, time: '07:30' });
    const both = await update({ reminders: { email: false, push: false, time: '23:59' } });
    expect(both.body.user.reminders).toEqual({ email: false, push: false, time: '23:59' });
    expect((await me()).reminders).toEqual({ email: false, push: false, time: '23:59' });
  });

  it('refuses bad times and switches with 400 and the field’s code, changing nothing', async () => {
    await update({ reminders: { email: true, time: '08:00' } });
    const cases: [unknown, string, string][] = [
      [{ reminders: { time: '7pm' } }, 'reminders.time', 'reminder_time_invalid'],
      [{ reminders: { time: '24:00' } }, 'reminders.time', 'reminder_time_invalid'],
      [{ reminders: { time: '19:60' } }, 'reminders.time', 'reminder_time_invalid'],
      [{ reminders: { time: '19:00:30' } }, 'reminders.time', 'reminder_time_invalid'],
      [{ reminders: { time: 1900 } }, 'reminders.time', 'reminder_time_invalid'],
      [{ reminders: { time: null } }, 'reminders.time', 'reminder_time_invalid'],
      [{ reminders: { email: 'yes', time: '09:00' } }, 'reminders.email', 'reminder_switch_invalid'],
      [{ reminders: { push: 1 } }, 'reminders.push', 'reminder_switch_invalid'],
      [{ reminders: 'on' }, 'reminders', 'invalid_input'],
      [{ language: 'fr' }, 'language', 'language_invalid'],
      [{ language: 'en-US' }, 'language', 'language_invalid'],
      [{ reminderOffered: false }, 'reminderOffered', 'invalid_input'],
    ];
    for (const [body, field, code] of cases) {
      const reply = await api('/user/update', { body, token: learner.token });
      const what = JSON.stringify(body);
      expect(reply.status, what).toBe(400);
      expect(reply.body, what).toMatchObject({ success: false, code, fieldCodes: { [field]: code } });
      expect(typeof reply.body.errors[field], what).toBe('string');
    }
    const time = await api('/user/update', { body: { reminders: { time: '24:00' } }, token: learner.token });
    expect(time.body.errors['reminders.time']).toBe('A reminder time is HH:MM, from 00:00 to 23:59.');
    expect((await me()).reminders).toEqual({ email: true, push: false, time: '08:00' });
  });

  it('saves the language reminders are written in, and notes the end-of-session offer', async () => {
    expect((await update({ language: 'es' })).body.user.language).toBe('es');
    const offered = await update({ reminderOffered: true });
    expect(offered.status).toBe(200);
    expect(offered.body.user.reminderOffered).toBe(true);
    const yes = await update({ reminders: { email: true }, reminderOffered: true });
    expect(yes.body.user).toMatchObject({ reminderOffered: true, reminders: { email: true } });
    expect(await me()).toMatchObject({ language: 'es', reminderOffered: true });
  });

  it('keeps both of two tabs’ changes made at the same moment, each to its own field', async () => {
    const other = await createUser({ name: 'Tomas Twotabs' });
    const [email, time, language] = await Promise.all([
      update({ reminders: { email: true } }, other.token),
      update({ reminders: { time: '06:45' } }, other.token),
      update({ language: 'es' }, other.token),
    ]);
    expect([email.status, time.status, language.status]).toEqual([200, 200, 200]);
    const after = (await api<{ user: User }>('/auth/getUser', { token: other.token })).body.user;
    expect(after).toMatchObject({ reminders: { email: true, push: false, time: '06:45' }, language: 'es' });
  });

  it('asks a guest to log in', async () => {
    const guest = await update({ reminders: { email: true } }, null);
    expect(guest.status).toBe(401);
  });

  it('keeps the older client’s shapes: JSON without a content-type, name, notifications, homeCountry', async () => {
    const response = await fetch(`${stack().apiUrl}/api/user/update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${learner.token}` },
      body: JSON.stringify({ name: 'Rita Renamed', notifications: { votes: false }, homeCountry: 'ar' }),
    });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { user: User };
    expect(Object.keys(reply)).toEqual(['user']);
    expect(reply.user).toMatchObject({ name: 'Rita Renamed', homeCountry: 'AR', notifications: { votes: false }, reminders: { email: true, time: '08:00' } });
    expect(userShape.safeParse(reply.user).success).toBe(true);
    const nothing = await update({});
    expect(nothing.status).toBe(400);
    expect(nothing.body).toMatchObject({ code: 'nothing_to_update' });
  });
});
