import { SERVED_READ_ID } from '@/preload-page';

/** A guest's first /api read, sent by preload-page.ts before the app's code had arrived. */
export interface FirstRead {
  url: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    jergaFirstRead?: FirstRead;
  }
}

/**
 * The reply to the read preload-page.ts started, if it was for `url`; once only (a later
 * read of the same URL asks the server again).
 */
export function takeFirstRead(url: string): Promise<Response> | undefined {
  const read = window.jergaFirstRead;
  if (read?.url !== url) return undefined;
  delete window.jergaFirstRead;
  return read.response;
}

/** Whether the page came with the /api reply it was drawn from (a server-rendered page). */
export function hasServedRead(doc: Document = document): boolean {
  return doc.getElementById(SERVED_READ_ID) !== null;
}

/**
 * The /api reply the server drew the page from, if it was for `path` (relative to the /api):
 * what a guest reads there, so the app's first render is the page already on screen. Once
 * only: the block is removed (a later read asks the server).
 */
export function takeServedRead(path: string, doc: Document = document): unknown {
  const block = doc.getElementById(SERVED_READ_ID);
  if (!block) return undefined;
  block.remove();
  try {
    const served = JSON.parse(block.textContent ?? '') as { path?: unknown; body?: unknown };
    return served.path === path ? served.body : undefined;
  } catch {
    return undefined; // not ours: the app reads the page's data itself
  }
}
