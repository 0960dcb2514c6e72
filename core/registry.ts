import type { Operation } from './operation.js';

/** The catalogue of operations an installation or server offers, by name. */
export interface Registry {
  get(name: string): Operation | undefined;
  list(): readonly Operation[];
}

/**
 * Builds a registry and checks it: names are unique and no two operations share an HTTP method and
 * path (path parameter names ignored, as the router does).
 *
 * @throws Error on a duplicate: a programming error caught by the first test that builds the registry.
 */
export function createRegistry(operations: readonly Operation[]): Registry {
  const byName = new Map<string, Operation>();
  const routes = new Set<string>();
  for (const op of operations) {
    if (byName.has(op.name)) throw new Error(`operation ${op.name} is defined twice`);
    byName.set(op.name, op);
    if (op.http) {
      const route = `${op.http.method} ${op.http.path.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '')}`;
      if (routes.has(route)) throw new Error(`route ${route} is bound twice (${op.name})`);
      routes.add(route);
    }
  }
  return { get: (name) => byName.get(name), list: () => [...byName.values()] };
}
