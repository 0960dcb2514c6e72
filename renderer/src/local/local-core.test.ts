import { describe, expect, it } from 'vitest';
import { isDomainError } from '#core/errors.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { listBudgets } from '#core/budget/budget-list-ops.js';
import { fixedClock, systemClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { blockNumberSource, numberBlocks } from '#core/numbering/number-blocks.js';
import { dayIn } from '#core/schedule/time.js';
import { tickets } from '#core/ticket/ticket-record.js';
import { loadDay } from '../reception/load-day.js';
import { demoActor, demoSeeded, seedDemoClinic } from './demo-seed.js';
import { databaseNameFor, type LocalCore, type LocalCoreOptions } from './local-core.js';
import { memoryDesks } from './memory-desk.js';

const openDesk = memoryDesks('local-core-test');

/** The seeds' "now" (10:10 in São Paulo), also the core's clock: the totem checks in its today only. */
const NOW = '2026-11-23T13:10:00.000Z';

function open(numbers?: LocalCoreOptions['numbers']): Promise<LocalCore> {
  return openDesk({ clock: fixedClock(NOW), ...(numbers ? { numbers } : {}) });
}

describe('the desk’s local core', () => {
  it('runs operations as the signed-in person, with the core’s rules and messages', async () => {
    const local = await open();
    const { patient } = await local.run(
      createPatient,
      { name: 'Ana Souza', cpf: '529.982.247-25', insurances: [] },
      demoActor(),
    );
    expect(patient).toMatchObject({ name: 'Ana Souza', cpf: '52998224725' });
    const refused = await local
      .run(createPatient, { name: 'Outra', cpf: '123.456.789-00', insurances: [] }, demoActor())
      .catch((error: unknown) => error);
    expect(isDomainError(refused) && refused.details).toEqual([
      { path: 'cpf', message: 'CPF inválido (confira os dígitos verificadores)' },
    ]);
    const receptionOnly = { ...demoActor(), permissions: new Set(['appointment:read']) };
    const forbidden = await local
      .run(createPatient, { name: 'X', insurances: [] }, receptionOnly)
      .catch((e: unknown) => e);
    expect(isDomainError(forbidden) && forbidden.code).toBe('forbidden');
  });

  it('refuses a person of another account than the station’s', async () => {
    const local = await open();
    expect(() => local.context({ ...demoActor(), tenantId: 'outra-conta' })).toThrow(/outra conta|não pertence/);
  });

  it('seeds the demo clinic once, and the day screen reads it back through the operations', async () => {
    const local = await open();
    expect(await demoSeeded(local)).toBe(false);
    const now = new Date(NOW);
    await seedDemoClinic(local, now);
    expect(await demoSeeded(local)).toBe(true);
    const day = await loadDay(local.context(demoActor()), null, dayIn(now, 'America/Sao_Paulo'));
    expect(day.clinic?.name).toBe('Clínica Bem Viver (demonstração)');
    expect(day.columns.map((c) => c.name)).toEqual([
      'Dr. Ricardo Prado',
      'Dra. Helena Martins',
      'Dra. Luana Vasconcelos',
    ]);
    expect(day.appointments.map((a) => [a.start.slice(11, 16), a.patientName, a.status, a.confirmed])).toEqual([
      ['11:00', 'Maria Aparecida da Silva', 2, true],
      ['11:00', 'Ana Beatriz Santos', 1, false],
      ['11:30', 'João Pedro Oliveira', 1, true],
      ['11:30', 'Francisca Lima Rocha', 1, false],
      ['12:00', 'Carlos Eduardo Souza', 1, true],
    ]);
    const budgets = await local.run(listBudgets, { sort: 'createdAt' }, demoActor());
    expect(budgets.items.map((b) => [b.budgetNumber, b.status, b.value, b.items.length])).toEqual([
      [1, 1, 510, 2],
      [2, 0, 150, 1],
    ]);
    // Maria (76 by her record: priority) arrived through the totem: her ticket waits, linked to her appointment.
    const issued = await local.context(demoActor()).store.collection(tickets).find({});
    expect(issued.map((t) => [t.code, t.status, t.appointment])).toEqual([
      ['P001', 'waiting', day.appointments[0]!.id],
    ]);
  });

  it('numbers budgets from the blocks the server leased, kept in the desk’s own database', async () => {
    const leases: string[] = [];
    let nextFrom = 7001;
    const leaser = {
      lease(series: string, size: number) {
        leases.push(series);
        const range = { from: nextFrom, to: nextFrom + size - 1 };
        nextFrom += size;
        return Promise.resolve(range);
      },
    };
    const local = await open((store) =>
      blockNumberSource({ store, leaser, clock: systemClock, ids: uuidV7Ids, policy: { size: 2, lowWater: 1 } }),
    );
    await seedDemoClinic(local, new Date(NOW));
    const budgets = await local.run(listBudgets, { sort: 'createdAt' }, demoActor());
    expect(budgets.items.map((b) => b.budgetNumber)).toEqual([7001, 7002]);
    // The totem check-in's ticket number comes from a leased block too (its series per clinic, line and day).
    expect(leases).toEqual(['budget', expect.stringMatching(/^ticket:[0-9a-f-]+:P:2026-11-23$/)]);
    const held = await local.context(demoActor()).store.collection(numberBlocks).find({});
    expect(held.map((b) => [b.series, b.from, b.to, b.next])).toEqual([
      ['budget', 7001, 7002, 7003],
      [leases[1], 7003, 7004, 7004],
    ]);
  });

  it('names databases as RxDB allows', () => {
    expect(databaseNameFor('0193A1C2-7B3E')).toBe('clinic-0193a1c2-7b3e');
    expect(databaseNameFor('conta.teste/1')).toBe('clinic-conta-teste-1');
  });
});
