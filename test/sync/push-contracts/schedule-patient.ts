/**
 * Push contracts of the clinic's registers (clinics, procedures, patients, specialties, insurances, price
 * tables), budgets, the schedule and tickets: the registry-wide checks of suite.ts for these modules'
 * collections, plus an installation's appointment push over HTTP; run by push-contracts.int.test.ts. A
 * new collection of these modules needs no case here: add the operation write that stores its first
 * record to `writeThroughOperations` below (the first case fails until one does).
 */
import { expect, it } from 'vitest';
import { colleagueAndEvent, live, without } from './fixture.js';
import type { GroupSuite } from './suite.js';

export const schedulePatient: GroupSuite = {
  group: 'schedule-patient',
  async writeThroughOperations(ctx) {
    const { colleague, event } = await colleagueAndEvent(ctx);
    const { write, refs, booked } = ctx;
    const { budget } = (await write('POST', '/budget/', {
      active: true,
      type: 'dental',
      patient: refs.patient,
      clinic: refs.clinic,
      status: 1,
      items: [
        {
          typeModel: 'Event',
          event: event.id,
          quantity: 1,
          totalValue: 350,
          valueUnity: 350,
          tooth: '36',
          toothFace: ['O'],
        },
      ],
      value: 350,
      paymentInformation: { quantity: 1, entry: 350, parcelValue: 0 },
    })) as { budget: { id: string } };
    await write('POST', `/budget/${budget.id}/approval`, { approvedBy: refs.professional });
    await write('POST', `/budget/${budget.id}/treatment`, {});
    await write('PUT', '/schedule/settings', {
      clinic: refs.clinic,
      slotMinutes: 20,
      returnWindowDays: 30,
      workingHours: [{ weekday: 1, start: '08:00', end: '12:00' }],
    });
    await write('POST', '/schedule/block', {
      professional: refs.professional,
      start: '2026-11-27T12:00:00-03:00',
      end: '2026-11-27T13:00:00-03:00',
      reason: 'Almoço',
    });
    await write('POST', '/waitList/', {
      patient: refs.patient,
      professional: refs.professional,
      periods: [{ weekdays: [1, 3], from: '08:00', to: '12:00' }],
      priority: 'high',
    });
    await write('POST', '/schedule/share', {
      professional: refs.professional,
      sharedWith: colleague.id,
      permission: 'write',
    });
    await write('PUT', `/clinic/${refs.clinic}/ticketControl`, {
      services: [{ prefix: 'N', name: 'Normal', class: 'normal' }],
      priorityRatio: 2,
    });
    await write('POST', '/ticket/', { clinic: refs.clinic, service: 'N' });
    await write('POST', `/appointment/${booked}/financeRecord`, { amount: 250 });
  },
  cases(ctx) {
    it('an installation pushing an appointment without events and createdBy is refused; the schedule keeps answering', async () => {
      const { server, account, samples, newId, booked } = ctx;
      const appointment = { ...without(without(samples.appointments!, 'events'), 'createdBy'), id: newId() };
      const res = await server.call('POST', '/sync/appointments/push', {
        token: account.A.deskToken,
        body: [{ newDocumentState: live(appointment) }],
      });
      expect(res).toMatchObject({ status: 200, body: [{ ...appointment, _deleted: true }] });
      // The earlier tests left hundreds of rejections in the desk's list: page through it, oldest first.
      type Listed = { id: string; docId: string; reasons: { path: string }[] };
      let entry: Listed | undefined;
      for (let after = ''; !entry;) {
        const page = await server.call('GET', `/sync/rejections?limit=500${after && `&after=${after}`}`, {
          token: account.A.deskToken,
        });
        const items = page.body.items as Listed[];
        entry = items.find((item) => item.docId === appointment.id);
        if (items.length < 500) break;
        after = items.at(-1)!.id;
      }
      expect(entry?.reasons.map((r) => r.path).sort()).toEqual(['createdBy', 'events']);
      expect((await server.call('GET', `/appointment/${appointment.id}`, { token: account.A.token })).status).toBe(404);
      expect((await server.call('GET', `/appointment/${booked}`, { token: account.A.token })).status).toBe(200);
    });
  },
};
