/**
 * "Validate whether an attendance is a return" (spec §4.3): a visit is a return (retorno, usually
 * not charged again) when the same patient was attended by the same professional in the same
 * specialty within the return window before it. The window is the insurance's `returnDays` when the
 * appointment has one that sets it, otherwise the schedule settings'.
 */
import { z } from 'zod';
import { EXAMPLE_ID } from '#core/common/records.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { defineOperation } from '#core/operation.js';
import { appointments, scheduleIdInput } from './appointment-record.js';
import { GROUP } from './appointment-ops.js';
import { loadAppointment } from './appointment-write.js';
import { effectiveSettings } from './settings-ops.js';
import { STATUS } from './status.js';
import { utcKey } from './time.js';

/** `appointment.validateReturn`: `GET /appointment/{id}/return`. */
export const validateReturn = defineOperation({
  name: 'appointment.validateReturn',
  group: GROUP,
  summary: 'Verifica se o atendimento é um retorno (mesmo paciente, profissional e especialidade dentro da janela)',
  permission: 'appointment:read',
  input: z.strictObject({ id: scheduleIdInput }),
  output: z.object({
    isReturn: z.boolean(),
    windowDays: z.number(),
    /** The attended appointment it returns to. */
    previous: z.object({ id: z.string(), start: z.string() }).nullable(),
  }),
  http: { method: 'GET', path: '/appointment/{id}/return' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const appointment = await loadAppointment(ctx.store, id);
    const insurance = appointment.insurance
      ? await ctx.store.collection(insurances).get(appointment.insurance)
      : undefined;
    const windowDays =
      insurance?.returnDays ??
      (await effectiveSettings(ctx.store, appointment.clinic, appointment.professional)).returnWindowDays;
    const since = utcKey(new Date(Date.parse(appointment.startUtc) - windowDays * 86_400_000));
    const earlier = await ctx.store.collection(appointments).find({
      selector: { patient: appointment.patient, startUtc: { $gte: since, $lt: appointment.startUtc } },
      sort: [{ startUtc: 'desc' }],
    });
    const previous = earlier.find(
      (a) =>
        a.id !== id &&
        a.status === STATUS.attended &&
        a.professional === appointment.professional &&
        a.specialty === appointment.specialty,
    );
    return {
      isReturn: previous !== undefined,
      windowDays,
      previous: previous ? { id: previous.id, start: previous.start } : null,
    };
  },
});
