/**
 * The patient of an attendance (spec §4.4 Patient: "get patient information by attendance; update
 * patient information for the current attendance") and the spec's Procedure "check whether the patient
 * has requests created during the appointment" (MED-059). An attendance is an appointment in the
 * attendance flow (`/appointment/{id}`): the reception and the professional read and update the patient
 * the appointment names, as `patient.get`/`patient.patch` do (`patient:read`/`:write`, audited by the
 * store); updating only while the attendance is current (waiting, called, in attendance).
 */
import { z } from 'zod';
import { EXAMPLE_ID, hasSomeField, idInput, invalidTransition, patchShape } from '#core/common/records.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { getPatient, patchPatient } from '#core/patient/patient-ops.js';
import { patientFieldsInput, patientOutput } from '#core/patient/patient-schemas.js';
import { loadAppointment } from '#core/schedule/appointment-write.js';
import { STATUS } from '#core/schedule/status.js';
import { medicalRecords } from '#core/medical-record/record.js';

const CURRENT = new Set<number>([STATUS.waiting, STATUS.called, STATUS.inAttendance]);

/** The appointment with `id` and its patient's id. @throws DomainError `not_found`. */
async function attendancePatient(ctx: OperationContext, id: string) {
  const appointment = await loadAppointment(ctx.store, id);
  return { appointment, patient: appointment.patient };
}

/** `patient.byAttendance`: `GET /appointment/{id}/patient`. */
export const patientByAttendance = defineOperation({
  name: 'patient.byAttendance',
  group: 'Patient',
  summary: 'Mostra o paciente de um atendimento (agendamento)',
  permission: 'patient:read',
  input: z.strictObject({ id: idInput.describe('o agendamento') }),
  output: patientOutput,
  http: { method: 'GET', path: '/appointment/{id}/patient' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const { patient } = await attendancePatient(ctx, id);
    return getPatient.run(ctx, { id: patient });
  },
});

/** `patient.updateForAttendance`: `PATCH /appointment/{id}/patient`. */
export const updatePatientForAttendance = defineOperation({
  name: 'patient.updateForAttendance',
  group: 'Patient',
  summary: 'Atualiza o cadastro do paciente do atendimento em curso (só os campos enviados)',
  description:
    'Os campos de PATCH /patient/{id}. Só enquanto o atendimento está em curso (aguardando, chamado ou em atendimento): depois, 409.',
  permission: 'patient:write',
  input: z
    .strictObject({ id: idInput.describe('o agendamento'), ...patchShape(patientFieldsInput, ['name', 'insurances']) })
    .refine(hasSomeField, { message: 'informe ao menos um campo' }),
  output: patientOutput,
  http: { method: 'PATCH', path: '/appointment/{id}/patient' },
  example: { id: EXAMPLE_ID, cellPhone: '(11) 91234-5678' },
  async run(ctx, { id, ...fields }) {
    const { appointment, patient } = await attendancePatient(ctx, id);
    if (!CURRENT.has(appointment.status))
      throw invalidTransition(
        'O atendimento não está em curso: edite o cadastro do paciente (PATCH /patient/{id})',
        'id',
        'fora do atendimento',
      );
    return patchPatient.run(ctx, { ...fields, id: patient });
  },
});

/** `procedure.requestsInAppointment`: `GET /appointment/{id}/procedureRequest`. */
export const requestsInAppointment = defineOperation({
  name: 'procedure.requestsInAppointment',
  group: 'Procedure',
  summary: 'Diz se o paciente teve pedidos (exames, procedimentos) feitos durante o atendimento',
  description:
    'Pelo prontuário do atendimento: a seção de pedidos de exame escrita ou adendos nela. Responde se há e quantos, sem o texto clínico.',
  permission: 'medicalRecord:read',
  input: z.strictObject({ id: idInput.describe('o agendamento') }),
  output: z.object({
    hasRequests: z.boolean(),
    count: z.number().int().describe('a seção escrita conta um; cada adendo nela, mais um'),
    medicalRecord: z.string().nullable(),
  }),
  http: { method: 'GET', path: '/appointment/{id}/procedureRequest' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    await loadAppointment(ctx.store, id);
    const [record] = await ctx.store.collection(medicalRecords).find({ selector: { appointment: id }, limit: 1 });
    if (!record) return { hasRequests: false, count: 0, medicalRecord: null };
    const section = record.sections.pedidosExame?.text.trim() ? 1 : 0;
    const addenda = record.addenda.filter((a) => a.section === 'pedidosExame').length;
    const count = section + addenda;
    return { hasRequests: count > 0, count, medicalRecord: record.id };
  },
});

/** The attendance's patient and requests operations, collected by the module. */
export const attendancePatientOperations = [patientByAttendance, updatePatientForAttendance, requestsInAppointment];
