/**
 * Answering a custom form in an attendance record (MED-021, MED-022): the QuestionnaireResponse is
 * checked against the form's Questionnaire, normalized, scored and appended to the record's
 * `formAnswers` as a new version. Clinical content (LGPD art. 11): `medicalRecord:write`, the record's
 * attending professional only, never after the record is finished (CFM Res. 1.638/2002: then addenda).
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { GROUP } from '#core/medical-record/record-ops.js';
import { loadRecord, requireAttending, requireOpen } from '#core/medical-record/record-write.js';
import { formAnswerOutput, medicalRecordOutput, medicalRecords, type FormAnswer } from '#core/medical-record/record.js';
import { loadForm } from './form-ops.js';
import { answersByLink, checkResponse, questionnaireResponseSchema, scoreOf } from './response.js';

/** Versions a record keeps per form before refusing more (a runaway client, not a professional). */
export const MAX_ANSWER_VERSIONS = 200;

/** `medicalRecord.answerForm`: `PUT /medicalRecord/{id}/customForm/{form}`: saves the form's answers. */
export const answerCustomForm = defineOperation({
  name: 'medicalRecord.answerForm',
  group: GROUP,
  summary: 'Grava as respostas de um formulário personalizado no prontuário do atendimento',
  description:
    'Respostas `completed` exigem os itens obrigatórios habilitados; `in-progress` grava o que houver. Cada gravação é uma nova versão (nada é sobrescrito); a resposta traz o escore. Prontuário finalizado: 409 (registre um adendo).',
  permission: 'medicalRecord:write',
  input: z.strictObject({
    id: idInput.describe('o prontuário'),
    form: idInput.describe('o formulário'),
    response: questionnaireResponseSchema,
  }),
  output: z.object({ medicalRecord: medicalRecordOutput, answer: formAnswerOutput }),
  http: { method: 'PUT', path: '/medicalRecord/{id}/customForm/{form}' },
  example: {
    id: EXAMPLE_ID,
    form: EXAMPLE_ID,
    response: {
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      item: [{ linkId: 'dor', answer: [{ valueBoolean: false }] }],
    },
  },
  async run(ctx, { id, form: formId, response }) {
    const current = await loadRecord(ctx.store, id);
    requireOpen(current);
    requireAttending(ctx, current, 'responde formulários no prontuário');
    const form = await loadForm(ctx, formId, 'form');
    const checked = checkResponse(form.questionnaire, response);
    const score = scoreOf(form.questionnaire, answersByLink(checked.item), form.scoreBands);
    const previous = current.formAnswers ?? [];
    if (previous.filter((a) => a.form === formId).length >= MAX_ANSWER_VERSIONS)
      throw new DomainError('conflict', `O formulário já tem ${MAX_ANSWER_VERSIONS} versões neste prontuário`, [
        { path: 'form', message: 'versões demais do mesmo formulário' },
      ]);
    const at = nowIso(ctx);
    const answer: FormAnswer = {
      id: ctx.ids.next(),
      form: formId,
      title: form.questionnaire.title,
      formVersion: form.updatedAt,
      response: { ...checked, questionnaire: `Questionnaire/${formId}` },
      ...(score ? { score } : {}),
      at,
      by: ctx.actor.id,
    };
    const medicalRecord = await ctx.store
      .collection(medicalRecords)
      .update(id, current._rev, { ...current, formAnswers: [...previous, answer], updatedAt: at });
    return { medicalRecord, answer };
  },
});

/** The current answers of each form in `answers` (the latest version per form). */
export function currentAnswers(answers: readonly FormAnswer[] | undefined): Map<string, FormAnswer> {
  const latest = new Map<string, FormAnswer>();
  for (const answer of answers ?? []) {
    const known = latest.get(answer.form);
    if (!known || known.at < answer.at || (known.at === answer.at && known.id < answer.id))
      latest.set(answer.form, answer);
  }
  return latest;
}
