import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The version of the board this instance serves: `BUILD_VERSION` when the deployment sets one,
 * otherwise a hash of the built pages, index.html and tv.html (they name every hashed file of the
 * build, so it changes whenever the client does), or "dev" without a built client. Screens compare it with
 * the version they loaded and reload when it changes (issue 13).
 */
export function readBuildVersion(clientDistFolder: string, env = process.env): string {
  if (env.BUILD_VERSION) return env.BUILD_VERSION.slice(0, 64);
  try {
    const hash = crypto.createHash('sha256');
    hash.update(fs.readFileSync(path.join(clientDistFolder, 'index.html')));
    const tv = path.join(clientDistFolder, 'tv.html');
    if (fs.existsSync(tv)) hash.update(fs.readFileSync(tv));
    return hash.digest('hex').slice(0, 12);
  } catch {
    return 'dev';
  }
}
