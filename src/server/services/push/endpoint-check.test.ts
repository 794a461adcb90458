import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createOutgoingClient } from '../alerts/outgoing-guard.js';
import { endpointProblem } from './endpoint-check.js';

/** A resolver that answers from a table (no network in tests). */
const lookup = ((host: string, _options: unknown, callback: (...args: unknown[]) => void) => {
  const table: Record<string, string> = {
    'fcm.googleapis.com': '142.250.74.10',
    'metadata.internal': '169.254.169.254',
  };
  const address = table[host];
  if (!address) return callback(new Error('ENOTFOUND'));
  callback(null, [{ address, family: 4 }]);
}) as unknown as typeof dns.lookup;

describe('endpointProblem', () => {
  const guarded = {
    outgoing: createOutgoingClient({ allowPrivate: false, lookup }),
    allowPrivate: false,
  };

  it('accepts a public https push service', async () => {
    expect(await endpointProblem('https://fcm.googleapis.com/fcm/send/abc', guarded)).toBeNull();
  });

  it('refuses plain http, private and loopback addresses, and names that resolve to them', async () => {
    expect(await endpointProblem('http://fcm.googleapis.com/fcm/send/abc', guarded)).toBe(
      'must be an https URL',
    );
    for (const endpoint of [
      'https://127.0.0.1:8443/push/1',
      'https://[::1]/push/1',
      'https://10.0.0.5/push/1',
      'https://metadata.internal/latest',
    ])
      expect(await endpointProblem(endpoint, guarded)).toMatch(/loopback, private or link-local/);
    expect(await endpointProblem('https://user:pw@fcm.googleapis.com/x', guarded)).toMatch(
      /user name or password/,
    );
  });

  it('lets the embedded default reach its loopback stand-in', async () => {
    const open = { outgoing: createOutgoingClient({ allowPrivate: true }), allowPrivate: true };
    expect(await endpointProblem('http://127.0.0.1:5999/push/1', open)).toBeNull();
  });
});
