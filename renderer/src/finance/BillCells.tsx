import { Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#core/br/format.js';
import type { MessageKey } from '../i18n/index.js';

/** What a bill's row shows of its money and state: amounts in reais, status as the core names it. */
export interface BillFigures {
  value: number;
  open: number;
  status: string;
  overdue: boolean;
}

/**
 * The three cells every list of bills ends with (Contas, a patient's payments): the value, what is still
 * open (both R$) and the status, an overdue bill flagged in red instead.
 */
export function BillFigureCells(props: { bill: BillFigures }) {
  const { t } = useTranslation();
  const { bill } = props;
  return (
    <>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(bill.value)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(bill.open)}
      </Table.Td>
      <Table.Td>
        {bill.overdue ? (
          <Badge color="red" variant="light">
            {t('finance.patient.overdueBadge')}
          </Badge>
        ) : (
          t(`finance.status.${bill.status}` as MessageKey)
        )}
      </Table.Td>
    </>
  );
}
