// Preloaded into the live-screens benchmark's app instances (node --expose-gc --require ...):
// SIGUSR2 runs a full garbage collection, so the benchmark reads resident memory that is in
// use rather than garbage not yet collected. Benchmark tooling only; the product never loads it.
process.on('SIGUSR2', () => {
  if (typeof globalThis.gc === 'function') globalThis.gc();
});
