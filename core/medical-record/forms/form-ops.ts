/**
 * Custom form operations (spec §4.4 Medical Record "create, list, delete and edit custom forms",
 * "extract a questionnaire from a bundle"): FHIR R4 Questionnaires owned by the clinic (admins, who
 * hold `access:write`, manage them) or by the professional who created them (MED-020, MED-023).
 * Professionals read the clinic's forms and their own; `medicalRecordForm:read`/`:write`.
 */
import { z } from 'zod';
import { can } from '#core/actor.js';
import { EXAMPLE_ID, idInput, newRecordBase, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { GROUP } from '#core/medical-record/record-ops.js';
import { bundleInput, questionnairesOf } from './bundle.js';
import {
  customFormOutput,
  FORM_OWNERS,
  medicalRecordForms,
  scoreBandsInput,
  titleKey,
  type CustomMedicalRecordForm,
  type FormOwner,
} from './form-record.js';
import { questionnaireSchema, type Questionnaire } from './questionnaire.js';
import type { ScoreBand } from './response.js';

const EXAMPLE_QUESTIONNAIRE: Questionnaire = {
  resourceType: 'Questionnaire',
  title: 'Dor',
  status: 'active',
  item: [
    { linkId: 'dor', text: 'Sente dor?', type: 'boolean', required: true },
    {
      linkId: 'intensidade',
      text: 'Intensidade (0 a 10)',
      type: 'integer',
      enableWhen: [{ question: 'dor', operator: '=', answerBoolean: true }],
    },
  ],
};

/** Whether the actor may see `form`: the clinic's, their own, or any for who manages access. */
export function mayRead(ctx: OperationContext, form: CustomMedicalRecordForm): boolean {
  return form.owner === 'clinic' || form.professional === ctx.actor.id || can(ctx.actor, 'access:write');
}

/** @throws DomainError `forbidden` unless the actor may change forms of `owner`. */
function requireMayManage(ctx: OperationContext, owner: FormOwner, professional: string | undefined): void {
  if (owner === 'clinic' && !can(ctx.actor, 'access:write'))
    throw new DomainError('forbidden', 'Só quem administra a clínica mantém os formulários da clínica', [
      { path: 'owner', message: 'crie um formulário seu (owner: professional)' },
    ]);
  if (owner === 'professional' && professional !== ctx.actor.id && !can(ctx.actor, 'access:write'))
    throw new DomainError('forbidden', 'O formulário é de outro profissional', [
      { path: 'id', message: 'só quem o criou o altera' },
    ]);
}

/**
 * The form `id` the actor may read.
 * @throws DomainError `not_found` (404) when missing, of another account, or another professional's.
 */
export async function loadForm(
  ctx: OperationContext,
  id: string,
  path = 'id',
): Promise<Stored<CustomMedicalRecordForm>> {
  const form = await requireRecord(ctx.store.collection(medicalRecordForms), id, 'Formulário');
  if (!mayRead(ctx, form))
    throw new DomainError('not_found', 'Formulário não encontrado', [{ path, message: `sem formulário ${id}` }]);
  return form;
}

function newForm(
  ctx: OperationContext,
  owner: FormOwner,
  questionnaire: Questionnaire,
  scoreBands: ScoreBand[] | undefined,
): CustomMedicalRecordForm {
  const base = newRecordBase(ctx);
  return {
    ...base,
    titleKey: titleKey(questionnaire.title),
    owner,
    ...(owner === 'professional' ? { professional: ctx.actor.id } : {}),
    // The stored resource carries the form's own id (a bundle's id is the sender's, not ours).
    questionnaire: { ...questionnaire, id: base.id },
    ...(scoreBands?.length ? { scoreBands } : {}),
    createdBy: ctx.actor.id,
  };
}

const ownerInput = z
  .enum(FORM_OWNERS)
  .default('professional')
  .describe('`professional` (de quem cria, padrão) ou `clinic` (só quem administra a clínica)');

/** `medicalRecord.customForm.create`: `POST /medicalRecord/customForm/` (201). */
export const createCustomForm = defineOperation({
  name: 'medicalRecord.customForm.create',
  group: GROUP,
  summary: 'Cria um formulário personalizado do prontuário (FHIR R4 Questionnaire)',
  description:
    'Tipos de item aceitos: group, display, string, text, integer, decimal, quantity, choice, boolean, date; `enableWhen`, `answerOption` com `ordinalValue`/`itemWeight` (escore) e unidades por `questionnaire-unit`.',
  permission: 'medicalRecordForm:write',
  input: z.strictObject({
    owner: ownerInput,
    questionnaire: questionnaireSchema,
    scoreBands: scoreBandsInput.optional(),
  }),
  output: customFormOutput,
  http: { method: 'POST', path: '/medicalRecord/customForm/', status: 201 },
  example: { owner: 'professional', questionnaire: EXAMPLE_QUESTIONNAIRE },
  async run(ctx, { owner, questionnaire, scoreBands }) {
    requireMayManage(ctx, owner, ctx.actor.id);
    return ctx.store.collection(medicalRecordForms).insert(newForm(ctx, owner, questionnaire, scoreBands));
  },
});

/** `medicalRecord.customForm.list`: `GET /medicalRecord/customForm/`: the clinic's and the caller's own, by title. */
export const listCustomForms = defineOperation({
  name: 'medicalRecord.customForm.list',
  group: GROUP,
  summary: 'Lista os formulários da clínica e os do profissional logado, por título',
  permission: 'medicalRecordForm:read',
  input: z.strictObject({ owner: z.enum(FORM_OWNERS).optional().describe('só os da clínica ou só os seus') }),
  output: z.object({ items: z.array(customFormOutput) }),
  http: { method: 'GET', path: '/medicalRecord/customForm/' },
  example: {},
  async run(ctx, { owner }) {
    const forms = ctx.store.collection(medicalRecordForms);
    const clinic = owner === 'professional' ? [] : await forms.find({ selector: { owner: 'clinic' }, limit: 500 });
    const own = owner === 'clinic' ? [] : await forms.find({ selector: { professional: ctx.actor.id }, limit: 500 });
    const items = [...clinic, ...own].sort((a, b) => a.titleKey.localeCompare(b.titleKey) || a.id.localeCompare(b.id));
    return { items };
  },
});

/** `medicalRecord.customForm.get`: `GET /medicalRecord/customForm/{id}`. */
export const getCustomForm = defineOperation({
  name: 'medicalRecord.customForm.get',
  group: GROUP,
  summary: 'Mostra um formulário personalizado',
  permission: 'medicalRecordForm:read',
  input: z.strictObject({ id: idInput }),
  output: customFormOutput,
  http: { method: 'GET', path: '/medicalRecord/customForm/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => loadForm(ctx, id),
});

/** `medicalRecord.customForm.edit`: `PUT /medicalRecord/customForm/{id}`: replaces the questionnaire. */
export const editCustomForm = defineOperation({
  name: 'medicalRecord.customForm.edit',
  group: GROUP,
  summary: 'Substitui o questionário de um formulário personalizado',
  description:
    'Respostas já gravadas em prontuários guardam o texto das perguntas e o escore da versão respondida: editar não as altera.',
  permission: 'medicalRecordForm:write',
  input: z.strictObject({ id: idInput, questionnaire: questionnaireSchema, scoreBands: scoreBandsInput.optional() }),
  output: customFormOutput,
  http: { method: 'PUT', path: '/medicalRecord/customForm/{id}' },
  example: { id: EXAMPLE_ID, questionnaire: EXAMPLE_QUESTIONNAIRE },
  async run(ctx, { id, questionnaire, scoreBands }) {
    const current = await loadForm(ctx, id);
    requireMayManage(ctx, current.owner, current.professional);
    const { scoreBands: _old, _rev, ...rest } = current;
    const next: CustomMedicalRecordForm = {
      ...rest,
      titleKey: titleKey(questionnaire.title),
      questionnaire: { ...questionnaire, id },
      ...(scoreBands?.length ? { scoreBands } : {}),
      updatedAt: nowIso(ctx),
    };
    return ctx.store.collection(medicalRecordForms).update(id, _rev, next);
  },
});

/** `medicalRecord.customForm.delete`: `DELETE /medicalRecord/customForm/{id}`. */
export const deleteCustomForm = defineOperation({
  name: 'medicalRecord.customForm.delete',
  group: GROUP,
  summary: 'Apaga um formulário personalizado (respostas já gravadas nos prontuários ficam)',
  permission: 'medicalRecordForm:write',
  input: z.strictObject({ id: idInput }),
  output: z.object({ message: z.string() }),
  http: { method: 'DELETE', path: '/medicalRecord/customForm/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const current = await loadForm(ctx, id);
    requireMayManage(ctx, current.owner, current.professional);
    await ctx.store.collection(medicalRecordForms).remove(id, current._rev);
    return { message: 'Formulário apagado' };
  },
});

/**
 * `medicalRecord.customForm.fromBundle`: `POST /medicalRecord/customForm/bundle` (201): the
 * Questionnaires of a FHIR Bundle (collection, searchset, transaction, batch), checked, and created as
 * forms unless `save` is false (then only answered, to preview).
 */
export const formsFromBundle = defineOperation({
  name: 'medicalRecord.customForm.fromBundle',
  group: GROUP,
  summary: 'Extrai os questionários (Questionnaire) de um Bundle FHIR e os cria como formulários',
  description:
    'Erros apontam a entrada e o caminho no recurso (`bundle.entry.0.resource.item.2.enableWhen.0.question`). Outros recursos do Bundle são ignorados; `save: false` só valida e devolve.',
  permission: 'medicalRecordForm:write',
  input: z.strictObject({
    owner: ownerInput,
    bundle: bundleInput,
    save: z.boolean().default(true).describe('false: só extrai e valida, sem criar'),
  }),
  output: z.object({
    questionnaires: z.array(questionnaireSchema),
    forms: z.array(customFormOutput),
  }),
  http: { method: 'POST', path: '/medicalRecord/customForm/bundle', status: 201 },
  example: {
    owner: 'professional',
    bundle: { resourceType: 'Bundle', type: 'collection', entry: [{ resource: { ...EXAMPLE_QUESTIONNAIRE } }] },
  },
  async run(ctx, { owner, bundle, save }) {
    const questionnaires = questionnairesOf(bundle);
    if (!save) return { questionnaires, forms: [] };
    requireMayManage(ctx, owner, ctx.actor.id);
    const forms = await ctx.store.transaction(async (store) => {
      const created: Stored<CustomMedicalRecordForm>[] = [];
      for (const q of questionnaires)
        created.push(
          await store.collection(medicalRecordForms).insert(newForm({ ...ctx, store }, owner, q, undefined)),
        );
      return created;
    });
    return { questionnaires, forms };
  },
});

/** The custom form operations (MED-020..023). */
export const customFormOperations = [
  createCustomForm,
  formsFromBundle,
  editCustomForm,
  deleteCustomForm,
  listCustomForms,
  getCustomForm,
];
