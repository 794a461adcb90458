/**
 * Reads a V8 CPU profile (an instance of bench/live-screens.ts run with BENCH_CPU_PROFILE_DIR, or
 * `node --cpu-prof`) and prints where the time went in its last SECONDS (default 60): self time by
 * function, and total time by the project's own source files and by package (a frame counts once
 * per sample).
 *
 *   npx tsx bench/profile-window.ts DIR/CPU.*.cpuprofile [SECONDS] [TOP]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, secondsArg, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx bench/profile-window.ts FILE.cpuprofile [SECONDS] [TOP]');
  process.exit(2);
}
const seconds = Number(secondsArg ?? 60);
const top = Number(topArg ?? 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

const times: number[] = [];
let t = profile.startTime;
for (const delta of profile.timeDeltas) times.push((t += delta));
const from = profile.endTime - seconds * 1e6;

const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, 'npm:')
    .replace(/.*\/(src|standins|bench)\//, '$1/');
const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${short(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const inclusiveFile = new Map<string, number>();
const inclusivePackage = new Map<string, number>();
let total = 0;
let idle = 0;
for (let i = 0; i < profile.samples.length; i++) {
  if (times[i]! < from) continue;
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const node = byId.get(profile.samples[i]!)!;
  total += dt;
  if (node.callFrame.functionName === '(idle)') {
    idle += dt;
    continue;
  }
  self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  const files = new Set<string>();
  const packages = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const url = byId.get(id)!.callFrame.url;
    if (!url) continue;
    const name = short(url);
    if (name.startsWith('npm:'))
      packages.add(
        name
          .slice(4)
          .split('/')
          .slice(0, name.includes('@') ? 2 : 1)
          .join('/'),
      );
    else if (name.startsWith('src/')) files.add(name);
  }
  for (const f of files) inclusiveFile.set(f, (inclusiveFile.get(f) ?? 0) + dt);
  for (const p of packages) inclusivePackage.set(p, (inclusivePackage.get(p) ?? 0) + dt);
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n-- ${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${ms.toFixed(0).padStart(8)} ms ${((ms / (total - idle)) * 100).toFixed(1).padStart(5)} %  ${key}`,
    );
  }
};
console.log(
  `${file}: last ${seconds} s: ${(total / 1000).toFixed(1)} s sampled, busy ${((total - idle) / 1000).toFixed(1)} s`,
);
print('self time', self);
print('total time by source file (src/)', inclusiveFile);
print('total time by package', inclusivePackage);
