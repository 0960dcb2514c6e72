/**
 * A clinic's custom subspecialties (spec §4.4 Clinic: "create, rename, and activate or inactivate
 * a custom subspecialty"), kept inside the clinic document. Names are unique among the clinic's
 * active subspecialties, ignoring accents and case.
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { nameInput } from '#core/br/schemas.js';
import { searchKey } from '#core/br/text.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { requireClinic } from './clinic-ops.js';
import { clinics, subspecialtyOutput, type Subspecialty } from './clinic-record.js';
import { activeFilterInput } from '#core/common/query-input.js';
import { compact, conflictOn, EXAMPLE_ID, idInput, notFound, nowIso, requireReference } from '#core/common/records.js';

function assertNameFree(list: readonly Subspecialty[], name: string, self?: string): void {
  const key = searchKey(name);
  const other = list.find((s) => s.active && s.id !== self && searchKey(s.name) === key);
  if (other) throw conflictOn('name', 'Já existe uma subespecialidade com este nome', `subespecialidade ${other.id}`);
}

/**
 * Applies `change` to one subspecialty of a clinic and stores the clinic.
 * @throws DomainError `not_found` for the clinic or the subspecialty; whatever `change` throws.
 */
async function changeSubspecialty(
  ctx: OperationContext,
  id: string,
  subspecialtyId: string,
  change: (current: Subspecialty, all: readonly Subspecialty[]) => Subspecialty,
): Promise<Subspecialty> {
  const clinic = await requireClinic(ctx, id);
  const current = clinic.subspecialties.find((s) => s.id === subspecialtyId);
  if (!current) throw notFound('Subespecialidade', 'subspecialtyId', subspecialtyId);
  const next = change(current, clinic.subspecialties);
  await ctx.store.collection(clinics).update(id, clinic._rev, {
    ...clinic,
    subspecialties: clinic.subspecialties.map((s) => (s.id === subspecialtyId ? next : s)),
    updatedAt: nowIso(ctx),
  });
  return next;
}

const subspecialtyPath = { id: idInput, subspecialtyId: idInput };

/** `clinic.subspecialty.create`: `POST /clinic/{id}/subspecialty/` (201). */
export const createSubspecialty = defineOperation({
  name: 'clinic.subspecialty.create',
  group: 'Clinic',
  summary: 'Cria uma subespecialidade própria da clínica',
  permission: 'clinic:write',
  input: z.strictObject({ id: idInput, name: nameInput(120), specialty: refInput(() => specialties).optional() }),
  output: z.object({ message: z.string(), subspecialty: subspecialtyOutput }),
  http: { method: 'POST', path: '/clinic/{id}/subspecialty/', status: 201 },
  example: { id: EXAMPLE_ID, name: 'Ortodontia' },
  async run(ctx, { id, name, specialty }) {
    const clinic = await requireClinic(ctx, id);
    if (specialty) await requireReference(ctx.store.collection(specialties), specialty, 'Especialidade', 'specialty');
    assertNameFree(clinic.subspecialties, name);
    const subspecialty: Subspecialty = compact({ id: ctx.ids.next(), name, specialty, active: true });
    await ctx.store.collection(clinics).update(id, clinic._rev, {
      ...clinic,
      subspecialties: [...clinic.subspecialties, subspecialty],
      updatedAt: nowIso(ctx),
    });
    return { message: 'Subespecialidade criada', subspecialty };
  },
});

/** `clinic.subspecialty.rename`: `PUT /clinic/{id}/subspecialty/{subspecialtyId}/name`. */
export const renameSubspecialty = defineOperation({
  name: 'clinic.subspecialty.rename',
  group: 'Clinic',
  summary: 'Renomeia uma subespecialidade da clínica',
  permission: 'clinic:write',
  input: z.strictObject({ ...subspecialtyPath, name: nameInput(120) }),
  output: subspecialtyOutput,
  http: { method: 'PUT', path: '/clinic/{id}/subspecialty/{subspecialtyId}/name' },
  example: { id: EXAMPLE_ID, subspecialtyId: EXAMPLE_ID, name: 'Ortodontia e ortopedia facial' },
  run: (ctx, { id, subspecialtyId, name }) =>
    changeSubspecialty(ctx, id, subspecialtyId, (current, all) => {
      if (current.active) assertNameFree(all, name, current.id);
      return { ...current, name };
    }),
});

/** `clinic.subspecialty.activate`: `POST /clinic/{id}/subspecialty/{subspecialtyId}/activation`. */
export const activateSubspecialty = defineOperation({
  name: 'clinic.subspecialty.activate',
  group: 'Clinic',
  summary: 'Ativa uma subespecialidade da clínica',
  permission: 'clinic:write',
  input: z.strictObject(subspecialtyPath),
  output: subspecialtyOutput,
  http: { method: 'POST', path: '/clinic/{id}/subspecialty/{subspecialtyId}/activation' },
  example: { id: EXAMPLE_ID, subspecialtyId: EXAMPLE_ID },
  run: (ctx, { id, subspecialtyId }) =>
    changeSubspecialty(ctx, id, subspecialtyId, (current, all) => {
      if (!current.active) assertNameFree(all, current.name, current.id);
      return { ...current, active: true };
    }),
});

/** `clinic.subspecialty.inactivate`: `POST /clinic/{id}/subspecialty/{subspecialtyId}/inactivation`. */
export const inactivateSubspecialty = defineOperation({
  name: 'clinic.subspecialty.inactivate',
  group: 'Clinic',
  summary: 'Inativa uma subespecialidade da clínica',
  permission: 'clinic:write',
  input: z.strictObject(subspecialtyPath),
  output: subspecialtyOutput,
  http: { method: 'POST', path: '/clinic/{id}/subspecialty/{subspecialtyId}/inactivation' },
  example: { id: EXAMPLE_ID, subspecialtyId: EXAMPLE_ID },
  run: (ctx, { id, subspecialtyId }) =>
    changeSubspecialty(ctx, id, subspecialtyId, (current) => ({ ...current, active: false })),
});

/** `clinic.subspecialty.list`: `GET /clinic/{id}/subspecialty/`. */
export const listSubspecialties = defineOperation({
  name: 'clinic.subspecialty.list',
  group: 'Clinic',
  summary: 'Lista as subespecialidades da clínica',
  permission: 'clinic:read',
  input: z.strictObject({ id: idInput, active: activeFilterInput }),
  output: z.object({ items: z.array(subspecialtyOutput) }),
  http: { method: 'GET', path: '/clinic/{id}/subspecialty/' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id, active }) {
    const clinic = await requireClinic(ctx, id);
    return { items: clinic.subspecialties.filter((s) => active === undefined || s.active === active) };
  },
});

/** The operations of this file, collected by the group's index. */
export const subspecialtyOperations = [
  createSubspecialty,
  renameSubspecialty,
  activateSubspecialty,
  inactivateSubspecialty,
  listSubspecialties,
];
