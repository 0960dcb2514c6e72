import { Alert, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#core/actor.js';
import { formatCentavos } from '#core/br/format.js';
import { creditOf } from '#core/finance/credit-balance.js';
import { patientCredits } from '#core/finance/credit-record.js';
import { payments } from '#core/finance/payment-record.js';
import { patients } from '#core/patient/patient-record.js';
import { ListTable } from '../common/ListTable.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive, useLocalCore } from '../local/hooks.js';
import { ReceiptDialog } from '../cash-register/ReceiptDialog.js';
import { whenText } from './BillHistory.js';
import { CreditDepositDialog, CreditRefundDialog } from './CreditDialogs.js';

type Open = { kind: 'deposit' } | { kind: 'refund' } | { kind: 'receipt'; entry: string } | null;

/**
 * The patient's credit on the patient page's payments (FIN-023): what stays unapplied (the clinic's
 * liability, never revenue), with what was received, applied and handed back; "Receber adiantamento"
 * (`cashier:write`), "Devolver crédito" (`finance:write`) and each deposit's receipt. Read from the
 * desk's database, so it works offline.
 */
export function PatientCredit(props: { patient: string }) {
  const { t } = useTranslation();
  const { actor } = useLocalCore();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const live = useLive(
    async (ctx) => {
      const [credit, patient] = await Promise.all([
        creditOf(ctx.store, props.patient),
        ctx.store.collection(patients).get(props.patient),
      ]);
      return { ...credit, name: patient?.socialName ?? patient?.name ?? '' };
    },
    [patientCredits, payments, patients],
    [props.patient],
  );
  const data = live.data;
  const balance = data?.balance;
  return (
    <Stack gap="xs" data-testid="patient-credit">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed">
              {t('finance.credit.unapplied')}
            </Text>
            <Text
              fw={700}
              size="lg"
              c={balance && balance.unapplied > 0 ? 'blue' : undefined}
              data-testid="credit-unapplied"
            >
              {formatCentavos(balance?.unapplied ?? 0)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('finance.credit.figures', {
                received: formatCentavos(balance?.received ?? 0),
                applied: formatCentavos(balance?.applied ?? 0),
                refunded: formatCentavos(balance?.refunded ?? 0),
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('finance.credit.liability')}
            </Text>
          </div>
          <Group gap="xs">
            {can(actor, 'cashier:write') && (
              <Button size="xs" onClick={() => setOpen({ kind: 'deposit' })}>
                {t('finance.credit.deposit')}
              </Button>
            )}
            {can(actor, 'finance:write') && (balance?.unapplied ?? 0) > 0 && (
              <Button size="xs" variant="default" onClick={() => setOpen({ kind: 'refund' })}>
                {t('finance.credit.refund')}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
      {notice && (
        <Alert color="teal" variant="light" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {data && data.entries.length > 0 && (
        <ListTable
          label={t('finance.credit.entries')}
          columns={[
            t('finance.history.when'),
            t('finance.history.kind'),
            t('finance.history.method'),
            { label: t('finance.history.money'), ta: 'right' },
            t('finance.history.note'),
            '',
          ]}
        >
          {[...data.entries].reverse().map((e) => (
            <Table.Tr key={e.id} data-testid="credit-entry">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{whenText(e.at)}</Table.Td>
              <Table.Td>{t(`finance.credit.kind.${e.kind}` as MessageKey)}</Table.Td>
              <Table.Td>{t(`finance.method.${e.method}` as MessageKey)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatCentavos(e.kind === 'deposit' ? e.amountCentavos : -e.amountCentavos)}
              </Table.Td>
              <Table.Td>{e.note ?? ''}</Table.Td>
              <Table.Td>
                {e.kind === 'deposit' && (
                  <Button size="compact-xs" variant="subtle" onClick={() => setOpen({ kind: 'receipt', entry: e.id })}>
                    {t('finance.credit.receipt')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {open?.kind === 'deposit' && (
        <CreditDepositDialog
          patient={{ id: props.patient, name: data?.name ?? '' }}
          onClose={() => setOpen(null)}
          onDone={(message, entry) => {
            setNotice(message);
            setOpen({ kind: 'receipt', entry });
          }}
        />
      )}
      {open?.kind === 'refund' && (
        <CreditRefundDialog
          patient={props.patient}
          unappliedCentavos={balance?.unapplied ?? 0}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setNotice(message);
            setOpen(null);
          }}
        />
      )}
      {open?.kind === 'receipt' && <ReceiptDialog credit={open.entry} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
