/**
 * The logged-in professional's medical-record configuration (spec §4.4 Medical Record "list and save
 * the medical record configuration of the logged-in professional", MED-024): which sections and custom
 * forms the prontuário shows and in which order. Only one's own; defaults when never saved.
 */
import { z } from 'zod';
import { newRecordBase, nowIso } from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { GROUP } from '#core/medical-record/record-ops.js';
import { SECTIONS } from '#core/medical-record/record.js';
import {
  configFormsInput,
  configSectionsInput,
  medicalRecordConfigOutput,
  medicalRecordConfigs,
  type MedicalRecordConfig,
} from './config-record.js';
import { listCustomForms, mayRead } from './form-ops.js';
import { medicalRecordForms } from './form-record.js';

async function storedConfig(ctx: OperationContext) {
  const [found] = await ctx.store
    .collection(medicalRecordConfigs)
    .find({ selector: { professional: ctx.actor.id }, limit: 1 });
  return found;
}

/** `medicalRecord.config.get`: `GET /medicalRecord/config`. */
export const getMedicalRecordConfig = defineOperation({
  name: 'medicalRecord.config.get',
  group: GROUP,
  summary: 'Configuração do prontuário do profissional logado (seções e formulários, na ordem)',
  description:
    'Sem configuração gravada (`saved: false`): as oito seções na ordem padrão e os formulários visíveis ao profissional, por título.',
  permission: 'medicalRecord:read',
  input: z.strictObject({}),
  output: medicalRecordConfigOutput,
  http: { method: 'GET', path: '/medicalRecord/config' },
  example: {},
  async run(ctx) {
    const found = await storedConfig(ctx);
    if (found)
      return {
        professional: found.professional,
        sections: found.sections,
        forms: found.forms,
        saved: true,
        updatedAt: found.updatedAt,
      };
    const { items } = await listCustomForms.run(ctx, {});
    return { professional: ctx.actor.id, sections: [...SECTIONS], forms: items.map((f) => f.id), saved: false };
  },
});

/** `medicalRecord.config.save`: `PUT /medicalRecord/config`. */
export const saveMedicalRecordConfig = defineOperation({
  name: 'medicalRecord.config.save',
  group: GROUP,
  summary: 'Grava a configuração do prontuário do profissional logado',
  description: 'Cada formulário precisa existir e ser da clínica ou do próprio profissional.',
  permission: 'medicalRecord:write',
  input: z.strictObject({ sections: configSectionsInput, forms: configFormsInput }),
  output: medicalRecordConfigOutput,
  http: { method: 'PUT', path: '/medicalRecord/config' },
  example: { sections: ['anamnese', 'exameFisico', 'hipoteseDiagnostica', 'conduta'], forms: [] },
  async run(ctx, { sections, forms }) {
    const details: ErrorDetail[] = [];
    for (const [i, id] of forms.entries()) {
      const form = await ctx.store.collection(medicalRecordForms).get(id);
      if (!form || !mayRead(ctx, form))
        details.push({ path: `forms.${i}`, message: `formulário ${id} não encontrado` });
    }
    if (details.length > 0) throw new DomainError('validation', 'Formulário inexistente na configuração', details);
    const collection = ctx.store.collection(medicalRecordConfigs);
    const found = await storedConfig(ctx);
    const now = nowIso(ctx);
    let saved: MedicalRecordConfig;
    if (found) {
      const { _rev, ...rest } = found;
      saved = await collection.update(found.id, _rev, { ...rest, sections, forms, updatedAt: now });
    } else {
      saved = await collection.insert({ ...newRecordBase(ctx), professional: ctx.actor.id, sections, forms });
    }
    return {
      professional: saved.professional,
      sections: saved.sections,
      forms: saved.forms,
      saved: true,
      updatedAt: saved.updatedAt,
    };
  },
});

/** The configuration operations (routes before `/medicalRecord/{id}`: the module lists them first). */
export const medicalRecordConfigOperations = [getMedicalRecordConfig, saveMedicalRecordConfig];
