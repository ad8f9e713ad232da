const escape = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

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
<style>
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
</style>
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
