import { Alert, Button, Group, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { can } from '#core/actor.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#core/br/format.js';
import { listBills } from '#core/finance/bill-ops.js';
import { bills } from '#core/finance/bill-record.js';
import { creditOf } from '#core/finance/credit-balance.js';
import { patientCredits } from '#core/finance/credit-record.js';
import { payments } from '#core/finance/payment-record.js';
import { invoke } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import { BillFigureCells } from './BillCells.js';
import { BillCreateDialog } from './BillCreateDialog.js';
import { BillCreditDialog } from './BillCreditDialog.js';
import { BillEditDialog } from './BillEditDialog.js';
import { BillHistoryDialog } from './BillHistory.js';
import { BillPayDialog } from './BillPayDialog.js';
import { BillRefundDialog } from './BillRefundDialog.js';
import { BillSplitDialog } from './BillSplitDialog.js';
import { BillUnmarkDialog } from './BillUnmarkDialog.js';
import type { BillRow } from './bill-form.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive, useLocalCore } from '../local/hooks.js';

type BillType = 'receivable' | 'payable';
type Filter = 'open' | 'partial' | 'paid' | 'all';
type Action = 'edit' | 'split' | 'pay' | 'credit' | 'refund' | 'unmark' | 'history';
const PAGE = 50;

/**
 * Contas: the bills to receive or to pay by due date (spec §4.4 Finance "list bills"), filtered by
 * status, overdue ones marked, the patient or payee named, page by page (the operation's cursor). Read
 * on the desk's own database by `finance.bill.list`; roles that read finance see it. Each row's buttons
 * (reached by Tab) edit the bill, split it into parcels, mark it paid (discount, juros, multa, partial)
 * and unmark its last payment, through the core's operations on the desk (FIN-020); "Nova conta" makes a
 * bill by hand, "Usar crédito" pays one from the patient's prepayment, "Estornar" hands back part of a
 * payment and "Histórico" lists the bill's payments, reversals and refunds (FIN-022/023).
 */
export function BillsScreen() {
  const { t } = useTranslation();
  const [type, setType] = useState<BillType>('receivable');
  const [filter, setFilter] = useState<Filter>('open');
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const [acting, setActing] = useState<{ action: Action; bill: BillRow } | null>(null);
  const [creating, setCreating] = useState(false);
  const { actor } = useLocalCore();
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setActing(null);
    setCreating(false);
    setNotice(message);
  };
  const live = useLive(
    async (ctx) => {
      const page = await invoke(listBills, ctx, {
        type,
        limit: PAGE,
        ...(filter === 'all' ? {} : { status: filter }),
        ...(cursor ? { cursor } : {}),
      });
      const names = new Map<string, string>();
      const credit = new Map<string, number>();
      for (const id of new Set(page.items.flatMap((b) => (b.patient ? [b.patient] : [])))) {
        const p = await ctx.store.collection(patients).get(id);
        if (p) names.set(id, p.socialName ?? p.name);
        if (type === 'receivable') credit.set(id, (await creditOf(ctx.store, id)).balance.unapplied);
      }
      const touched = new Set<string>();
      for (const b of page.items)
        if ((await ctx.store.collection(payments).find({ selector: { bill: b.id }, limit: 1 })).length > 0)
          touched.add(b.id);
      return { ...page, names, credit, touched };
    },
    [bills, patients, payments, patientCredits],
    [type, filter, cursor],
  );
  const data = live.data;
  const reset = () => setCursors([]);

  return (
    <section aria-labelledby="bills-title">
      <Group justify="space-between" mb="md">
        <Title order={3} id="bills-title">
          {t('finance.bills.nav')}
        </Title>
        <Group gap="sm">
          {can(actor, 'finance:write') && <Button onClick={() => setCreating(true)}>{t('finance.bills.new')}</Button>}
          <SegmentedControl
            aria-label={t('finance.bills.type')}
            value={type}
            onChange={(v) => {
              setType(v);
              reset();
            }}
            data={[
              { value: 'receivable', label: t('finance.bills.receivable') },
              { value: 'payable', label: t('finance.bills.payable') },
            ]}
          />
          <SegmentedControl
            aria-label={t('finance.bill.status')}
            value={filter}
            onChange={(v) => {
              setFilter(v);
              reset();
            }}
            data={(['open', 'partial', 'paid', 'all'] as const).map((f) => ({
              value: f,
              label: t(`finance.bills.filter.${f}` as MessageKey),
            }))}
          />
        </Group>
      </Group>
      {notice && (
        <Alert color="teal" variant="light" role="status" mb="md" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {acting?.action === 'edit' && <BillEditDialog bill={acting.bill} onClose={() => setActing(null)} onDone={done} />}
      {acting?.action === 'split' && (
        <BillSplitDialog bill={acting.bill} onClose={() => setActing(null)} onDone={done} />
      )}
      {acting?.action === 'pay' && <BillPayDialog bill={acting.bill} onClose={() => setActing(null)} onDone={done} />}
      {creating && <BillCreateDialog type={type} onClose={() => setCreating(false)} onDone={done} />}
      {acting?.action === 'credit' && (
        <BillCreditDialog bill={acting.bill} onClose={() => setActing(null)} onDone={done} />
      )}
      {acting?.action === 'refund' && (
        <BillRefundDialog bill={acting.bill} onClose={() => setActing(null)} onDone={done} />
      )}
      {acting?.action === 'history' && <BillHistoryDialog bill={acting.bill} onClose={() => setActing(null)} />}
      {acting?.action === 'unmark' && (
        <BillUnmarkDialog bill={acting.bill} onClose={() => setActing(null)} onDone={done} />
      )}
      {live.error !== undefined && (
        <Text c="red" role="alert" mb="md">
          {formFailure(live.error, []).general}
        </Text>
      )}
      <ListTable
        label={t(type === 'receivable' ? 'finance.bills.receivable' : 'finance.bills.payable')}
        columns={[
          t('finance.bill.due'),
          t('finance.bill.description'),
          t(type === 'receivable' ? 'finance.bills.patient' : 'finance.bills.payee'),
          { label: t('finance.bill.value'), ta: 'right' },
          { label: t('finance.bill.open'), ta: 'right' },
          t('finance.bill.status'),
          t('finance.bills.actions'),
        ]}
        empty={data && data.items.length === 0 ? t('finance.bills.none') : null}
      >
        {data?.items.map((b) => (
          <Table.Tr key={b.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(b.dueDate)}</Table.Td>
            <Table.Td>
              {b.description}
              {b.parcel !== undefined && b.parcels ? ` (${b.parcel}/${b.parcels})` : ''}
            </Table.Td>
            <Table.Td>{(b.patient ? data.names.get(b.patient) : b.payee) ?? '—'}</Table.Td>
            <BillFigureCells bill={b} />
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {actionsFor(b, {
                  credit: (b.patient ? data.credit.get(b.patient) : 0) ?? 0,
                  history: data.touched.has(b.id),
                }).map((action) => (
                  <Button
                    key={action}
                    size="compact-xs"
                    variant={action === 'pay' ? 'light' : 'subtle'}
                    onClick={() => setActing({ action, bill: b })}
                    aria-label={`${t(`finance.bills.${action}`)}: ${b.description}`}
                  >
                    {t(`finance.bills.${action}`)}
                  </Button>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <Group justify="flex-end" mt="sm" gap="sm">
        <Button variant="default" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {t('finance.bills.previous')}
        </Button>
        <Button
          variant="default"
          disabled={!data?.next}
          onClick={() => data?.next && setCursors((c) => [...c, data.next!])}
        >
          {t('finance.bills.next')}
        </Button>
      </Group>
    </section>
  );
}

/**
 * What a bill's state allows on the desk: edit while open or partly paid, split while untouched, pay
 * while open, use the patient's credit (centavos unapplied, `credit`) while open, refund part of a
 * payment and unmark when paid, and see the history once it has any payment record (`history`).
 */
export function actionsFor(
  bill: Pick<BillRow, 'status' | 'paid'>,
  more: { credit?: number; history?: boolean } = {},
): Action[] {
  const open = bill.status === 'open' || bill.status === 'partial';
  return [
    ...(open ? (['edit'] as const) : []),
    ...(bill.status === 'open' && bill.paid === 0 ? (['split'] as const) : []),
    ...(open ? (['pay'] as const) : []),
    ...(open && (more.credit ?? 0) > 0 ? (['credit'] as const) : []),
    ...(bill.paid > 0 ? (['refund', 'unmark'] as const) : []),
    ...(more.history ? (['history'] as const) : []),
  ];
}
