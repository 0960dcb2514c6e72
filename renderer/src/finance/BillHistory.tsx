import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatDate, formatMoney } from '#core/br/format.js';
import { FINANCE_TIME_ZONE } from '#core/finance/finance-common.js';
import { payments } from '#core/finance/payment-record.js';
import { dayIn } from '#core/schedule/time.js';
import { ListTable } from '../common/ListTable.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive } from '../local/hooks.js';
import { billHistory, type HistoryPayment } from './bill-history.js';
import type { BillRow } from './bill-form.js';

/** The bill's payment records, live from the desk's database (payments, reversals and refunds). */
export function useBillPayments(bill: string) {
  return useLive((ctx) => ctx.store.collection(payments).find({ selector: { bill } }), [payments], [bill]);
}

/** `27/11/2026 14:05`, on the finance calendar (São Paulo, FIN-005). */
export function whenText(iso: string): string {
  const time = new Date(iso).toLocaleTimeString('pt-BR', {
    timeZone: FINANCE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${formatDate(dayIn(iso, FINANCE_TIME_ZONE))} ${time}`;
}

/**
 * The history table of a bill (FIN-022): each payment, reversal and partial refund with its method, the
 * money in (or out, negative), what stayed open after it, and its note or reason.
 */
export function BillHistoryTable(props: { bill: BillRow; records: readonly HistoryPayment[] }) {
  const { t } = useTranslation();
  const rows = billHistory(Math.round(props.bill.value * 100), props.records);
  return (
    <ListTable
      label={t('finance.history.title')}
      columns={[
        t('finance.history.when'),
        t('finance.history.kind'),
        t('finance.history.method'),
        { label: t('finance.history.money'), ta: 'right' },
        { label: t('finance.history.openAfter'), ta: 'right' },
        t('finance.history.note'),
      ]}
      empty={rows.length === 0 ? t('finance.history.empty') : null}
    >
      {rows.map((r) => (
        <Table.Tr key={r.payment.id} data-testid="history-row">
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{whenText(r.payment.paidAt)}</Table.Td>
          <Table.Td>{t(`finance.history.kind.${r.payment.kind}` as MessageKey)}</Table.Td>
          <Table.Td>{t(`finance.method.${r.payment.method}` as MessageKey)}</Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c={r.moneyCentavos < 0 ? 'red' : undefined}>
            {formatCentavos(r.moneyCentavos)}
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatCentavos(r.openAfterCentavos)}
          </Table.Td>
          <Table.Td>{r.payment.note ?? ''}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** "Histórico": the bill's history in a dialog, read-only. */
export function BillHistoryDialog(props: { bill: BillRow; onClose: () => void }) {
  const { t } = useTranslation();
  const records = useBillPayments(props.bill.id);
  const { bill } = props;
  return (
    <Modal opened onClose={props.onClose} title={t('finance.history.title')} size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('finance.history.intro', {
            description: bill.description,
            value: formatMoney(bill.value),
            open: formatMoney(bill.open),
          })}
        </Text>
        <BillHistoryTable bill={bill} records={records.data ?? []} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            {t('finance.history.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
