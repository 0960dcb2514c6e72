/**
 * `npm run admin -- demo-data [--name "<clínica>"] [--account <id>]`: a demo account with a realistic
 * pt-BR clinic: specialties, professionals, insurances with plans, a price table imported from CSV and
 * a few hundred generated patients (valid CPFs, never real people). Everything goes through the same
 * operations the desk and the REST API use, so the demo obeys every rule they do.
 */
import type { Actor } from '#core/actor.js';
import { allCollections } from '#core/catalogue.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { events } from '#core/clinic/event-record.js';
import { createSubspecialty } from '#core/clinic/subspecialties-ops.js';
import { isoWithOffset, systemClock, type Clock } from '#core/clock.js';
import { cnpjWithCheckDigits } from '#core/br/cnpj.js';
import { uuidV7Ids } from '#core/ids.js';
import { createInsurance } from '#core/insurance/insurance-ops.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { createVaccine, registerAllergy } from '#core/patient/clinical-lists-ops.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { createTemporaryPatient } from '#core/patient/temporary-ops.js';
import { importPriceCsv, textChunks } from '#core/price/index.js';
import { alterPriceTable, createPriceTable } from '#core/price/price-table-ops.js';
import { toCentavos, fromCentavos } from '#core/price/money.js';
import { prices } from '#core/price/price-table-record.js';
import { createSpecialty } from '#core/specialty/specialty-ops.js';
import { clinics } from '#core/clinic/clinic-record.js';
import type { Database } from '#core/store/port.js';
import { users, type User } from '#core/access/user.js';
import { DomainError } from '#core/errors.js';
import type { AccountsAndKeys } from '../auth/api-keys.js';
import { authMigrations } from '../auth/auth-tables.js';
import { readConfig } from '../config.js';
import { openSqlDatabase } from '../store/index.js';
import {
  DEMO_ALLERGIES,
  DEMO_CLINIC,
  DEMO_INSURANCES,
  DEMO_PRICE_CSV,
  DEMO_PROFESSIONALS,
  DEMO_SPECIALTIES,
  DEMO_VACCINES,
} from './demo-data-catalog.js';
import {
  DemoRandom,
  demoBirthDate,
  demoCpf,
  demoEmail,
  demoMobile,
  demoName,
  type DemoSex,
} from './demo-data-people.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';

/** Options of {@link seedDemoData}. */
export interface DemoOptions {
  /** Patients to generate (default 300). */
  patients?: number;
  /** Seed of the generator: the same seed gives the same people (default 2026). */
  seed?: number;
  clock?: Clock;
}

/** What was created, for the command's output and tests. */
export interface DemoSummary {
  clinic: string;
  specialties: number;
  professionals: number;
  insurances: number;
  events: number;
  prices: number;
  patients: number;
  temporaryPatients: number;
}

/** Professionals as `users` records: registered without e-mail (`temporary`), schedulable, no login. */
async function seedProfessionals(
  ctx: OperationContext,
  specialtyIds: readonly string[],
  random: DemoRandom,
): Promise<number> {
  const now = isoWithOffset(ctx.clock.now());
  const records: User[] = DEMO_PROFESSIONALS.map((p) => ({
    id: ctx.ids.next(),
    tenantId: ctx.store.tenantId,
    createdAt: now,
    updatedAt: now,
    name: p.name,
    email: null,
    cpf: null,
    role: 'professional',
    council: p.council,
    councilNumber: random.digits(6),
    councilState: 'SP',
    specialties: [specialtyIds[p.specialty]!],
    status: 'temporary',
    active: true,
    credentialsChangedAt: null,
  }));
  await ctx.store.collection(users).insertMany(records);
  return records.length;
}

/** Insurances with plans, and a price table per insurance: a share of the private price, more for the upper plan. */
async function seedInsurances(ctx: OperationContext, privateTable: string): Promise<number> {
  const privatePrices = await ctx.store.collection(prices).find({ selector: { priceTable: privateTable } });
  for (const spec of DEMO_INSURANCES) {
    const { insurance } = await invoke(createInsurance, ctx, {
      name: spec.name,
      ansRegistry: spec.ansRegistry,
      cnpj: cnpjWithCheckDigits(`9${spec.ansRegistry}00001`.slice(0, 12)),
      tissVersion: '4.01.00',
      providerCode: spec.ansRegistry.slice(3) + '123',
      returnDays: 30,
      plans: spec.plans.map((name) => ({ name })),
    });
    const upper = insurance.plans[1]!;
    const { priceTable } = await invoke(createPriceTable, ctx, { name: `${spec.name} 2026`, insurance: insurance.id });
    const share = (reais: number, factor: number) => fromCentavos(Math.round(toCentavos(reais) * factor));
    await invoke(alterPriceTable, ctx, {
      id: priceTable.id,
      name: `${spec.name} 2026`,
      insurance: insurance.id,
      prices: privatePrices.flatMap((p) => [
        { event: p.event, insurance: insurance.id, value: share(p.value, spec.share) },
        { event: p.event, insurance: insurance.id, insurancePlan: upper.id, value: share(p.value, spec.share * 1.2) },
      ]),
    });
  }
  return DEMO_INSURANCES.length;
}

/** Patients with the variety a reception sees: children without CPF, insurance cards, allergies, vaccines. */
async function seedPatients(
  ctx: OperationContext,
  random: DemoRandom,
  count: number,
  insuranceList: readonly { id: string; plans: readonly { id: string }[] }[],
): Promise<{ patients: number; temporaryPatients: number }> {
  const cpfs = new Set<string>();
  const today = ctx.clock.now().getFullYear();
  for (let i = 0; i < count; i++) {
    const sex: DemoSex = random.chance(0.55) ? 'female' : 'male';
    const name = demoName(random, sex);
    const child = random.chance(0.15);
    const birthDate = child ? demoBirthDate(random, today - 11, today - 1) : demoBirthDate(random, 1940, today - 18);
    const insurance = random.chance(0.5) ? random.pick(insuranceList) : undefined;
    const { patient } = await invoke(createPatient, ctx, {
      name,
      sex,
      birthDate,
      // Young children often have no CPF yet; the reception registers them without one.
      ...(child && random.chance(0.6) ? {} : { cpf: demoCpf(random, cpfs) }),
      ...(random.chance(0.9) ? { cellPhone: demoMobile(i) } : {}),
      ...(random.chance(0.6) ? { email: demoEmail(name, i) } : {}),
      ...(random.chance(0.7)
        ? {
            address: {
              city: 'São Paulo',
              state: 'SP',
              district: random.pick(['Centro', 'Vila Demonstração', 'Jardim Exemplo']),
            },
          }
        : {}),
      insurances: insurance
        ? [
            {
              insurance: insurance.id,
              insurancePlan: random.pick(insurance.plans).id,
              identificationOnInsurance: random.digits(16),
            },
          ]
        : [],
      notes: 'Paciente fictício (dados de demonstração)',
    });
    if (random.chance(0.12))
      await invoke(registerAllergy, ctx, { id: patient.id, substance: random.pick(DEMO_ALLERGIES) });
    if (random.chance(0.2)) {
      await invoke(createVaccine, ctx, {
        id: patient.id,
        name: random.pick(DEMO_VACCINES),
        appliedOn: demoBirthDate(random, today - 3, today - 1),
      });
    }
  }
  const temporaryPatients = Math.max(1, Math.round(count / 50));
  for (let i = 0; i < temporaryPatients; i++) {
    const sex: DemoSex = random.chance(0.5) ? 'female' : 'male';
    await invoke(createTemporaryPatient, ctx, {
      name: `${demoName(random, sex).split(' ')[0]!} (agendou por telefone)`,
      cellPhone: demoMobile(count + i),
    });
  }
  return { patients: count, temporaryPatients };
}

/**
 * Seeds one account through the catalogue's operations, as a `system` actor holding every
 * permission. Nothing is sent: the outbox is a memory one.
 */
export async function seedDemoData(
  database: Database,
  tenantId: string,
  options: DemoOptions = {},
): Promise<DemoSummary> {
  const actor: Actor = { kind: 'system', id: 'demo-data', tenantId, permissions: new Set(['*']) };
  const ctx: OperationContext = {
    store: database.forTenant(tenantId),
    actor,
    clock: options.clock ?? systemClock,
    ids: uuidV7Ids,
    outbox: memoryOutbox(),
    numbers: memoryNumberSource(),
  };
  if ((await ctx.store.collection(clinics).count()) > 0) {
    throw new DomainError('conflict', 'A conta já tem cadastros; use uma conta nova para a demonstração', [
      { path: 'account', message: tenantId },
    ]);
  }
  const random = new DemoRandom(options.seed ?? 2026);
  const specialtyIds: string[] = [];
  for (const s of DEMO_SPECIALTIES) specialtyIds.push((await invoke(createSpecialty, ctx, { ...s })).specialty.id);
  const { clinic } = await invoke(createClinic, ctx, {
    name: 'Clínica Bem Viver (demonstração)',
    ...DEMO_CLINIC,
    cnpj: cnpjWithCheckDigits(`9${random.digits(7)}0001`),
    cnes: random.digits(7),
    address: { ...DEMO_CLINIC.address },
    openingHours: [...DEMO_CLINIC.openingHours],
    places: DEMO_CLINIC.places.map((p) => ({ ...p })),
  });
  await invoke(createSubspecialty, ctx, { id: clinic.id, name: 'Ortodontia', specialty: specialtyIds[5]! });
  await invoke(createSubspecialty, ctx, { id: clinic.id, name: 'Cardiologia pediátrica', specialty: specialtyIds[3]! });
  const professionals = await seedProfessionals(ctx, specialtyIds, random);
  const { priceTable } = await invoke(createPriceTable, ctx, {
    name: 'Particular 2026',
    description: 'Valores para pacientes sem convênio',
  });
  await importPriceCsv(ctx, textChunks(DEMO_PRICE_CSV), { table: priceTable.id });
  const insuranceCount = await seedInsurances(ctx, priceTable.id);
  const insuranceList = await ctx.store.collection(insurances).find();
  const { patients, temporaryPatients } = await seedPatients(ctx, random, options.patients ?? 300, insuranceList);
  return {
    clinic: clinic.id,
    specialties: specialtyIds.length,
    professionals,
    insurances: insuranceCount,
    events: await ctx.store.collection(events).count(),
    prices: await ctx.store.collection(prices).count(),
    patients,
    temporaryPatients,
  };
}

/**
 * The `demo-data` admin command: creates the account (or uses `--account`), seeds it, creates an API
 * key for it and answers the lines to print. Opens the server's database (DATABASE_URL) itself.
 */
export async function runDemoData(
  keys: AccountsAndKeys,
  flags: { name?: string; account?: string },
  options: DemoOptions & { database?: Database } = {},
): Promise<string[]> {
  const database =
    options.database ??
    (await openSqlDatabase({
      url: readConfig(process.env).databaseUrl,
      collections: allCollections,
      migrations: authMigrations,
    }));
  try {
    const tenantId = flags.account ?? (await keys.createAccount(flags.name ?? 'Clínica Bem Viver (demonstração)'));
    const summary = await seedDemoData(database, tenantId, options);
    const { key } = await keys.createKey(tenantId, { name: 'demonstração' });
    return [
      `conta de demonstração: ${tenantId}`,
      `clínica: ${summary.clinic}`,
      `${summary.specialties} especialidades, ${summary.professionals} profissionais, ${summary.insurances} convênios`,
      `${summary.events} procedimentos, ${summary.prices} preços`,
      `${summary.patients} pacientes fictícios e ${summary.temporaryPatients} temporários`,
      `auth-bearer: ${key}`,
      'Guarde a chave agora: ela não será mostrada de novo.',
    ];
  } finally {
    if (!options.database) await database.close();
  }
}
