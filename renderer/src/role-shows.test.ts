import { describe, expect, it } from 'vitest';
import { permissionsOf, ROLES } from '#core/access/roles.js';
import { can } from '#core/actor.js';
import { ROLES_HOLDING, roleAdministers, type ShellPermission } from './role-shows.js';

const composedHolds = (role: (typeof ROLES)[number], permission: string) =>
  can({ kind: 'user', id: 'u', tenantId: 't', permissions: new Set(permissionsOf(role)) }, permission);

describe('the roles the shell shows entries to', () => {
  it('are the roles the modules compose for each permission', () => {
    for (const permission of Object.keys(ROLES_HOLDING) as ShellPermission[])
      expect([...ROLES_HOLDING[permission]]).toEqual(ROLES.filter((role) => composedHolds(role, permission)));
  });

  it('let only admins into the administration area', () => {
    expect(ROLES.filter(roleAdministers)).toEqual(['admin']);
  });
});
