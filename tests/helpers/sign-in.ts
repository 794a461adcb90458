import { expect } from 'vitest';
import { CookieClient } from './cookie-client.js';

/**
 * Signs in through the development identity provider the way a browser would: start at
 * `loginPath`, pick the account by e-mail on the provider's page, follow every redirect.
 */
export async function signInThroughDevProvider(
  base: string,
  email: string,
  client = new CookieClient(),
  loginPath = '/api/login',
) {
  const start = await client.follow(`${base}${loginPath}`);
  expect(start.res.status).toBe(200);
  const page = await start.res.text();
  expect(page).toContain('manager@demo-hvac.test');
  expect(page).toContain('Sign in');
  const interactionUrl = start.visited.at(-1)!;
  const done = await client.follow(`${interactionUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email }).toString(),
  });
  return { client, final: done };
}
