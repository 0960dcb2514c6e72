/**
 * The FHIR R4 `Questionnaire` subset custom medical-record forms are stored as (spec §4.4 Medical
 * Record "create, list, delete and edit custom forms"; HL7 FHIR R4 §questionnaire). Supported item
 * types: group, display, string, text, integer, decimal, quantity, choice, boolean, date; `required`,
 * `answerOption` (coding, string or integer values, with the `ordinalValue`/`itemWeight` score
 * extensions), `enableWhen` + `enableBehavior`, `initial`, units of quantities by the
 * `questionnaire-unit`/`questionnaire-unitOption` extensions. Elements outside the subset are dropped on
 * import; item types outside it are refused (docs/decisions/medical-record.md MED-020).
 */
import { z } from 'zod';

/** The item types a form may hold. */
export const ITEM_TYPES = [
  'group',
  'display',
  'string',
  'text',
  'integer',
  'decimal',
  'quantity',
  'choice',
  'boolean',
  'date',
] as const;
/** One of {@link ITEM_TYPES}. */
export type ItemType = (typeof ITEM_TYPES)[number];

/** `enableWhen` operators (FHIR R4 `questionnaire-enable-operator`). */
export const ENABLE_OPERATORS = ['exists', '=', '!=', '>', '<', '>=', '<='] as const;

/** Extension URLs read by the validation and the score. */
export const EXT = {
  ordinalValue: 'http://hl7.org/fhir/StructureDefinition/ordinalValue',
  itemWeight: 'http://hl7.org/fhir/StructureDefinition/itemWeight',
  unit: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unit',
  unitOption: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption',
} as const;

const coding = z.object({
  system: z.string().max(500).optional(),
  code: z.string().max(200).optional(),
  display: z.string().max(500).optional(),
});
/** A FHIR `Coding`. */
export type Coding = z.infer<typeof coding>;

const quantity = z.object({
  value: z.number(),
  unit: z.string().max(100).optional(),
  system: z.string().max(500).optional(),
  code: z.string().max(100).optional(),
});
/** A FHIR `Quantity` (value with its unit). */
export type Quantity = z.infer<typeof quantity>;

const extension = z.object({
  url: z.string().min(1).max(500),
  valueDecimal: z.number().optional(),
  valueInteger: z.number().int().optional(),
  valueCoding: coding.optional(),
  valueString: z.string().max(2000).optional(),
});
/** A FHIR extension, with the value kinds the subset reads. */
export type Extension = z.infer<typeof extension>;

const dateValue = z.iso.date({ error: 'data no formato AAAA-MM-DD' });

/** A value an answer, an option, an initial value or an `enableWhen` carries (exactly one kind). */
const valueFields = {
  Boolean: z.boolean().optional(),
  Decimal: z.number().optional(),
  Integer: z.number().int().optional(),
  Date: dateValue.optional(),
  String: z.string().max(4000).optional(),
  Coding: coding.optional(),
  Quantity: quantity.optional(),
};
type ValueKind = keyof typeof valueFields;
const prefixed = <P extends string>(prefix: P) =>
  Object.fromEntries(Object.entries(valueFields).map(([k, v]) => [`${prefix}${k}`, v])) as {
    [K in ValueKind as `${P}${K}`]: (typeof valueFields)[K];
  };

/** The kinds of value present in `value` under `prefix` (`value`, `answer`). */
export function valueKinds(value: Record<string, unknown>, prefix: string): string[] {
  return Object.keys(valueFields).filter((k) => value[`${prefix}${k}`] !== undefined);
}

const oneValue = (prefix: string) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (valueKinds(value, prefix).length !== 1)
    ctx.addIssue({ code: 'custom', message: `informe exatamente um ${prefix}[x]`, path: [] });
};

const answerOption = z
  .object({
    valueCoding: coding.optional(),
    valueString: z.string().max(500).optional(),
    valueInteger: z.number().int().optional(),
    valueDate: dateValue.optional(),
    initialSelected: z.boolean().optional(),
    extension: z.array(extension).max(20).optional(),
  })
  .superRefine(oneValue('value'));
/** One allowed answer of a choice item. */
export type AnswerOption = z.infer<typeof answerOption>;

const enableWhen = z
  .object({ question: z.string().min(1).max(255), operator: z.enum(ENABLE_OPERATORS), ...prefixed('answer') })
  .superRefine(oneValue('answer'));
/** A condition under which an item is shown. */
export type EnableWhen = z.infer<typeof enableWhen>;

const initialValue = z.object(prefixed('value')).superRefine(oneValue('value'));

/** A questionnaire item (recursive: groups hold items). */
export interface QuestionnaireItem {
  linkId: string;
  text?: string | undefined;
  prefix?: string | undefined;
  type: ItemType;
  required?: boolean | undefined;
  readOnly?: boolean | undefined;
  maxLength?: number | undefined;
  code?: Coding[] | undefined;
  answerOption?: AnswerOption[] | undefined;
  enableWhen?: EnableWhen[] | undefined;
  enableBehavior?: 'all' | 'any' | undefined;
  initial?: z.infer<typeof initialValue>[] | undefined;
  extension?: Extension[] | undefined;
  item?: QuestionnaireItem[] | undefined;
}

const itemObject = z
  .object({
    linkId: z.string().trim().min(1, 'informe o linkId').max(255),
    text: z.string().max(4000).optional(),
    prefix: z.string().max(20).optional(),
    type: z.enum(ITEM_TYPES, {
      error: `tipo de item não suportado (aceitos: ${ITEM_TYPES.join(', ')})`,
    }),
    required: z.boolean().optional(),
    repeats: z.literal(false, { error: 'itens repetidos (repeats) não são suportados' }).optional(),
    readOnly: z.boolean().optional(),
    maxLength: z.number().int().positive().optional(),
    code: z.array(coding).max(10).optional(),
    answerOption: z.array(answerOption).max(100).optional(),
    answerValueSet: z.never({ error: 'answerValueSet não é suportado: liste as opções em answerOption' }).optional(),
    enableWhen: z.array(enableWhen).max(20).optional(),
    enableBehavior: z.enum(['all', 'any']).optional(),
    initial: z.array(initialValue).max(1).optional(),
    extension: z.array(extension).max(20).optional(),
    // A getter: the recursion stays a `$ref` to the named schema in the OpenAPI document.
    get item(): z.ZodOptional<z.ZodArray<z.ZodType<QuestionnaireItem>>> {
      return z.array(itemSchema).max(200).optional();
    },
  })
  .meta({ id: 'FhirQuestionnaireItem' });
const itemSchema = itemObject as unknown as z.ZodType<QuestionnaireItem>;

/** A stored FHIR R4 Questionnaire of the supported subset. */
export interface Questionnaire {
  resourceType: 'Questionnaire';
  id?: string | undefined;
  url?: string | undefined;
  version?: string | undefined;
  name?: string | undefined;
  title: string;
  status: 'draft' | 'active' | 'retired' | 'unknown';
  description?: string | undefined;
  code?: Coding[] | undefined;
  item: QuestionnaireItem[];
}

/** Every item of `items` with its dotted path (`item.2.item.0`), depth first. */
export function walkItems(
  items: readonly QuestionnaireItem[],
  path = 'item',
): { item: QuestionnaireItem; path: string }[] {
  return items.flatMap((item, i) => [
    { item, path: `${path}.${i}` },
    ...walkItems(item.item ?? [], `${path}.${i}.item`),
  ]);
}

/** The units a quantity item accepts (from `questionnaire-unit`/`unitOption`); empty: any unit. */
export function unitsOf(item: QuestionnaireItem): Coding[] {
  return (item.extension ?? []).flatMap((e) =>
    (e.url === EXT.unit || e.url === EXT.unitOption) && e.valueCoding ? [e.valueCoding] : [],
  );
}

const ANSWER_KIND: Partial<Record<ItemType, string[]>> = {
  boolean: ['Boolean'],
  integer: ['Integer', 'Decimal'],
  decimal: ['Decimal', 'Integer'],
  quantity: ['Quantity'],
  date: ['Date'],
  string: ['String'],
  text: ['String'],
  choice: ['Coding', 'String', 'Integer', 'Date'],
};

/** The rules zod's shape cannot say: unique linkIds, conditions on existing questions, options of choices. */
function checkQuestionnaire(q: Questionnaire, ctx: z.RefinementCtx): void {
  const all = walkItems(q.item);
  const byLink = new Map<string, QuestionnaireItem>();
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
  for (const { item, path } of all) {
    if (byLink.has(item.linkId)) issue(`${path}.linkId`, `linkId repetido: ${item.linkId}`);
    else byLink.set(item.linkId, item);
  }
  for (const { item, path } of all) {
    if (item.type === 'choice' && !item.answerOption?.length)
      issue(`${path}.answerOption`, 'item de escolha (choice) precisa de opções em answerOption');
    if (item.type !== 'choice' && item.answerOption?.length)
      issue(`${path}.answerOption`, 'só itens de escolha (choice) têm opções');
    if (item.type === 'group' && !item.item?.length) issue(`${path}.item`, 'grupo sem itens');
    if (item.type !== 'group' && item.item?.length)
      issue(`${path}.item`, 'só grupos (group) contêm itens neste subconjunto');
    if (item.type === 'display' && item.required) issue(`${path}.required`, 'item de exibição não é obrigatório');
    (item.enableWhen ?? []).forEach((condition, i) => {
      const target = byLink.get(condition.question);
      const at = `${path}.enableWhen.${i}`;
      if (!target) return issue(`${at}.question`, `a pergunta ${condition.question} não existe no formulário`);
      if (target === item) return issue(`${at}.question`, 'o item não pode depender de si mesmo');
      if (target.type === 'group' || target.type === 'display')
        return issue(`${at}.question`, `a pergunta ${condition.question} não tem resposta (${target.type})`);
      if (condition.operator === 'exists') {
        if (condition.answerBoolean === undefined) issue(`${at}.operator`, 'exists compara com answerBoolean');
        return;
      }
      const [kind] = valueKinds(condition, 'answer');
      if (kind && !ANSWER_KIND[target.type]?.includes(kind))
        issue(`${at}`, `answer${kind} não combina com a pergunta ${condition.question} (${target.type})`);
    });
    const kinds = ANSWER_KIND[item.type];
    (item.initial ?? []).forEach((initial, i) => {
      const [kind] = valueKinds(initial, 'value');
      if (!kinds || (kind && !kinds.includes(kind)))
        issue(`${path}.initial.${i}`, `valor inicial value${kind ?? ''} não combina com o tipo ${item.type}`);
    });
  }
}

/** The Questionnaire schema with the rules of {@link checkQuestionnaire}; paths are the resource's own. */
export const questionnaireSchema: z.ZodType<Questionnaire, Questionnaire> = z
  .object({
    resourceType: z.literal('Questionnaire', { error: 'resourceType deve ser Questionnaire' }),
    id: z.string().max(64).optional(),
    url: z.string().max(500).optional(),
    version: z.string().max(100).optional(),
    name: z.string().max(200).optional(),
    title: z.string().trim().min(1, 'informe o título do formulário').max(200),
    status: z.enum(['draft', 'active', 'retired', 'unknown'], { error: 'status: draft, active, retired ou unknown' }),
    description: z.string().max(4000).optional(),
    code: z.array(coding).max(10).optional(),
    item: z.array(itemSchema).min(1, 'o formulário precisa de ao menos um item').max(200),
  })
  .superRefine((q, ctx) => checkQuestionnaire(q, ctx))
  .meta({
    id: 'FhirQuestionnaire',
    description: 'FHIR R4 Questionnaire (subconjunto suportado)',
  }) as z.ZodType<Questionnaire, Questionnaire>;
