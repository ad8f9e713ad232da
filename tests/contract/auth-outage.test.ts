import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { AuthRetryableFetchError } from '@supabase/supabase-js';
import { createAuthApp, type AuthApp } from '../../stack/auth/index.ts';
import { fromDatabaseError } from '../../stack/auth/errors.ts';
import { signAccessToken, stack } from '../support/stack.ts';
import { startAuthInstance, supabaseClient, type AuthInstance } from './support.ts';

/**
 * A port nothing listens on: port 1 (tcpmux), privileged and unused. A free port merely
 * released could be taken by another test's server meanwhile, and then the "dead" database
 * would answer (or hang) instead of refusing.
 */
const closedPort = async (): Promise<number> => 1;

describe('with the database down', () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => void rejections.push(reason);
  let apps: AuthApp[] = [];
  let instance: AuthInstance;
  let port: number;
  let log: MockInstance<typeof console.error>;

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    // One line per refused request is the service's job; the test output need not show them.
    log = vi.spyOn(console, 'error').mockImplementation(() => {});
    port = await closedPort();
    const dead = (host: string) =>
      createAuthApp({
        databaseUrl: `postgresql://postgres:postgres@${host}:${port}/postgres`,
        jwtSecret: stack().jwtSecret,
        externalUrl: 'http://127.0.0.1:1/auth/v1',
        secretKeys: [stack().secretKey],
      });
    apps = [dead('127.0.0.1'), dead('localhost')];
    instance = await startAuthInstance({ databaseUrl: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres` });
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await instance.close();
    process.off('unhandledRejection', onRejection);
    log.mockRestore();
  });

  it('answers every route that needs it with 503 service_unavailable, in GoTrue’s shape', async () => {
    const token = await signAccessToken({ id: '00000000-0000-4000-8000-000000000001', email: 'x@example.com' });
    const json = { 'content-type': 'application/json' };
    const requests: [string, RequestInit][] = [
      ['/signup', { method: 'POST', headers: json, body: JSON.stringify({ email: 'down@example.com', password: 'long enough password' }) }],
      ['/token?grant_type=password', { method: 'POST', headers: json, body: JSON.stringify({ email: 'down@example.com', password: 'x' }) }],
      ['/token?grant_type=refresh_token', { method: 'POST', headers: json, body: JSON.stringify({ refresh_token: 'abcdefghijklmnop' }) }],
      ['/token?grant_type=pkce', { method: 'POST', headers: json, body: JSON.stringify({ auth_code: 'code', code_verifier: 'v'.repeat(64) }) }],
      ['/user', { headers: { authorization: `Bearer ${token}` } }],
      ['/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }],
      ['/admin/users', { headers: { authorization: `Bearer ${stack().serviceRoleKey}` } }],
      ['/admin/users', { headers: { apikey: stack().secretKey, authorization: `Bearer ${stack().secretKey}` } }],
      [`/authorize?provider=google&code_challenge=${'c'.repeat(43)}&code_challenge_method=s256`, {}],
    ];
    for (const app of apps) {
      for (const [path, init] of requests) {
        const response = await app.request(path, init);
        expect(response.status, path).toBe(503);
        expect(response.headers.get('x-sb-error-code')).toBe('service_unavailable');
        const body = await response.json();
        expect(body).toMatchObject({ code: 'service_unavailable', error_code: 'service_unavailable' });
        expect(body.message).toMatch(/database is unavailable/);
      }
    }
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/database unavailable \(ECONNREFUSED\)/));
    // What needs no database still works.
    expect((await apps[0].request('/health')).status).toBe(200);
    expect((await apps[0].request('/settings')).status).toBe(200);
  });

  it('reaches supabase-js as a retryable error (an outage, not a wrong password)', async () => {
    const { error } = await supabaseClient({ url: instance.url }).auth.signInWithPassword({ email: 'down@example.com', password: 'x' });
    expect(error).toBeInstanceOf(AuthRetryableFetchError);
    expect(error).toMatchObject({ status: 503 });
  });

  it('lets no rejection escape', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rejections).toEqual([]);
  });
});

describe('fromDatabaseError', () => {
  const status = (error: unknown) => fromDatabaseError(error)?.status ?? null;

  it('makes connection failures 503', () => {
    for (const code of ['ECONNREFUSED', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', '08006', '08001', '57P01', '57P02', '57P03']) {
      expect(status(Object.assign(new Error(code), { code })), code).toBe(503);
    }
    expect(status(new AggregateError([Object.assign(new Error('v6'), { code: 'ECONNREFUSED' })], 'connect'))).toBe(503);
  });

  it('makes refused input 400 validation_failed', () => {
    for (const code of ['22021', '22P05', '22003', '22P02', '22001', '23514', '22007', '22008']) {
      expect(fromDatabaseError(Object.assign(new Error(code), { code })), code).toMatchObject({ status: 400, code: 'validation_failed' });
    }
  });

  it('leaves everything else to the generic 500', () => {
    for (const error of [new Error('boom'), Object.assign(new Error('x'), { code: '42P01' }), null, 'text']) {
      expect(status(error)).toBeNull();
    }
  });
});
