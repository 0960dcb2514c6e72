import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../common/ListTable.js';
import type { MessageKey } from '../i18n/index.js';
import { brl } from './billing-format.js';
import type { BatchRow } from './load-billing.js';

/** The insurer's batches: number, guide type, guides, total, status; download the XML, delete an open one, glosas of a sent one. */
export function BatchesTable(props: {
  batches: BatchRow[] | undefined;
  onDownload: (row: BatchRow) => void;
  onDelete: (row: BatchRow) => void;
  onGlosas: (row: BatchRow) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { batches } = props;
  return (
    <ListTable
      label={t('billing.batches')}
      columns={[
        t('billing.batchNumber'),
        t('billing.guideType'),
        { label: t('billing.guides'), ta: 'right' },
        { label: t('billing.total'), ta: 'right' },
        t('billing.status'),
        { w: 300 },
      ]}
      empty={batches && batches.length === 0 ? t('billing.batchesEmpty') : null}
    >
      {batches?.map((row) => {
        const { batch } = row;
        return (
          <Table.Tr key={batch.id}>
            <Table.Td>{batch.batchNumber}</Table.Td>
            <Table.Td>{t(`billing.guideType.${batch.guideType}` as MessageKey)}</Table.Td>
            <Table.Td ta="right">{row.guides}</Table.Td>
            <Table.Td ta="right">{brl(row.total)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={batch.status === 'open' ? 'blue' : 'green'}>
                {t(`billing.status.${batch.status}` as MessageKey)}
              </Badge>
              {batch.protocol && (
                <Text size="xs" c="dimmed">
                  {t('billing.protocol', { protocol: batch.protocol })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end">
                <Button
                  size="xs"
                  disabled={props.disabled || row.guides === 0}
                  aria-label={t('billing.downloadOne', { number: batch.batchNumber })}
                  onClick={() => props.onDownload(row)}
                >
                  {t('billing.download')}
                </Button>
                {batch.status === 'open' ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    disabled={props.disabled}
                    onClick={() => props.onDelete(row)}
                  >
                    {t('billing.delete', { number: batch.batchNumber })}
                  </Button>
                ) : (
                  <Button size="xs" variant="default" disabled={props.disabled} onClick={() => props.onGlosas(row)}>
                    {t('billing.glosas', { number: batch.batchNumber })}
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
