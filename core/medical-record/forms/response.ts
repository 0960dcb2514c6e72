/**
 * Answers to a custom form: a FHIR R4 `QuestionnaireResponse` checked against its `Questionnaire`
 * (HL7 FHIR R4 §questionnaireresponse): which items are enabled (`enableWhen`, `enableBehavior`), one
 * answer of the item's type per item, choices among the options, quantities in the form's units,
 * required items answered when the response is `completed`, and the score (sum of the chosen options'
 * `ordinalValue`/`itemWeight`, MED-022). Pure functions: the desk runs the same ones as it renders.
 */
import { z } from 'zod';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import {
  EXT,
  unitsOf,
  valueKinds,
  walkItems,
  type AnswerOption,
  type Coding,
  type EnableWhen,
  type Questionnaire,
  type QuestionnaireItem,
  type Quantity,
} from './questionnaire.js';

/** One answer value (exactly one `value*`). */
export interface AnswerValue {
  valueBoolean?: boolean | undefined;
  valueDecimal?: number | undefined;
  valueInteger?: number | undefined;
  valueDate?: string | undefined;
  valueString?: string | undefined;
  valueCoding?: Coding | undefined;
  valueQuantity?: Quantity | undefined;
}

/** A response item (nested like the questionnaire's groups). */
export interface ResponseItem {
  linkId: string;
  text?: string | undefined;
  answer?: AnswerValue[] | undefined;
  item?: ResponseItem[] | undefined;
}

/** A FHIR R4 QuestionnaireResponse of the supported subset. */
export interface QuestionnaireResponse {
  resourceType: 'QuestionnaireResponse';
  questionnaire?: string | undefined;
  status: 'in-progress' | 'completed';
  item: ResponseItem[];
}

const coding = z.object({ system: z.string().optional(), code: z.string().optional(), display: z.string().optional() });
const answerValue = z.object({
  valueBoolean: z.boolean().optional(),
  valueDecimal: z.number().optional(),
  valueInteger: z.number().int().optional(),
  valueDate: z.iso.date({ error: 'data no formato AAAA-MM-DD' }).optional(),
  valueString: z.string().max(8000).optional(),
  valueCoding: coding.optional(),
  valueQuantity: z
    .object({
      value: z.number(),
      unit: z.string().optional(),
      system: z.string().optional(),
      code: z.string().optional(),
    })
    .optional(),
});
const responseObject = z
  .object({
    linkId: z.string().min(1).max(255),
    text: z.string().max(4000).optional(),
    answer: z.array(answerValue).max(1, 'um item aceita uma resposta (repeats não é suportado)').optional(),
    get item(): z.ZodOptional<z.ZodArray<z.ZodType<ResponseItem>>> {
      return z.array(responseItem).max(200).optional();
    },
  })
  .meta({ id: 'FhirQuestionnaireResponseItem' });
const responseItem = responseObject as unknown as z.ZodType<ResponseItem>;

/** The QuestionnaireResponse schema (shape only; {@link checkResponse} checks it against its form). */
export const questionnaireResponseSchema: z.ZodType<QuestionnaireResponse, QuestionnaireResponse> = z
  .object({
    resourceType: z.literal('QuestionnaireResponse', { error: 'resourceType deve ser QuestionnaireResponse' }),
    questionnaire: z.string().max(500).optional(),
    status: z.enum(['in-progress', 'completed']),
    item: z.array(responseItem).max(500),
  })
  .meta({ id: 'FhirQuestionnaireResponse' }) as z.ZodType<QuestionnaireResponse, QuestionnaireResponse>;

/** Answers by linkId, from a response nested or flat. */
export function answersByLink(items: readonly ResponseItem[]): Map<string, AnswerValue[]> {
  const map = new Map<string, AnswerValue[]>();
  const visit = (list: readonly ResponseItem[]) => {
    for (const item of list) {
      if (item.answer?.length) map.set(item.linkId, item.answer);
      visit(item.item ?? []);
      for (const answer of item.answer ?? []) visit((answer as { item?: ResponseItem[] }).item ?? []);
    }
  };
  visit(items);
  return map;
}

const sameCoding = (a: Coding | undefined, b: Coding | undefined): boolean =>
  !!a &&
  !!b &&
  (a.code !== undefined && b.code !== undefined
    ? a.code === b.code && (!a.system || !b.system || a.system === b.system)
    : a.display !== undefined && a.display === b.display);

/** The comparable scalar of a value (numbers, dates and strings), or undefined. */
function scalar(value: AnswerValue): number | string | boolean | undefined {
  return (
    value.valueBoolean ??
    value.valueInteger ??
    value.valueDecimal ??
    value.valueQuantity?.value ??
    value.valueDate ??
    value.valueString
  );
}

function compare(answer: AnswerValue, condition: EnableWhen): boolean {
  const wanted = condition as AnswerValue & Record<string, unknown>;
  const target: AnswerValue = {
    valueBoolean: wanted.answerBoolean as boolean | undefined,
    valueInteger: wanted.answerInteger as number | undefined,
    valueDecimal: wanted.answerDecimal as number | undefined,
    valueDate: wanted.answerDate as string | undefined,
    valueString: wanted.answerString as string | undefined,
    valueCoding: wanted.answerCoding as Coding | undefined,
    valueQuantity: wanted.answerQuantity as Quantity | undefined,
  };
  if (target.valueCoding) {
    const equal = sameCoding(answer.valueCoding, target.valueCoding);
    return condition.operator === '=' ? equal : condition.operator === '!=' ? !equal : false;
  }
  const a = scalar(answer);
  const b = scalar(target);
  if (a === undefined || b === undefined || typeof a !== typeof b) return condition.operator === '!=';
  switch (condition.operator) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '>':
      return a > b;
    case '<':
      return a < b;
    case '>=':
      return a >= b;
    case '<=':
      return a <= b;
    default:
      return false;
  }
}

/** Whether one `enableWhen` holds given the answers of its question (absent when that question is disabled). */
export function conditionHolds(condition: EnableWhen, answers: readonly AnswerValue[]): boolean {
  if (condition.operator === 'exists') return answers.length > 0 === condition.answerBoolean;
  if (condition.operator === '!=') return answers.every((a) => compare(a, condition));
  return answers.some((a) => compare(a, condition));
}

/**
 * Which items are enabled given `answers` (FHIR R4: an item is enabled when its parent is and its
 * `enableWhen` hold, all of them or any per `enableBehavior`; a disabled question counts as unanswered).
 * A cycle of conditions disables the items on it.
 */
export function enabledItems(q: Questionnaire, answers: ReadonlyMap<string, AnswerValue[]>): Set<string> {
  const all = walkItems(q.item);
  const byLink = new Map(all.map(({ item }) => [item.linkId, item]));
  const parent = new Map<string, string>();
  for (const { item } of all) for (const child of item.item ?? []) parent.set(child.linkId, item.linkId);
  const memo = new Map<string, boolean>();
  const visiting = new Set<string>();
  const enabled = (linkId: string): boolean => {
    const known = memo.get(linkId);
    if (known !== undefined) return known;
    if (visiting.has(linkId)) return false;
    visiting.add(linkId);
    const item = byLink.get(linkId);
    const up = parent.get(linkId);
    let result = !!item && (up === undefined || enabled(up));
    if (result && item?.enableWhen?.length) {
      const checks = item.enableWhen.map((c) =>
        conditionHolds(c, enabled(c.question) ? (answers.get(c.question) ?? []) : []),
      );
      result = item.enableBehavior === 'any' ? checks.some(Boolean) : checks.every(Boolean);
    }
    visiting.delete(linkId);
    memo.set(linkId, result);
    return result;
  };
  return new Set(all.filter(({ item }) => enabled(item.linkId)).map(({ item }) => item.linkId));
}

/** The weight of an option (`ordinalValue` or `itemWeight` extension), if it has one. */
export function optionWeight(option: AnswerOption): number | undefined {
  const ext = option.extension?.find((e) => e.url === EXT.ordinalValue || e.url === EXT.itemWeight);
  return ext?.valueDecimal ?? ext?.valueInteger;
}

/** The option an answer chooses, or undefined. */
export function chosenOption(item: QuestionnaireItem, answer: AnswerValue): AnswerOption | undefined {
  return item.answerOption?.find((o) =>
    o.valueCoding
      ? sameCoding(answer.valueCoding, o.valueCoding)
      : o.valueString !== undefined
        ? answer.valueString === o.valueString
        : o.valueInteger !== undefined
          ? answer.valueInteger === o.valueInteger
          : o.valueDate !== undefined && answer.valueDate === o.valueDate,
  );
}

/** A score band of a form (e.g. PHQ-9 10–14 "depressão moderada"), inclusive bounds. */
export interface ScoreBand {
  min: number;
  max: number;
  label: string;
}

/** A response's score: the total of the chosen options' weights, whether every scored enabled item was answered, its band. */
export interface FormScore {
  total: number;
  complete: boolean;
  band?: string | undefined;
}

/** Whether the questionnaire scores at all (some option carries a weight). */
export function isScored(q: Questionnaire): boolean {
  return walkItems(q.item).some(({ item }) => item.answerOption?.some((o) => optionWeight(o) !== undefined));
}

/** The score of `answers` (undefined when the form has no weights); bands when the form defines them. */
export function scoreOf(
  q: Questionnaire,
  answers: ReadonlyMap<string, AnswerValue[]>,
  bands: readonly ScoreBand[] = [],
): FormScore | undefined {
  if (!isScored(q)) return undefined;
  const enabled = enabledItems(q, answers);
  let total = 0;
  let complete = true;
  for (const { item } of walkItems(q.item)) {
    if (!enabled.has(item.linkId) || !item.answerOption?.some((o) => optionWeight(o) !== undefined)) continue;
    const answer = answers.get(item.linkId)?.[0];
    const option = answer && chosenOption(item, answer);
    if (!option) complete = false;
    else total += optionWeight(option) ?? 0;
  }
  const band = bands.find((b) => total >= b.min && total <= b.max)?.label;
  return { total, complete, ...(band ? { band } : {}) };
}

const label = (item: QuestionnaireItem) => (item.text ? `“${item.text}”` : item.linkId);

/** The answer normalized to the item's type, or an error message. */
function checkedAnswer(item: QuestionnaireItem, answer: AnswerValue): AnswerValue | string {
  const kinds = valueKinds(answer as Record<string, unknown>, 'value');
  if (kinds.length !== 1) return 'informe exatamente um valor na resposta';
  switch (item.type) {
    case 'boolean':
      return answer.valueBoolean === undefined ? 'responda sim ou não (valueBoolean)' : answer;
    case 'integer':
      return answer.valueInteger === undefined ? 'responda um número inteiro (valueInteger)' : answer;
    case 'decimal': {
      const value = answer.valueDecimal ?? answer.valueInteger;
      return value === undefined ? 'responda um número (valueDecimal)' : { valueDecimal: value };
    }
    case 'date':
      return answer.valueDate === undefined ? 'responda uma data (valueDate)' : answer;
    case 'string':
    case 'text':
      if (answer.valueString === undefined) return 'responda um texto (valueString)';
      if (item.maxLength && answer.valueString.length > item.maxLength) return `no máximo ${item.maxLength} caracteres`;
      return answer;
    case 'quantity': {
      const quantity = answer.valueQuantity;
      if (!quantity) return 'responda um número com unidade (valueQuantity)';
      const units = unitsOf(item);
      if (units.length === 0) return answer;
      const unit = units.find(
        (u) =>
          (quantity.code && u.code === quantity.code) || (quantity.unit && (u.display ?? u.code) === quantity.unit),
      );
      if (!unit) return `unidade não aceita; use ${units.map((u) => u.display ?? u.code).join(', ')}`;
      const normalized: Quantity = { value: quantity.value, unit: unit.display ?? unit.code };
      if (unit.system) normalized.system = unit.system;
      if (unit.code) normalized.code = unit.code;
      return { valueQuantity: normalized };
    }
    case 'choice': {
      const option = chosenOption(item, answer);
      if (!option) return 'escolha uma das opções do formulário';
      const { initialSelected: _i, extension: _e, ...value } = option;
      return value;
    }
    default:
      return `itens do tipo ${item.type} não têm resposta`;
  }
}

/**
 * The response checked against `q` and rebuilt in the questionnaire's structure (item texts filled,
 * answers normalized, answers of disabled items dropped, as FHIR R4 requires of a response).
 * @throws DomainError `validation`, each problem at `<prefix>.<linkId>` (unknown items, wrong types,
 *   choices outside the options, units, required items missing when `completed`).
 */
export function checkResponse(
  q: Questionnaire,
  response: QuestionnaireResponse,
  prefix = 'response.item',
): QuestionnaireResponse {
  const answers = answersByLink(response.item);
  const known = new Map(walkItems(q.item).map(({ item }) => [item.linkId, item]));
  const details: ErrorDetail[] = [];
  for (const linkId of answers.keys())
    if (!known.has(linkId)) details.push({ path: `${prefix}.${linkId}`, message: 'item que não existe no formulário' });
  const normalized = new Map<string, AnswerValue[]>();
  for (const [linkId, list] of answers) {
    const item = known.get(linkId);
    if (!item) continue;
    const checked = list.map((a) => checkedAnswer(item, a));
    const problem = checked.find((c): c is string => typeof c === 'string');
    if (problem) details.push({ path: `${prefix}.${linkId}`, message: `${label(item)}: ${problem}` });
    else normalized.set(linkId, checked as AnswerValue[]);
  }
  const enabled = enabledItems(q, normalized);
  if (response.status === 'completed')
    for (const item of known.values())
      if (
        item.required &&
        enabled.has(item.linkId) &&
        !normalized.get(item.linkId)?.length &&
        !answers.has(item.linkId)
      )
        details.push({ path: `${prefix}.${item.linkId}`, message: `${label(item)}: resposta obrigatória` });
  if (details.length > 0) throw new DomainError('validation', 'Respostas do formulário inválidas', details);
  const build = (items: readonly QuestionnaireItem[]): ResponseItem[] =>
    items.flatMap((item): ResponseItem[] => {
      if (!enabled.has(item.linkId) || item.type === 'display') return [];
      if (item.type === 'group') {
        const children = build(item.item ?? []);
        return children.length
          ? [{ linkId: item.linkId, ...(item.text ? { text: item.text } : {}), item: children }]
          : [];
      }
      const answer = normalized.get(item.linkId);
      return answer?.length ? [{ linkId: item.linkId, ...(item.text ? { text: item.text } : {}), answer }] : [];
    });
  return {
    resourceType: 'QuestionnaireResponse',
    ...(response.questionnaire ? { questionnaire: response.questionnaire } : {}),
    status: response.status,
    item: build(q.item),
  };
}
