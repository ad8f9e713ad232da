import { vi } from 'vitest';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Replaces fetch with a mock; restore with vi.unstubAllGlobals(). */
export function stubFetch(impl?: (url: URL, init: RequestInit) => Response | Promise<Response>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    impl ? impl(new URL(String(input), 'http://localhost'), init) : json({}),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The calls made to one /api path, with their parsed JSON bodies. */
export function callsTo(mock: ReturnType<typeof stubFetch>, path: string) {
  return mock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: init ?? {} }))
    .filter(({ url }) => url.pathname === `/api${path}`)
    .map(({ url, init }) => ({ url, init, body: init.body ? JSON.parse(String(init.body)) : undefined }));
}
