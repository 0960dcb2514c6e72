import { Alert, Badge, Button, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { users } from '../../../core/access/user.js';
import { APPROVABLE_STATUSES, type BudgetStatusCode } from '../../../core/budget/budget-codes.js';
import { listBudgets } from '../../../core/budget/budget-list.js';
import { budgets } from '../../../core/budget/budget-record.js';
import { approveBudget } from '../../../core/budget/budget-status-ops.js';
import { invoke } from '../../../core/operation.js';
import { patients } from '../../../core/patient/patient-record.js';
import { formFailure } from '../common/domain-errors.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive, useRun } from '../local/hooks.js';

const statusColor: Record<BudgetStatusCode, string> = {
  0: 'gray',
  1: 'blue',
  2: 'green',
  3: 'red',
  4: 'teal',
  5: 'orange',
};
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const date = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/**
 * Budgets: the account's budgets, newest first, with the patient, the professional, the total and
 * the status, and approval where the core allows it (draft, awaiting approval, disapproved).
 */
export function BudgetsScreen() {
  const { t } = useTranslation();
  const run = useRun();
  const [error, setError] = useState<string | null>(null);
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
    [budgets, patients, users],
    [],
  );

  const approve = async (id: string) => {
    setError(null);
    try {
      await run(approveBudget, { id });
    } catch (failure) {
      setError(formFailure(failure, []).general);
    }
  };

  return (
    <section aria-labelledby="budgets-title">
      <Title order={3} id="budgets-title" mb="md">
        {t('nav.budgets')}
      </Title>
      {error && (
        <Alert color="red" role="alert" mb="md">
          {error}
        </Alert>
      )}
      <Paper withBorder radius="md">
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('budget.list')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('budget.number')}</Table.Th>
              <Table.Th>{t('budget.patient')}</Table.Th>
              <Table.Th>{t('budget.professional')}</Table.Th>
              <Table.Th>{t('budget.created')}</Table.Th>
              <Table.Th>{t('budget.validUntil')}</Table.Th>
              <Table.Th ta="right">{t('budget.total')}</Table.Th>
              <Table.Th>{t('budget.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
                  <Badge color={statusColor[b.status as BudgetStatusCode]} variant="light">
                    {t(`budget.status.${b.status}` as MessageKey)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  {APPROVABLE_STATUSES.includes(b.status as BudgetStatusCode) && (
                    <Button size="xs" variant="light" color="green" onClick={() => void approve(b.id)}>
                      {t('budget.approve')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {list.data && list.data.length === 0 && (
          <Text p="lg" c="dimmed" ta="center">
            {t('budget.none')}
          </Text>
        )}
      </Paper>
    </section>
  );
}
