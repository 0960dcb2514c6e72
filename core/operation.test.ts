import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Actor } from './actor.js';
import { fixedClock } from './clock.js';
import { type DomainError } from './errors.js';
import { uuidV7Ids } from './ids.js';
import { defineOperation, invoke, type OperationContext } from './operation.js';
import { memoryOutbox } from './outbox.js';
import { createRegistry } from './registry.js';
import type { Store } from './store/port.js';
import { memoryNumberSource } from './numbering/number-source.js';

const store = { tenantId: 't1' } as Store; // this operation never touches the store
const actor = (permissions: string[]): Actor => ({
  kind: 'apiKey',
  id: 'k1',
  tenantId: 't1',
  permissions: new Set(permissions),
});
const ctx = (permissions: string[]): OperationContext => ({
  store,
  actor: actor(permissions),
  clock: fixedClock('2026-11-23T12:00:00Z'),
  ids: uuidV7Ids,
  outbox: memoryOutbox(),
  numbers: memoryNumberSource(),
});

const total = defineOperation({
  name: 'budget.total',
  group: 'Report Budget',
  summary: 'Soma os itens',
  permission: 'budget:read',
  input: z.strictObject({
    items: z.array(z.strictObject({ quantity: z.number().int().positive(), valueUnity: z.number() })),
  }),
  output: z.object({ value: z.number() }),
  run: (_ctx, { items }) =>
    Promise.resolve({ value: items.reduce((sum, i) => sum + Math.round(i.valueUnity * 100) * i.quantity, 0) / 100 }),
});

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: DomainError) => e,
  );
}

describe('invoke', () => {
  it('runs an operation for an actor with the permission', async () => {
    const input = { items: [{ quantity: 3, valueUnity: 0.1 }] };
    expect(await invoke(total, ctx(['budget:read']), input)).toEqual({ value: 0.3 });
    expect(await invoke(total, ctx(['budget:*']), input)).toEqual({ value: 0.3 });
    expect(await invoke(total, ctx(['*']), input)).toEqual({ value: 0.3 });
  });

  it('refuses an actor without the permission before looking at the input', async () => {
    const error = await failure(invoke(total, ctx(['patient:read']), { nonsense: true }));
    expect(error.code).toBe('forbidden');
  });

  it('names every bad field, unknown keys included, with dotted paths', async () => {
    const error = await failure(
      invoke(total, ctx(['*']), { items: [{ quantity: 0, valueUnity: 'x', extra: 1 }], other: 2 }),
    );
    expect(error.code).toBe('validation');
    expect(error.details.map((d) => d.path).sort()).toEqual([
      'items.0.extra',
      'items.0.quantity',
      'items.0.valueUnity',
      'other',
    ]);
  });

  it('treats output outside the schema as a programming error, not a domain error', async () => {
    const broken = { ...total, output: z.object({ value: z.string() }) } as unknown as typeof total;
    await expect(invoke(broken, ctx(['*']), { items: [] })).rejects.toThrow(/outside its schema/);
  });
});

describe('createRegistry', () => {
  it('refuses two operations with one name or one route', () => {
    expect(() => createRegistry([total, total])).toThrow(/defined twice/);
    const a = defineOperation({ ...total, name: 'a', http: { method: 'GET', path: '/budget/{id}' } });
    const b = defineOperation({ ...total, name: 'b', http: { method: 'GET', path: '/budget/{budgetId}/' } });
    expect(() => createRegistry([a, b])).toThrow(/bound twice/);
    expect(createRegistry([a, total]).get('a')).toBe(a);
  });
});
