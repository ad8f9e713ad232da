import { afterAll, describe, expect, it } from 'vitest';
import { closeAdminSql, stack } from '../support/stack.ts';
import { password, supabaseClient, uniqueEmail } from './support.ts';

afterAll(closeAdminSql);

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

let tries = Math.floor(Math.random() * 200);

async function timedSignIn(email: string, secret: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${stack().apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    // Each try from its own address: the per-account guessing throttle would answer the
    // known account's later tries without any bcrypt at all.
    headers: { apikey: stack().anonKey, 'content-type': 'application/json', 'x-forwarded-for': `198.18.${++tries % 250}.${Math.floor(tries / 250) + 1}` },
    body: JSON.stringify({ email, password: secret }),
  });
  const body = await response.json();
  const elapsed = performance.now() - started;
  expect(body.code).toBe('invalid_credentials');
  return elapsed;
}

describe('sign-in timing', () => {
  it('does not tell whether an e-mail has an account (one bcrypt comparison either way)', async () => {
    const known = uniqueEmail('timing');
    expect((await supabaseClient().auth.signUp({ email: known, password })).error).toBeNull();
    const unknownTimes: number[] = [];
    const knownTimes: number[] = [];
    await timedSignIn(uniqueEmail('nobody'), password); // warm up
    await timedSignIn(known, 'not the password');
    // Interleaved, so a busy moment on the machine falls on both sides.
    for (let i = 0; i < 9; i++) {
      unknownTimes.push(await timedSignIn(uniqueEmail('nobody'), password));
      knownTimes.push(await timedSignIn(known, 'not the password'));
    }
    // Without the dummy comparison an unknown e-mail answers in ~3% of the time; with it, ~100%.
    expect(median(unknownTimes) / median(knownTimes)).toBeGreaterThanOrEqual(0.4);
  });
});
