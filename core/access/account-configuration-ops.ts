/**
 * Account configuration (spec §4.4 Authentication: "edit and get account configurations"): the
 * settings every installation of the account follows. One live record per account; deleting it
 * returns every setting to its default.
 */
import { z } from 'zod';
import { isoWithOffset } from '#core/clock.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase, Stored } from '#core/store/record.js';

export interface AccountConfiguration extends RecordBase {
  /** IANA zone of the account's "today" and of appointment times (docs/architecture.md "Records"). */
  timeZone: string;
  locale: 'pt-BR' | 'en';
  /** Days a desk accepts an offline login after the last online one (see offline-login.ts). */
  offlineLoginDays: number;
  /** Default length of a new appointment, minutes. */
  appointmentMinutes: number;
}

export const accountConfigurations = defineCollection<AccountConfiguration>({
  name: 'account_configurations',
  fields: {},
  indexes: [],
});

/** Settings of an account that never saved any: Brazil's most common zone, pt-BR, a week offline. */
export const DEFAULT_CONFIGURATION = {
  timeZone: 'America/Sao_Paulo',
  locale: 'pt-BR',
  offlineLoginDays: 7,
  appointmentMinutes: 30,
} as const satisfies Omit<AccountConfiguration, keyof RecordBase>;

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'fuso horário IANA desconhecido (ex.: America/Sao_Paulo)');

/** The settings as an operation writes them (also the stored record's schema, push-contracts.ts). */
export const settings = {
  timeZone,
  locale: z.enum(['pt-BR', 'en']),
  offlineLoginDays: z.number().int().min(1).max(30),
  appointmentMinutes: z.number().int().min(5).max(480),
};

const output = z.object({ ...settings, updatedAt: z.string().nullable() });

/** The live configuration record of the account, if any. */
export async function currentConfiguration(ctx: OperationContext): Promise<Stored<AccountConfiguration> | undefined> {
  const [latest] = await ctx.store.collection(accountConfigurations).find({ sort: [{ id: 'desc' }], limit: 1 });
  return latest;
}

function shown(config: AccountConfiguration | undefined): z.input<typeof output> {
  if (!config) return { ...DEFAULT_CONFIGURATION, updatedAt: null };
  const { timeZone: zone, locale, offlineLoginDays, appointmentMinutes, updatedAt } = config;
  return { timeZone: zone, locale, offlineLoginDays, appointmentMinutes, updatedAt };
}

export const getAccountConfiguration = defineOperation({
  name: 'accountConfiguration.get',
  group: 'Authentication',
  summary: 'Mostra as configurações da conta',
  description: 'Sem configuração salva, responde os padrões com `updatedAt: null`.',
  permission: 'account:read',
  input: z.strictObject({}),
  output,
  http: { method: 'GET', path: '/account/configuration' },
  example: {},
  run: async (ctx) => shown(await currentConfiguration(ctx)),
});

export const editAccountConfiguration = defineOperation({
  name: 'accountConfiguration.edit',
  group: 'Authentication',
  summary: 'Registra ou edita as configurações da conta',
  description: 'Envie só os campos a mudar; os demais ficam como estão (ou no padrão).',
  permission: 'account:write',
  input: z.strictObject({
    timeZone: settings.timeZone.optional(),
    locale: settings.locale.optional(),
    offlineLoginDays: settings.offlineLoginDays.optional(),
    appointmentMinutes: settings.appointmentMinutes.optional(),
  }),
  output,
  http: { method: 'PUT', path: '/account/configuration' },
  example: { timeZone: 'America/Recife', offlineLoginDays: 3 },
  async run(ctx, changes) {
    const collection = ctx.store.collection(accountConfigurations);
    const now = isoWithOffset(ctx.clock.now());
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const current = await currentConfiguration(ctx);
    if (current) {
      const { _rev, ...record } = current;
      return shown(await collection.update(current.id, _rev, { ...record, ...defined, updatedAt: now }));
    }
    const base = { id: ctx.ids.next(), tenantId: ctx.store.tenantId, createdAt: now, updatedAt: now };
    return shown(await collection.insert({ ...base, ...DEFAULT_CONFIGURATION, ...defined }));
  },
});

export const deleteAccountConfiguration = defineOperation({
  name: 'accountConfiguration.delete',
  group: 'Authentication',
  summary: 'Apaga as configurações da conta (volta aos padrões)',
  permission: 'account:write',
  input: z.strictObject({}),
  output,
  http: { method: 'DELETE', path: '/account/configuration' },
  example: {},
  async run(ctx) {
    const current = await currentConfiguration(ctx);
    if (current) await ctx.store.collection(accountConfigurations).remove(current.id, current._rev);
    return shown(undefined);
  },
});

export const accountConfigurationOperations = [
  getAccountConfiguration,
  editAccountConfiguration,
  deleteAccountConfiguration,
];
