/**
 * Users of the account as the desk and integrators see them (spec §4.4 "User": show profile, edit,
 * remove, get permissions; plus the list a schedule needs). Creating, inviting and making users
 * definitive need the server's credentials and live in sync-server/auth.
 */
import { z } from 'zod';
import { can } from '#core/actor.js';
import { isoWithOffset } from '#core/clock.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { idInput } from '#core/common/records.js';
import {
  councilNumberSchema,
  councilSchema,
  specialtyListSchema,
  nameSchema,
  roleSchema,
  stateSchema,
  userOutput,
  users,
  type User,
} from './user.js';

const idSchema = idInput;
const EXAMPLE_ID = '01936f0e-8c2a-7b1e-9d4c-2f5a6b7c8d9e';

/**
 * The user `id` of the actor's account.
 * @throws DomainError `not_found` when missing, also when it belongs to another account.
 */
export async function loadUser(ctx: OperationContext, id: string): Promise<Stored<User>> {
  const found = await ctx.store.collection(users).get(id);
  if (!found) throw new DomainError('not_found', 'Usuário não encontrado', [{ path: 'id', message: id }]);
  return found;
}

/**
 * Refuses to leave the account without an active admin (nobody could then manage access).
 * @throws DomainError `conflict` when `user` is the last active admin and `next` is not one.
 */
async function keepAnAdmin(ctx: OperationContext, user: User, next: User): Promise<void> {
  const wasAdmin = user.role === 'admin' && user.active;
  const staysAdmin = next.role === 'admin' && next.active;
  if (!wasAdmin || staysAdmin) return;
  const admins = await ctx.store.collection(users).count({ selector: { role: 'admin', active: true } });
  if (admins <= 1) {
    throw new DomainError('conflict', 'A conta ficaria sem administrador', [
      { path: 'role', message: 'promova outro administrador antes' },
    ]);
  }
}

export const getUser = defineOperation({
  name: 'user.get',
  group: 'User',
  summary: 'Mostra o perfil de um usuário',
  permission: 'user:read',
  input: z.strictObject({ id: idSchema }),
  output: userOutput,
  http: { method: 'GET', path: '/user/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => loadUser(ctx, id),
});

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const listUsers = defineOperation({
  name: 'user.list',
  group: 'User',
  summary: 'Lista os usuários da conta (profissionais, recepção…)',
  description: 'Paginado por cursor: passe `next` da resposta como `cursor` para a página seguinte.',
  permission: 'user:read',
  input: z.strictObject({
    role: roleSchema.optional(),
    status: z.enum(['temporary', 'invited', 'active']).optional(),
    active: booleanQuery.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    cursor: idSchema.optional(),
  }),
  output: z.object({ items: z.array(userOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/user/' },
  example: { role: 'professional', limit: 50 },
  async run(ctx, { role, status, active, limit, cursor }) {
    const items = await ctx.store.collection(users).find({
      selector: { role, status, active, id: cursor === undefined ? undefined : { $gt: cursor } },
      sort: [{ id: 'asc' }],
      limit: limit + 1,
    });
    const page = items.slice(0, limit);
    return { items: page, next: items.length > limit ? page[page.length - 1]!.id : null };
  },
});

/** Fields of a user only a holder of `access:write` (admins) may change: they grant access. */
const ACCESS_FIELDS = ['role', 'active'] as const;

export const editUser = defineOperation({
  name: 'user.edit',
  group: 'User',
  summary: 'Edita um usuário',
  description:
    'Envie só os campos a mudar. `role` e `active` exigem a permissão access:write (administradores); ' +
    'conselho, número e UF vão juntos (null nos três remove o registro).',
  permission: 'user:write',
  input: z.strictObject({
    id: idSchema,
    name: nameSchema.optional(),
    role: roleSchema.optional(),
    active: z.boolean().optional(),
    council: councilSchema.nullable().optional(),
    councilNumber: councilNumberSchema.nullable().optional(),
    councilState: stateSchema.nullable().optional(),
    specialties: specialtyListSchema.optional(),
  }),
  output: userOutput,
  http: { method: 'PUT', path: '/user/{id}' },
  example: { id: EXAMPLE_ID, name: 'Dra. Ana Souza', council: 'CRO', councilNumber: '12345', councilState: 'SP' },
  async run(ctx, { id, ...changes }) {
    const current = await loadUser(ctx, id);
    const refused: ErrorDetail[] = ACCESS_FIELDS.filter(
      (field) => changes[field] !== undefined && changes[field] !== current[field],
    ).map((path) => ({ path, message: 'só quem tem access:write (administrador) altera este campo' }));
    if (refused.length > 0 && !can(ctx.actor, 'access:write')) {
      throw new DomainError('forbidden', 'Sem permissão para alterar o acesso do usuário', refused);
    }
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const { _rev, ...record } = current;
    const next: User = { ...record, ...defined, updatedAt: isoWithOffset(ctx.clock.now()) };
    const council = [next.council, next.councilNumber, next.councilState];
    if (council.some((v) => v === null) && council.some((v) => v !== null)) {
      throw new DomainError('validation', 'Requisição inválida', [
        { path: 'council', message: 'conselho, número e UF vão juntos' },
      ]);
    }
    await keepAnAdmin(ctx, current, next);
    return ctx.store.collection(users).update(id, _rev, next);
  },
});

export const removeUser = defineOperation({
  name: 'user.remove',
  group: 'User',
  summary: 'Remove um usuário da conta',
  description:
    'Remoção lógica: o usuário perde o acesso na hora (sessões e login offline incluídos) e continua ' +
    'aparecendo no histórico (quem criou um orçamento, quem atendeu).',
  permission: 'access:write',
  input: z.strictObject({ id: idSchema }),
  output: userOutput,
  http: { method: 'DELETE', path: '/user/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const current = await loadUser(ctx, id);
    if (!current.active) return current;
    const { _rev, ...record } = current;
    const next: User = { ...record, active: false, updatedAt: isoWithOffset(ctx.clock.now()) };
    await keepAnAdmin(ctx, current, next);
    return ctx.store.collection(users).update(id, _rev, next);
  },
});

export const userPermissions = defineOperation({
  name: 'user.permissions',
  group: 'User',
  summary: 'Permissões de um usuário',
  description: 'Derivadas do papel; um usuário removido ou que ainda não aceitou o convite não tem nenhuma.',
  permission: 'user:read',
  input: z.strictObject({ id: idSchema }),
  output: z.object({ userId: z.string(), role: roleSchema, permissions: z.array(z.string()) }),
  http: { method: 'GET', path: '/user/{id}/permissions' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const user = await loadUser(ctx, id);
    const granted = user.active && user.status === 'active';
    // Loaded here, not at the top: roles.ts composes every module, this file's own module among them, so a
    // static import makes a cycle that breaks whenever this file is the first one loaded.
    const { permissionsOf } = await import('./roles.js');
    return { userId: user.id, role: user.role, permissions: granted ? permissionsOf(user.role) : [] };
  },
});

export const userOperations = [getUser, listUsers, editUser, removeUser, userPermissions];
