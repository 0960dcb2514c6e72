/**
 * Push contracts of billing (TISS attendances and batches, authorization batches, billing plans,
 * solicitations) and the insurance requests (hospitalization requests, integrators' interactions): the
 * registry-wide checks of suite.ts for these modules' collections; run by push-contracts.int.test.ts. A
 * new collection of these modules needs no case here: add the operation write that stores its first
 * record to `writeThroughOperations` below (the first case fails until one does).
 */
import { patients } from '#core/patient/patient-record.js';
import { prices, priceTables } from '#core/price/price-table-record.js';
import { colleagueAndEvent } from './fixture.js';
import type { GroupSuite } from './suite.js';

export const billingTiss: GroupSuite = {
  group: 'billing-tiss',
  async writeThroughOperations(ctx) {
    const { store, colleague } = await colleagueAndEvent(ctx);
    const { write, refs } = ctx;
    // An insured patient attended by a professional with council and CBO, billed in a batch.
    const insured = (await store.collection(patients).find({ selector: { active: true } })).find(
      (p) => p.insurances[0]?.identificationOnInsurance,
    )!;
    const insurance = insured.insurances[0]!.insurance;
    const table = (await store.collection(priceTables).find({ selector: { insurance } }))[0]!;
    const priced = (await store.collection(prices).find({ selector: { priceTable: table.id } }))[0]!;
    const attended = (await write('POST', '/appointment/', {
      clinic: refs.clinic,
      patient: insured.id,
      professional: colleague.id,
      events: [priced.event],
      insurance,
      start: '2026-11-26T15:00:00-03:00',
      end: '2026-11-26T15:30:00-03:00',
    })) as { appointment: { id: string } };
    for (const step of ['attendance', 'attendance/start', 'attendance/end'])
      await write('POST', `/appointment/${attended.appointment.id}/${step}`, {});
    const { attendance } = (await write('POST', '/billing/attendance/', {
      appointment: attended.appointment.id,
    })) as { attendance: { id: string; guideType: string } };
    const { batch } = (await write('POST', '/billing/batch/', {
      clinic: refs.clinic,
      insurance,
      guideType: attendance.guideType,
    })) as { batch: { id: string } };
    await write('POST', `/billing/batch/${batch.id}/attendance`, { attendances: [attendance.id] });
    // Authorization: a hospitalization request saved as a draft and an integrator's interaction for a code.
    await write('POST', '/hospitalizationRequest/draft', {
      appointment: attended.appointment.id,
      procedures: [{ code: '31009069', description: 'Colecistectomia' }],
      clinicalIndication: 'Colelitíase',
      hospitalization: {
        hospitalCode: 'HOSP01',
        hospitalName: 'Hospital Santa Luzia',
        suggestedDate: '2026-12-03',
        type: '2',
        regime: '1',
        days: 2,
        opme: false,
        chemotherapy: false,
        cids: ['K80.1'],
      },
    });
    await write('POST', '/integration/insuranceInteraction', {
      appointment: attended.appointment.id,
      code: '40304361',
      text: 'Pede autorização prévia',
    });
    await write('POST', '/billing/authorizationBatch/', {
      clinic: refs.clinic,
      insurance,
      attendances: [attendance.id],
    });
    await write('POST', `/insurance/${insurance}/billingPlan`, {
      clinic: refs.clinic,
      closingDay: 25,
      sendingDeadlineDay: 10,
      paymentTermDays: 30,
    });
    await write('POST', `/insurance/${insurance}/unregulatedSolicitation`, {
      attendance: attendance.id,
      subject: 'Material especial',
      text: 'Pedido fora do TISS',
    });
  },
};
