/**
 * Dental chart operations (spec §4.4 Patient: "update and get dental treatment information and
 * history; get a tooth name by its identifier; retrieve dental treatment options"), MED-044..046.
 * Clinical content: `medicalRecord:read`/`:write` (professionals, admins), guarded and audited by the
 * store; the tooth names are not clinical (`patient:read`).
 */
import { z } from 'zod';
import { TOOTH_FACES } from '#core/budget/budget-codes.js';
import { textInput } from '#core/br/schemas.js';
import { events } from '#core/clinic/event-record.js';
import { EXAMPLE_ID, idInput, newRecordBase, notFound, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { loadRecord, requireAttending, requireOpen } from '#core/medical-record/record-write.js';
import { defineOperation } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { refInput } from '#core/references.js';
import { utcKey } from '#core/schedule/time.js';
import { currentChart } from './dental-chart.js';
import { toothLinks, toothLinkOutput } from './dental-links.js';
import { dentalChartEntries, dentalChartEntryOutput, type DentalChartEntry } from './dental-record.js';
import { DENTAL_STATE_CODES, DENTAL_STATES } from './dental-states.js';
import { ALL_TEETH, FACE_NAMES, toothInfo } from './teeth.js';

const GROUP = 'Patient';
const ENTRIES_MAX = 5000;

const toothOutput = z
  .object({
    tooth: z.string().describe('número FDI'),
    name: z.string(),
    dentition: z.enum(['permanent', 'deciduous']),
    arch: z.enum(['upper', 'lower']),
    faces: z.array(z.enum(TOOTH_FACES)),
  })
  .meta({ id: 'Tooth' });

const toothParam = z.string().refine((t) => toothInfo(t) !== undefined, {
  message: 'dente inválido (numeração FDI: 11–48 permanentes, 51–85 decíduos)',
});

/** `patient.toothName`: `GET /patient/tooth/{tooth}`. */
export const toothName = defineOperation({
  name: 'patient.toothName',
  group: GROUP,
  summary: 'Nome do dente pelo número FDI (11–48 permanentes, 51–85 decíduos) e suas faces TISS',
  permission: 'patient:read',
  input: z.strictObject({ tooth: z.string().max(4) }),
  output: toothOutput,
  http: { method: 'GET', path: '/patient/tooth/{tooth}' },
  example: { tooth: '36' },
  run: (_ctx, { tooth }) => {
    const info = toothInfo(tooth);
    if (!info) throw notFound('Dente', 'tooth', tooth);
    return Promise.resolve(info);
  },
});

/** `patient.dentalOptions`: `GET /patient/dentalTreatment/options`. */
export const dentalOptions = defineOperation({
  name: 'patient.dentalOptions',
  group: GROUP,
  summary: 'Opções do odontograma: estados, faces TISS, dentes e os procedimentos da clínica',
  description:
    'Procedimentos: eventos ativos do tipo procedimento; `dental` marca os de código TUSS odontológico (8 dígitos começando por 8).',
  permission: 'medicalRecord:read',
  input: z.strictObject({}),
  output: z.object({
    states: z.array(
      z.object({ code: z.enum(DENTAL_STATE_CODES), label: z.string(), scope: z.enum(['tooth', 'face']) }),
    ),
    faces: z.array(z.object({ code: z.enum(TOOTH_FACES), name: z.string() })),
    teeth: z.array(toothOutput),
    events: z.array(z.object({ id: z.string(), name: z.string(), code: z.string().optional(), dental: z.boolean() })),
  }),
  http: { method: 'GET', path: '/patient/dentalTreatment/options' },
  example: {},
  async run(ctx) {
    const active = await ctx.store.collection(events).find({ selector: { active: true }, limit: 2000 });
    const procedures = active
      .filter((e) => e.type === 'procedure')
      .map((e) => ({
        id: e.id,
        name: e.name,
        ...(e.code ? { code: e.code } : {}),
        dental: /^8\d{7}$/.test(e.code ?? ''),
      }))
      .sort((a, b) => Number(b.dental) - Number(a.dental) || a.name.localeCompare(b.name, 'pt-BR'));
    return {
      states: DENTAL_STATE_CODES.map((code) => ({ code, ...DENTAL_STATES[code] })),
      faces: TOOTH_FACES.map((code) => ({ code, name: FACE_NAMES[code] })),
      teeth: [...ALL_TEETH],
      events: procedures,
    };
  },
});

/** `patient.dentalRecord`: `POST /patient/{id}/dentalTreatment` (201): one state of one tooth. */
export const recordDentalState = defineOperation({
  name: 'patient.dentalRecord',
  group: GROUP,
  summary: 'Registra o estado de um dente (ou de faces dele) no odontograma do paciente',
  description:
    'Estados de face (cariado, restaurado…) pedem `faces`; estados do dente inteiro (ausente, implante…) não aceitam faces. Nada é editado: uma correção é um novo registro. Com `medicalRecord`, o prontuário precisa estar aberto e ser do profissional.',
  permission: 'medicalRecord:write',
  input: z.strictObject({
    id: idInput.describe('o paciente'),
    tooth: toothParam,
    state: z.enum(DENTAL_STATE_CODES),
    faces: z
      .array(z.enum(TOOTH_FACES))
      .max(5)
      .transform((f) => [...new Set(f)])
      .optional(),
    event: refInput(() => events).optional(),
    note: textInput(2000).optional(),
    medicalRecord: idInput.optional().describe('o prontuário do atendimento em que foi registrado'),
  }),
  output: dentalChartEntryOutput,
  http: { method: 'POST', path: '/patient/{id}/dentalTreatment', status: 201 },
  example: { id: EXAMPLE_ID, tooth: '36', state: 'cariado', faces: ['O', 'M'] },
  async run(ctx, { id, tooth, state, faces, event, note, medicalRecord }) {
    await requireRecord(ctx.store.collection(patients), id, 'Paciente');
    const info = toothInfo(tooth)!;
    const scope = DENTAL_STATES[state].scope;
    if (scope === 'face' && !faces?.length)
      throw new DomainError('validation', `${DENTAL_STATES[state].label}: informe as faces`, [
        { path: 'faces', message: `faces do dente ${tooth}: ${info.faces.join(', ')}` },
      ]);
    if (scope === 'tooth' && faces?.length)
      throw new DomainError('validation', `${DENTAL_STATES[state].label} vale para o dente inteiro`, [
        { path: 'faces', message: 'não informe faces' },
      ]);
    const wrong = (faces ?? []).findIndex((f) => !info.faces.includes(f));
    if (wrong >= 0)
      throw new DomainError('validation', `Face inexistente no dente ${tooth}`, [
        { path: `faces.${wrong}`, message: `${info.name}: faces ${info.faces.join(', ')}` },
      ]);
    if (medicalRecord) {
      const record = await loadRecord(ctx.store, medicalRecord);
      if (record.patient !== id)
        throw new DomainError('validation', 'O prontuário é de outro paciente', [
          { path: 'medicalRecord', message: 'outro paciente' },
        ]);
      requireOpen(record);
      requireAttending(ctx, record, 'registra no odontograma deste atendimento');
    }
    const base = newRecordBase(ctx);
    const entry: DentalChartEntry = {
      ...base,
      patient: id,
      tooth,
      state,
      ...(faces?.length ? { faces } : {}),
      ...(event ? { event } : {}),
      ...(note ? { note } : {}),
      ...(medicalRecord ? { medicalRecord } : {}),
      professional: ctx.actor.id,
      at: base.createdAt,
      atUtc: utcKey(base.createdAt),
    };
    return ctx.store.collection(dentalChartEntries).insert(entry);
  },
});

/** `patient.dentalChart`: `GET /patient/{id}/dentalTreatment`: each tooth's state and its budget/treatment lines. */
export const getDentalChart = defineOperation({
  name: 'patient.dentalChart',
  group: GROUP,
  summary: 'Odontograma do paciente: estado atual de cada dente e as linhas de orçamentos e tratamentos que o citam',
  permission: 'medicalRecord:read',
  input: z.strictObject({ id: idInput.describe('o paciente') }),
  output: z.object({
    teeth: z.array(
      toothOutput.extend({
        state: z.enum(DENTAL_STATE_CODES).optional(),
        faceStates: z.partialRecord(z.enum(TOOTH_FACES), z.enum(DENTAL_STATE_CODES)),
        updatedAt: z.string().optional(),
        links: z.array(toothLinkOutput),
      }),
    ),
  }),
  http: { method: 'GET', path: '/patient/{id}/dentalTreatment' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    await requireRecord(ctx.store.collection(patients), id, 'Paciente');
    const entries = await patientEntries(ctx.store, id);
    const chart = currentChart(entries);
    const links = await toothLinks(ctx.store, id);
    const teeth = ALL_TEETH.filter((t) => chart.has(t.tooth) || links.has(t.tooth)).map((t) => {
      const current = chart.get(t.tooth);
      return {
        ...t,
        ...(current?.state ? { state: current.state } : {}),
        faceStates: current?.faces ?? {},
        ...(current ? { updatedAt: current.updatedAt } : {}),
        links: links.get(t.tooth) ?? [],
      };
    });
    return { teeth };
  },
});

/** `patient.dentalHistory`: `GET /patient/{id}/dentalTreatment/history`: a tooth's entries, newest first. */
export const getDentalHistory = defineOperation({
  name: 'patient.dentalHistory',
  group: GROUP,
  summary: 'Histórico de um dente (ou de todos) ao longo dos atendimentos, do mais recente ao mais antigo',
  permission: 'medicalRecord:read',
  input: z.strictObject({ id: idInput.describe('o paciente'), tooth: toothParam.optional() }),
  output: z.object({
    items: z.array(dentalChartEntryOutput),
    links: z.array(toothLinkOutput.extend({ tooth: z.string() })),
  }),
  http: { method: 'GET', path: '/patient/{id}/dentalTreatment/history' },
  example: { id: EXAMPLE_ID, tooth: '36' },
  async run(ctx, { id, tooth }) {
    await requireRecord(ctx.store.collection(patients), id, 'Paciente');
    const entries = (await patientEntries(ctx.store, id)).filter((e) => !tooth || e.tooth === tooth);
    const links = [...(await toothLinks(ctx.store, id)).entries()]
      .filter(([t]) => !tooth || t === tooth)
      .flatMap(([t, list]) => list.map((link) => ({ tooth: t, ...link })));
    return { items: entries.reverse(), links };
  },
});

/** A patient's entries, oldest first. */
async function patientEntries(store: Parameters<typeof loadRecord>[0], patient: string) {
  return store.collection(dentalChartEntries).find({
    selector: { patient, atUtc: { $gte: '' } },
    sort: [{ atUtc: 'asc' }],
    limit: ENTRIES_MAX,
  });
}

/** The dental chart's operations, collected by the module. */
export const dentalOperations = [toothName, dentalOptions, recordDentalState, getDentalChart, getDentalHistory];
