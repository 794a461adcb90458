import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${import.meta.url}`);
    dir = parent;
  }
  return dir;
}

/** The project root, whether running from src/ (tsx, vitest) or dist/ (built). */
export const projectRoot = findProjectRoot();
export const migrationsFolder = path.join(projectRoot, 'drizzle');
export const clientDistFolder = path.join(projectRoot, 'dist', 'client');
