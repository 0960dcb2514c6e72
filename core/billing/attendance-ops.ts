/**
 * Billed attendances (spec §4.4 Billing): bring an attended appointment to billing, show one, add
 * other expenses, assign the authorization code, justify or mark as return. An attendance in a sent
 * batch does not change: the operator has that version.
 */
import { z } from 'zod';
import { appointments } from '#core/schedule/appointment-record.js';
import { refInput } from '#core/references.js';
import { EXAMPLE_ID, idInput, invalidTransition, nowIso, requireRecord } from '#core/common/records.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import {
  billingAttendanceOutput,
  billingAttendances,
  expenseInput,
  type BillingAttendance,
} from './attendance-record.js';
import { GROUP } from './batch-ops.js';
import { billingBatches } from './batch-record.js';
import { attendanceFromAppointment } from './from-appointment.js';
import { attendanceFromManual, manualAttendanceInput } from './manual-attendance.js';
import { attendanceCentavos } from './totals.js';
import { fromCentavos } from '#core/price/money.js';
import { tussWarningsField, withTuss22Warnings } from './tuss/tuss-check.js';

/** An attendance as answered, with its total in reais. */
const attendanceAnswer = billingAttendanceOutput
  .extend({ total: z.number().describe('reais') })
  .meta({ id: 'BillingAttendanceWithTotal' });

function answer(attendance: BillingAttendance) {
  return { ...attendance, total: fromCentavos(attendanceCentavos(attendance)) };
}

/** The attendance `id`, refused when its batch was sent. */
async function requireEditable(ctx: OperationContext, id: string): Promise<Stored<BillingAttendance>> {
  const attendance = await requireRecord(ctx.store.collection(billingAttendances), id, 'Atendimento');
  if (attendance.batch) {
    const batch = await ctx.store.collection(billingBatches).get(attendance.batch);
    if (batch?.status === 'sent') {
      throw invalidTransition('Atendimento de lote enviado não muda: cancele o envio antes', 'id', 'lote enviado');
    }
  }
  return attendance;
}

async function save(ctx: OperationContext, current: Stored<BillingAttendance>, next: BillingAttendance) {
  return answer(
    await ctx.store
      .collection(billingAttendances)
      .update(current.id, current._rev, { ...next, updatedAt: nowIso(ctx) }),
  );
}

/** `billing.attendance.create`: `POST /billing/attendance/` (201). */
export const createAttendance = defineOperation({
  name: 'billing.attendance.create',
  group: GROUP,
  summary: 'Leva ao faturamento um agendamento atendido, ou um atendimento digitado (honorários, internação, SP/SADT)',
  description:
    'Guarda o retrato da guia: carteirinha do paciente, conselho e CBO do profissional, códigos TUSS e preços da ' +
    'tabela do convênio. De um agendamento: guia de consulta quando é uma única consulta, GTO quando o profissional ' +
    'é cirurgião-dentista (CRO, com dente, faces ou região do tratamento), SP/SADT nos demais casos. Com `manual`: ' +
    'guia de honorários individuais ou resumo de internação (com a internação e a equipe), ou SP/SADT sem agendamento.',
  permission: 'billing:write',
  input: z
    .strictObject({
      appointment: refInput(() => appointments).optional(),
      manual: manualAttendanceInput.optional(),
    })
    .refine((v) => (v.appointment === undefined) !== (v.manual === undefined), {
      path: ['appointment'],
      message: 'informe o agendamento ou o atendimento digitado (manual), um dos dois',
    }),
  output: z.object({ message: z.string(), attendance: attendanceAnswer, ...tussWarningsField }),
  http: { method: 'POST', path: '/billing/attendance/', status: 201 },
  example: { appointment: EXAMPLE_ID },
  async run(ctx, { appointment, manual }) {
    const attendance = await ctx.store
      .collection(billingAttendances)
      .insert(
        appointment ? await attendanceFromAppointment(ctx, appointment) : await attendanceFromManual(ctx, manual!),
      );
    return {
      message: 'Atendimento no faturamento',
      attendance: answer(attendance),
      ...(await withTuss22Warnings(attendance.items, 'items')),
    };
  },
});

/** `billing.attendance.get`: `GET /billing/attendance/{id}`. */
export const getAttendance = defineOperation({
  name: 'billing.attendance.get',
  group: GROUP,
  summary: 'Mostra um atendimento do faturamento com suas linhas e total',
  permission: 'billing:read',
  input: z.strictObject({ id: idInput }),
  output: attendanceAnswer,
  http: { method: 'GET', path: '/billing/attendance/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    return answer(await requireRecord(ctx.store.collection(billingAttendances), id, 'Atendimento'));
  },
});

/** `billing.attendance.addExpenses`: `POST /billing/attendance/{id}/expense`. */
export const addExpenses = defineOperation({
  name: 'billing.attendance.addExpenses',
  group: GROUP,
  summary: 'Adiciona outras despesas (materiais, medicamentos, taxas…) a um atendimento',
  description:
    'Outras despesas vão na guia SP/SADT; um atendimento de guia de consulta passa a SP/SADT se não estiver em lote.',
  permission: 'billing:write',
  input: z.strictObject({ id: idInput, expenses: z.array(expenseInput).min(1).max(100) }),
  output: attendanceAnswer,
  http: { method: 'POST', path: '/billing/attendance/{id}/expense' },
  example: {
    id: EXAMPLE_ID,
    expenses: [
      { expenseCode: '03', code: '70000000', description: 'Seringa descartável 5 ml', quantity: 2, unitValue: 1.5 },
    ],
  },
  async run(ctx, { id, expenses }) {
    const current = await requireEditable(ctx, id);
    if (current.guideType === 'odonto' || current.guideType === 'honorarios') {
      throw invalidTransition(
        'GTO e guia de honorários não levam outras despesas',
        'expenses',
        `guia ${current.guideType}`,
      );
    }
    if (current.guideType === 'consulta' && current.batch) {
      throw invalidTransition(
        'Guia de consulta não leva outras despesas: retire o atendimento do lote antes',
        'expenses',
        'o lote é de guias de consulta',
      );
    }
    const items = [...current.items, ...expenses.map((e) => ({ ...e, date: e.date ?? current.date }))];
    // The resumo de internação carries other expenses itself; a consultation becomes SP/SADT (TISS-003).
    const guideType = current.guideType === 'internacao' ? 'internacao' : 'spsadt';
    return save(ctx, current, { ...current, guideType, items });
  },
});

/** `billing.attendance.authorize`: `PUT /billing/attendance/{id}/authorizationCode`. */
export const assignAuthorization = defineOperation({
  name: 'billing.attendance.authorize',
  group: GROUP,
  summary: 'Atribui o código (senha) de autorização da operadora a um atendimento',
  permission: 'billing:write',
  input: z.strictObject({
    id: idInput,
    authorizationCode: z.string().trim().min(1).max(20),
    authorizationDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'data AAAA-MM-DD')
      .optional(),
  }),
  output: attendanceAnswer,
  http: { method: 'PUT', path: '/billing/attendance/{id}/authorizationCode' },
  example: { id: EXAMPLE_ID, authorizationCode: 'A123456', authorizationDate: '2026-11-20' },
  async run(ctx, { id, authorizationCode, authorizationDate }) {
    const current = await requireEditable(ctx, id);
    return save(ctx, current, {
      ...current,
      authorizationCode,
      authorizationDate: authorizationDate ?? current.date,
    });
  },
});

/** `billing.attendance.justify`: `PUT /billing/attendance/{id}/justification`. */
export const justifyAttendance = defineOperation({
  name: 'billing.attendance.justify',
  group: GROUP,
  summary: 'Justifica um atendimento ou o marca como retorno',
  description:
    'A justificativa vai na observação da guia; um retorno vai como consulta de seguimento (tipoConsulta 2). ' +
    'Uma justificativa vazia remove a anterior.',
  permission: 'billing:write',
  input: z.strictObject({
    id: idInput,
    justification: z.string().trim().max(500).optional(),
    returnVisit: z.boolean().optional(),
  }),
  output: attendanceAnswer,
  http: { method: 'PUT', path: '/billing/attendance/{id}/justification' },
  example: { id: EXAMPLE_ID, justification: 'Retorno para avaliação de exames', returnVisit: true },
  async run(ctx, { id, justification, returnVisit }) {
    const current = await requireEditable(ctx, id);
    const { justification: _previous, ...rest } = current;
    const text = justification ?? current.justification;
    return save(ctx, current, {
      ...rest,
      ...(text ? { justification: text } : {}),
      returnVisit: returnVisit ?? current.returnVisit,
    });
  },
});

/** The operations of this file. */
export const attendanceOperations = [
  createAttendance,
  getAttendance,
  addExpenses,
  assignAuthorization,
  justifyAttendance,
];
