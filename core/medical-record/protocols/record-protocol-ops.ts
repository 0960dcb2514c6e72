/**
 * Protocols in the attendance (spec §4.4 Medical Record: "open a medical protocol; add protocol
 * information"), MED-043: the attending professional opens a protocol of the library in an open
 * record (a snapshot of it is kept) and adds information to it as the attendance goes. A finished
 * record takes neither (409, as any edit: CFM Res. 1.638/2002; what comes later is an addendum).
 */
import { z } from 'zod';
import { textInput } from '#core/br/schemas.js';
import { EXAMPLE_ID, idInput, invalidTransition, notFound, nowIso } from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import { GROUP } from '#core/medical-record/record-ops.js';
import { loadRecord, requireAttending, requireOpen } from '#core/medical-record/record-write.js';
import {
  medicalRecordOutput,
  medicalRecords,
  type ProtocolNote,
  type ProtocolUse,
} from '#core/medical-record/record.js';
import { findProtocol } from './protocol-library.js';

/** `medicalRecord.openProtocol`: `POST /medicalRecord/{id}/protocol` (201). */
export const openProtocol = defineOperation({
  name: 'medicalRecord.openProtocol',
  group: GROUP,
  summary: 'Abre um protocolo da biblioteca no prontuário do atendimento',
  description:
    'O prontuário guarda o protocolo como estava ao abrir. Abrir de novo o mesmo protocolo responde o prontuário como está. Prontuário finalizado: 409.',
  permission: 'medicalRecord:write',
  input: z.strictObject({ id: idInput, protocol: idInput.describe('o protocolo da biblioteca') }),
  output: medicalRecordOutput,
  http: { method: 'POST', path: '/medicalRecord/{id}/protocol', status: 201 },
  example: { id: EXAMPLE_ID, protocol: '019a0000-0000-7000-8000-000000000103' },
  async run(ctx, { id, protocol }) {
    const current = await loadRecord(ctx.store, id);
    requireOpen(current);
    requireAttending(ctx, current, 'abre protocolos no prontuário');
    const found = await findProtocol(ctx.store, ctx.actor.tenantId, protocol, 'protocol');
    const uses = current.protocols ?? [];
    if (uses.some((u) => u.protocol === protocol || u.protocol === found.id)) return current;
    if (!found.active)
      throw invalidTransition('Protocolo inativo: reative-o na biblioteca antes', 'protocol', 'inativo');
    const at = nowIso(ctx);
    const use: ProtocolUse = {
      id: ctx.ids.next(),
      protocol: found.id,
      name: found.name,
      text: found.text,
      cid10: found.cid10,
      at,
      by: ctx.actor.id,
    };
    return ctx.store
      .collection(medicalRecords)
      .update(id, current._rev, { ...current, protocols: [...uses, use], updatedAt: at });
  },
});

/** `medicalRecord.protocolInformation`: `POST /medicalRecord/{id}/protocol/{use}/information` (201). */
export const addProtocolInformation = defineOperation({
  name: 'medicalRecord.protocolInformation',
  group: GROUP,
  summary: 'Acrescenta uma informação a um protocolo aberto no prontuário',
  description: 'Só enquanto o prontuário está aberto; depois de finalizado, registre um adendo.',
  permission: 'medicalRecord:write',
  input: z.strictObject({
    id: idInput,
    use: idInput.describe('o protocolo aberto (`protocols[].id` do prontuário)'),
    text: textInput(8000).pipe(z.string().min(1, 'escreva a informação')),
  }),
  output: medicalRecordOutput,
  http: { method: 'POST', path: '/medicalRecord/{id}/protocol/{use}/information', status: 201 },
  example: { id: EXAMPLE_ID, use: EXAMPLE_ID, text: 'Prova do laço negativa; sem sinais de alarme: grupo A.' },
  async run(ctx, { id, use, text }) {
    const current = await loadRecord(ctx.store, id);
    requireOpen(current);
    requireAttending(ctx, current, 'acrescenta informações ao protocolo');
    if (!(current.protocols ?? []).some((u) => u.id === use)) throw notFound('Protocolo aberto', 'use', use);
    const at = nowIso(ctx);
    const note: ProtocolNote = { id: ctx.ids.next(), use, text, at, by: ctx.actor.id };
    return ctx.store.collection(medicalRecords).update(id, current._rev, {
      ...current,
      protocolNotes: [...(current.protocolNotes ?? []), note],
      updatedAt: at,
    });
  },
});

/** The record's protocol operations, collected by the module. */
export const recordProtocolOperations = [openProtocol, addProtocolInformation];
