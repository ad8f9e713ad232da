import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorBody } from '../../supabase/functions/_shared/contract/common.ts';
import { ankiExportCases } from '../support/api-contract/anki-export-cases.ts';
import { clientRoutes, normalizedRoute } from '../support/api-contract/client-routes.ts';
import { contentCases } from '../support/api-contract/content-cases.ts';
import { learnerCases } from '../support/api-contract/learner-cases.ts';
import { pushCases } from '../support/api-contract/push-cases.ts';
import { buildWorld, type RouteCase, type World } from '../support/api-contract/world.ts';
import { api, closeAdminSql } from '../support/stack.ts';

// One contract (issue 31): every /api route the client calls, called on the running stack
// with realistic data, its reply parsed by the schema the function and the client share
// (supabase/functions/_shared/contract). The schemas are strict: a field the server sends
// that the contract does not name fails here, as does a missing or mistyped one. A few routes
// only the palabrotas client asks for are checked too; the CSV exports are not JSON.

const cases: RouteCase[] = [...contentCases, ...learnerCases, ...pushCases, ...ankiExportCases];

let world: World;

beforeAll(async () => {
  world = await buildWorld();
}, 120_000);

afterAll(closeAdminSql);

/** The list a reply holds (the reply itself, or its `data`), when it holds one. */
function listOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data : undefined;
}

describe('every /api reply the client reads has the contract’s shape', () => {
  it('a case for each route the client calls (src/)', () => {
    const covered = new Set(cases.map((each) => normalizedRoute(each.route)));
    const routes = clientRoutes();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !covered.has(route)), 'client routes with no case here').toEqual([]);
  });

  it.each(cases.map((each) => [each.route, each] as const))('%s', async (_route, each) => {
    const reply = await each.call(world);
    expect(reply.status, JSON.stringify(reply.body)).toBe(each.status);
    const parsed = each.schema.safeParse(reply.body);
    expect(parsed.success, parsed.success ? '' : `${z.prettifyError(parsed.error)}\n${JSON.stringify(reply.body).slice(0, 2000)}`).toBe(true);
    // A list with nothing in it would prove nothing about its items.
    if (!each.mayBeEmpty) expect(listOf(reply.body)?.length ?? 1).toBeGreaterThan(0);
  });

  it('a refusal has the contract’s error shape (code, message, per-field codes)', async () => {
    const reply = await api('/comment/addComment', { body: { contentId: world.entry._id, text: '' }, token: world.fan.token });
    expect(reply.status).toBe(400);
    expect(apiErrorBody.parse(reply.body)).toMatchObject({ code: 'comment_required', fieldCodes: { text: 'comment_required' } });
  });
});
