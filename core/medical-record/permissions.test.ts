import { describe, expect, it } from 'vitest';
import { permissionsOf, ROLES } from '#core/access/roles.js';
import { can } from '#core/actor.js';
import { collectionPolicy } from '#core/access/policy.js';
import { modules } from '#core/catalogue.js';
import { syncPermissions } from '#core/sync/record-rules.js';

const holder = (role: (typeof ROLES)[number]) => ({
  kind: 'user' as const,
  id: role,
  tenantId: 't1',
  permissions: new Set(permissionsOf(role)),
});

describe('medical record permissions (LGPD art. 11)', () => {
  it('only professionals and admins read or write clinical content', () => {
    const readers = ROLES.filter((role) => can(holder(role), 'medicalRecord:read'));
    const writers = ROLES.filter((role) => can(holder(role), 'medicalRecord:write'));
    expect(readers).toEqual(['admin', 'professional']);
    expect(writers).toEqual(['admin', 'professional']);
  });

  it('is guarded and audited at the store and needs medicalRecord:read to sync', () => {
    expect(modules.map((m) => m.name)).toContain('medical-record');
    expect(collectionPolicy('medical_records')).toEqual({ resource: 'medicalRecord', check: true, audit: 'all' });
    expect(syncPermissions('medical_records')).toEqual({ read: 'medicalRecord:read', write: 'medicalRecord:write' });
  });
});
