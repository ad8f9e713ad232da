import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { mailApp } from '../../stack/mail/api.ts';
import { MailStore, storedMessage } from '../../stack/mail/store.ts';

// The mail catcher's smaller doors, on the app itself (no server): its health checks, its
// counts, and deleting what a search finds.

async function storeWith(...mails: { to: string; subject: string }[]): Promise<MailStore> {
  const store = new MailStore();
  for (const mail of mails) {
    const raw = Buffer.from(`From: auth@jerga.test\r\nTo: ${mail.to}\r\nSubject: ${mail.subject}\r\n\r\n${mail.subject}\r\n`);
    store.add(storedMessage(await simpleParser(raw), raw, [mail.to], new Date()));
  }
  return store;
}

describe('the mail catcher’s health, counts and search deletion', () => {
  it('answers /livez and /readyz', async () => {
    const app = mailApp(new MailStore());
    for (const path of ['/livez', '/readyz']) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('ok');
    }
  });

  it('counts messages and unread ones in /api/v1/info', async () => {
    const store = await storeWith({ to: 'a@jerga.test', subject: 'one' }, { to: 'b@jerga.test', subject: 'two' });
    const app = mailApp(store);
    expect(await (await app.request('/api/v1/info')).json()).toMatchObject({ Messages: 2, Unread: 2 });
    expect((await app.request('/api/v1/message/latest')).status).toBe(200);
    expect(await (await app.request('/api/v1/info')).json()).toMatchObject({ Messages: 2, Unread: 1 });
  });

  it('deletes exactly what a search finds, and refuses a search without a query', async () => {
    const store = await storeWith({ to: 'keep@jerga.test', subject: 'kept' }, { to: 'drop@jerga.test', subject: 'dropped' });
    const app = mailApp(store);
    expect((await app.request('/api/v1/search?query=to:drop@jerga.test', { method: 'DELETE' })).status).toBe(200);
    expect(store.all().map((message) => message.Subject)).toEqual(['kept']);
    expect((await app.request('/api/v1/search', { method: 'DELETE' })).status).toBe(400);
    expect((await app.request('/api/v1/search?query=%20', { method: 'DELETE' })).status).toBe(400);
    expect(store.all()).toHaveLength(1);
  });

  it('answers only requests for a loopback name, so a rebound domain cannot read the mail', async () => {
    const app = mailApp(await storeWith({ to: 'victim@jerga.test', subject: 'your code' }));
    for (const host of ['127.0.0.1:54324', 'localhost:54324', '[::1]:54324']) {
      expect((await app.request(`http://${host}/api/v1/messages`)).status).toBe(200);
    }
    for (const host of ['attacker.example:54324', '127.0.0.1.nip.io:54324', 'localhost.attacker.example']) {
      const response = await app.request(`http://${host}/api/v1/messages`);
      expect(response.status).toBe(421);
      expect(await response.text()).not.toContain('your code');
    }
  });

  it('serves a message’s headers in Mailpit’s shape (canonical names, every value, unfolded) and its source', async () => {
    const store = new MailStore();
    const raw = Buffer.from(
      'From: auth@jerga.test\r\nTo: a@jerga.test\r\nSubject: hi\r\nMessage-ID: <m1@jerga.test>\r\n' +
        'List-Unsubscribe: <https://jerga.test/functions/v1/reminders/unsubscribe?token=a.b>\r\n' +
        'list-unsubscribe-post: List-Unsubscribe=One-Click\r\nReceived: one\r\nReceived: two,\r\n  folded\r\n\r\nBody: not a header\r\n',
    );
    store.add(storedMessage(await simpleParser(raw), raw, ['a@jerga.test'], new Date()));
    const app = mailApp(store);
    const id = store.all()[0].ID;
    const headers = await app.request(`/api/v1/message/${id}/headers`);
    expect(headers.status).toBe(200);
    expect(await headers.json()).toEqual({
      From: ['auth@jerga.test'],
      To: ['a@jerga.test'],
      Subject: ['hi'],
      'Message-Id': ['<m1@jerga.test>'],
      'List-Unsubscribe': ['<https://jerga.test/functions/v1/reminders/unsubscribe?token=a.b>'],
      'List-Unsubscribe-Post': ['List-Unsubscribe=One-Click'],
      Received: ['one', 'two, folded'],
    });
    expect(await (await app.request(`/api/v1/message/${id}`)).json()).toMatchObject({
      ListUnsubscribe: {
        Header: '<https://jerga.test/functions/v1/reminders/unsubscribe?token=a.b>',
        Links: ['https://jerga.test/functions/v1/reminders/unsubscribe?token=a.b'],
        HeaderPost: 'List-Unsubscribe=One-Click',
      },
    });
    const source = await app.request(`/api/v1/message/${id}/raw`);
    expect(source.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await source.text()).toBe(raw.toString());
    expect((await app.request('/api/v1/message/no-such-id/headers')).status).toBe(404);
  });
});
