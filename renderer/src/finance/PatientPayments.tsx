import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can } from '#core/actor.js';
import { formatDate, formatMoney } from '#core/br/format.js';
import { bills } from '#core/finance/bill-record.js';
import { patientPaymentInformation } from '#core/finance/payment-ops.js';
import { payments } from '#core/finance/payment-record.js';
import { invoke } from '#core/operation.js';
import { ListTable } from '../common/ListTable.js';
import { BillFigureCells } from './BillCells.js';
import { PatientCredit } from './PatientCredit.js';
import { useLive, useLocalCore } from '../local/hooks.js';

/**
 * A patient's payment information on the patient page (spec §4.4 Finance "get payment information for
 * a patient"): what is open and not yet due, what is overdue and what was paid, with the bills to
 * receive, read by the core's operation on the desk's own database. Shown only to roles that read
 * finance (reception, finance, admin); professionals do not see it. The patient's credit (prepayments,
 * a liability until applied, FIN-023) shows between the totals and the bills.
 */
export function PatientPayments(props: { patient: string }) {
  const { actor } = useLocalCore();
  if (!can(actor, 'finance:read')) return null;
  return <PaymentsPanel patient={props.patient} />;
}

function PaymentsPanel(props: { patient: string }) {
  const { t } = useTranslation();
  const info = useLive(
    (ctx) => invoke(patientPaymentInformation, ctx, { patient: props.patient }),
    [bills, payments],
    [props.patient],
  );
  const data = info.data;
  const cards = [
    { key: 'open', label: t('finance.patient.open'), totals: data?.open, color: undefined },
    { key: 'overdue', label: t('finance.patient.overdue'), totals: data?.overdue, color: 'red' },
    { key: 'paid', label: t('finance.patient.paid'), totals: data?.paid, color: 'green' },
  ] as const;
  return (
    <Stack gap="xs" mt="md" data-testid="patient-payments">
      <Title order={4} size="h5">
        {t('finance.patient.title')}
      </Title>
      <SimpleGrid cols={3} spacing="sm">
        {cards.map((c) => (
          <Paper key={c.key} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {c.label}
            </Text>
            <Text fw={700} c={c.totals && c.totals.value > 0 ? c.color : undefined}>
              {formatMoney(c.totals?.value ?? 0)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('finance.patient.bills', { count: c.totals?.count ?? 0 })}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <PatientCredit patient={props.patient} />
      <ListTable
        label={t('finance.patient.title')}
        columns={[
          t('finance.bill.due'),
          t('finance.bill.description'),
          { label: t('finance.bill.value'), ta: 'right' },
          { label: t('finance.bill.open'), ta: 'right' },
          t('finance.bill.status'),
        ]}
        empty={data && data.bills.length === 0 ? t('finance.patient.none') : null}
      >
        {data?.bills.map((b) => (
          <Table.Tr key={b.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(b.dueDate)}</Table.Td>
            <Table.Td>{b.description}</Table.Td>
            <BillFigureCells bill={b} />
          </Table.Tr>
        ))}
      </ListTable>
    </Stack>
  );
}
