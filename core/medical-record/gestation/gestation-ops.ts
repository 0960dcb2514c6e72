/**
 * Gestation operations (spec §4.4 Patient: "list gestations accessible to the logged professional"),
 * MED-056: register a patient's gestation from the DUM, update it (DUM corrected, ended with its
 * outcome), get one and list those the professional may read. Clinical content: `medicalRecord:read`/
 * `:write`, guarded and audited by the store; a professional reads and changes the gestations they
 * follow, an administrator (`access:write`) all; on the server, also those registered in a record
 * shared with them (sync-server/medical-record/record-read-ops.ts).
 */
import { z } from 'zod';
import { can } from '#core/actor.js';
import { textInput } from '#core/br/schemas.js';
import { clinics, DEFAULT_TIME_ZONE } from '#core/clinic/clinic-record.js';
import { EXAMPLE_ID, idInput, invalidTransition, newRecordBase, nowIso, requireRecord } from '#core/common/records.js';
import { limitInput } from '#core/common/query-input.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { refInput } from '#core/references.js';
import { requireProfessional } from '#core/schedule/appointment-write.js';
import { dayIn } from '#core/schedule/time.js';
import type { Stored } from '#core/store/record.js';
import { loadRecord, requireAttending } from '#core/medical-record/record-write.js';
import { daysBetween, gestationalAge, naegeleDueDate } from './gestation-dates.js';
import { GESTATION_OUTCOMES, gestationOutput, gestations, type Gestation } from './gestation-record.js';

/** The spec group, the OpenAPI tag. */
const GROUP = 'Patient';
/** A DUM older than this (44 weeks) cannot start an ongoing gestation: it would be past any term. */
const MAX_ONGOING_DAYS = 44 * 7;

/** Today in the time zone of `clinic` (the default zone without one). */
async function todayFor(ctx: OperationContext, clinic: string | undefined): Promise<string> {
  const zone = clinic
    ? ((await ctx.store.collection(clinics).get(clinic))?.timeZone ?? DEFAULT_TIME_ZONE)
    : DEFAULT_TIME_ZONE;
  return dayIn(ctx.clock.now(), zone);
}

/** `gestation` with its gestational age today (or on the day it ended). */
export async function withAge(ctx: OperationContext, gestation: Stored<Gestation>) {
  const asOf = gestation.endedOn ?? (await todayFor(ctx, gestation.clinic));
  return { ...gestation, gestationalAge: gestationalAge(gestation.lastMenstrualPeriod, asOf) };
}

/** Whether the actor reads every gestation (an administrator, an integrator's key). */
export function readsAllGestations(ctx: OperationContext): boolean {
  return ctx.actor.kind !== 'user' || can(ctx.actor, 'access:write');
}

const refused = () =>
  new DomainError('forbidden', 'Só o profissional que acompanha a gestação ou um administrador', [
    { path: 'id', message: 'gestação acompanhada por outro profissional' },
  ]);

/** @throws DomainError `validation` naming `path` for a DUM after `today` or, when `ongoing`, past 44 weeks. */
function checkDum(dum: string, today: string, ongoing: boolean, path = 'lastMenstrualPeriod'): void {
  const days = daysBetween(dum, today);
  if (days < 0) throw new DomainError('validation', 'DUM no futuro', [{ path, message: `depois de hoje (${today})` }]);
  if (ongoing && days > MAX_ONGOING_DAYS)
    throw new DomainError('validation', 'DUM antiga demais para uma gestação em curso', [
      { path, message: 'mais de 44 semanas: registre a gestação como encerrada' },
    ]);
}

/** `gestation.register`: `POST /patient/{id}/gestation` (201). */
export const registerGestation = defineOperation({
  name: 'gestation.register',
  group: GROUP,
  summary: 'Registra uma gestação da paciente pela DUM (a DPP sai pela regra de Naegele)',
  description:
    'Quem registra passa a acompanhá-la (só ele lê e altera, além dos administradores). Uma paciente tem uma gestação em curso por vez (409). Com `medicalRecord`, o prontuário é da paciente e do profissional.',
  permission: 'medicalRecord:write',
  input: z.strictObject({
    id: idInput.describe('a paciente'),
    lastMenstrualPeriod: z.iso.date().describe('DUM, AAAA-MM-DD'),
    clinic: refInput(() => clinics).optional(),
    medicalRecord: idInput.optional().describe('o prontuário do atendimento em que foi registrada'),
    note: textInput(2000).optional(),
  }),
  output: gestationOutput,
  http: { method: 'POST', path: '/patient/{id}/gestation', status: 201 },
  example: { id: EXAMPLE_ID, lastMenstrualPeriod: '2026-05-01', note: 'Primigesta.' },
  async run(ctx, { id, lastMenstrualPeriod, clinic, medicalRecord, note }) {
    await requireProfessional(ctx.store, ctx.actor.id, 'professional');
    await requireRecord(ctx.store.collection(patients), id, 'Paciente');
    if (clinic) await requireRecord(ctx.store.collection(clinics), clinic, 'Clínica');
    if (medicalRecord) {
      const record = await loadRecord(ctx.store, medicalRecord);
      if (record.patient !== id)
        throw new DomainError('validation', 'O prontuário é de outro paciente', [
          { path: 'medicalRecord', message: 'não é desta paciente' },
        ]);
      requireAttending(ctx, record, 'registra nele');
    }
    checkDum(lastMenstrualPeriod, await todayFor(ctx, clinic), true);
    const [ongoing] = await ctx.store
      .collection(gestations)
      .find({ selector: { patient: id, status: 'ongoing' }, limit: 1 });
    if (ongoing)
      throw invalidTransition(
        'A paciente já tem uma gestação em curso: atualize-a ou encerre-a antes',
        'id',
        'gestação em curso',
      );
    const gestation: Gestation = {
      ...newRecordBase(ctx),
      patient: id,
      professional: ctx.actor.id,
      ...(clinic ? { clinic } : {}),
      lastMenstrualPeriod,
      dueDate: naegeleDueDate(lastMenstrualPeriod),
      status: 'ongoing',
      ...(note ? { note } : {}),
      ...(medicalRecord ? { medicalRecord } : {}),
      createdBy: ctx.actor.id,
    };
    return withAge(ctx, await ctx.store.collection(gestations).insert(gestation));
  },
});

/** `gestation.update`: `PATCH /gestation/{id}`: the fields sent. */
export const updateGestation = defineOperation({
  name: 'gestation.update',
  group: GROUP,
  summary: 'Atualiza uma gestação: corrige a DUM (a DPP acompanha) ou a encerra com o desfecho',
  description:
    'Encerrar pede `outcome` (`endedOn` padrão hoje). Encerrada, só a observação muda (409 para o resto). Só o profissional que a acompanha ou um administrador.',
  permission: 'medicalRecord:write',
  input: z.strictObject({
    id: idInput,
    lastMenstrualPeriod: z.iso.date().optional(),
    status: z.literal('ended').optional().describe('encerra a gestação'),
    outcome: z.enum(GESTATION_OUTCOMES).optional(),
    endedOn: z.iso.date().optional(),
    note: textInput(2000).optional(),
  }),
  output: gestationOutput,
  http: { method: 'PATCH', path: '/gestation/{id}' },
  example: { id: EXAMPLE_ID, status: 'ended', outcome: 'parto_normal', endedOn: '2027-02-01' },
  async run(ctx, { id, lastMenstrualPeriod, status, outcome, endedOn, note }) {
    const current = await requireRecord(ctx.store.collection(gestations), id, 'Gestação');
    if (!readsAllGestations(ctx) && current.professional !== ctx.actor.id) throw refused();
    const ending = status === 'ended' || outcome !== undefined || endedOn !== undefined;
    if (current.status === 'ended' && (ending || lastMenstrualPeriod !== undefined))
      throw invalidTransition(
        'Gestação encerrada: só a observação muda',
        'id',
        `encerrada em ${current.endedOn ?? ''}`,
      );
    const today = await todayFor(ctx, current.clinic);
    const dum = lastMenstrualPeriod ?? current.lastMenstrualPeriod;
    const next: Gestation = {
      ...current,
      lastMenstrualPeriod: dum,
      dueDate: naegeleDueDate(dum),
      updatedAt: nowIso(ctx),
    };
    if (note !== undefined) next.note = note;
    if (ending) {
      if (!outcome)
        throw new DomainError('validation', 'Informe o desfecho da gestação', [
          { path: 'outcome', message: 'obrigatório' },
        ]);
      const day = endedOn ?? today;
      checkDum(day, today, false, 'endedOn');
      if (daysBetween(dum, day) < 0)
        throw new DomainError('validation', 'Encerramento antes da DUM', [
          { path: 'endedOn', message: `antes de ${dum}` },
        ]);
      Object.assign(next, { status: 'ended', outcome, endedOn: day });
    } else if (lastMenstrualPeriod !== undefined) checkDum(dum, today, true);
    return withAge(ctx, await ctx.store.collection(gestations).update(id, current._rev, next));
  },
});

/** `gestation.get`: `GET /gestation/{id}`. */
export const getGestation = defineOperation({
  name: 'gestation.get',
  group: GROUP,
  summary: 'Mostra uma gestação com a DPP e a idade gestacional de hoje',
  permission: 'medicalRecord:read',
  input: z.strictObject({ id: idInput }),
  output: gestationOutput,
  http: { method: 'GET', path: '/gestation/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const gestation = await requireRecord(ctx.store.collection(gestations), id, 'Gestação');
    if (!readsAllGestations(ctx) && gestation.professional !== ctx.actor.id) throw refused();
    return withAge(ctx, gestation);
  },
});

/** The list's input. */
export const gestationListInput = z.strictObject({
  status: z.enum(['ongoing', 'ended', 'all']).default('ongoing'),
  patient: idInput.optional(),
  limit: limitInput,
});

/** `gestation.list`: `GET /gestation/`: the gestations the logged professional may read, by due date. */
export const listGestations = defineOperation({
  name: 'gestation.list',
  group: GROUP,
  summary: 'Lista as gestações acessíveis ao profissional logado (em curso, por DPP)',
  description:
    'As que o profissional acompanha e as registradas em prontuários compartilhados com ele (aceitos); administradores veem todas. `status=ongoing` por padrão.',
  permission: 'medicalRecord:read',
  input: gestationListInput,
  output: z.object({ items: z.array(gestationOutput) }),
  http: { method: 'GET', path: '/gestation/' },
  example: { status: 'ongoing', limit: 50 },
  async run(ctx, { status, patient, limit }) {
    const found = await ctx.store.collection(gestations).find({
      selector: {
        ...(readsAllGestations(ctx) ? {} : { professional: ctx.actor.id }),
        ...(status === 'all' ? {} : { status }),
        ...(patient ? { patient } : {}),
      },
      sort: [{ dueDate: 'asc' }],
      limit,
    });
    return { items: await Promise.all(found.map((g) => withAge(ctx, g))) };
  },
});

/** The gestation operations, collected by the module (the literal `/gestation/` before `{id}`). */
export const gestationOperations = [listGestations, registerGestation, updateGestation, getGestation];
