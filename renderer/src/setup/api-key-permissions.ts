/**
 * An API key's permissions as the administration lists them, in words: per resource, read and/or
 * write (`patient:read`, `patient:write` → "Pacientes (leitura e escrita)"), by the resource's name;
 * `*` is every permission. Pure, so the list and its test share it.
 */
import type { SetupMessageKey } from './setup.pt-BR.js';

/** The translator the words come from (i18next's `t` narrowed to the administration's keys). */
export type Translate = (key: SetupMessageKey) => string;

/**
 * One line naming `permissions`, sorted by resource name (pt-BR collation); a permission this desk
 * does not know shows as it is, at the end.
 */
export function describePermissions(permissions: readonly string[], t: Translate): string {
  if (permissions.includes('*')) return t('admin.keys.all');
  const modes = new Map<string, Set<string>>();
  const unknown: string[] = [];
  for (const permission of permissions) {
    const [resource, mode] = permission.split(':');
    if (!resource || (mode !== 'read' && mode !== 'write')) unknown.push(permission);
    else modes.set(resource, (modes.get(resource) ?? new Set()).add(mode));
  }
  const named = [...modes].map(([resource, set]) => {
    const label = t(`admin.res.${resource}` as SetupMessageKey);
    const which =
      set.size === 2
        ? t('admin.keys.readWrite')
        : set.has('read')
          ? t('admin.keys.readOnly')
          : t('admin.keys.writeOnly');
    return { label: label.startsWith('admin.res.') ? resource : label, which };
  });
  named.sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  return [...named.map((n) => `${n.label} (${n.which})`), ...unknown].join(', ');
}
