import { createHash } from 'node:crypto';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The page's one stylesheet, allowed by its hash (no other style, and no script, runs). */
const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f1f3f4; margin: 0; display: grid; place-items: center; min-height: 100vh; color: #202124; }
  main { background: #fff; border-radius: 8px; padding: 2rem; width: min(24rem, 90vw); box-shadow: 0 1px 3px rgba(0,0,0,.2); }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
  .note { background: #fef7e0; border: 1px solid #f9ab00; border-radius: 4px; padding: .6rem .8rem; font-size: .9rem; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: .6rem; margin-top: .3rem; font-size: 1rem; border: 1px solid #80868b; border-radius: 4px; }
  /* Continue comes first so that Enter in a field continues rather than cancels. */
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font-size: 1rem; padding: .6rem 1.2rem; border-radius: 4px; border: 1px solid #1a73e8; cursor: pointer; }
  button[value=continue] { background: #1a73e8; color: #fff; }
  button[value=cancel] { background: #fff; color: #1a73e8; }
  .error { color: #c5221f; }
`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * A CSP source for where a form sent from the page may end up: the form's own URL, and each
 * redirect after it (Auth's callback, then the app). An origin for http(s), else the scheme
 * (an app's own, `com.example.app:`). Null for what is not a URL.
 */
export function formTargetOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : parsed.protocol;
  } catch {
    return null;
  }
}

/**
 * The page's Content-Security-Policy: nothing loads or runs but its own stylesheet; its form
 * goes only to `formTargets` (browsers check every redirect after a form too); no other page
 * may frame it (a sign-in page under someone else's clicks); no <base> may move its links.
 */
export function googlePagePolicy(formTargets: readonly string[]): string {
  const targets = ["'self'", ...new Set(formTargets)].join(' ');
  return `default-src 'none'; style-src ${STYLE_HASH}; form-action ${targets}; frame-ancestors 'none'; base-uri 'none'`;
}

export interface GooglePageInput {
  action: string;
  state: string;
  redirectUri: string;
  email?: string;
  name?: string;
  error?: string;
}

/**
 * The local stand-in for Google's account chooser (like other emulators' pickers): any
 * email and name sign in. It only exists on the local stack; on Supabase the same client
 * call goes to Google.
 */
export function googlePage(input: GooglePageInput): string {
  const error = input.error
    ? `<p class="error" role="alert" id="form-error">${escape(input.error)}</p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with Google (local stand-in)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <h1>Sign in with Google</h1>
  <p class="note" id="stand-in-note">This is the local Google stand-in of the development stack. No Google account or
  internet connection is used: enter any email address and name to continue. On Supabase, this step happens on Google.</p>
  ${error}
  <form method="post" action="${escape(input.action)}" aria-describedby="stand-in-note">
    <input type="hidden" name="state" value="${escape(input.state)}">
    <input type="hidden" name="redirect_uri" value="${escape(input.redirectUri)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${escape(input.email ?? '')}"${input.error ? ' aria-invalid="true" aria-errormessage="form-error"' : ''}>
    <label for="name">Name</label>
    <input id="name" name="name" type="text" autocomplete="name" value="${escape(input.name ?? '')}">
    <div class="actions">
      <button type="submit" name="action" value="continue">Continue</button>
      <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
    </div>
  </form>
</main>
</body>
</html>`;
}
