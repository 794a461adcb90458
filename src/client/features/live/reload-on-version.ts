/**
 * Reload on deploy (issue 13): a page learns the server's build version from its event stream.
 * The first version it hears is the one it runs; when the server later says another, the page
 * reloads itself once, at a quiet moment (right after a successful data fetch, with no dialog,
 * menu or edit open), and only after the new index.html and the script it names have answered,
 * so a TV never reloads into a blank page. It never reloads to a version this tab already ran
 * or already reloaded for, so a load balancer mixing old and new instances during a rolling
 * deploy cannot make it bounce.
 */

const SEEN_KEY = 'cb-live-versions-seen';

let runningVersion: string | null = null;
let pendingVersion: string | null = null;
let reloading = false;

function seenVersions(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function remember(version: string): void {
  try {
    const seen = seenVersions();
    if (!seen.includes(version)) {
      sessionStorage.setItem(SEEN_KEY, JSON.stringify([...seen, version].slice(-20)));
    }
  } catch {
    // Storage refused (private mode): reloading once per page load is still bounded.
  }
}

/**
 * Told of every version the server states. Returns true when a reload is now waiting for a
 * quiet moment (the caller then fetches data, whose success calls `reloadIfQuiet`).
 */
export function noteServerVersion(version: string): boolean {
  // A development server (no built client) has no version worth reloading for.
  if (version === 'dev') return false;
  if (runningVersion === null) {
    runningVersion = version;
    remember(version);
    return false;
  }
  if (version === runningVersion || seenVersions().includes(version)) return false;
  pendingVersion = version;
  return true;
}

/** Nothing the person is doing would be lost by a reload. */
function isQuiet(): boolean {
  if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return false;
  const active = document.activeElement;
  if (
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active instanceof HTMLElement && active.isContentEditable)
  ) {
    return false;
  }
  return true;
}

/**
 * The new build's page (this one's: a TV's `/tv` has a page of its own) and its entry script
 * answer: reloading will not show a blank page.
 */
async function newBuildAnswers(): Promise<boolean> {
  try {
    const page = await fetch(window.location.pathname, {
      cache: 'no-store',
      headers: { accept: 'text/html' },
    });
    if (!page.ok || !(page.headers.get('content-type') ?? '').includes('text/html')) return false;
    const html = await page.text();
    const entry = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
    if (!entry || !html.includes('id="root"')) return false;
    const script = await fetch(entry, { cache: 'no-store' });
    return script.ok;
  } catch {
    return false;
  }
}

/** Called after a successful data fetch: reloads when a new version waits and all is quiet. */
export async function reloadIfQuiet(): Promise<void> {
  const target = pendingVersion;
  if (!target || reloading || !isQuiet()) return;
  reloading = true;
  if (await newBuildAnswers()) {
    if (pendingVersion === target && isQuiet()) {
      remember(target);
      window.location.reload();
      return;
    }
  }
  reloading = false;
}
