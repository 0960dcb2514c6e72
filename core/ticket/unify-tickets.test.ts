import { afterAll, beforeAll, expect, it } from 'vitest';
import { memoryAuditSink } from '#core/access/audit.js';
import { guardStore } from '#core/access/guarded-store.js';
import { permissionsOf } from '#core/access/roles.js';
import type { Actor } from '#core/actor.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { invoke } from '#core/operation.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { unifyPatients } from '#core/patient/unify-ops.js';
import { getTicket } from './call-ops.js';
import { moduleCollections } from '#core/module.js';
import { ticketModule } from './module.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { createTicket } from './issue-ops.js';

let h: MasterDataHarness;
beforeAll(async () => {
  // The totem's check-in links tickets to appointments: unification moves both.
  h = await openMasterData([...moduleCollections(ticketModule), appointments]);
});
afterAll(() => h.close());

it('a professional unifying patients moves their tickets too, through the guarded store', async () => {
  const { clinic } = await h.run(createClinic, { name: 'Clínica Unificação' });
  const kept = (await h.run(createPatient, { name: 'Maria Souza' })).patient;
  const duplicate = (await h.run(createPatient, { name: 'Maria de Souza' })).patient;
  const { ticket } = await h.run(createTicket, { clinic: clinic.id, patient: duplicate.id });
  const actor: Actor = {
    kind: 'user',
    id: 'prof',
    tenantId: 't1',
    permissions: new Set(permissionsOf('professional')),
  };
  const audit = memoryAuditSink();
  const store = guardStore(h.database.forTenant('t1'), { actor, audit, origin: { ip: '10.0.0.1', userAgent: 't' } });
  await invoke(unifyPatients, { ...h.ctx, actor, store }, { id: kept.id, duplicate: duplicate.id });
  expect((await h.run(getTicket, { id: ticket.id })).patient).toBe(kept.id);
  expect(audit.events.some((e) => e.collection === 'tickets' && e.recordId === ticket.id)).toBe(true);
});
