/**
 * A group is its folder plus one line in core/modules.ts (issue 21; docs/adding-a-group.md): a module
 * declared only here, added to the list, gets its storage group, its roles' permissions, its push
 * contract (with the sample the registry-wide push suite sends) and its sync-review describer from its
 * own declaration, while what every other group gets stays as it was. And the lists those derive from
 * name no group's collection or resource, so nobody has to edit them for a new group.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { r, rw } from '#core/access/role-grants.js';
import { composeRoles, permissionsOf, ROLES } from '#core/access/roles.js';
import { allCollections, modules } from '#core/catalogue.js';
import { domainModule, moduleCollections } from '#core/module.js';
import { installModules } from '#core/module-install.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { CLINIC_STORAGE_GROUPS, groupsOf } from '#core/store/rxdb/storage-groups.js';
import { pushContractOf, recordBaseShape } from '#core/sync/push-contract.js';
import { describers, describersOf } from '#core/sync/review/describers.js';
import { nameOr, ref, text } from '#core/sync/review/fields.js';

interface Visit extends RecordBase {
  patient: string;
  reason: string;
}

/** The whole of a small group, as its folder would hold it (record, push contract, review, access). */
const visits = defineCollection<Visit>({ name: 'fixture_visits', fields: { patient: 'string' }, indexes: [] });
const visitModule = domainModule({
  name: 'fixture-visit',
  access: { resources: ['visit'], roles: { staff: r('visit'), reception: rw('visit') } },
  collections: [
    {
      def: visits,
      storageGroup: 'schedule',
      push: {
        record: z.strictObject({ ...recordBaseShape, patient: z.string(), reason: z.string() }),
        deletes: { refuse: 'uma visita não é apagada' },
        sample: (refs) => ({ patient: refs.patient, reason: 'Retorno' }),
      },
      review: {
        noun: 'Visita',
        title: (doc, lookup) => `Visita de ${nameOr(lookup, 'patients', doc.patient)}`,
        fields: { patient: ref('Paciente', 'patients'), reason: text('Motivo') },
      },
    },
  ],
  operations: [],
});

/** The catalogue's list with the one line added. */
const withVisits = [...modules, visitModule];

describe('adding a group is its folder plus one line', () => {
  it('puts its collection in the storage group it declares, and moves no other collection', () => {
    const groups = groupsOf(withVisits);
    expect(groups.schedule).toEqual([...CLINIC_STORAGE_GROUPS.schedule!, 'fixture_visits']);
    for (const [group, names] of Object.entries(CLINIC_STORAGE_GROUPS))
      if (group !== 'schedule') expect(groups[group], group).toEqual(names);
    expect(moduleCollections(...withVisits).map((def) => def.name)).toEqual([
      ...allCollections.map((def) => def.name),
      'fixture_visits',
    ]);
  });

  it('gives its permissions to the roles it names, and changes no other permission', () => {
    const composed = composeRoles(withVisits);
    expect(composed.resources).toContain('visit');
    for (const role of ROLES) {
      const before = permissionsOf(role);
      const after = [...new Set(composed.grants.get(role))].sort();
      const added = { admin: [], reception: rw('visit'), professional: r('visit'), finance: r('visit'), totem: [] }[
        role
      ];
      expect(after, role).toEqual([...new Set([...before, ...added])].sort());
    }
  });

  it('installs its push contract, whose sample passes it, and its describer beside the others', () => {
    installModules([visitModule]);
    const contract = pushContractOf('fixture_visits');
    const refs = { clinic: 'c1', patient: 'p1', professional: 'u1', idOf: (name: string) => `${name}-1` };
    const sample = { id: 'v1', tenantId: 't1', createdAt: '2026-11-27T09:00:00-03:00', ...contract.sample(refs) };
    expect(contract.record.safeParse({ ...sample, updatedAt: sample.createdAt }).success).toBe(true);
    expect(contract.deletes).toEqual({ refuse: 'uma visita não é apagada' });

    const described = describersOf(withVisits);
    expect(described.fixture_visits?.noun).toBe('Visita');
    const lookup = { get: (collection: string, id: unknown) => (id === 'p1' ? { name: 'Maria Silva' } : undefined) };
    expect(described.fixture_visits?.title({ patient: 'p1' }, lookup, 'America/Sao_Paulo')).toBe(
      'Visita de Maria Silva',
    );
    expect(Object.keys(described).filter((name) => name !== 'fixture_visits')).toEqual(Object.keys(describers()));
  });

  it('the lists the rest of the system reads name no group: nothing there to edit for a new one', () => {
    const collections = allCollections.map((def) => def.name);
    const resources = composeRoles(modules).resources;
    const quoted = (file: string, words: readonly string[]) =>
      words.filter((word) => readFileSync(file, 'utf8').includes(`'${word}'`));
    // The storage groups' own names ('finance', 'account') are the five groups, not a group's resources.
    expect(quoted('core/store/rxdb/storage-groups.ts', collections)).toEqual([]);
    expect(quoted('core/access/roles.ts', [...collections, ...resources])).toEqual([]);
    expect(quoted('core/catalogue.ts', [...collections, ...resources])).toEqual([]);
  });
});
