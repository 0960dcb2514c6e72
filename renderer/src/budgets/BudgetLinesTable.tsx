import { ActionIcon, Button, Group, NativeSelect, Paper, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BudgetForm, FormLine, MoneyPreview } from './budget-form.js';
import { money, tabular, type FieldError } from './budget-editor-fields.js';
import type { BudgetRefs } from './budget-refs.js';
import { selectionLabel } from './tooth-chart.js';

const ITEM_GROUPS = ['Product', 'Kit', 'MaterialOrExam'] as const;

/**
 * The budget's procedures and the products, kits and materials it quotes (BUD-040): two pickers (procedures; items searched by name) that add a line priced from the table, and one row per line
 * with its tooth/region button (selects the line for the odontogram), quantity, unit value,
 * co-payment and the core's line total. Clicking a row selects it.
 */
export function BudgetLinesTable(props: {
  form: BudgetForm;
  refs: BudgetRefs;
  preview: MoneyPreview | null;
  readOnly: boolean;
  selected: number | null;
  onSelect: (i: number) => void;
  pick: string;
  onPick: (event: string) => void;
  onAdd: () => void;
  /** The product, kit or material picked, `typeModel:id`. */
  pickItem: string;
  onPickItem: (value: string) => void;
  onAddItem: () => void;
  onRemove: (i: number) => void;
  updateLine: (i: number, patch: Partial<FormLine>) => void;
  priceNotes: Record<number, string>;
  eventName: (id: string) => string;
  fieldError: FieldError;
}) {
  const { t } = useTranslation();
  const { form, preview, readOnly, selected, fieldError, updateLine } = props;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" align="flex-end">
        <Title order={5}>{t('budget.items')}</Title>
        <Group gap="xs" align="flex-end">
          <NativeSelect
            aria-label={t('budget.addEvent')}
            w={300}
            value={props.pick}
            disabled={readOnly}
            data={[
              { value: '', label: t('budget.pickEvent') },
              ...props.refs.events.map((e) => ({ value: e.id, label: e.name })),
            ]}
            onChange={(e) => props.onPick(e.currentTarget.value)}
          />
          <Button variant="light" disabled={!props.pick || readOnly} onClick={props.onAdd}>
            {t('budget.add')}
          </Button>
        </Group>
      </Group>
      <Group justify="flex-end" mb="sm" gap="xs" align="flex-end">
        <Select
          aria-label={t('budget.addItem')}
          placeholder={t('budget.pickItem')}
          w={300}
          searchable
          clearable
          disabled={readOnly}
          nothingFoundMessage={t('budget.noItemFound')}
          value={props.pickItem || null}
          data={ITEM_GROUPS.map((model) => ({
            group: t(`budget.itemGroup.${model}`),
            items: props.refs.items
              .filter((item) => item.typeModel === model)
              .map((item) => ({ value: `${model}:${item.id}`, label: item.name })),
          })).filter((group) => group.items.length > 0)}
          onChange={(value) => props.onPickItem(value ?? '')}
        />
        <Button variant="light" disabled={!props.pickItem || readOnly} onClick={props.onAddItem}>
          {t('budget.addItemButton')}
        </Button>
      </Group>
      {form.lines.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" size="sm">
          {t('budget.noItems')}
        </Text>
      ) : (
        <Table verticalSpacing={6} aria-label={t('budget.items')} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={28}>#</Table.Th>
              <Table.Th>{t('budget.item.event')}</Table.Th>
              <Table.Th w={110}>{t('budget.item.where')}</Table.Th>
              <Table.Th w={70}>{t('budget.item.quantity')}</Table.Th>
              <Table.Th w={110}>{t('budget.item.unit')}</Table.Th>
              <Table.Th w={110}>{t('budget.item.copart')}</Table.Th>
              <Table.Th w={110} ta="right">
                {t('budget.item.total')}
              </Table.Th>
              <Table.Th w={32} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.lines.map((l, i) => (
              <Table.Tr
                key={i}
                bg={selected === i ? 'var(--mantine-color-blue-light)' : undefined}
                onClick={() => props.onSelect(i)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td c="dimmed">{i + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {props.eventName(l.event)}
                  </Text>
                  {(fieldError(`items.${i}.event`) ?? props.priceNotes[i]) && (
                    <Text size="xs" c={fieldError(`items.${i}.event`) ? 'red' : 'dimmed'}>
                      {fieldError(`items.${i}.event`) ?? props.priceNotes[i]}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant={selected === i ? 'filled' : 'light'}
                    aria-label={t('budget.item.select', { n: String(i + 1) })}
                    onClick={() => props.onSelect(i)}
                  >
                    {selectionLabel(l) || '—'}
                  </Button>
                  {(['tooth', 'toothFace', 'toothRegion'] as const).map((f) =>
                    fieldError(`items.${i}.${f}`) ? (
                      <Text key={f} size="xs" c="red">
                        {fieldError(`items.${i}.${f}`)}
                      </Text>
                    ) : null,
                  )}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={`${t('budget.item.quantity')} ${i + 1}`}
                    value={l.quantity}
                    readOnly={readOnly}
                    error={fieldError(`items.${i}.quantity`)}
                    onChange={(e) => updateLine(i, { quantity: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={`${t('budget.item.unit')} ${i + 1}`}
                    value={l.valueUnity}
                    readOnly={readOnly}
                    styles={{ input: tabular }}
                    error={fieldError(`items.${i}.valueUnity`) ?? fieldError(`items.${i}.totalValue`)}
                    onChange={(e) => updateLine(i, { valueUnity: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={`${t('budget.item.copart')} ${i + 1}`}
                    value={l.copart}
                    readOnly={readOnly}
                    styles={{ input: tabular }}
                    error={fieldError(`items.${i}.copart`)}
                    onChange={(e) => updateLine(i, { copart: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td ta="right" fw={600} style={tabular}>
                  {preview?.lineTotals[i] === undefined ? '—' : money.format(preview.lineTotals[i])}
                </Table.Td>
                <Table.Td>
                  {!readOnly && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('budget.item.remove', { n: String(i + 1) })}
                      onClick={(e) => {
                        e.stopPropagation();
                        props.onRemove(i);
                      }}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
