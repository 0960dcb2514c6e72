/**
 * Attendance places of a clinic (spec §4.4 Totem: "list attendance places of the clinic"): rooms,
 * reception desks and totem queues where tickets are called. Kept inside the clinic document.
 */
import { z } from 'zod';
import { nameInput } from '#core/br/schemas.js';
import { searchKey } from '#core/br/text.js';
import { defineOperation } from '#core/operation.js';
import { requireClinic } from './clinic-ops.js';
import { clinics, placeInput, placeKindInput, placeOutput } from './clinic-record.js';
import { activeFilterInput } from '#core/common/query-input.js';
import { compact, conflictOn, EXAMPLE_ID, idInput, notFound, nowIso } from '#core/common/records.js';

function assertNameFree(places: readonly { id: string; name: string; active: boolean }[], name: string, self?: string) {
  const key = searchKey(name);
  const other = places.find((p) => p.active && p.id !== self && searchKey(p.name) === key);
  if (other) throw conflictOn('name', 'Já existe um local com este nome', `local ${other.id}`);
}

/** `clinic.place.create`: `POST /clinic/{id}/place/` (201). */
export const createPlace = defineOperation({
  name: 'clinic.place.create',
  group: 'Clinic',
  summary: 'Cadastra um local de atendimento (sala, guichê ou fila do totem)',
  permission: 'clinic:write',
  input: placeInput.extend({ id: idInput }),
  output: z.object({ message: z.string(), place: placeOutput }),
  http: { method: 'POST', path: '/clinic/{id}/place/', status: 201 },
  example: { id: EXAMPLE_ID, name: 'Consultório 2', kind: 'room' },
  async run(ctx, { id, ...values }) {
    const clinic = await requireClinic(ctx, id);
    assertNameFree(clinic.places, values.name);
    const place = compact({ id: ctx.ids.next(), ...values, active: true });
    await ctx.store
      .collection(clinics)
      .update(id, clinic._rev, { ...clinic, places: [...clinic.places, place], updatedAt: nowIso(ctx) });
    return { message: 'Local cadastrado', place };
  },
});

/** `clinic.place.update`: `PUT /clinic/{id}/place/{placeId}`. */
export const updatePlace = defineOperation({
  name: 'clinic.place.update',
  group: 'Clinic',
  summary: 'Edita um local de atendimento (nome, tipo, prefixo das senhas, ativo)',
  permission: 'clinic:write',
  input: z.strictObject({
    id: idInput,
    placeId: idInput,
    name: nameInput(100),
    kind: placeKindInput,
    ticketPrefix: placeInput.shape.ticketPrefix,
    active: z.boolean().default(true),
  }),
  output: placeOutput,
  http: { method: 'PUT', path: '/clinic/{id}/place/{placeId}' },
  example: { id: EXAMPLE_ID, placeId: EXAMPLE_ID, name: 'Guichê 1', kind: 'desk', ticketPrefix: 'G' },
  async run(ctx, { id, placeId, ...values }) {
    const clinic = await requireClinic(ctx, id);
    if (!clinic.places.some((p) => p.id === placeId)) throw notFound('Local', 'placeId', placeId);
    if (values.active) assertNameFree(clinic.places, values.name, placeId);
    const place = compact({ id: placeId, ...values });
    await ctx.store.collection(clinics).update(id, clinic._rev, {
      ...clinic,
      places: clinic.places.map((p) => (p.id === placeId ? place : p)),
      updatedAt: nowIso(ctx),
    });
    return place;
  },
});

/** `clinic.place.list`: `GET /clinic/{id}/place/`. */
export const listPlaces = defineOperation({
  name: 'clinic.place.list',
  group: 'Totem',
  summary: 'Lista os locais de atendimento da clínica',
  permission: 'clinic:read',
  input: z.strictObject({ id: idInput, active: activeFilterInput }),
  output: z.object({ items: z.array(placeOutput) }),
  http: { method: 'GET', path: '/clinic/{id}/place/' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id, active }) {
    const clinic = await requireClinic(ctx, id);
    return { items: clinic.places.filter((p) => active === undefined || p.active === active) };
  },
});

/** The operations of this file, collected by the group's index. */
export const placeOperations = [createPlace, updatePlace, listPlaces];
