import {
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerSummary } from '#core/medical-record/forms/answer-summary.js';
import type { FormView } from '#core/medical-record/forms/form-record.js';
import { unitsOf, type QuestionnaireItem } from '#core/medical-record/forms/questionnaire.js';
import { enabledItems, scoreOf, type AnswerValue } from '#core/medical-record/forms/response.js';
import type { FormAnswer } from '#core/medical-record/record.js';

type Answers = Map<string, AnswerValue>;

/** The answers of a saved version, by linkId. */
function initialAnswers(answer: FormAnswer | undefined): Answers {
  const map: Answers = new Map();
  const visit = (items: FormAnswer['response']['item']) => {
    for (const item of items) {
      if (item.answer?.[0]) map.set(item.linkId, item.answer[0]);
      visit(item.item ?? []);
    }
  };
  if (answer) visit(answer.response.item);
  return map;
}

const optionKey = (v: AnswerValue | Record<string, unknown>): string =>
  JSON.stringify(
    (v as AnswerValue).valueCoding
      ? ['c', (v as AnswerValue).valueCoding!.system ?? '', (v as AnswerValue).valueCoding!.code ?? '']
      : ['v', (v as AnswerValue).valueString ?? (v as AnswerValue).valueInteger ?? (v as AnswerValue).valueDate],
  );

/**
 * One custom form rendered from its FHIR Questionnaire (MED-020..022): required marks, conditional
 * items appearing and disappearing as answered (`enableWhen`, the same core function the server
 * checks with), choices, numbers with their unit, the live score. Saved through `onSave` as a
 * QuestionnaireResponse (`completed`, or `in-progress` for a draft); errors come back per linkId.
 * Read-only (the saved answers as text) when the record is finished.
 */
export function QuestionnaireForm(props: {
  form: FormView;
  saved: FormAnswer | undefined;
  readOnly: boolean;
  onSave: (items: { linkId: string; answer: AnswerValue[] }[], status: 'completed' | 'in-progress') => Promise<void>;
}) {
  const { t } = useTranslation();
  const q = props.form.questionnaire;
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(props.saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lists = useMemo(() => new Map([...answers].map(([k, v]) => [k, [v]])), [answers]);
  const enabled = useMemo(() => enabledItems(q, lists), [q, lists]);
  const score = useMemo(() => scoreOf(q, lists, props.form.scoreBands), [q, lists, props.form.scoreBands]);

  if (props.readOnly)
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="form-answer">
        {props.saved ? answerSummary(props.saved) : t('medicalRecord.formNone')}
      </Text>
    );

  const set = (linkId: string, value: AnswerValue | undefined) =>
    setAnswers((current) => {
      const next = new Map(current);
      if (value === undefined) next.delete(linkId);
      else next.set(linkId, value);
      return next;
    });

  const save = async (status: 'completed' | 'in-progress') => {
    setBusy(true);
    setErrors({});
    setGeneral(null);
    try {
      await props.onSave(
        [...answers].map(([linkId, value]) => ({ linkId, answer: [value] })),
        status,
      );
    } catch (e) {
      const details = (e as { details?: { path: string; message: string }[] }).details ?? [];
      const byLink: Record<string, string> = {};
      for (const d of details) if (d.path.startsWith('response.item.')) byLink[d.path.slice(14)] = d.message;
      setErrors(byLink);
      setGeneral(details.length ? (e as Error).message : String((e as Error).message ?? e));
    } finally {
      setBusy(false);
    }
  };

  const field = (item: QuestionnaireItem) => {
    const value = answers.get(item.linkId);
    const label = `${item.prefix ? `${item.prefix}. ` : ''}${item.text ?? item.linkId}`;
    const common = { label, required: !!item.required, error: errors[item.linkId], disabled: !!item.readOnly };
    switch (item.type) {
      case 'choice': {
        const options = (item.answerOption ?? []).map((o) => ({
          value: optionKey(o),
          label:
            o.valueCoding?.display ?? o.valueCoding?.code ?? String(o.valueString ?? o.valueInteger ?? o.valueDate),
          option: o,
        }));
        return (
          <Select
            {...common}
            data={options.map(({ value: v, label: l }) => ({ value: v, label: l }))}
            value={value ? optionKey(value) : null}
            clearable
            onChange={(key) => {
              const found = options.find((o) => o.value === key)?.option;
              if (!found) return set(item.linkId, undefined);
              const { initialSelected: _i, extension: _e, ...chosen } = found;
              set(item.linkId, chosen);
            }}
          />
        );
      }
      case 'boolean':
        return (
          <Select
            {...common}
            data={[
              { value: 'true', label: t('medicalRecord.formYes') },
              { value: 'false', label: t('medicalRecord.formNo') },
            ]}
            value={value?.valueBoolean === undefined ? null : String(value.valueBoolean)}
            clearable
            onChange={(v) => set(item.linkId, v === null ? undefined : { valueBoolean: v === 'true' })}
          />
        );
      case 'integer':
      case 'decimal':
        return (
          <NumberInput
            {...common}
            decimalSeparator=","
            allowDecimal={item.type === 'decimal'}
            value={value?.valueInteger ?? value?.valueDecimal ?? ''}
            onChange={(v) =>
              set(
                item.linkId,
                typeof v !== 'number' ? undefined : item.type === 'integer' ? { valueInteger: v } : { valueDecimal: v },
              )
            }
          />
        );
      case 'quantity': {
        const units = unitsOf(item);
        const unit = value?.valueQuantity?.code ?? units[0]?.code;
        const quantity = (n: number, code: string | undefined) => {
          const u = units.find((x) => x.code === code);
          return { valueQuantity: { value: n, ...(u ? { unit: u.display ?? u.code, code: u.code } : {}) } };
        };
        return (
          <Group align="flex-end" gap="xs">
            <NumberInput
              {...common}
              decimalSeparator=","
              value={value?.valueQuantity?.value ?? ''}
              onChange={(v) => set(item.linkId, typeof v === 'number' ? quantity(v, unit) : undefined)}
            />
            {units.length > 0 && (
              <Select
                aria-label={t('medicalRecord.formUnit')}
                w={110}
                data={units.map((u) => ({ value: u.code ?? '', label: u.display ?? u.code ?? '' }))}
                value={unit ?? null}
                onChange={(code) =>
                  value?.valueQuantity && set(item.linkId, quantity(value.valueQuantity.value, code ?? undefined))
                }
              />
            )}
          </Group>
        );
      }
      case 'date':
        return (
          <TextInput
            {...common}
            type="date"
            value={value?.valueDate ?? ''}
            onChange={(e) => set(item.linkId, e.currentTarget.value ? { valueDate: e.currentTarget.value } : undefined)}
          />
        );
      case 'text':
      case 'string': {
        const Input = item.type === 'text' ? Textarea : TextInput;
        return (
          <Input
            {...common}
            value={value?.valueString ?? ''}
            maxLength={item.maxLength}
            onChange={(e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
              set(item.linkId, e.currentTarget.value ? { valueString: e.currentTarget.value } : undefined)
            }
          />
        );
      }
      default:
        return null;
    }
  };

  const render = (items: readonly QuestionnaireItem[]): React.ReactNode =>
    items
      .filter((item) => enabled.has(item.linkId))
      .map((item) =>
        item.type === 'group' ? (
          <Fieldset key={item.linkId} legend={item.text}>
            <Stack gap="xs">{render(item.item ?? [])}</Stack>
          </Fieldset>
        ) : item.type === 'display' ? (
          <Text key={item.linkId} size="sm" c="dimmed">
            {item.text}
          </Text>
        ) : (
          <div key={item.linkId} data-linkid={item.linkId}>
            {field(item)}
          </div>
        ),
      );

  return (
    <Stack gap="xs">
      {general && (
        <Alert color="red" role="alert">
          {general}
        </Alert>
      )}
      {render(q.item)}
      <Group justify="space-between">
        {score ? (
          <Badge size="lg" variant="light" data-testid="form-score">
            {t('medicalRecord.formScore', { total: score.total.toLocaleString('pt-BR') })}
            {score.band ? ` · ${score.band}` : ''}
            {score.complete ? '' : ` · ${t('medicalRecord.formIncomplete')}`}
          </Badge>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" size="compact-sm" disabled={busy} onClick={() => void save('in-progress')}>
            {t('medicalRecord.formDraft')}
          </Button>
          <Button size="compact-sm" disabled={busy} onClick={() => void save('completed')}>
            {t('medicalRecord.formSave')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
