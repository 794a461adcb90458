import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, lastFour, loadOrCreateKeyFile } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox(crypto.randomBytes(32));

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('super-secret-value');
    expect(sealed).not.toContain('super-secret-value');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed)).toBe('super-secret-value');
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('rejects a tampered envelope and a different key', () => {
    const sealed = box.seal('value');
    const parts = sealed.split('.');
    const ct = Buffer.from(parts[3]!, 'base64url');
    ct[0] = ct[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 3), ct.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(crypto.randomBytes(32)).open(sealed)).toThrow();
  });

  it('creates the embedded key once and keeps it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-key-'));
    const first = loadOrCreateKeyFile(dir);
    expect(first).toHaveLength(32);
    expect(loadOrCreateKeyFile(dir).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, 'encryption.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });

  it('shows only the last four characters', () => {
    expect(lastFour('abcdef123456')).toBe('3456');
  });
});
