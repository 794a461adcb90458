import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports run one way, top down (issue 25): no circle of modules (type-only and lazy imports
 * count: a circle is a circle to whoever reads the code), and the client's layers as
 * bulletproof-react keeps them: app/ → features/ → components/, hooks/, lib/, config/; nothing
 * below app/ imports app/, lib/ imports no hooks or features; shared code imports neither the
 * server nor the client, the server no client code.
 */

const root = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'standins'];
const CLIENT = path.join(root, 'src/client');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every module a file names: static, re-exported, type-only and dynamic imports. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found;
}

/** The file a specifier names inside the project, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(CLIENT, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [
    `${stem}.ts`,
    `${stem}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
    base,
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder)));
const graph = new Map<string, string[]>(
  files.map((file) => [
    file,
    specifiers(fs.readFileSync(file, 'utf8'))
      .map((s) => resolve(file, s))
      .filter((f): f is string => f !== null && /\.tsx?$/.test(f)),
  ]),
);
const rel = (file: string) => path.relative(root, file);

/** Strongly connected components of more than one module (Tarjan). */
function circles(): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indices.get(w)!));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(rel(w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!indices.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  it('reads the whole source tree', () => {
    expect(files.length).toBeGreaterThan(200);
    // The reader finds the imports a file really has (or every rule below would pass vacuously).
    const app = graph.get(path.join(root, 'src/server/app.ts'))!.map(rel);
    expect(app).toContain('src/server/routes/index.ts');
    const router = graph.get(path.join(CLIENT, 'app/router.tsx'))!.map(rel);
    expect(router).toContain('src/client/config/paths.ts');
  });

  it('form no circle', () => {
    expect(circles()).toEqual([]);
  });

  it('run top down through the layers', () => {
    const rules: { from: string; to: string; why: string }[] = [
      { from: 'src/shared/', to: 'src/server/', why: 'shared code is pure' },
      { from: 'src/shared/', to: 'src/client/', why: 'shared code is pure' },
      { from: 'src/server/', to: 'src/client/', why: 'the server is not the client' },
      { from: 'src/client/features/', to: 'src/client/app/', why: 'paths are in config/paths.ts' },
      { from: 'src/client/components/', to: 'src/client/app/', why: 'below the app' },
      { from: 'src/client/hooks/', to: 'src/client/app/', why: 'below the app' },
      { from: 'src/client/lib/', to: 'src/client/app/', why: 'below the app' },
      { from: 'src/client/config/', to: 'src/client/app/', why: 'below the app' },
      { from: 'src/client/lib/', to: 'src/client/hooks/', why: 'lib is below hooks' },
      { from: 'src/client/lib/', to: 'src/client/features/', why: 'lib is below features' },
      { from: 'src/client/components/', to: 'src/client/features/', why: 'shared components' },
    ];
    const broken: string[] = [];
    for (const [file, imports] of graph) {
      for (const target of imports) {
        for (const rule of rules) {
          if (rel(file).startsWith(rule.from) && rel(target).startsWith(rule.to)) {
            broken.push(`${rel(file)} → ${rel(target)} (${rule.why})`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
