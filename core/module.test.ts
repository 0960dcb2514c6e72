import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectionGrants, collectionPolicy, healthData } from './access/policy.js';
import { allCollections, allOperations, modules } from './catalogue.js';
import { domainModule, type DomainModule } from './module.js';
import { installModules } from './module-install.js';
import { patientReferences } from './patient/references.js';
import { defineCollection } from './store/collection-def.js';
import type { RecordBase } from './store/record.js';
import { pushContractOf } from './sync/push-contract.js';
import { DEFAULT_SYNC_WINDOWS } from './sync/windows.js';

interface Visit extends RecordBase {
  patient: string;
  count: number;
}

const push = { record: z.object({}), deletes: { allow: 'a test collection' }, sample: () => ({}) };

/** A module holding one test collection (names of its own, never a real collection's). */
function moduleWith(name: string, collection: string, patientFields?: string[]): DomainModule {
  const def = defineCollection<Visit>({
    name: collection,
    fields: { patient: 'string', count: 'number' },
    indexes: [],
  });
  return domainModule({
    name,
    collections: [{ def, storageGroup: 'reference', push, ...(patientFields ? { patientFields } : {}) }],
    operations: [],
  });
}

describe('domain modules', () => {
  it('every collection of the catalogue belongs to exactly one module', () => {
    for (const def of allCollections) {
      const owners = modules.filter((m) => m.collections.some((c) => c.def.name === def.name));
      expect(
        owners.map((m) => m.name),
        def.name,
      ).toHaveLength(1);
    }
    expect(new Set(allCollections.map((def) => def.name)).size).toBe(allCollections.length);
    expect(allOperations).toHaveLength(modules.reduce((n, m) => n + m.operations.length, 0));
  });

  it('installs what the modules declare: policies, grants, patient references, windows, push contracts', () => {
    expect(collectionPolicy('patients')).toEqual(healthData('patient'));
    expect(collectionPolicy('budgets')).toEqual(healthData('budget'));
    expect(collectionPolicy('users')?.permissionFields).toEqual(['role', 'active', 'status']);
    expect([...collectionGrants('patients').read]).toEqual(['attendance:write']);
    expect([...collectionGrants('appointments').write]).toEqual(['attendance:write']);
    const references = patientReferences().map((r) => `${r.collection.name}.${r.field}`);
    expect(references).toEqual(
      expect.arrayContaining(['appointments.patient', 'budgets.patient', 'treatments.patient', 'tickets.patient']),
    );
    expect(DEFAULT_SYNC_WINDOWS.appointments).toEqual({ since: 'startUtc', days: 90 });
    expect(DEFAULT_SYNC_WINDOWS.patients).toEqual({ where: { active: true } });
    expect(DEFAULT_SYNC_WINDOWS.audit_log).toBe('never');
    expect(pushContractOf('tickets').deletes).toHaveProperty('refuse');
  });

  it('refuses a collection declared by two modules', () => {
    const first = moduleWith('first', 'module_test_twice');
    const second = moduleWith('second', 'module_test_twice');
    expect(() => installModules([first, second])).toThrow(/module_test_twice is declared by modules first and second/);
  });

  it('refuses patient fields that are not declared string fields', () => {
    expect(() => installModules([moduleWith('numbers', 'module_test_count', ['count'])])).toThrow(
      /module_test_count\.count: declare it as a string field/,
    );
    expect(() => installModules([moduleWith('missing', 'module_test_missing', ['patientId'])])).toThrow(
      /module_test_missing\.patientId/,
    );
  });
});
