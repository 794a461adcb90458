// Preloaded into the live-screens benchmark's app instances (node --expose-gc --require ...).
// On SIGUSR2 it runs a full garbage collection and writes the process's memory and its event
// loop delay since the last signal to $BENCH_PROBE_DIR/<pid>.json, so the benchmark reads memory
// that is in use (not garbage not yet collected) and can tell a busy instance from a starved one.
// Benchmark tooling only; the product never loads it.
const fs = require('node:fs');
const path = require('node:path');
const { monitorEventLoopDelay } = require('node:perf_hooks');

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on('SIGUSR2', () => {
  if (typeof globalThis.gc === 'function') globalThis.gc();
  const dir = process.env.BENCH_PROBE_DIR;
  if (!dir) return;
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const probe = {
    at: Date.now(),
    memory: process.memoryUsage(),
    loopDelayMs: {
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
    },
  };
  delay.reset();
  fs.writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(probe));
});
