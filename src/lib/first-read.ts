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
