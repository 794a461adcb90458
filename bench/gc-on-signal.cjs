// Preloaded into the live-screens benchmark's app instances (node --expose-gc --require ...).
// On SIGUSR2 it runs a full garbage collection and writes the process's memory and its event
// loop delay since the last signal to $BENCH_PROBE_DIR/<pid>.json, so the benchmark reads memory
// that is in use (not garbage not yet collected) and can tell a busy instance from a starved one.
// With BENCH_CPU_PROFILE_DIR set, it also profiles the CPU from one signal to the next: each
// signal writes <pid>-<n>.cpuprofile for the time since the previous one (read them with
// bench/profile-window.ts). Benchmark tooling only; the product never loads it.
const fs = require('node:fs');
const path = require('node:path');
const { monitorEventLoopDelay } = require('node:perf_hooks');

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
let profiles = 0;
let session;
if (profileDir) {
  const inspector = require('node:inspector');
  session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable', () => session.post('Profiler.start'));
}
function nextProfile() {
  const n = ++profiles;
  session.post('Profiler.stop', (error, result) => {
    if (!error) {
      fs.writeFileSync(
        path.join(profileDir, `${process.pid}-${n}.cpuprofile`),
        JSON.stringify(result.profile),
      );
    }
    session.post('Profiler.start');
  });
}

process.on('SIGUSR2', () => {
  if (session) nextProfile();
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
