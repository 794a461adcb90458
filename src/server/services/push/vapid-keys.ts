import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../../db/index.js';
import { pushVapidKeys } from '../../db/schema.js';
import type { SecretBox } from '../../security/secret-box.js';

/** A VAPID key pair, URL-safe Base64 (what `web-push` and `applicationServerKey` take). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The pair push messages are signed with (decision 052): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY
 * when set; otherwise the one stored in the database, made by `web-push` on the first start of
 * the first instance. Two instances starting together both try to store theirs; the unique row
 * keeps the first and both read it back, so every instance signs with the same pair (a browser
 * subscribed through one instance is reached through any).
 */
export async function loadVapidKeys(deps: {
  db: Database;
  secretBox: SecretBox;
  configured: VapidKeys | undefined;
}): Promise<{ keys: VapidKeys; generated: boolean }> {
  if (deps.configured) return { keys: deps.configured, generated: false };
  const read = async () => {
    const [row] = await deps.db
      .select()
      .from(pushVapidKeys)
      .where(eq(pushVapidKeys.id, 1))
      .limit(1);
    if (!row) return null;
    let privateKey: string;
    try {
      privateKey = deps.secretBox.open(row.privateKeyEnc);
    } catch {
      // A changed ENCRYPTION_KEY: a new pair would silently orphan every subscribed device.
      throw new Error(
        'The stored VAPID key pair cannot be opened with this ENCRYPTION_KEY: start with the key it was sealed with, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
      );
    }
    return { publicKey: row.publicKey, privateKey };
  };
  const stored = await read();
  if (stored) return { keys: stored, generated: false };
  const fresh = webpush.generateVAPIDKeys();
  const inserted = await deps.db
    .insert(pushVapidKeys)
    .values({
      id: 1,
      publicKey: fresh.publicKey,
      privateKeyEnc: deps.secretBox.seal(fresh.privateKey),
    })
    .onConflictDoNothing()
    .returning({ id: pushVapidKeys.id });
  const keys = await read();
  if (!keys) throw new Error('the VAPID key pair could not be stored');
  return { keys, generated: inserted.length > 0 };
}
