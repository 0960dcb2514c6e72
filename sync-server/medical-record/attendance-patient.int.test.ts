/**
 * The patient of an attendance and the requests made in it, through REST (MED-059; spec §4.4 Patient
 * "get patient information by attendance", "update patient information for the current attendance";
 * Procedure "check whether the patient has requests created during the appointment"): the reception
 * reads and updates the arrived patient, not once the attendance is over; the professional's exam
 * requests are counted without their text, and the reception cannot ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics } from '#core/clinic/clinic-record.js';
import { patients } from '#core/patient/patient-record.js';
import { seedDemoData } from '../admin/demo-data.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from '../auth/test-server.js';

const PASSWORD = 'senha comprida da clínica';
let server: TestServer;
const token = { ana: '', reception: '' };
const ids = { ana: '', clinic: '', patient: '', appointment: '' };
const call = (who: keyof typeof token, method: string, path: string, body?: unknown) =>
  server.call(method, path, { token: token[who], ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  server = await startTestServer();
  const { tenantId } = await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: PASSWORD });
  await seedDemoData(server.database, tenantId, { patients: 1, clock: server.clock });
  for (const [key, role] of [
    ['ana', 'professional'],
    ['reception', 'reception'],
  ] as const) {
    const id = await addMember(server, tenantId, { email: `${key}@sol.test`, password: PASSWORD, role });
    if (key === 'ana') ids.ana = id;
    token[key] = (await login(server, `${key}@sol.test`, PASSWORD)).accessToken;
  }
  const store = server.database.forTenant(tenantId);
  ids.clinic = (await store.collection(clinics).find({ limit: 1 }))[0]!.id;
  ids.patient = (await store.collection(patients).find({ selector: { active: true }, limit: 1 }))[0]!.id;
  const booked = await call('reception', 'POST', '/appointment/', {
    clinic: ids.clinic,
    patient: ids.patient,
    professional: ids.ana,
    start: '2026-11-23T10:00:00-03:00',
    end: '2026-11-23T10:30:00-03:00',
  });
  ids.appointment = (booked.body.appointment as { id: string }).id;
}, 120_000);
afterAll(() => server?.close());

describe("the attendance's patient and requests", () => {
  it('reads the patient by attendance and updates it only while the attendance is current', async () => {
    const read = await call('reception', 'GET', `/appointment/${ids.appointment}/patient`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.id).toBe(ids.patient);
    const path = `/appointment/${ids.appointment}/patient`;
    // Booked, not arrived: not the current attendance.
    expect((await call('reception', 'PATCH', path, { cellPhone: '(11) 91234-5678' })).status).toBe(409);
    await call('reception', 'POST', `/appointment/${ids.appointment}/attendance`, {});
    const updated = await call('reception', 'PATCH', path, { cellPhone: '(11) 91234-5678' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await call('reception', 'GET', `/patient/${ids.patient}`)).body.cellPhone).toBe(updated.body.cellPhone);
    expect((await call('reception', 'PATCH', path, { unknown: 1 })).status).toBe(400);
    expect((await call('reception', 'PATCH', path, {})).status).toBe(400);
  });

  it('tells whether requests were made in the attendance, without the clinical text', async () => {
    const path = `/appointment/${ids.appointment}/procedureRequest`;
    expect((await call('ana', 'GET', path)).body).toEqual({ hasRequests: false, count: 0, medicalRecord: null });
    const record = await call('ana', 'POST', `/appointment/${ids.appointment}/medicalRecord`);
    const id = (record.body as { id: string }).id;
    expect((await call('ana', 'GET', path)).body).toMatchObject({ hasRequests: false, medicalRecord: id });
    await call('ana', 'PATCH', `/medicalRecord/${id}`, { pedidosExame: 'Hemograma completo; TSH.' });
    const answer = await call('ana', 'GET', path);
    expect(answer.body).toEqual({ hasRequests: true, count: 1, medicalRecord: id });
    expect(JSON.stringify(answer.body)).not.toContain('Hemograma');
    expect((await call('reception', 'GET', path)).status).toBe(403);
    await call('ana', 'POST', `/medicalRecord/${id}/conclusion`);
    expect(
      (await call('reception', 'PATCH', `/appointment/${ids.appointment}/patient`, { cellPhone: '(11) 90000-0000' }))
        .status,
    ).toBe(409);
  });
});
