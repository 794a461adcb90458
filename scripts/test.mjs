// npm test: every test. Vitest (unit + integration) on the embedded database, again on
// PostgreSQL when TEST_DATABASE_URL is set, then the browser tests in Chromium.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild, ensureDependencies, findChromium, root, run, supportedNode } from './lib.mjs';

const results = [];
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

function readVitest(file, label) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    return {
      label,
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  } catch {
    return { label, passed: 0, failed: 1, skipped: 0, note: 'no report (the run crashed)' };
  }
}

function readPlaywright(file, label) {
  try {
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return {
      label,
      passed: stats.expected,
      failed: stats.unexpected + stats.flaky,
      skipped: stats.skipped,
    };
  } catch {
    return { label, passed: 0, failed: 1, skipped: 0, note: 'no report (the run crashed)' };
  }
}

async function vitest(label, env, node = process.execPath) {
  const outputFile = path.join(resultsDir, `vitest-${label.replace(/\W+/g, '-')}.json`);
  fs.rmSync(outputFile, { force: true });
  console.log(`\n=== Vitest: unit and integration tests on ${label} ===\n`);
  // Vitest's test processes run on the Node.js that runs Vitest.
  const code = await run(
    node,
    [
      path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${outputFile}`,
    ],
    { env: { ...process.env, NO_COLOR: '1', ...env } },
  );
  const result = readVitest(outputFile, `vitest (${label})`);
  if (code !== 0 && result.failed === 0) result.failed = 1;
  results.push(result);
}

await ensureDependencies();
// Two passes, two runtimes (decision 020): the embedded database on this machine's Node.js, and
// PostgreSQL on the supported LTS the product runs on in production (the project's own Node.js
// 24 where this machine's is older): every server test runs on both without a third pass.
const lts = supportedNode();
const ltsVersion = execFileSync(lts, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
await vitest(`embedded PGlite, Node.js ${process.versions.node}`, { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  await vitest(`PostgreSQL, Node.js ${ltsVersion}`, {}, lts);
}

const only = process.argv.includes('--no-browser');
const chromium = findChromium();
if (only) {
  console.log('\nBrowser tests not run (--no-browser).');
} else if (!chromium) {
  const message =
    "Browser tests SKIPPED: Chromium was not found (install Debian's `chromium` package, or set CHROMIUM_PATH).";
  if (process.env.CI) {
    console.error(`\n${message}\nIn CI this is a failure.`);
    results.push({
      label: 'browser',
      passed: 0,
      failed: 1,
      skipped: 0,
      note: 'Chromium missing in CI',
    });
  } else {
    console.log(`\n${message}`);
    results.push({
      label: 'browser',
      passed: 0,
      failed: 0,
      skipped: 1,
      note: 'Chromium not found',
    });
  }
} else {
  await ensureBuild();
  console.log('\n=== Playwright: browser tests in Chromium ===\n');
  const outputFile = path.join(resultsDir, 'e2e.json');
  fs.rmSync(outputFile, { force: true });
  const code = await run('npx', ['playwright', 'test'], {
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });
  const result = readPlaywright(outputFile, 'browser (Chromium)');
  if (code !== 0 && result.failed === 0) result.failed = 1;
  results.push(result);
}

console.log('\n=== Summary ===');
for (const r of results) {
  console.log(
    `${r.label}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.note ? ` (${r.note})` : ''}`,
  );
}
const total = results.reduce(
  (t, r) => ({
    passed: t.passed + r.passed,
    failed: t.failed + r.failed,
    skipped: t.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
