/**
 * Push contracts of the account group's collections (core/sync/push-contract.ts): what a stored
 * record holds and what a pushed deletion means.
 */
import { z } from 'zod';
import { isoInstantSchema, recordBaseShape, storedRecord, type PushContract } from '#core/sync/push-contract.js';
import { settings } from './account-configuration-ops.js';
import { TEMPLATE_KINDS } from './personal-template-ops.js';
import { scheduleFilterOutput } from './schedule-filter-ops.js';
import { idListSchema, userOutput } from './user.js';

/**
 * A user as stored: as answered, plus when the person's credentials last changed (absent on records
 * older than the field).
 */
export const userRecord = storedRecord(userOutput, { credentialsChangedAt: isoInstantSchema.nullish() });

/** Push contract of `users` (core/sync/push-contract.ts). */
export const userPush: PushContract = {
  record: userRecord,
  deletes: { refuse: 'um usuário não é apagado: um administrador o desativa' },
  sample: () => ({
    name: 'Dr. Caio Substituto',
    email: null,
    cpf: null,
    role: 'professional',
    council: null,
    councilNumber: null,
    councilState: null,
    specialties: [],
    status: 'temporary',
    active: true,
  }),
};

/** Push contract of `account_configurations` (core/sync/push-contract.ts). */
export const accountConfigurationPush: PushContract = {
  record: z.object({ ...recordBaseShape, ...settings }),
  deletes: { allow: 'accountConfiguration.delete removes it too: every setting returns to its default' },
  sample: () => ({
    timeZone: 'America/Sao_Paulo',
    locale: 'pt-BR',
    offlineLoginDays: 7,
    appointmentMinutes: 30,
  }),
};

/** Push contract of `personal_templates` (core/sync/push-contract.ts). */
export const personalTemplatePush: PushContract = {
  record: z.object({
    ...recordBaseShape,
    owner: recordBaseShape.id,
    name: z.string().trim().min(1).max(80),
    kind: z.enum(TEMPLATE_KINDS),
    content: z.string().min(1).max(20_000),
  }),
  deletes: { allow: "a person's own text; personalTemplate.delete removes it for good, nothing refers to it" },
  sample: (refs) => ({ owner: refs.professional, name: 'Lembrete', kind: 'message', content: 'Traga seus exames' }),
};

/** Push contract of `schedule_filters` (core/sync/push-contract.ts). */
export const scheduleFilterPush: PushContract = {
  record: storedRecord(scheduleFilterOutput, {
    owner: recordBaseShape.id,
    clinics: idListSchema,
    professionals: idListSchema,
    specialties: idListSchema,
  }),
  deletes: { allow: "a person's screen preference; scheduleFilter.delete removes it for good" },
  sample: (refs) => ({
    owner: refs.professional,
    clinics: [],
    professionals: [],
    specialties: [],
    view: 'day',
    showCancelled: false,
  }),
};
