import { Alert, Badge, Button, Group, Menu, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { users } from '#core/access/user.js';
import { formatDate, formatMoney } from '#core/br/format.js';
import {
  APPROVABLE_STATUSES,
  BudgetStatus,
  DISAPPROVABLE_STATUSES,
  type BudgetStatusCode,
} from '#core/budget/budget-codes.js';
import { listBudgets } from '#core/budget/budget-list-ops.js';
import { budgets } from '#core/budget/budget-record.js';
import { approveBudget } from '#core/budget/budget-status-ops.js';
import { createTreatmentFromBudget, treatments } from '#core/budget/treatment-ops.js';
import { invoke } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import { NoticeAlert } from '../common/NoticeAlert.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive, useRun } from '../local/hooks.js';
import { BudgetEditor } from './BudgetEditor.js';
import { DeleteDialog, DisapproveDialog, type BudgetRef } from './BudgetDialogs.js';
import { BUDGET_SEND_COLLECTIONS, loadBudgetSends } from './budget-sends.js';
import { SendStateBadge } from './BudgetSendStatus.js';
import { PdfDialog } from './PdfDialog.js';
import { SendDialog } from './SendDialog.js';

const statusColor: Record<BudgetStatusCode, string> = {
  0: 'gray',
  1: 'blue',
  2: 'green',
  3: 'red',
  4: 'teal',
  5: 'orange',
};
const date = formatDate;
const money = { format: formatMoney };

type Dialog = { kind: 'disapprove' | 'delete' | 'pdf' | 'send'; budget: BudgetRef } | null;

/**
 * Budgets: the account's budgets, newest first, with the patient, the professional, the total and
 * the status; a new budget or an open one in the editor; approval, disapproval with its reason,
 * treatment from an approved budget, the PDF with its preview and print, sending to the patient
 * (with the last send's state on the row) and logical delete, each where the core allows it (the
 * core refuses the rest anyway).
 */
export function BudgetsScreen() {
  const { t } = useTranslation();
  const run = useRun();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useLive(
    async (ctx) => {
      const page = await invoke(listBudgets, ctx, { limit: 100 });
      const names = new Map<string, string>();
      const name = async (id: string | undefined, people: 'patients' | 'users') => {
        if (!id) return;
        if (names.has(id)) return;
        const found =
          people === 'patients'
            ? await ctx.store.collection(patients).get(id)
            : await ctx.store.collection(users).get(id);
        names.set(id, found?.name ?? '—');
      };
      for (const b of page.items) {
        await name(b.patient, 'patients');
        await name(b.professional, 'users');
      }
      return page.items.map((b) => ({
        ...b,
        patientName: names.get(b.patient) ?? '—',
        professionalName: b.professional ? (names.get(b.professional) ?? '—') : '—',
      }));
    },
    [budgets, patients, users, treatments],
    [],
  );
  const sends = useLive(loadBudgetSends, BUDGET_SEND_COLLECTIONS, []);

  const act = async (action: () => Promise<string | null>) => {
    setError(null);
    setNotice(null);
    try {
      setNotice(await action());
    } catch (failure) {
      setError(formFailure(failure, []).general);
    }
  };
  const approve = (id: string) =>
    act(async () => {
      await run(approveBudget, { id });
      return null;
    });
  const treat = (b: BudgetRef) =>
    act(async () => {
      await run(createTreatmentFromBudget, { id: b.id });
      return t('budget.treatmentDone', { number: String(b.budgetNumber) });
    });

  if (editing) {
    return (
      <BudgetEditor
        id={editing.id}
        onClose={(saved) => {
          setEditing(null);
          setError(null);
          setNotice(saved ? t('budget.saved', { number: String(saved.budgetNumber) }) : null);
        }}
      />
    );
  }

  return (
    <section aria-labelledby="budgets-title">
      <Group justify="space-between" mb="md">
        <Title order={3} id="budgets-title">
          {t('nav.budgets')}
        </Title>
        <Button onClick={() => setEditing({ id: null })}>{t('budget.new')}</Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" mb="md">
          {error}
        </Alert>
      )}
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      <ListTable
        label={t('budget.list')}
        columns={[
          { label: t('budget.number'), w: 80 },
          t('budget.patient'),
          t('budget.professional'),
          t('budget.created'),
          t('budget.validUntil'),
          { label: t('budget.total'), ta: 'right' },
          t('budget.status'),
          {},
        ]}
        empty={list.data && list.data.length === 0 ? t('budget.none') : null}
      >
        {(list.data ?? []).map((b) => (
          <Table.Tr key={b.id}>
            <Table.Td fw={600}>{b.budgetNumber}</Table.Td>
            <Table.Td>{b.patientName}</Table.Td>
            <Table.Td>{b.professionalName}</Table.Td>
            <Table.Td>{date(b.createdAt)}</Table.Td>
            <Table.Td>{date(b.validUntil)}</Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {money.format(b.value)}
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Badge color={statusColor[b.status]} variant="light">
                  {t(`budget.status.${b.status}` as MessageKey)}
                </Badge>
                {sends.data?.get(b.id) && <SendStateBadge send={sends.data.get(b.id)!} />}
              </Group>
            </Table.Td>
            <Table.Td ta="right">
              <Group gap={6} justify="flex-end" wrap="wrap">
                <Button size="xs" variant="default" onClick={() => setEditing({ id: b.id })}>
                  {t('budget.open')}
                </Button>
                {APPROVABLE_STATUSES.includes(b.status) && (
                  <Button size="xs" variant="light" color="green" onClick={() => void approve(b.id)}>
                    {t('budget.approve')}
                  </Button>
                )}
                {b.status === BudgetStatus.approved && (
                  <Button size="xs" variant="light" color="teal" onClick={() => void treat(b)}>
                    {t('budget.treatment')}
                  </Button>
                )}
                <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'pdf', budget: b })}>
                  {t('budget.pdf')}
                </Button>
                <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'send', budget: b })}>
                  {t('budget.send')}
                </Button>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button size="xs" variant="subtle" aria-label={t('budget.more')}>
                      ⋯
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {DISAPPROVABLE_STATUSES.includes(b.status) && (
                      <Menu.Item onClick={() => setDialog({ kind: 'disapprove', budget: b })}>
                        {t('budget.disapprove')}
                      </Menu.Item>
                    )}
                    <Menu.Item color="red" onClick={() => setDialog({ kind: 'delete', budget: b })}>
                      {t('budget.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {dialog?.kind === 'disapprove' && <DisapproveDialog budget={dialog.budget} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <DeleteDialog budget={dialog.budget} onClose={() => setDialog(null)} onError={setError} />
      )}
      {dialog?.kind === 'pdf' && <PdfDialog budget={dialog.budget} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'send' && <SendDialog budget={dialog.budget} onClose={() => setDialog(null)} />}
    </section>
  );
}
