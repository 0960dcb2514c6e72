/**
 * Guia de honorários individuais and resumo de internação from attendances entered by hand
 * (`billing.attendance.create` with `manual`), in batches of their own guide type whose TISS XML
 * passes the real ANS 4.01.00 schemas, with the epilogue hash recomputed here from the text.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { addExpenses, createAttendance } from '#core/billing/attendance-ops.js';
import { addAttendances, createBatch } from '#core/billing/batch-ops.js';
import { openBilling, type BillingHarness } from '#core/billing/testing.js';
import { getBatchTissXml } from '#core/billing/tiss-ops.js';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { uuidV7Ids } from '#core/ids.js';
import { professionalRecord } from '#core/schedule/testing.js';
import { createSpecialty } from '#core/specialty/specialty-ops.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';
import { independentHash, writtenHash } from './independent-hash.js';

setTissSchemaSource(diskTissSchemas);

let h: BillingHarness;
let anaesthetist: string;
beforeEach(async () => {
  h = await openBilling();
  const { specialty } = await h.run(createSpecialty, { name: 'Anestesiologia', cbo: '225151', council: 'CRM' });
  anaesthetist = uuidV7Ids.next();
  await h.ctx.store.collection(users).insert({
    ...professionalRecord(anaesthetist, 't1', 'Dr. Caio Brandão'),
    councilNumber: '654321',
    specialties: [specialty.id],
  });
});
afterEach(() => h.close());

const stay = {
  requestGuide: 'SOL-2026-0042',
  character: '2' as const,
  billingType: '4' as const,
  start: '2026-11-18',
  startTime: '22:40:00',
  end: '2026-11-21',
  endTime: '10:15:00',
  admissionType: '2' as const,
  regime: '1' as const,
  diagnoses: ['K35.8'],
  accident: '9' as const,
  exitReason: '12',
};
const appendectomy = { code: '31003079', description: 'Apendicectomia', quantity: 1, unitValue: 1250.37 };

async function xmlOf(guideType: 'honorarios' | 'internacao', attendance: string) {
  const { batch } = await h.run(createBatch, { clinic: h.clinic, insurance: h.insurance, guideType });
  const filled = await h.run(addAttendances, { id: batch.id, attendances: [attendance] });
  return { filled, xml: await h.run(getBatchTissXml, { id: batch.id }) };
}

describe('hospital guides from attendances entered by hand', () => {
  it('bills a surgeon’s and an anaesthetist’s fees on a guia de honorários, valid against the ANS schemas', async () => {
    const { attendance } = await h.run(createAttendance, {
      manual: {
        guideType: 'honorarios',
        clinic: h.clinic,
        patient: h.patient,
        professional: h.professional,
        insurance: h.insurance,
        authorizationCode: 'SENHA778',
        hospitalStay: { ...stay, hospital: { name: 'Hospital Santa Luzia', cnpj: '60922168000186', cnes: '2077485' } },
        items: [
          {
            ...appendectomy,
            team: [
              { role: '00', professional: h.professional },
              { role: '06', professional: anaesthetist },
            ],
          },
        ],
      },
    });
    expect(attendance).toMatchObject({ guideType: 'honorarios', date: '2026-11-21', total: 1250.37 });
    const { filled, xml } = await xmlOf('honorarios', attendance.id);
    expect(xml.problems).toEqual([]);
    expect(filled.total).toBe(1250.37);
    expect(xml.xml).toContain('<ans:guiaSolicInternacao>SOL-2026-0042</ans:guiaSolicInternacao>');
    expect(xml.xml).toContain('<ans:cnpjLocalExecutante>60922168000186</ans:cnpjLocalExecutante>');
    expect(xml.xml).toContain('<ans:grauParticipacao>06</ans:grauParticipacao>');
    expect(xml.xml).toContain('<ans:nomeProfissional>Dr. Caio Brandão</ans:nomeProfissional>');
    expect(xml.xml).toContain('<ans:valorTotalHonorarios>1250.37</ans:valorTotalHonorarios>');
    expect(writtenHash(xml.xml)).toBe(independentHash(xml.xml));
    expect(xml.hash).toBe(independentHash(xml.xml));
  });

  it('bills a stay on a resumo de internação with CID, exit reason, team and other expenses', async () => {
    const { attendance } = await h.run(createAttendance, {
      manual: {
        guideType: 'internacao',
        clinic: h.clinic,
        patient: h.patient,
        professional: h.professional,
        insurance: h.insurance,
        authorizationCode: 'SENHA991',
        authorizationDate: '2026-11-18',
        hospitalStay: stay,
        items: [
          { ...appendectomy, team: [{ role: '06', professional: anaesthetist }] },
          {
            table: '18',
            code: '60000775',
            description: 'Diária de apartamento',
            quantity: 3,
            unitValue: 410.1,
            expenseCode: '05',
          },
        ],
      },
    });
    const withMaterial = await h.run(addExpenses, {
      id: attendance.id,
      expenses: [{ expenseCode: '03', code: '70000000', description: 'Fio de sutura', quantity: 2, unitValue: 12.35 }],
    });
    expect(withMaterial).toMatchObject({ guideType: 'internacao', total: 1250.37 + 1230.3 + 24.7 });
    const { xml } = await xmlOf('internacao', attendance.id);
    expect(xml.problems).toEqual([]);
    expect(xml.xml).toContain('<ans:diagnostico>K358</ans:diagnostico>');
    expect(xml.xml).toContain('<ans:motivoEncerramento>12</ans:motivoEncerramento>');
    expect(xml.xml).toContain(
      '<ans:tipoInternacao>2</ans:tipoInternacao><ans:regimeInternacao>1</ans:regimeInternacao>',
    );
    expect(xml.xml).toContain('<ans:grauPart>06</ans:grauPart>');
    expect(xml.xml).toContain('<ans:valorDiarias>1230.30</ans:valorDiarias>');
    expect(xml.xml).toContain('<ans:valorTotalGeral>2505.37</ans:valorTotalGeral>');
    expect(writtenHash(xml.xml)).toBe(independentHash(xml.xml));
  });

  it('names what a hand-entered hospital guide lacks', async () => {
    const error = await h
      .run(createAttendance, {
        manual: {
          guideType: 'internacao',
          clinic: h.clinic,
          patient: h.patient,
          professional: h.professional,
          insurance: h.insurance,
          items: [appendectomy],
        },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'validation' });
    const details = (error as { details: { path: string; message: string }[] }).details;
    expect(details.map((d) => d.path)).toEqual(['manual.hospitalStay', 'manual.authorizationCode']);
    expect(details[1]!.message).toContain('senha');
  });
});
