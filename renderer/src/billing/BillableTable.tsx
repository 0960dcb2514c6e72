import { Badge, Button, Checkbox, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../common/ListTable.js';
import type { MessageKey } from '../i18n/index.js';
import { brDay, brl } from './billing-format.js';
import type { BillableRow } from './load-billing.js';

/**
 * The billable attendances of the Faturamento screen: a checkbox to put each in the next batch; an
 * appointment still to bill can be brought to billing (its guide data snapshotted) and a billed guide
 * edited.
 */
export function BillableTable(props: {
  rows: BillableRow[] | undefined;
  chosen: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onBring: (row: BillableRow) => void;
  onEdit: (row: BillableRow) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { rows } = props;
  return (
    <ListTable
      label={t('billing.billable')}
      columns={[
        { w: 40 },
        t('billing.date'),
        t('billing.patient'),
        t('billing.guideType'),
        t('billing.guideNumber'),
        { label: t('billing.total'), ta: 'right' },
        { w: 220 },
      ]}
      empty={rows && rows.length === 0 ? t('billing.billableEmpty') : null}
    >
      {rows?.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <Checkbox
              aria-label={t('billing.select', { name: row.patientName, date: brDay(row.date) })}
              checked={props.chosen.has(row.id)}
              onChange={(event) => props.onToggle(row.id, event.currentTarget.checked)}
            />
          </Table.Td>
          <Table.Td>{brDay(row.date)}</Table.Td>
          <Table.Td>{row.patientName}</Table.Td>
          <Table.Td>{t(`billing.guideType.${row.guideType}` as MessageKey)}</Table.Td>
          <Table.Td>
            {row.guideNumber ?? (
              <Badge variant="light" color="gray">
                {t('billing.notBilled')}
              </Badge>
            )}
          </Table.Td>
          <Table.Td ta="right">{row.total === undefined ? '—' : brl(row.total)}</Table.Td>
          <Table.Td>
            <Group gap="xs" justify="flex-end">
              {row.kind === 'appointment' ? (
                <Button
                  size="xs"
                  variant="default"
                  disabled={props.disabled}
                  aria-label={t('billing.bringOne', { name: row.patientName })}
                  onClick={() => props.onBring(row)}
                >
                  {t('billing.bring')}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="default"
                  disabled={props.disabled}
                  aria-label={t('billing.editOne', { number: row.guideNumber })}
                  onClick={() => props.onEdit(row)}
                >
                  {t('billing.edit')}
                </Button>
              )}
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
