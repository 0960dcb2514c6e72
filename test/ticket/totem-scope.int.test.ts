/**
 * A totem key is bound to its clinic (issue 9): over the real server, clinic A's kiosk key cannot
 * look up, check in, issue a ticket, read a ticket, open a panel socket or read the panel of clinic B
 * of the same account; it answers 404, as for a clinic that does not exist. Clinic A keeps working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, seedAccount } from '../../sync-server/auth/test-server.js';
import { startLiveServer, type LiveServer } from './live-server.js';

let server: LiveServer;
let admin: string;
let totemA: string;
const clinics: Record<'a' | 'b', { id: string; place: string; appointment: string }> = {} as never;

const PASSWORD = 'senha-muito-segura-1';
const CPF = '529.982.247-25';
const BIRTH = '1980-05-17';

beforeAll(async () => {
  server = await startLiveServer();
  const account = await seedAccount(server, 'Rede Duas Clínicas', { email: 'admin@rede.test', password: PASSWORD });
  admin = (await login(server, 'admin@rede.test', PASSWORD)).accessToken;
  const patient = (
    await server.call('POST', '/patient/', { token: admin, body: { name: 'Maria Souza', cpf: CPF, birthDate: BIRTH } })
  ).body.patient as { id: string };
  for (const [which, name] of [
    ['a', 'Clínica Centro'],
    ['b', 'Clínica Bairro'],
  ] as const) {
    const clinic = (
      await server.call('POST', '/clinic/', {
        token: admin,
        body: { name, places: [{ name: 'Guichê', kind: 'desk' }] },
      })
    ).body.clinic as { id: string; places: { id: string }[] };
    // The server's clock reads 2026-11-23 09:00 in São Paulo: both appointments are today's.
    const booked = await server.call('POST', '/appointment/', {
      token: admin,
      body: {
        clinic: clinic.id,
        patient: patient.id,
        professional: account.adminId,
        start: which === 'a' ? '2026-11-23T10:00:00-03:00' : '2026-11-23T11:00:00-03:00',
        end: which === 'a' ? '2026-11-23T10:30:00-03:00' : '2026-11-23T11:30:00-03:00',
      },
    });
    expect(booked.status).toBe(201);
    clinics[which] = {
      id: clinic.id,
      place: clinic.places[0]!.id,
      appointment: (booked.body.appointment as { id: string }).id,
    };
  }
  totemA = (await server.call('POST', `/clinic/${clinics.a.id}/totemLogin`, { token: admin })).body.key as string;
});
afterAll(() => server.close());

const asTotem = (method: string, path: string, body?: unknown) =>
  server.call(method, path, { key: totemA, ...(body === undefined ? {} : { body }) });

describe('a totem key of clinic A', () => {
  it('is refused every totem and ticket operation of clinic B with 404, changing nothing there', async () => {
    const b = clinics.b;
    const refused = [
      await asTotem('POST', `/clinic/${b.id}/totem/lookup`, { cpf: CPF, birthDate: BIRTH }),
      await asTotem('POST', `/clinic/${b.id}/totem/lookup`, { appointment: b.appointment }),
      await asTotem('POST', `/clinic/${b.id}/totem/checkIn`, { appointment: b.appointment, cpf: CPF }),
      await asTotem('POST', `/clinic/${b.id}/totem/checkIn`, {}),
      await asTotem('POST', '/ticket/', { clinic: b.id }),
      await asTotem('GET', `/clinic/${b.id}/panel`),
      await asTotem('GET', `/clinic/${b.id}/ticketControl`),
      await asTotem('POST', `/clinic/${b.id}/socket`),
      await asTotem('POST', '/websocket/endpoint', { clinic: b.id }),
      await asTotem('GET', `/clinic/${b.id}`),
      await asTotem('GET', `/clinic/${b.id}/place/`),
    ];
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 404));

    // Nothing moved at B: the appointment still waits for its patient, and B's line is empty.
    expect((await server.call('GET', `/appointment/${b.appointment}`, { token: admin })).body).toMatchObject({
      status: 1,
    });
    const panel = await server.call('GET', `/clinic/${b.id}/panel`, { token: admin });
    expect(panel.status).toBe(200);
    expect(panel.body).toMatchObject({ waiting: 0, calls: [] });
  });

  it("cannot read clinic B's tickets by id, nor their slip", async () => {
    const issued = await server.call('POST', '/ticket/', { token: admin, body: { clinic: clinics.b.id } });
    expect(issued.status).toBe(201);
    const id = (issued.body.ticket as { id: string }).id;
    expect((await asTotem('GET', `/ticket/${id}`)).status).toBe(404);
    expect((await asTotem('GET', `/ticket/${id}/pdf`)).status).toBe(404);
    expect((await server.call('GET', `/ticket/${id}`, { token: admin })).status).toBe(200);
  });

  it('still looks up, checks in, issues and reads the panel of its own clinic', async () => {
    const a = clinics.a;
    const found = await asTotem('POST', `/clinic/${a.id}/totem/lookup`, { cpf: CPF, birthDate: BIRTH });
    expect(found.status).toBe(200);
    // Only A's appointment: B's, the same patient's same day, is not shown at A's kiosk.
    expect(found.body).toEqual({
      firstName: 'Maria',
      priorityReason: null,
      appointments: [expect.objectContaining({ id: a.appointment })],
      checkedIn: [],
    });
    const checked = await asTotem('POST', `/clinic/${a.id}/totem/checkIn`, { appointment: a.appointment, cpf: CPF });
    expect(checked.status).toBe(201);
    const ticket = checked.body.ticket as { id: string };
    expect((await asTotem('GET', `/ticket/${ticket.id}/pdf`)).status).toBe(200);
    expect((await asTotem('POST', '/ticket/', { clinic: a.id })).status).toBe(201);
    const panel = await asTotem('GET', `/clinic/${a.id}/panel`);
    expect(panel.status).toBe(200);
    expect(panel.body).toMatchObject({ waiting: 2 });
    expect((await asTotem('POST', `/clinic/${a.id}/socket`)).status).toBe(201);
    expect((await asTotem('GET', `/clinic/${a.id}/place/`)).status).toBe(200);
  });
});
