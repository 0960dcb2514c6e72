import { describe, expect, it } from 'vitest';
import { can } from '#core/actor.js';
import { isPermission, isRole, permissionsOf, resourceNames, ROLES } from './roles.js';

const actor = (role: (typeof ROLES)[number]) => ({
  kind: 'user' as const,
  id: 'u',
  tenantId: 't',
  permissions: new Set(permissionsOf(role)),
});

describe('roles → permissions', () => {
  it('gives admins everything and nobody else the right to grant access', () => {
    expect(permissionsOf('admin')).toEqual(['*']);
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect(can(actor(role), 'access:write'), role).toBe(false);
      expect(can(actor(role), 'audit:read'), role).toBe(false);
    }
  });

  it('lets reception run the desk but not read medical records; lets professionals', () => {
    expect(can(actor('reception'), 'patient:write')).toBe(true);
    expect(can(actor('reception'), 'budget:write')).toBe(true);
    expect(can(actor('reception'), 'medicalRecord:read')).toBe(false);
    expect(can(actor('professional'), 'medicalRecord:write')).toBe(true);
  });

  it('keeps the totem kiosk to check-in: no patient or appointment permission, no calling', () => {
    const totem = actor('totem');
    expect(can(totem, 'attendance:write')).toBe(true);
    expect(can(totem, 'patient:read')).toBe(false);
    expect(can(totem, 'appointment:read')).toBe(false);
    expect(can(totem, 'ticket:write')).toBe(false);
    expect(can(totem, 'profile:write')).toBe(false);
  });

  it('lets every role manage its own session', () => {
    for (const role of ROLES) expect(can(actor(role), 'session:write'), role).toBe(true);
  });

  it('only names known resources', () => {
    for (const role of ROLES) {
      for (const permission of permissionsOf(role)) expect(isPermission(permission), permission).toBe(true);
    }
    expect(resourceNames()).toContain('patient');
    expect(isPermission('patient:delete')).toBe(false);
    expect(isPermission('nada:read')).toBe(false);
    expect(isPermission('budget:*')).toBe(true);
    expect(isRole('totem')).toBe(true);
    expect(isRole('root')).toBe(false);
  });
});
