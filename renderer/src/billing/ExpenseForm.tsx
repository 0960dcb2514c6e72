import { Button, Group, NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addExpenses } from '#core/billing/attendance-ops.js';
import type { BillingAttendance } from '#core/billing/attendance-record.js';
import { DateField } from '../common/DateField.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import type { RunOperation } from '../local/hooks.js';

/** The kinds the clerk picks, with their dm_outrasDespesas code and TISS table (dm_tabela). */
const KINDS = [
  { kind: 'material', expenseCode: '03', table: '19' },
  { kind: 'medication', expenseCode: '02', table: '20' },
  { kind: 'fee', expenseCode: '07', table: '18' },
  { kind: 'gas', expenseCode: '01', table: '20' },
  { kind: 'daily', expenseCode: '05', table: '18' },
  { kind: 'opme', expenseCode: '08', table: '19' },
] as const;
type Kind = (typeof KINDS)[number]['kind'];

const FIELD_NAMES = ['code', 'description', 'quantity', 'unitValue', 'date'] as const;
const FIELDS = FIELD_NAMES.map((f) => `expenses.0.${f}`);
const empty = {
  kind: 'material' as Kind,
  code: '',
  description: '',
  quantity: 1 as number | '',
  unitValue: '' as number | '',
  date: '',
};

/**
 * "Outras despesas" of one guide (materials, medications, fees…): one line at a time, with the TUSS
 * code, description, quantity, unit price and day (the attendance's when blank). The limits are the
 * core's (`expenseInput`: code up to 10 characters, description up to 150, quantity 1 to 999, price in
 * reais with 2 decimals) and show under their field. A consultation guide becomes SP/SADT (TISS).
 */
export function ExpenseForm(props: {
  attendance: BillingAttendance;
  run: RunOperation;
  onAdded: (attendance: BillingAttendance) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(empty);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [adding, setAdding] = useState(false);

  const add = async () => {
    if (adding) return;
    setAdding(true);
    setFailure(null);
    const kind = KINDS.find((k) => k.kind === draft.kind)!;
    try {
      const saved = await props.run(addExpenses, {
        id: props.attendance.id,
        expenses: [
          {
            expenseCode: kind.expenseCode,
            table: kind.table,
            code: draft.code,
            description: draft.description,
            quantity: draft.quantity === '' ? Number.NaN : draft.quantity,
            unitValue: draft.unitValue === '' ? Number.NaN : draft.unitValue,
            ...(draft.date ? { date: draft.date } : {}),
          },
        ],
      });
      setDraft(empty);
      props.onAdded({ ...props.attendance, ...saved });
    } catch (error) {
      setFailure(formFailure(error, FIELDS));
    } finally {
      setAdding(false);
    }
  };
  const onEnter = (event: React.KeyboardEvent) => {
    const target = event.target;
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || !(target instanceof HTMLInputElement)) return;
    if (target.getAttribute('aria-haspopup')) return; // the kind's list takes its own Enter
    event.preventDefault();
    void add();
  };
  const message = (field: (typeof FIELD_NAMES)[number]) => failure?.fields[`expenses.0.${field}`];

  return (
    // Enter in a field adds the line (it would otherwise submit the guide's form around it).
    <section aria-label={t('billing.expense.title')} onKeyDown={onEnter}>
      <Group gap="xs" mb={4} align="baseline">
        <Text fw={500} size="sm">
          {t('billing.expense.title')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('billing.expense.hint')}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="xs" verticalSpacing={4}>
        <Select
          label={t('billing.expense.kind')}
          data={KINDS.map((k) => ({ value: k.kind, label: t(`billing.expense.kind.${k.kind}`) }))}
          value={draft.kind}
          allowDeselect={false}
          onChange={(kind) => kind && setDraft((d) => ({ ...d, kind: kind }))}
        />
        <TextInput
          label={t('billing.expense.code')}
          value={draft.code}
          error={message('code')}
          inputMode="numeric"
          onChange={(e) => {
            const code = e.currentTarget.value;
            setDraft((d) => ({ ...d, code }));
          }}
        />
        <DateField
          label={t('billing.expense.date')}
          value={draft.date}
          error={message('date')}
          onChange={(date) => setDraft((d) => ({ ...d, date }))}
        />
      </SimpleGrid>
      <TextInput
        mt={4}
        label={t('billing.expense.description')}
        value={draft.description}
        error={message('description')}
        onChange={(e) => {
          const description = e.currentTarget.value;
          setDraft((d) => ({ ...d, description }));
        }}
      />
      <Group align="flex-start" mt={4} gap="xs" grow>
        <NumberInput
          label={t('billing.expense.quantity')}
          value={draft.quantity}
          error={message('quantity')}
          allowDecimal={false}
          onChange={(value) => setDraft((d) => ({ ...d, quantity: value === '' ? '' : Number(value) }))}
        />
        <NumberInput
          label={t('billing.expense.unitValue')}
          value={draft.unitValue}
          error={message('unitValue')}
          decimalSeparator=","
          thousandSeparator="."
          prefix="R$ "
          onChange={(value) => setDraft((d) => ({ ...d, unitValue: value === '' ? '' : Number(value) }))}
        />
        <Button mt={24} variant="outline" loading={adding} onClick={() => void add()}>
          {t('billing.expense.add')}
        </Button>
      </Group>
      {failure?.general && (
        <Text c="red" size="sm" role="alert" mt={4}>
          {failure.general}
        </Text>
      )}
    </section>
  );
}
