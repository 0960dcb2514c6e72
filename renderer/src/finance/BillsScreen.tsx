import { Button, Group, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#core/br/format.js';
import { listBills } from '#core/finance/bill-ops.js';
import { bills } from '#core/finance/bill-record.js';
import { invoke } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import { BillFigureCells } from './BillCells.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive } from '../local/hooks.js';

type BillType = 'receivable' | 'payable';
type Filter = 'open' | 'partial' | 'paid' | 'all';
const PAGE = 50;

/**
 * Contas: the bills to receive or to pay by due date (spec §4.4 Finance "list bills"), filtered by
 * status, overdue ones marked, the patient or payee named, page by page (the operation's cursor). Read
 * on the desk's own database by `finance.bill.list`; roles that read finance see it.
 */
export function BillsScreen() {
  const { t } = useTranslation();
  const [type, setType] = useState<BillType>('receivable');
  const [filter, setFilter] = useState<Filter>('open');
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const live = useLive(
    async (ctx) => {
      const page = await invoke(listBills, ctx, {
        type,
        limit: PAGE,
        ...(filter === 'all' ? {} : { status: filter }),
        ...(cursor ? { cursor } : {}),
      });
      const names = new Map<string, string>();
      for (const id of new Set(page.items.flatMap((b) => (b.patient ? [b.patient] : [])))) {
        const p = await ctx.store.collection(patients).get(id);
        if (p) names.set(id, p.socialName ?? p.name);
      }
      return { ...page, names };
    },
    [bills, patients],
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
