import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MODULES = path.join(ROOT, 'core/modules.ts');

/** The files `file` imports at run time (type-only imports leave no edge), resolved inside the repository. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?['"]([^'"]+)['"]/gms)) {
    const spec = match[1]!;
    const base = spec.startsWith('#core/')
      ? path.join(ROOT, 'core', spec.slice('#core/'.length))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(file), spec)
        : null;
    if (!base) continue;
    const stem = base.replace(/\.js$/, '');
    const hit = [`${stem}.ts`, `${stem}.tsx`, path.join(stem, 'index.ts')].find((candidate) => existsSync(candidate));
    if (hit) found.push(hit);
  }
  return found;
}

/** The chain of run-time imports from `start` to `target`, or null when there is none. */
function chain(start: string, target: string): string[] | null {
  const previous = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (file === target) {
      const names: string[] = [];
      for (let at: string | null = file; at; at = previous.get(at) ?? null) names.unshift(path.relative(ROOT, at));
      return names;
    }
    for (const next of runtimeImports(file)) {
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

describe('a group module never imports the module list', () => {
  // core/modules.ts evaluates `[accessModule, …]`: reached from inside a module.ts (through roles.ts,
  // storage-groups.ts or the describer table, which compose every module), it runs while that module is still
  // loading, and whichever test or screen loads that group first finds the list half-built.
  it('holds for every core/<group>/module.ts', () => {
    const groups = readdirSync(path.join(ROOT, 'core'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(ROOT, 'core', entry.name, 'module.ts')))
      .map((entry) => path.join(ROOT, 'core', entry.name, 'module.ts'));
    expect(groups.length).toBeGreaterThan(10);
    const reaching = groups.map((file) => chain(file, MODULES)).filter((found) => found !== null);
    expect(reaching).toEqual([]);
  });
});
