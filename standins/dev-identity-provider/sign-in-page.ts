import { demoAccounts } from './accounts.js';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The product's gauge mark (src/client/public/favicon.svg) as the page's icon, inline: the page
 * is also served by the stand-alone provider, which has no files, and without an icon the browser
 * asks for a /favicon.ico nobody serves (issue 33).
 */
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0b1220"/><path d="M12 44a20 20 0 0 1 40 0" fill="none" stroke="#334155" stroke-width="6" stroke-linecap="round"/><path d="M12 44a20 20 0 0 1 30-17.3" fill="none" stroke="#22c55e" stroke-width="6" stroke-linecap="round"/><path d="M32 44l10-14" stroke="#f8fafc" stroke-width="4" stroke-linecap="round"/><circle cx="32" cy="44" r="4" fill="#f8fafc"/></svg>',
)}`;

/** The development identity provider's sign-in page: demo accounts as buttons, or any e-mail. */
export function renderSignInPage(options: { action: string; error?: string }): string {
  const buttons = demoAccounts
    .map(
      (a) => `<button type="submit" name="email" value="${escape(a.email)}" class="account">
        <span class="name">${escape(a.firstName)} ${escape(a.lastName)}</span>
        <span class="email">${escape(a.email)}</span>
        <span class="desc">${escape(a.description)}</span>
      </button>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in — development identity provider</title>
<link rel="icon" href="${ICON}" type="image/svg+xml">
<style>
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b0b0f; color: #f4f4f5; }
  main { width: min(420px, 92vw); padding: 32px; border: 1px solid #27272a; border-radius: 16px; background: #18181b; }
  h1 { font-size: 1.35rem; margin: 0 0 4px; }
  p.note { color: #a1a1aa; font-size: .85rem; margin: 0 0 20px; }
  .account { display: grid; width: 100%; text-align: left; gap: 2px; padding: 12px 14px; margin-bottom: 10px;
    border-radius: 10px; border: 1px solid #3f3f46; background: #27272a; color: inherit; cursor: pointer; font: inherit; }
  .account:hover { border-color: #60a5fa; }
  .name { font-weight: 600; } .email { color: #93c5fd; font-size: .9rem; } .desc { color: #a1a1aa; font-size: .8rem; }
  label { display: block; margin: 18px 0 6px; font-size: .9rem; }
  input { width: 100%; box-sizing: border-box; padding: 10px 12px; border-radius: 8px; border: 1px solid #3f3f46;
    background: #09090b; color: inherit; font: inherit; }
  .submit { margin-top: 10px; width: 100%; padding: 10px; border-radius: 8px; border: 0; background: #2563eb; color: white;
    font: inherit; font-weight: 600; cursor: pointer; }
  .error { color: #fca5a5; font-size: .9rem; }
</style>
</head>
<body>
<main>
  <h1>Sign in</h1>
  <p class="note">Development identity provider — not for production.</p>
  ${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
  <form method="post" action="${escape(options.action)}">
    ${buttons}
  </form>
  <form method="post" action="${escape(options.action)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required placeholder="you@example.com">
    <button class="submit" type="submit">Sign in</button>
  </form>
</main>
</body>
</html>`;
}
