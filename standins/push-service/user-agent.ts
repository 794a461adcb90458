import crypto from 'node:crypto';

/**
 * The browser's side of a push subscription (issue 36): its own P-256 key pair and 16-byte
 * authentication secret, as `pushManager.subscribe` makes them, and the decryption a browser
 * does when a message arrives (RFC 8291 with RFC 8188's aes128gcm), written here from the RFCs
 * and not with the library the server encrypts with, so a test that reads what arrived proves
 * the server's encryption is the real thing.
 */

export interface PushUserAgent {
  /** What `PushSubscription.toJSON().keys` holds. */
  keys: { p256dh: string; auth: string };
  /** The plaintext of an `aes128gcm` message encrypted to these keys (throws if it is not). */
  decrypt(body: Buffer): string;
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

export function createPushUserAgent(): PushUserAgent {
  const ecdh = crypto.createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);

  function decrypt(body: Buffer): string {
    // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's key).
    if (body.length < 21) throw new Error('too short for an aes128gcm header');
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const idLength = body[20]!;
    const asPublic = body.subarray(21, 21 + idLength);
    if (asPublic.length !== 65) throw new Error('the key id must be the sender key (65 bytes)');
    // RFC 8291 section 3.4: the input keying material from ECDH and the auth secret.
    const ecdhSecret = ecdh.computeSecret(asPublic);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
    const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
    // RFC 8188 section 2.2/2.3: the content-encryption key and the nonce.
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
    const baseNonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
    const records = body.subarray(21 + idLength);
    const parts: Buffer[] = [];
    for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq++) {
      const record = records.subarray(offset, offset + recordSize);
      const nonce = Buffer.from(baseNonce);
      // The nonce XOR the record's sequence number (big-endian; here under 2^32: the last 4 bytes).
      nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // Padding: the data, a delimiter (2 in the last record, 1 before), then zeros.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end--;
      const last = offset + recordSize >= records.length;
      if (plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
      parts.push(plain.subarray(0, end));
    }
    return Buffer.concat(parts).toString('utf8');
  }

  return {
    keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt,
  };
}
