#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark in bench/ one after the other (each prints its own
 * figures) and fails if any of them fails. Each can also be run alone: `npx tsx bench/<file>.ts`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onSupportedNode } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benches = [
  'capacity-throughput.ts',
  'shared-refresh.ts',
  'live-screens.ts',
  'board-browser.mjs',
  'history-size.ts',
  'pace-model.ts',
];

/**
 * Node.js options of a bench's own process. live-screens' process answers as the platforms (the
 * simulator and the Housecall Pro stand-in hold 200 accounts' data, well over a gigabyte) and
 * judges the one-read-per-interval rule by their arrival times: with the default young generation
 * its collections stalled it up to 260 ms at 10,000 screens, 116 ms with a larger one. The
 * instances it starts are unaffected (their own processes, their own options).
 */
const NODE_OPTIONS_OF = { 'live-screens.ts': ['--max-semi-space-size=64'] };

// The benches measure the runtime production uses (decision 020).
await onSupportedNode();

let failed = 0;
for (const file of benches) {
  const started = Date.now();
  console.log(`\n# bench/${file}`);
  const args = [...(NODE_OPTIONS_OF[file] ?? []), '--import', 'tsx', path.join('bench', file)];
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'test' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed++;
    console.log(
      `# bench/${file} FAILED (exit ${result.status ?? result.signal}) after ${seconds} s`,
    );
  } else {
    console.log(`# bench/${file} done in ${seconds} s`);
  }
}
process.exit(failed > 0 ? 1 : 0);
