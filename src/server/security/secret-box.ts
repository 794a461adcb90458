import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Authenticated encryption (AES-256-GCM) for secrets at rest. Envelope format:
 * `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(envelope: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('encryption key must be 32 bytes');
  return {
    seal(plaintext) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, ct]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(envelope) {
      const [version, iv, tag, ct] = envelope.split('.');
      if (version !== 'v1' || !iv || !tag || ct === undefined)
        throw new Error('malformed secret envelope');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ct, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** The embedded default keeps its own key beside its data, created on first start. */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, 'encryption.key');
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  return key;
}

/** Last four characters, for showing that a secret is configured without revealing it. */
export function lastFour(secret: string): string {
  return secret.slice(-4);
}

/** The secret in an envelope, or undefined when there is none or it cannot be opened. */
export function openIfReadable(secretBox: SecretBox, envelope: string | null): string | undefined {
  if (!envelope) return undefined;
  try {
    return secretBox.open(envelope);
  } catch {
    // Sealed under another key, or damaged: it has to be entered again.
    return undefined;
  }
}
