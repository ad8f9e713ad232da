import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromPostgres } from './errors.ts';
import { isMessageCode, messages } from './messages.ts';

// The one mapper from Postgres's answers to HTTP: every case the issue names.
describe('fromPostgres', () => {
  it('maps our functions’ PT<status> errors: status, code (hint), field (column), extra fields (detail)', () => {
    const error = fromPostgres({ code: 'PT400', hint: 'title_required', column_name: 'title' }, true)!;
    expect(error).toMatchObject({ status: 400, code: 'title_required', message: 'Please enter a title.', fields: { title: 'title_required' } });
    const limited = fromPostgres({ code: 'PT429', hint: 'guest_rate_limited', detail: '{"retryAfter": 42}' }, false)!;
    expect(limited).toMatchObject({ status: 429, code: 'guest_rate_limited', details: { retryAfter: 42 } });
    const exists = fromPostgres({ code: 'PT409', hint: 'tag_exists', detail: '{"data": {"_id": "x", "name": "slang"}}' }, true)!;
    expect(exists.details).toEqual({ data: { _id: 'x', name: 'slang' } });
  });

  it('falls back to a generic code for an unknown hint, and ignores a detail that is not a JSON object', () => {
    expect(fromPostgres({ code: 'PT400', hint: 'made_up' }, true)).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(fromPostgres({ code: 'PT404', detail: 'not json' }, true)).toMatchObject({ status: 404, details: {} });
    expect(fromPostgres({ code: 'PT503' }, true)).toMatchObject({ status: 503, code: 'internal' });
  });

  it.each([
    ['22021', 400, 'invalid_text'],
    ['22P05', 400, 'invalid_text'],
    ['22003', 400, 'number_out_of_range'],
    ['22P02', 400, 'invalid_input'],
    ['22007', 400, 'invalid_input'],
    ['22001', 400, 'invalid_input'],
    ['23514', 400, 'invalid_input'],
    ['23502', 400, 'invalid_input'],
    ['23505', 409, 'conflict'],
    ['23503', 400, 'invalid_reference'],
    ['57014', 503, 'timeout'],
    ['40001', 503, 'busy'],
    ['40P01', 503, 'busy'],
    ['ECONNREFUSED', 503, 'database_unavailable'],
    ['CONNECTION_CLOSED', 503, 'database_unavailable'],
    ['CONNECT_TIMEOUT', 503, 'database_unavailable'],
    ['57P01', 503, 'database_unavailable'],
    ['57P03', 503, 'database_unavailable'],
    ['08006', 503, 'database_unavailable'],
    ['53300', 503, 'database_unavailable'],
  ])('maps %s to %i %s', (code, status, expected) => {
    expect(fromPostgres({ code }, true)).toMatchObject({ status, code: expected });
  });

  it('answers "permission denied" with 401 to a guest (signing in may help) and 403 to a user', () => {
    expect(fromPostgres({ code: '42501' }, false)).toMatchObject({ status: 401, code: 'login_required' });
    expect(fromPostgres({ code: '42501' }, true)).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('leaves anything else to the 500 handler', () => {
    expect(fromPostgres({ code: '42P01' }, true)).toBeUndefined();
    expect(fromPostgres({}, true)).toBeUndefined();
  });
});

describe('error codes', () => {
  const migrations = path.resolve(import.meta.dirname, '..', '..', 'migrations');
  const raised = new Set<string>();
  for (const file of readdirSync(migrations)) {
    for (const match of readFileSync(path.join(migrations, file), 'utf8').matchAll(/hint = '([a-z_]+)'/g)) raised.add(match[1]);
    for (const match of readFileSync(path.join(migrations, file), 'utf8').matchAll(/(?:require_sign_in\(|, )'([a-z_]+(?:_required|_rate_limited|rate_limited))'\)/g)) {
      raised.add(match[1]);
    }
  }

  it('every code a SQL function raises has a message', () => {
    expect(raised.size).toBeGreaterThan(20);
    expect([...raised].filter((code) => !isMessageCode(code))).toEqual([]);
  });

  it('every message is a sentence a person can read', () => {
    for (const [code, message] of Object.entries(messages)) {
      expect(message, code).toMatch(/^[A-Z¿¡].*[.!]$|^Please log in to (view this page|add a tag|vote|use the chat feature)$|^Failed to send message$|^You don't have permission to view this page$|^Email or password is incorrect\. Please try again$/);
    }
  });
});
