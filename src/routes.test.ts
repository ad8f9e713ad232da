import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { entryKeys } from '@/features/entries/api/entry-keys';
import { json, stubFetch } from '@/test/fetch';
import { env } from '@/lib/env';
import { loadAuth } from '@/lib/supabase';
import { createQueryClient } from '@/lib/query-client';
import { pagePaths } from '@/page-paths';
import { LearnerOnlyLayout } from '@/app/layout/learner-only';
import { createRoutes, LEARNER_ONLY } from './routes';

const auth = await loadAuth();

/** The page route for `path` under the root layout, with what its `lazy` gives. */
async function pageRoute(routes: RouteObject[], path: string) {
  const route = routes[0].children![0].children!.find((child) => child.path === path)!;
  return (await (route.lazy as () => Promise<RouteObject>)()) as RouteObject & { loader?: (args: LoaderFunctionArgs) => Promise<unknown> };
}
const args = (id: string) => ({ params: { id }, request: new Request(`http://localhost/content/${id}`), context: undefined }) as unknown as LoaderFunctionArgs;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.jergaFirstRead;
});

describe('the entry page’s first read', () => {
  it('on a guest’s first visit, puts the read already under way into the cache before the page draws', async () => {
    vi.spyOn(auth, 'getSession').mockResolvedValue({ data: { session: null }, error: null });
    const queryClient = createQueryClient();
    const entry = { _id: 'e-1', title: 'chamba' };
    window.jergaFirstRead = { url: `${env.apiUrl}/content/getContentById/e-1`, response: Promise.resolve(json(entry)) };
    const fetchMock = stubFetch(() => json({ _id: 'e-1', title: 'asked again' }));
    const route = await pageRoute(createRoutes(queryClient), 'content/:id');
    expect(await route.loader!(args('e-1'))).toBeNull();
    expect(queryClient.getQueryData(entryKeys.detail('e-1'))).toEqual(entry);
    expect(fetchMock).not.toHaveBeenCalled();
  }, 30_000);

  it('waits for nothing on any other visit: the page shows its own loading state', async () => {
    const queryClient = createQueryClient();
    const fetchMock = stubFetch(() => json({}));
    const route = await pageRoute(createRoutes(queryClient), 'content/:id');
    expect(await route.loader!(args('e-2'))).toBeNull();
    expect(queryClient.getQueryState(entryKeys.detail('e-2'))).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  }, 30_000);

  it('leaves a failed read to the page, asked once (no retries before the first paint)', async () => {
    vi.spyOn(auth, 'getSession').mockResolvedValue({ data: { session: null }, error: null });
    const queryClient = createQueryClient();
    window.jergaFirstRead = { url: `${env.apiUrl}/content/getContentById/e-3`, response: Promise.resolve(json({ error: 'gone' }, 503)) };
    const fetchMock = stubFetch(() => json({}, 503));
    const route = await pageRoute(createRoutes(queryClient), 'content/:id');
    expect(await route.loader!(args('e-3'))).toBeNull();
    expect(queryClient.getQueryState(entryKeys.detail('e-3'))?.status).toBe('error');
    expect(fetchMock).not.toHaveBeenCalled();
  }, 30_000);

  it('has no loader on a page without a first read', async () => {
    const route = await pageRoute(createRoutes(createQueryClient()), 'login');
    expect(route.loader).toBeUndefined();
  }, 30_000);
});

describe('the learner-only pages', () => {
  it('sit under one layout, which holds no other page', async () => {
    const pages = createRoutes(createQueryClient())[0].children![0].children!;
    const layouts = pages.filter((route) => route.id === LEARNER_ONLY);
    expect(layouts).toHaveLength(1);
    expect((await (layouts[0].lazy as () => Promise<RouteObject>)()).Component).toBe(LearnerOnlyLayout);
    const under = layouts[0].children!.map((route) => route.path);
    expect(under).toEqual(pagePaths.filter((page) => page.learnerOnly).map((page) => page.path));
    expect(under).toEqual(['editContent/:id', 'flashcards', 'flashcards/cards', 'chat', 'account', 'notifications', 'admin', 'record']);
    expect(pages.filter((route) => route !== layouts[0]).map((route) => route.path)).toEqual(
      pagePaths.filter((page) => !page.learnerOnly).map((page) => page.path),
    );
  });

  it('give the layout their own "Please log in…" line where they have one', () => {
    const pages = createRoutes(createQueryClient())[0].children![0].children!;
    const layout = pages.find((route) => route.id === LEARNER_ONLY)!;
    const handles = Object.fromEntries(layout.children!.filter((route) => route.handle).map((route) => [route.path, route.handle]));
    expect(handles).toEqual({ chat: { loginMessage: 'chat.loginRequired' }, notifications: { loginMessage: 'inbox.loginRequired' },
      record: { loginMessage: 'voiceQueue.loginRequired' },
    });
  });
});
