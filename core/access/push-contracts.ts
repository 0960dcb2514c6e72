/**
 * Push contracts of the account group's collections (core/sync/push-contract.ts): what a stored
 * record holds and what a pushed deletion means.
 */
import { z } from 'zod';
import { declarePushContract, isoInstantSchema, recordBaseShape, storedRecord } from '../sync/push-contract.js';
import { settings } from './account-configuration.js';
import { TEMPLATE_KINDS } from './personal-template.js';
import { scheduleFilterOutput } from './schedule-filter.js';
import { idListSchema, userOutput } from './user.js';

/**
 * A user as stored: as answered, plus when the person's credentials last changed (absent on records
 * older than the field).
 */
export const userRecord = storedRecord(userOutput, { credentialsChangedAt: isoInstantSchema.nullish() });

declarePushContract('users', {
  record: userRecord,
  deletes: { refuse: 'um usuário não é apagado: um administrador o desativa' },
});

declarePushContract('account_configurations', {
  record: z.object({ ...recordBaseShape, ...settings }),
  deletes: { allow: 'accountConfiguration.delete removes it too: every setting returns to its default' },
});

declarePushContract('personal_templates', {
  record: z.object({
    ...recordBaseShape,
    owner: recordBaseShape.id,
    name: z.string().trim().min(1).max(80),
    kind: z.enum(TEMPLATE_KINDS),
    content: z.string().min(1).max(20_000),
  }),
  deletes: { allow: "a person's own text; personalTemplate.delete removes it for good, nothing refers to it" },
});

declarePushContract('schedule_filters', {
  record: storedRecord(scheduleFilterOutput, {
    owner: recordBaseShape.id,
    clinics: idListSchema,
    professionals: idListSchema,
    specialties: idListSchema,
  }),
  deletes: { allow: "a person's screen preference; scheduleFilter.delete removes it for good" },
});
