/**
 * Custom forms as FHIR R4 Questionnaires: the PHQ-9 fixture read from its Bundle, answered and scored;
 * the form rules with their pt-BR errors and paths; conditional items (`enableWhen`, `enableBehavior`)
 * deciding what is required; choices, units; and properties of the operators and the score.
 */
/* eslint-disable @typescript-eslint/no-unsafe-assignment -- vitest's asymmetric matchers (expect.stringContaining) are typed any */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDomainError, type DomainError } from '#core/errors.js';
import { bundleInput, questionnairesOf } from './bundle.js';
import PHQ9_BUNDLE from './fixtures/phq-9.bundle.json' with { type: 'json' };
import { EXT, questionnaireSchema, type Questionnaire } from './questionnaire.js';
import {
  answersByLink,
  checkResponse,
  conditionHolds,
  enabledItems,
  scoreOf,
  type AnswerValue,
  type QuestionnaireResponse,
} from './response.js';

const PHQ9_BANDS = [
  { min: 0, max: 4, label: 'mínima' },
  { min: 5, max: 9, label: 'leve' },
  { min: 10, max: 14, label: 'moderada' },
  { min: 15, max: 19, label: 'moderadamente grave' },
  { min: 20, max: 27, label: 'grave' },
];
const FREQ = ['LA6568-5', 'LA6569-3', 'LA6570-1', 'LA6571-9'];
const PHQ9_QUESTIONS = [
  '44250-9',
  '44255-8',
  '44259-0',
  '44254-1',
  '44251-7',
  '44258-2',
  '44252-5',
  '44253-3',
  '44260-8',
];

function phq9(): Questionnaire {
  return questionnairesOf(bundleInput.parse(PHQ9_BUNDLE))[0]!;
}

function phq9Response(points: readonly number[], status: QuestionnaireResponse['status'] = 'completed') {
  return {
    resourceType: 'QuestionnaireResponse' as const,
    status,
    item: points.map((p, i) => ({
      linkId: PHQ9_QUESTIONS[i]!,
      answer: [{ valueCoding: { system: 'http://loinc.org', code: FREQ[p]! } }],
    })),
  };
}

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

function issues(q: unknown): { path: string; message: string }[] {
  const parsed = questionnaireSchema.safeParse(q);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

const base = (item: unknown[]) => ({ resourceType: 'Questionnaire', title: 'Teste', status: 'active', item });

describe('PHQ-9 from the FHIR example, through a Bundle', () => {
  it('reads the one Questionnaire of the Bundle, ignoring the Patient, with its 11 items', () => {
    const q = phq9();
    expect(q.title).toContain('PHQ-9');
    expect(q.item).toHaveLength(12);
    expect(q.item.filter((i) => i.type === 'choice')).toHaveLength(10);
  });

  it('answers it and scores the sum of the ordinal values, with the band', () => {
    const q = phq9();
    const points = [1, 2, 0, 3, 1, 1, 2, 0, 0];
    const checked = checkResponse(q, phq9Response(points));
    const score = scoreOf(q, answersByLink(checked.item), PHQ9_BANDS);
    expect(score).toEqual({ total: 10, complete: true, band: 'moderada' });
    // The normalized response carries the question texts and the option's display.
    expect(checked.item[0]).toMatchObject({
      linkId: '44250-9',
      text: 'Little interest or pleasure in doing things',
      answer: [{ valueCoding: { code: 'LA6569-3', display: 'Several days' } }],
    });
  });

  it('refuses a completed PHQ-9 without a required answer, naming the item; in-progress passes', () => {
    const q = phq9();
    const error = thrown(() => checkResponse(q, phq9Response([0, 0, 0, 0, 0, 0, 0, 0])));
    expect(error.details).toEqual([
      { path: 'response.item.44260-8', message: expect.stringContaining('resposta obrigatória') },
    ]);
    const partial = checkResponse(q, phq9Response([3, 3], 'in-progress'));
    expect(scoreOf(q, answersByLink(partial.item), PHQ9_BANDS)).toEqual({ total: 6, complete: false, band: 'leve' });
  });

  it('refuses an answer outside the options', () => {
    const response = phq9Response([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    response.item[2]!.answer = [{ valueCoding: { system: 'http://loinc.org', code: 'LA9999-9' } }];
    const error = thrown(() => checkResponse(phq9(), response));
    expect(error.details[0]).toMatchObject({ path: 'response.item.44259-0' });
    expect(error.details[0]!.message).toContain('escolha uma das opções');
  });

  it('scores every combination as the sum of the chosen points (property)', () => {
    const q = phq9();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 9, maxLength: 9 }), (points) => {
        const checked = checkResponse(q, phq9Response(points));
        const score = scoreOf(q, answersByLink(checked.item), PHQ9_BANDS)!;
        const total = points.reduce((a, b) => a + b, 0);
        expect(score.total).toBe(total);
        expect(score.band).toBe(PHQ9_BANDS.find((b) => total >= b.min && total <= b.max)!.label);
      }),
      { numRuns: 100 },
    );
  });
});

describe('form rules (pt-BR errors with the resource paths)', () => {
  it('names a condition on a question that does not exist', () => {
    const found = issues(
      base([
        { linkId: 'a', text: 'A', type: 'string' },
        { linkId: 'b', text: 'B', type: 'boolean' },
        {
          linkId: 'c',
          text: 'C',
          type: 'string',
          enableWhen: [{ question: 'zz', operator: '=', answerBoolean: true }],
        },
      ]),
    );
    expect(found).toEqual([
      { path: 'item.2.enableWhen.0.question', message: 'a pergunta zz não existe no formulário' },
    ]);
  });

  it('refuses repeated linkIds (also inside groups), choices without options, unsupported types', () => {
    const found = issues(
      base([
        { linkId: 'a', type: 'string' },
        { linkId: 'g', type: 'group', item: [{ linkId: 'a', type: 'integer' }] },
        { linkId: 'c', type: 'choice' },
      ]),
    );
    expect(found).toEqual([
      { path: 'item.1.item.0.linkId', message: 'linkId repetido: a' },
      { path: 'item.2.answerOption', message: 'item de escolha (choice) precisa de opções em answerOption' },
    ]);
    // The shape is checked first: an unsupported type is named before the cross-item rules run.
    expect(issues(base([{ linkId: 'd', type: 'attachment' }]))).toEqual([
      { path: 'item.0.type', message: expect.stringContaining('tipo de item não suportado') },
    ]);
  });

  it('refuses answerValueSet, a condition of the wrong kind, and an empty form', () => {
    expect(
      issues(base([{ linkId: 'a', type: 'choice', answerValueSet: 'http://loinc.org/vs/LL358-3' }]))[0]!.message,
    ).toContain('answerValueSet');
    expect(
      issues(
        base([
          { linkId: 'a', type: 'boolean' },
          { linkId: 'b', type: 'string', enableWhen: [{ question: 'a', operator: '=', answerString: 'x' }] },
        ]),
      ),
    ).toEqual([{ path: 'item.1.enableWhen.0', message: expect.stringContaining('não combina') }]);
    expect(issues(base([]))[0]).toMatchObject({ path: 'item' });
  });
});

/** A pregnancy block shown only for women of 10 years or more, with a unit measure and an "any" item. */
const CONDITIONAL = questionnaireSchema.parse({
  resourceType: 'Questionnaire',
  title: 'Triagem',
  status: 'active',
  item: [
    {
      linkId: 'sexo',
      text: 'Sexo',
      type: 'choice',
      required: true,
      answerOption: [{ valueString: 'feminino' }, { valueString: 'masculino' }],
    },
    { linkId: 'idade', text: 'Idade', type: 'integer', required: true },
    {
      linkId: 'gestacao',
      text: 'Gestação',
      type: 'group',
      enableWhen: [
        { question: 'sexo', operator: '=', answerString: 'feminino' },
        { question: 'idade', operator: '>=', answerInteger: 10 },
      ],
      item: [
        { linkId: 'gestante', text: 'Está gestante?', type: 'boolean', required: true },
        {
          linkId: 'dum',
          text: 'Data da última menstruação',
          type: 'date',
          required: true,
          enableWhen: [{ question: 'gestante', operator: '=', answerBoolean: true }],
        },
      ],
    },
    {
      linkId: 'peso',
      text: 'Peso',
      type: 'quantity',
      extension: [
        { url: EXT.unitOption, valueCoding: { system: 'http://unitsofmeasure.org', code: 'kg', display: 'kg' } },
        { url: EXT.unitOption, valueCoding: { system: 'http://unitsofmeasure.org', code: 'g', display: 'g' } },
      ],
    },
    {
      linkId: 'alerta',
      text: 'Investigar',
      type: 'text',
      required: true,
      enableBehavior: 'any',
      enableWhen: [
        { question: 'idade', operator: '<', answerInteger: 2 },
        { question: 'dum', operator: 'exists', answerBoolean: true },
      ],
    },
  ],
});

const reply = (answers: Record<string, AnswerValue>, status: QuestionnaireResponse['status'] = 'completed') => ({
  resourceType: 'QuestionnaireResponse' as const,
  status,
  item: Object.entries(answers).map(([linkId, value]) => ({ linkId, answer: [value] })),
});

describe('conditional items (enableWhen)', () => {
  it('shows the group only when every condition holds (all), and its required items only then', () => {
    const man = reply({ sexo: { valueString: 'masculino' }, idade: { valueInteger: 40 } });
    expect(checkResponse(CONDITIONAL, man).item.map((i) => i.linkId)).toEqual(['sexo', 'idade']);
    const woman = reply({ sexo: { valueString: 'feminino' }, idade: { valueInteger: 30 } });
    expect(thrown(() => checkResponse(CONDITIONAL, woman)).details).toEqual([
      { path: 'response.item.gestante', message: '“Está gestante?”: resposta obrigatória' },
    ]);
    const girl = reply({ sexo: { valueString: 'feminino' }, idade: { valueInteger: 8 } });
    expect(enabledItems(CONDITIONAL, answersByLink(girl.item)).has('gestante')).toBe(false);
  });

  it('chains conditions: a date asked when pregnant, then the "any" item required by it', () => {
    const pregnant = reply({
      sexo: { valueString: 'feminino' },
      idade: { valueInteger: 30 },
      gestante: { valueBoolean: true },
    });
    expect(thrown(() => checkResponse(CONDITIONAL, pregnant)).details.map((d) => d.path)).toEqual([
      'response.item.dum',
    ]);
    const dated = reply({
      sexo: { valueString: 'feminino' },
      idade: { valueInteger: 30 },
      gestante: { valueBoolean: true },
      dum: { valueDate: '2026-09-01' },
    });
    expect(thrown(() => checkResponse(CONDITIONAL, dated)).details.map((d) => d.path)).toEqual([
      'response.item.alerta',
    ]);
    const done = checkResponse(CONDITIONAL, {
      ...dated,
      item: [...dated.item, { linkId: 'alerta', answer: [{ valueString: 'ok' }] }],
    });
    expect(done.item.find((i) => i.linkId === 'gestacao')?.item?.map((i) => i.linkId)).toEqual(['gestante', 'dum']);
  });

  it('drops answers of items that are disabled (FHIR: a disabled item has no answer)', () => {
    const changed = reply({
      sexo: { valueString: 'masculino' },
      idade: { valueInteger: 30 },
      gestante: { valueBoolean: true },
      dum: { valueDate: '2026-09-01' },
    });
    expect(checkResponse(CONDITIONAL, changed).item.map((i) => i.linkId)).toEqual(['sexo', 'idade']);
  });

  it('takes quantities in the form units only, normalized to the unit coding', () => {
    const answers = { sexo: { valueString: 'masculino' }, idade: { valueInteger: 40 } };
    const kg = checkResponse(CONDITIONAL, reply({ ...answers, peso: { valueQuantity: { value: 72.5, unit: 'kg' } } }));
    expect(kg.item.at(-1)!.answer).toEqual([
      { valueQuantity: { value: 72.5, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' } },
    ]);
    const lb = thrown(() =>
      checkResponse(CONDITIONAL, reply({ ...answers, peso: { valueQuantity: { value: 160, unit: 'lb' } } })),
    );
    expect(lb.details[0]).toEqual({ path: 'response.item.peso', message: '“Peso”: unidade não aceita; use kg, g' });
    const text = thrown(() => checkResponse(CONDITIONAL, reply({ ...answers, idade: { valueString: 'quarenta' } })));
    expect(text.details[0]!.path).toBe('response.item.idade');
  });

  it('gives no score to a form without weights', () => {
    expect(scoreOf(CONDITIONAL, new Map())).toBeUndefined();
  });
});

describe('enableWhen operators (properties)', () => {
  const on = (operator: '=' | '!=' | '>' | '<' | '>=' | '<=', n: number) =>
    ({ question: 'q', operator, answerInteger: n }) as const;

  it('compare integers as numbers; != is the negation of = for one answer; exists tells presence', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), (x, n) => {
        const a = [{ valueInteger: x }];
        expect(conditionHolds(on('>', n), a)).toBe(x > n);
        expect(conditionHolds(on('<', n), a)).toBe(x < n);
        expect(conditionHolds(on('>=', n), a)).toBe(x >= n);
        expect(conditionHolds(on('<=', n), a)).toBe(x <= n);
        expect(conditionHolds(on('!=', n), a)).toBe(!conditionHolds(on('=', n), a));
        expect(conditionHolds({ question: 'q', operator: 'exists', answerBoolean: true }, a)).toBe(true);
        expect(conditionHolds({ question: 'q', operator: 'exists', answerBoolean: false }, [])).toBe(true);
        // Without an answer only != holds among the comparisons.
        expect(conditionHolds(on('=', n), [])).toBe(false);
        expect(conditionHolds(on('!=', n), [])).toBe(true);
      }),
    );
  });
});
