/**
 * A local-only demonstration clinic (first run without a server): a clinic open every day with three
 * attendance places, three professionals, a dozen patients with valid CPFs and a few of today's
 * appointments, the first already checked in at the totem (ticket P001: she is 76). Everything but the
 * professionals goes through the catalogue's operations, so the demo obeys every rule the desk does;
 * professionals are `users` records (temporary, schedulable, no login), as the server's demo command
 * writes them, since no operation creates a user without an invitation.
 */
import type { Actor } from '#core/actor.js';
import { users, type User } from '#core/access/user.js';
import { cpfWithCheckDigits } from '#core/br/cpf.js';
import { isoWithOffset } from '#core/clock.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { createEvent } from '#core/clinic/event-ops.js';
import { createBudget } from '#core/budget/budget-ops.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { createAppointment } from '#core/schedule/appointment-ops.js';
import { confirmAppointment } from '#core/schedule/confirmation-ops.js';
import { attendAppointment } from '#core/schedule/appointment-flow-ops.js';
import { totemCheckIn } from '#core/ticket/totem-ops.js';
import { dayIn, localTimeIn } from '#core/schedule/time.js';
import type { LocalCore } from './local-core.js';

/** The demo account's id: one local tenant per demo installation. */
export const DEMO_TENANT = 'demo';

/** Who works the demo desk: an administrator, so every screen is open. */
export function demoActor(): Actor {
  return { kind: 'user', id: 'demo-recepcao', tenantId: DEMO_TENANT, permissions: new Set(['*']) };
}

const PROFESSIONALS = [
  { name: 'Dra. Helena Martins', council: 'CRM' },
  { name: 'Dr. Ricardo Prado', council: 'CRM' },
  { name: 'Dra. Luana Vasconcelos', council: 'CRO' },
] as const;

const PATIENTS = [
  'Maria Aparecida da Silva',
  'João Pedro Oliveira',
  'Ana Beatriz Santos',
  'Carlos Eduardo Souza',
  'Francisca Lima Rocha',
  'Antônio Carlos Pereira',
  'Juliana Costa Almeida',
  'Paulo Henrique Ribeiro',
  'Luíza Fernandes Gomes',
  'Rafael Martins Barbosa',
  'Patrícia Carvalho Dias',
  'Gabriel Araújo Teixeira',
];

/** True when the demo already holds a clinic (the seed runs once per installation). */
export async function demoSeeded(core: LocalCore): Promise<boolean> {
  return (await core.context(demoActor()).store.collection(clinics).count()) > 0;
}

/**
 * Seeds the demo clinic in `core` as of `now`; today's appointments start at the next hours.
 * @returns the clinic id.
 */
export async function seedDemoClinic(core: LocalCore, now: Date = new Date()): Promise<string> {
  const actor = demoActor();
  const run = core.run.bind(core);
  const { clinic } = await run(
    createClinic,
    {
      name: 'Clínica Bem Viver (demonstração)',
      phone: '(11) 3000-0000',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '07:00', closes: '21:00' })),
      // Where tickets are called: a station picks its own in Settings.
      places: [
        { name: 'Guichê 1', kind: 'desk' },
        { name: 'Guichê 2', kind: 'desk' },
        { name: 'Consultório 1', kind: 'room' },
      ],
    },
    actor,
  );
  await run(createEvent, { name: 'Consulta em consultório', type: 'consultation', durationMinutes: 30 }, actor);
  const { event: cleaning } = await run(createEvent, { name: 'Profilaxia e polimento', type: 'procedure' }, actor);
  const { event: resin } = await run(createEvent, { name: 'Restauração em resina', type: 'procedure' }, actor);
  const at = isoWithOffset(now);
  const ctx = core.context(actor);
  const professionals: User[] = PROFESSIONALS.map((p, i) => ({
    id: ctx.ids.next(),
    tenantId: DEMO_TENANT,
    createdAt: at,
    updatedAt: at,
    name: p.name,
    email: null,
    cpf: null,
    role: 'professional',
    council: p.council,
    councilNumber: String(120_000 + i * 731),
    councilState: 'SP',
    specialties: [],
    status: 'temporary',
    active: true,
    credentialsChangedAt: null,
  }));
  await ctx.store.collection(users).insertMany(professionals);
  const patientIds: string[] = [];
  for (const [i, name] of PATIENTS.entries()) {
    const { patient } = await run(
      createPatient,
      {
        name,
        cpf: cpfWithCheckDigits(String(310_000_000 + i * 7_919_113).slice(0, 9)),
        cellPhone: `(11) 9${String(8100_0000 + i * 1_234_567).slice(0, 8)}`,
        birthDate: `${1950 + i * 5}-0${(i % 9) + 1}-1${i % 9}`,
        insurances: [],
      },
      actor,
    );
    patientIds.push(patient.id);
  }
  // Two budgets of the dentist: one waiting for the patient's answer, one still a draft.
  const dentist = professionals[2]!.id;
  for (const [patient, status, lines] of [
    [
      patientIds[0]!,
      1,
      [
        { event: resin.id, quantity: 2, unit: 180, tooth: '36' },
        { event: cleaning.id, quantity: 1, unit: 150 },
      ],
    ],
    [patientIds[3]!, 0, [{ event: cleaning.id, quantity: 1, unit: 150 }]],
  ] as const) {
    const items = lines.map((l) => ({
      typeModel: 'Event' as const,
      item: l.event,
      event: l.event,
      type: 'procedure' as const,
      quantity: l.quantity,
      valueUnity: l.unit,
      totalValue: l.quantity * l.unit,
      ...('tooth' in l ? { tooth: l.tooth } : {}),
    }));
    await run(
      createBudget,
      { type: 'dental', patient, clinic: clinic.id, professional: dentist, status, items },
      actor,
    );
  }

  // A few of the coming hours, so the day shows every state the reception meets.
  const today = dayIn(now, clinic.timeZone);
  const nextHour = Math.min(Math.max(Number(inHour(now, clinic.timeZone)) + 1, 7), 18);
  const plan = [
    { p: 0, h: nextHour, m: '00', patient: 0, confirm: true, arrive: true },
    { p: 0, h: nextHour, m: '30', patient: 1, confirm: true, arrive: false },
    { p: 1, h: nextHour, m: '00', patient: 2, confirm: false, arrive: false },
    { p: 1, h: nextHour + 1, m: '00', patient: 3, confirm: true, arrive: false },
    { p: 2, h: nextHour, m: '30', patient: 4, confirm: false, arrive: false },
  ];
  for (const item of plan) {
    const start = localTimeIn(today, `${String(item.h).padStart(2, '0')}:${item.m}`, clinic.timeZone);
    const { appointment } = await run(
      createAppointment,
      {
        clinic: clinic.id,
        professional: professionals[item.p]!.id,
        patient: patientIds[item.patient]!,
        start: start.toISOString(),
        end: new Date(start.getTime() + 30 * 60_000).toISOString(),
      },
      actor,
    );
    if (item.confirm) await run(confirmAppointment, { id: appointment.id, channel: 'whatsapp' }, actor);
    // Arrived through the totem (ticket P001, 60+ by her birth date), as most patients will; the totem checks in only the
    // clinic's today by its clock, so a seed for another day (unit tests) checks in at the desk.
    if (item.arrive && today === dayIn(ctx.clock.now(), clinic.timeZone))
      await run(totemCheckIn, { id: clinic.id, appointment: appointment.id }, actor);
    else if (item.arrive) await run(attendAppointment, { id: appointment.id }, actor);
  }
  return clinic.id;
}

function inHour(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(now);
}
