import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpecialty } from '#core/specialty/specialty-ops.js';
import {
  activateClinic,
  createClinic,
  getClinic,
  listClinics,
  patchClinic,
  removeClinic,
  updateClinic,
} from './clinic-ops.js';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { activateEvent, createEvent, inactivateEvent, listEvents, renameEvent } from './event-ops.js';
import { createPlace, listPlaces, updatePlace } from './places-ops.js';
import {
  activateSubspecialty,
  createSubspecialty,
  inactivateSubspecialty,
  listSubspecialties,
  renameSubspecialty,
} from './subspecialties-ops.js';

let h: MasterDataHarness;
beforeAll(async () => {
  h = await openMasterData();
});
afterAll(() => h.close());

describe('clinics', () => {
  it('need only a name; the time zone defaults to America/Sao_Paulo', async () => {
    const { clinic } = await h.run(createClinic, { name: 'Clínica Sorriso' });
    expect(clinic).toMatchObject({
      name: 'Clínica Sorriso',
      timeZone: 'America/Sao_Paulo',
      openingHours: [],
      places: [],
      subspecialties: [],
      active: true,
    });
  });

  it('validate CNPJ, time zone, opening hours and address, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ cnpj: '11.222.333/0001-80' }, 'cnpj'],
      [{ timeZone: 'America/Sao Paulo' }, 'timeZone'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ openingHours: [{ weekday: 1, opens: '18:00', closes: '08:00' }] }, 'openingHours.0.closes'],
      [{ address: { state: 'XX' } }, 'address.state'],
      [{ address: { zipCode: '0131' } }, 'address.zipCode'],
    ];
    for (const [fields, path] of cases) {
      const error = await h.failure(createClinic, { name: 'X', ...fields });
      expect(
        error.details.map((d) => d.path),
        path,
      ).toContain(path);
    }
  });

  it('keep a CNPJ to one active clinic, edit, patch, remove logically and come back', async () => {
    const { clinic } = await h.run(createClinic, {
      name: 'Clínica Vida',
      cnpj: '11222333000181',
      address: { zipCode: '01310-100', city: 'São Paulo', state: 'sp' },
      places: [{ name: 'Consultório 1' }, { name: 'Guichê', kind: 'desk', ticketPrefix: 'G' }],
    });
    expect(clinic.address).toEqual({ zipCode: '01310100', city: 'São Paulo', state: 'SP' });
    expect(clinic.places.map((p) => [p.name, p.kind])).toEqual([
      ['Consultório 1', 'room'],
      ['Guichê', 'desk'],
    ]);
    expect((await h.failure(createClinic, { name: 'Outra', cnpj: '11.222.333/0001-81' })).code).toBe('conflict');
    const edited = await h.run(updateClinic, { id: clinic.id, name: 'Clínica Vida Plena', timeZone: 'America/Manaus' });
    expect(edited).toMatchObject({ name: 'Clínica Vida Plena', timeZone: 'America/Manaus', places: clinic.places });
    expect(edited.cnpj).toBeUndefined();
    const patched = await h.run(patchClinic, { id: clinic.id, phone: '(92) 3234-5678' });
    expect(patched).toMatchObject({ phone: '+559232345678', timeZone: 'America/Manaus' });
    const { clinic: removed } = await h.run(removeClinic, { id: clinic.id });
    expect(removed.active).toBe(false);
    expect((await h.run(listClinics, { q: 'clinica vida' })).items).toEqual([]);
    expect((await h.run(activateClinic, { id: clinic.id })).active).toBe(true);
    expect((await h.run(listClinics, { q: 'CLÍNICA VIDA' })).items.map((c) => c.name)).toEqual(['Clínica Vida Plena']);
  });

  it("answer 404 for another account's clinic", async () => {
    const { clinic } = await h.run(createClinic, { name: 'Privada' });
    const other = { kind: 'user' as const, id: 'u', tenantId: 't2', permissions: new Set(['*']) };
    expect((await h.failure(getClinic, { id: clinic.id }, other)).code).toBe('not_found');
  });
});

describe('attendance places and subspecialties', () => {
  it('are added, edited and listed inside the clinic', async () => {
    const { clinic } = await h.run(createClinic, { name: 'Clínica Places' });
    const { place } = await h.run(createPlace, {
      id: clinic.id,
      name: 'Totem Convênios',
      kind: 'totem',
      ticketPrefix: 'C',
    });
    expect((await h.failure(createPlace, { id: clinic.id, name: 'totem convenios' })).code).toBe('conflict');
    await h.run(updatePlace, {
      id: clinic.id,
      placeId: place.id,
      name: 'Totem Convênios',
      kind: 'totem',
      active: false,
    });
    expect((await h.run(listPlaces, { id: clinic.id })).items).toEqual([]);
    expect((await h.run(listPlaces, { id: clinic.id, active: 'all' })).items).toHaveLength(1);
    expect((await h.failure(updatePlace, { id: clinic.id, placeId: 'x', name: 'a', kind: 'room' })).code).toBe(
      'not_found',
    );

    const { specialty } = await h.run(createSpecialty, { name: 'Odontologia', cbo: '223208', council: 'cro' });
    const { subspecialty } = await h.run(createSubspecialty, {
      id: clinic.id,
      name: 'Ortodontia',
      specialty: specialty.id,
    });
    const renamed = await h.run(renameSubspecialty, {
      id: clinic.id,
      subspecialtyId: subspecialty.id,
      name: 'Ortodontia infantil',
    });
    expect(renamed).toMatchObject({ name: 'Ortodontia infantil', specialty: specialty.id, active: true });
    await h.run(inactivateSubspecialty, { id: clinic.id, subspecialtyId: subspecialty.id });
    await h.run(createSubspecialty, { id: clinic.id, name: 'Ortodontia Infantil' });
    const clash = await h.failure(activateSubspecialty, { id: clinic.id, subspecialtyId: subspecialty.id });
    expect([clash.code, clash.details[0]?.path]).toEqual(['conflict', 'name']);
    expect((await h.run(listSubspecialties, { id: clinic.id, active: 'all' })).items).toHaveLength(2);
  });
});

describe('custom events', () => {
  it('are created, renamed, disabled and listed by name or code', async () => {
    const { event } = await h.run(createEvent, { name: 'Limpeza dental', code: 'ODO-01', durationMinutes: 40 });
    expect(event).toMatchObject({ type: 'procedure', custom: true, active: true, durationMinutes: 40 });
    expect((await h.failure(createEvent, { name: 'Outra', code: 'ODO-01' })).details[0]?.path).toBe('code');
    await h.run(renameEvent, { id: event.id, name: 'Profilaxia (limpeza)' });
    expect((await h.run(listEvents, { q: 'profilaxia' })).items.map((e) => e.id)).toEqual([event.id]);
    expect((await h.run(listEvents, { code: 'ODO-01' })).items).toHaveLength(1);
    await h.run(inactivateEvent, { id: event.id });
    expect((await h.run(listEvents, { q: 'profilaxia' })).items).toEqual([]);
    await h.run(createEvent, { name: 'Nova limpeza', code: 'ODO-01' });
    expect((await h.failure(activateEvent, { id: event.id })).code).toBe('conflict');
  });
});
