/**
 * Users that need the server's credentials (spec §4.4 User): create a user (inviting them by
 * e-mail), invite a person of another account, accept an invitation, turn a temporary user into a
 * definitive one, and find a person by CPF to invite. The rest of the user operations run on any
 * store (core/access/user-ops.ts).
 */
import { z } from 'zod';
import { loadUser } from '#core/access/user-ops.js';
import {
  checkCouncil,
  councilNumberSchema,
  councilSchema,
  cpfSchema,
  emailSchema,
  specialtyListSchema,
  nameSchema,
  roleSchema,
  stateSchema,
  userOutput,
  users,
  type Council,
  type State,
} from '#core/access/user.js';
import { can } from '#core/actor.js';
import { isoWithOffset } from '#core/clock.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { addInvited, checkJoin, newUserRecord, sendInvitation } from './invitations.js';
import { redeemInput, redeemMembership, redeemOutput } from './membership-tokens.js';
import { LIMITS } from './rate-limit.js';
import { auditBy, type AccessServices } from './services.js';

const EXAMPLE_ID = '01936f0e-8c2a-7b1e-9d4c-2f5a6b7c8d9e';
const created = z.object({ message: z.string(), user: userOutput });

/** The user operations that need credentials: create, invite, accept, find by CPF, make definitive. */
export function userAdminOperations(services: AccessServices) {
  const createUser = defineOperation({
    name: 'user.create',
    group: 'User',
    summary: 'Cria um usuário (com e-mail, envia o convite para criar a senha)',
    description:
      '`name`, `email` e `role` bastam; conselho e especialidades podem vir depois. Sem `email`, cria um ' +
      'profissional temporário, que entra na agenda mas não faz login. Dar acesso (com `email`, ou papel ' +
      'diferente de professional) exige access:write.',
    permission: 'user:write',
    input: z
      .strictObject({
        name: nameSchema,
        email: emailSchema.optional(),
        role: roleSchema,
        cpf: cpfSchema.optional(),
        council: councilSchema.optional(),
        councilNumber: councilNumberSchema.optional(),
        councilState: stateSchema.optional(),
        specialties: specialtyListSchema.default([]),
      })
      .superRefine(checkCouncil),
    output: created,
    http: { method: 'POST', path: '/user/', status: 201 },
    example: { name: 'Dra. Ana Souza', email: 'ana.souza@clinicasorriso.com.br', role: 'professional' },
    async run(ctx, input) {
      const refused: ErrorDetail[] = [];
      if (input.email !== undefined) refused.push({ path: 'email', message: 'convidar alguém exige access:write' });
      if (input.role !== 'professional') refused.push({ path: 'role', message: 'este papel exige access:write' });
      if (refused.length && !can(ctx.actor, 'access:write')) {
        throw new DomainError('forbidden', 'Sem permissão para dar acesso', refused);
      }
      const profile = {
        name: input.name,
        cpf: input.cpf ?? null,
        role: input.role,
        council: input.council ?? null,
        councilNumber: input.councilNumber ?? null,
        councilState: input.councilState ?? null,
        specialties: input.specialties,
        active: true,
      };
      const { email } = input;
      if (email === undefined) {
        const user = await ctx.store
          .collection(users)
          .insert(newUserRecord(ctx, { ...profile, email: null, status: 'temporary' }));
        return { message: 'Profissional temporário criado', user };
      }
      const { user, token } = await services.atomic(async (db) => {
        await checkJoin(services, db, ctx.actor.tenantId, { email });
        const login = await services.people.findOrCreate(db, { ...profile, email });
        return addInvited(services, db, login, newUserRecord(ctx, { ...profile, email, status: 'invited' }));
      });
      await sendInvitation(services, ctx, user, email, token);
      return { message: `Usuário criado; convite enviado para ${email}`, user };
    },
  });

  const inviteUser = defineOperation({
    name: 'user.invite',
    group: 'User',
    summary: 'Convida uma pessoa já cadastrada em outra conta (achada pelo CPF)',
    description:
      'O usuário criado mostra só o que a busca por CPF mostra (nome e conselho); e-mail e CPF aparecem ' +
      'quando a pessoa aceita o convite, com a senha dela.',
    permission: 'access:write',
    input: z.strictObject({ person: z.string().min(1).max(64), role: roleSchema }),
    output: created,
    http: { method: 'POST', path: '/user/invitation', status: 201 },
    example: { person: EXAMPLE_ID, role: 'professional' },
    async run(ctx, { person, role }) {
      const { user, token, email } = await services.atomic(async (db) => {
        const login = await services.people.byId(person, db);
        if (!login) throw new DomainError('not_found', 'Pessoa não encontrada', [{ path: 'person', message: person }]);
        await checkJoin(services, db, ctx.actor.tenantId, { email: login.email });
        // Until the person accepts, the account holds only what the CPF lookup shows: no e-mail, no
        // CPF (acceptance fills them in, see redeemMembership).
        const record = newUserRecord(ctx, {
          name: login.name,
          email: null,
          cpf: null,
          role,
          council: login.council as Council | null,
          councilNumber: login.council_number,
          councilState: login.council_state as State | null,
          specialties: [],
          status: 'invited',
          active: true,
        });
        return { ...(await addInvited(services, db, login, record)), email: login.email };
      });
      await sendInvitation(services, ctx, user, email, token);
      return { message: 'Convite enviado', user };
    },
  });

  const acceptInvitation = defineOperation({
    name: 'user.acceptInvitation',
    group: 'User',
    summary: 'Aceita o convite para uma conta (e cria a senha no primeiro acesso)',
    description:
      'No primeiro acesso, `password` é a senha nova (12+ caracteres). Quem já tem senha, ou já pertence a ' +
      'outra clínica, informa a própria senha: ela não muda por um convite (esqueceu? use "esqueci a senha").',
    permission: 'session:write',
    public: true,
    input: redeemInput,
    output: redeemOutput,
    http: { method: 'POST', path: '/user/invitation/acceptance' },
    example: { token: 'inv_Qw3…', password: 'uma senha longa e boa' },
    run: (ctx, input) => redeemMembership(services, 'invitation', input, ctx.origin),
  });

  const findByCpf = defineOperation({
    name: 'user.findByCpf',
    group: 'User',
    summary: 'Acha pelo CPF uma pessoa de outra conta (só o necessário para convidar)',
    description:
      'Nunca mostra e-mail nem contas da pessoa. Limitada a 30 consultas por hora por quem chama e 60 por ' +
      'hora por conta.',
    permission: 'access:write',
    input: z.strictObject({ cpf: cpfSchema }),
    output: z.object({
      person: z.string(),
      name: z.string(),
      council: z.string().nullable(),
      councilNumber: z.string().nullable(),
      councilState: z.string().nullable(),
      member: z.boolean().meta({ description: 'já é usuária desta conta' }),
    }),
    http: { method: 'GET', path: '/user/cpf/{cpf}' },
    example: { cpf: '52998224725' },
    async run(ctx, { cpf }) {
      await services.limits.take(LIMITS.cpfLookup, `${ctx.actor.kind}:${ctx.actor.id}`, 'cpf');
      await services.limits.take(LIMITS.cpfLookupAccount, ctx.actor.tenantId, 'cpf');
      const login = await services.people.byCpf(cpf);
      if (!login)
        throw new DomainError('not_found', 'Nenhuma pessoa com este CPF', [{ path: 'cpf', message: 'não encontrado' }]);
      services.audit.record(
        auditBy(ctx.actor, ctx.origin, { action: 'read', collection: 'logins', recordId: login.id }),
      );
      return {
        person: login.id,
        name: login.name,
        council: login.council,
        councilNumber: login.council_number,
        councilState: login.council_state,
        member: (await services.people.membershipIn(ctx.actor.tenantId, login.id)) !== undefined,
      };
    },
  });

  const makeDefinitive = defineOperation({
    name: 'user.makeDefinitive',
    group: 'User',
    summary: 'Torna definitivo um usuário temporário (envia o convite ao e-mail)',
    permission: 'access:write',
    input: z.strictObject({ id: z.string().min(1).max(64), email: emailSchema, role: roleSchema.optional() }),
    output: created,
    http: { method: 'POST', path: '/user/{id}/definitive' },
    example: { id: EXAMPLE_ID, email: 'carlos.lima@clinicasorriso.com.br' },
    async run(ctx, { id, email, role }) {
      const temporary = await loadUser(ctx, id);
      if (temporary.status !== 'temporary') {
        throw new DomainError('invalid_transition', 'O usuário já é definitivo', [
          { path: 'id', message: temporary.status },
        ]);
      }
      const { user, token } = await services.atomic(async (db) => {
        await checkJoin(services, db, ctx.actor.tenantId, { email });
        const login = await services.people.findOrCreate(db, { ...temporary, email });
        const collection = services.database.forTenant(ctx.actor.tenantId).collection(users);
        const { _rev, ...record } = temporary;
        const now = isoWithOffset(ctx.clock.now());
        const next = { ...record, email, role: role ?? record.role, status: 'invited' as const, updatedAt: now };
        const stored = await collection.update(id, _rev, next);
        await services.people.addMembership(db, ctx.actor.tenantId, login.id, id);
        const issued = await services.oneTime.issue(db, 'invitation', {
          loginId: login.id,
          tenantId: ctx.actor.tenantId,
          userId: id,
        });
        return { user: stored, token: issued };
      });
      await sendInvitation(services, ctx, user, email, token);
      return { message: `Convite enviado para ${email}`, user };
    },
  });

  return [createUser, inviteUser, acceptInvitation, findByCpf, makeDefinitive];
}
