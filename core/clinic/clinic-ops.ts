/**
 * Clinic operations (spec §4.4 Clinic: "create, retrieve, edit, list, patch and remove a clinic").
 * Remove is logical (`active: false`): appointments and budgets keep pointing at the clinic.
 */
import { z } from 'zod';
import { requireClinicScope } from '#core/access/clinic-scope.js';
import { searchKey } from '#core/br/text.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { pageBy } from '#core/common/paging.js';
import { activeFilterInput, cursorInput, limitInput } from '#core/common/query-input.js';
import {
  compact,
  conflictOn,
  EXAMPLE_ID,
  hasSomeField,
  idInput,
  newRecordBase,
  nowIso,
  patchFields,
  patchShape,
  replaceFields,
  requireRecord,
} from '#core/common/records.js';
import {
  clinicFieldsInput,
  clinicOutput,
  clinics,
  DEFAULT_TIME_ZONE,
  placeInput,
  type Clinic,
} from './clinic-record.js';

const GROUP = 'Clinic';
const EDITABLE = Object.keys(clinicFieldsInput) as (keyof typeof clinicFieldsInput & keyof Clinic)[];

/** @throws DomainError `conflict` naming `cnpj` when another active clinic of the account has it. */
async function assertCnpjFree(ctx: OperationContext, cnpj: string | undefined, self?: string): Promise<void> {
  if (!cnpj) return;
  const taken = await ctx.store.collection(clinics).find({ selector: { cnpj, active: true }, limit: 2 });
  const other = taken.find((c) => c.id !== self);
  if (other) throw conflictOn('cnpj', 'CNPJ já cadastrado', `já usado pela clínica ${other.name} (${other.id})`);
}

/** Loads a clinic or answers 404 (also for a clinic outside a totem key's one clinic). */
export async function requireClinic(ctx: OperationContext, id: string): Promise<Stored<Clinic>> {
  requireClinicScope(ctx.actor, id);
  return requireRecord(ctx.store.collection(clinics), id, 'Clínica');
}

/** `clinic.create`: `POST /clinic/` (201). */
export const createClinic = defineOperation({
  name: 'clinic.create',
  group: GROUP,
  summary: 'Cadastra uma clínica (só o nome é obrigatório)',
  description: `Fuso horário padrão ${DEFAULT_TIME_ZONE}. Locais de atendimento podem vir já no cadastro.`,
  permission: 'clinic:write',
  input: z.strictObject({
    ...clinicFieldsInput,
    timeZone: clinicFieldsInput.timeZone.default(DEFAULT_TIME_ZONE),
    openingHours: clinicFieldsInput.openingHours.default([]),
    places: z.array(placeInput).max(200).default([]),
  }),
  output: z.object({ message: z.string(), clinic: clinicOutput }),
  http: { method: 'POST', path: '/clinic/', status: 201 },
  example: { name: 'Clínica Bem Viver', cnpj: '11.222.333/0001-81', phone: '(11) 3333-4444' },
  async run(ctx, input) {
    await assertCnpjFree(ctx, input.cnpj);
    const { places, ...fields } = input;
    const clinic = await ctx.store.collection(clinics).insert(
      compact({
        ...newRecordBase(ctx),
        ...fields,
        nameKey: searchKey(fields.name),
        places: places.map((p) => compact({ id: ctx.ids.next(), ...p, active: true })),
        subspecialties: [],
        active: true,
      }),
    );
    return { message: 'Clínica cadastrada', clinic };
  },
});

/** `clinic.get`: `GET /clinic/{id}`. */
export const getClinic = defineOperation({
  name: 'clinic.get',
  group: GROUP,
  summary: 'Mostra uma clínica',
  permission: 'clinic:read',
  input: z.strictObject({ id: idInput }),
  output: clinicOutput,
  http: { method: 'GET', path: '/clinic/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireClinic(ctx, id),
});

/** `clinic.update`: `PUT /clinic/{id}`. */
export const updateClinic = defineOperation({
  name: 'clinic.update',
  group: GROUP,
  summary: 'Edita uma clínica (substitui os dados cadastrais; locais e subespecialidades não mudam)',
  permission: 'clinic:write',
  input: z.strictObject({
    id: idInput,
    ...clinicFieldsInput,
    timeZone: clinicFieldsInput.timeZone.default(DEFAULT_TIME_ZONE),
    openingHours: clinicFieldsInput.openingHours.default([]),
  }),
  output: clinicOutput,
  http: { method: 'PUT', path: '/clinic/{id}' },
  example: { id: EXAMPLE_ID, name: 'Clínica Bem Viver — Unidade Paulista', timeZone: 'America/Sao_Paulo' },
  async run(ctx, { id, ...values }) {
    const current = await requireClinic(ctx, id);
    if (current.active) await assertCnpjFree(ctx, values.cnpj, id);
    const next = replaceFields<Clinic>(
      current,
      { ...values, nameKey: searchKey(values.name) },
      [...EDITABLE, 'nameKey'],
      nowIso(ctx),
    );
    return ctx.store.collection(clinics).update(id, current._rev, next);
  },
});

/** `clinic.patch`: `PATCH /clinic/{id}`. */
export const patchClinic = defineOperation({
  name: 'clinic.patch',
  group: GROUP,
  summary: 'Altera campos avulsos de uma clínica (null apaga um campo opcional)',
  permission: 'clinic:write',
  input: z
    .strictObject({ id: idInput, ...patchShape(clinicFieldsInput, ['name', 'timeZone', 'openingHours']) })
    .refine(hasSomeField, { message: 'informe ao menos um campo' }),
  output: clinicOutput,
  http: { method: 'PATCH', path: '/clinic/{id}' },
  example: { id: EXAMPLE_ID, phone: '(11) 3333-5555' },
  async run(ctx, { id, ...patch }) {
    const current = await requireClinic(ctx, id);
    if (patch.cnpj && current.active) await assertCnpjFree(ctx, patch.cnpj, id);
    const next = patchFields<Clinic>(current, patch, nowIso(ctx));
    next.nameKey = searchKey(next.name);
    return ctx.store.collection(clinics).update(id, current._rev, next);
  },
});

/** `clinic.list`: `GET /clinic/`; a credential bound to one clinic sees only that one. */
export const listClinics = defineOperation({
  name: 'clinic.list',
  group: GROUP,
  summary: 'Lista clínicas por nome (ignora acentos e maiúsculas)',
  permission: 'clinic:read',
  input: z.strictObject({
    q: z.string().max(200).optional().describe('início do nome'),
    active: activeFilterInput,
    limit: limitInput,
    cursor: cursorInput,
  }),
  output: z.object({ items: z.array(clinicOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/clinic/' },
  example: { q: 'bem viver' },
  run: async (ctx, { q, active, limit, cursor }) => {
    const scope = ctx.actor.clinicScope;
    // A key bound to one clinic (a totem's) lists that clinic only: the others stay unknown to it.
    if (scope !== undefined) {
      const own = await ctx.store.collection(clinics).get(scope);
      const shown =
        own !== undefined &&
        own.nameKey.startsWith(searchKey(q ?? '')) &&
        (active === undefined || own.active === active);
      return { items: shown && cursor === undefined ? [own] : [], next: null };
    }
    return pageBy(ctx.store.collection(clinics), {
      key: 'nameKey',
      prefix: searchKey(q ?? ''),
      where: [active === undefined ? {} : { active }],
      limit,
      cursor,
    });
  },
});

async function setClinicActive(ctx: OperationContext, id: string, active: boolean): Promise<Stored<Clinic>> {
  const current = await requireClinic(ctx, id);
  if (current.active === active) return current;
  if (active) await assertCnpjFree(ctx, current.cnpj, id);
  return ctx.store.collection(clinics).update(id, current._rev, { ...current, active, updatedAt: nowIso(ctx) });
}

/** `clinic.remove`: `DELETE /clinic/{id}`. */
export const removeClinic = defineOperation({
  name: 'clinic.remove',
  group: GROUP,
  summary: 'Remove (inativa) uma clínica; o histórico continua apontando para ela',
  permission: 'clinic:write',
  input: z.strictObject({ id: idInput }),
  output: z.object({ message: z.string(), clinic: clinicOutput }),
  http: { method: 'DELETE', path: '/clinic/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    return { message: 'Clínica removida', clinic: await setClinicActive(ctx, id, false) };
  },
});

/** `clinic.activate`: `POST /clinic/{id}/activation`. */
export const activateClinic = defineOperation({
  name: 'clinic.activate',
  group: GROUP,
  summary: 'Reativa uma clínica removida',
  permission: 'clinic:write',
  input: z.strictObject({ id: idInput }),
  output: clinicOutput,
  http: { method: 'POST', path: '/clinic/{id}/activation' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => setClinicActive(ctx, id, true),
});

/** The operations of this file, collected by the group's index. */
export const clinicOperations = [
  createClinic,
  getClinic,
  updateClinic,
  patchClinic,
  listClinics,
  removeClinic,
  activateClinic,
];
