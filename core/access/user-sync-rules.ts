/**
 * What an installation may push of `users` (issue 7): a desk registers a temporary professional
 * offline (a substitute arrives while the internet is down) and edits professionals' profiles, as
 * `user.create` without an e-mail and `user.edit` allow a holder of `user:write`. A user's role,
 * `active`, status, e-mail and credentials grant access, so they never change through sync: only the
 * server's operations (with `access:write`) change them, and no user is deleted by a push.
 */
import type { ErrorDetail } from '#core/errors.js';
import type { SyncRules } from '#core/sync/record-rules.js';
import { COUNCILS, STATES } from './user.js';

type Doc = Record<string, unknown>;

/** Fields only the server's operations set or change. */
const ACCESS_FIELDS = ['role', 'active', 'status', 'email', 'credentialsChangedAt', 'cpf'] as const;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function profileProblems(next: Doc): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const name = typeof next.name === 'string' ? next.name.trim() : '';
  if (name.length < 2 || name.length > 120) problems.push({ path: 'name', message: 'nome de 2 a 120 letras' });
  const council = [next.council, next.councilNumber, next.councilState];
  const given = council.filter((v) => v !== null && v !== undefined).length;
  if (given !== 0 && given !== 3) problems.push({ path: 'council', message: 'conselho, número e UF vão juntos' });
  if (given === 3) {
    if (!(COUNCILS as readonly unknown[]).includes(next.council)) {
      problems.push({ path: 'council', message: 'conselho desconhecido' });
    }
    if (!(STATES as readonly unknown[]).includes(next.councilState)) {
      problems.push({ path: 'councilState', message: 'UF inválida' });
    }
    if (typeof next.councilNumber !== 'string' || !/^[0-9A-Za-z./-]{1,20}$/.test(next.councilNumber)) {
      problems.push({ path: 'councilNumber', message: 'número do conselho inválido' });
    }
  }
  const specialties = next.specialties;
  if (!Array.isArray(specialties) || specialties.length > 50 || specialties.some((s) => typeof s !== 'string')) {
    problems.push({ path: 'specialties', message: 'lista de até 50 especialidades' });
  }
  return problems;
}

/**
 * A pushed user: new ones only as a temporary professional (no e-mail, no login, active); edits only
 * of the profile (name, council, specialties).
 */
export function userPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  const problems = profileProblems(next);
  if (!previous) {
    const expected: Doc = {
      role: 'professional',
      status: 'temporary',
      active: true,
      email: null,
      credentialsChangedAt: null,
    };
    for (const [field, value] of Object.entries(expected)) {
      if (!same(next[field], value)) {
        problems.push({
          path: field,
          message: 'uma instalação só cria profissional temporário (sem e-mail, ativo); o resto exige access:write',
        });
      }
    }
    return problems;
  }
  for (const field of ACCESS_FIELDS) {
    if (!same(next[field], previous[field])) {
      problems.push({ path: field, message: 'só um administrador (access:write) altera este campo, pelo servidor' });
    }
  }
  return problems;
}

/** Sync rules of `users` (core/sync/record-rules.ts). */
export const userSyncRules: SyncRules = {
  readPermission: 'user:read',
  writePermission: 'user:write',
  check: userPushProblems,
};
