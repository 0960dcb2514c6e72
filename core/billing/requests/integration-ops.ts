/**
 * Integration reads about exams (spec §4.4 Integration: "return exam details for an attendance", "get
 * possible combinations of materials and exams"; TISS-030). Exam details: what was requested for an
 * attendance (its procedure requests' items, else the appointment's events), each with its TUSS
 * code and the name the account's materials-and-exams catalogue (TUSS table 22) gives it, else the
 * term of the shipped TUSS table 22 (TISS-045), and where its authorization stands. Combinations: for one exam, the catalogue's materials (TUSS 19) and
 * medications (20) that may go beside it on the same SP/SADT guide as other expenses, ranked by how
 * often the account billed them together.
 */
import { z } from 'zod';
import { searchKey } from '#core/br/text.js';
import { events } from '#core/clinic/event-record.js';
import { EXAMPLE_ID, idInput, requireRecord } from '#core/common/records.js';
import { materialOutput, materialsOrExams, tussCodeInput } from '#core/inventory/material-record.js';
import { defineOperation } from '#core/operation.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { billingAttendances } from '#core/billing/attendance-record.js';
import { tuss22Table } from '#core/billing/tuss/tuss22.js';
import { procedureRequests, REQUEST_STATUSES } from './request-record.js';

const GROUP = 'Integration';

const examOutput = z.object({
  table: z.string(),
  code: z.string(),
  name: z.string().describe('nome no pedido'),
  tussName: z
    .string()
    .optional()
    .describe('nome no catálogo de materiais e exames; sem ele, o termo em vigência da tabela TUSS 22 (ANS, 2020)'),
  quantity: z.number().int(),
  request: z.string().optional(),
  status: z.enum(REQUEST_STATUSES).optional(),
  password: z.string().optional().describe('senha de autorização'),
});

/** `integration.attendance.exams`: `GET /integration/attendance/{id}/exams`. */
export const attendanceExams = defineOperation({
  name: 'integration.attendance.exams',
  group: GROUP,
  summary: 'Detalhes dos exames e procedimentos pedidos para um atendimento (códigos TUSS, nomes, autorização)',
  permission: 'authorization:read',
  input: z.strictObject({ id: idInput }),
  output: z
    .object({ appointment: z.string(), insurance: z.string().optional(), exams: z.array(examOutput) })
    .meta({ id: 'AttendanceExams' }),
  http: { method: 'GET', path: '/integration/attendance/{id}/exams' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const appointment = await requireRecord(ctx.store.collection(appointments), id, 'Agendamento');
    const requests = (
      await ctx.store.collection(procedureRequests).find({ selector: { appointment: id }, limit: 100 })
    ).filter((r) => r.status !== 'cancelled');
    const rows: z.output<typeof examOutput>[] = requests.flatMap((r) =>
      r.procedures.map((p) => ({
        table: p.table,
        code: p.code,
        name: p.description,
        quantity: p.quantity,
        request: r.id,
        status: r.status,
        ...(r.authorization?.password ? { password: r.authorization.password } : {}),
      })),
    );
    if (requests.length === 0)
      for (const eventId of appointment.events) {
        const event = await ctx.store.collection(events).get(eventId);
        if (event?.code) rows.push({ table: event.tissTable ?? '22', code: event.code, name: event.name, quantity: 1 });
      }
    const codes = [...new Set(rows.map((r) => r.code))];
    const catalogue = codes.length
      ? await ctx.store.collection(materialsOrExams).find({ selector: { code: { $in: codes } } })
      : [];
    const names = new Map(catalogue.map((m) => [`${m.tussTable}/${m.code}`, m.name]));
    const tuss = await tuss22Table();
    const termOf = (table: string, code: string) => {
      const term = table === '22' ? tuss.find(code) : undefined;
      return term && !term.ended ? term.term : undefined;
    };
    return {
      appointment: id,
      ...(appointment.insurance ? { insurance: appointment.insurance } : {}),
      exams: rows.map((r) => {
        const tussName = names.get(`${r.table}/${r.code}`) ?? termOf(r.table, r.code);
        return tussName ? { ...r, tussName } : r;
      }),
    };
  },
});

/** dm_outrasDespesas of a catalogue table: 20 medications → 02, 19 materials → 03. */
const EXPENSE_OF = { '19': '03', '20': '02' } as const;
/** Billed attendances read for the ranking (the most recent). */
const HISTORY = 2000;

/** `integration.materialExam.combinations`: `GET /integration/materialOrExam/combinations`. */
export const materialExamCombinations = defineOperation({
  name: 'integration.materialExam.combinations',
  group: GROUP,
  summary: 'Combinações possíveis de materiais e medicamentos com um exame (para a mesma guia SP/SADT)',
  description:
    'Lista os materiais (TUSS 19) e medicamentos (TUSS 20) ativos do catálogo que podem ir como outras despesas ' +
    'na guia do exame, com o código de despesa TISS, ordenados pelas vezes que foram faturados juntos com ele.',
  permission: 'billing:read',
  input: z.strictObject({
    exam: tussCodeInput.describe('código TUSS do exame (tabela 22)'),
    q: z.string().trim().min(1).max(100).optional().describe('filtra materiais pelo nome'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  output: z
    .object({
      exam: z.object({ code: z.string(), name: z.string().optional() }),
      combinations: z.array(
        materialOutput.extend({
          expenseCode: z.enum(['02', '03']).describe('dm_outrasDespesas: 02 medicamentos, 03 materiais'),
          timesTogether: z.number().int().describe('atendimentos faturados com o exame e o item'),
        }),
      ),
    })
    .meta({ id: 'MaterialExamCombinations' }),
  http: { method: 'GET', path: '/integration/materialOrExam/combinations' },
  example: { exam: '40304361' },
  async run(ctx, { exam, q, limit }) {
    const [examItem] = await ctx.store
      .collection(materialsOrExams)
      .find({ selector: { tussTable: '22', code: exam }, limit: 1 });
    const key = q ? searchKey(q) : undefined;
    const candidates = (
      await ctx.store.collection(materialsOrExams).find({ selector: { active: true }, limit: 5000 })
    ).filter((m) => m.tussTable !== '22' && (!key || m.nameKey.includes(key)));
    const history = await ctx.store.collection(billingAttendances).find({ sort: [{ id: 'desc' }], limit: HISTORY }); // uuid v7: newest first
    const together = new Map<string, number>();
    for (const attendance of history) {
      if (!attendance.items.some((i) => i.code === exam && !i.expenseCode)) continue;
      for (const code of new Set(attendance.items.filter((i) => i.expenseCode).map((i) => i.code)))
        together.set(code, (together.get(code) ?? 0) + 1);
    }
    const combinations = candidates
      .map(({ nameKey: _key, tenantId: _t, ...m }) => ({
        ...m,
        expenseCode: EXPENSE_OF[m.tussTable as '19' | '20'],
        timesTogether: together.get(m.code) ?? 0,
      }))
      .sort((a, b) => b.timesTogether - a.timesTogether || a.name.localeCompare(b.name, 'pt-BR'))
      .slice(0, limit);
    return { exam: { code: exam, ...(examItem ? { name: examItem.name } : {}) }, combinations };
  },
});
