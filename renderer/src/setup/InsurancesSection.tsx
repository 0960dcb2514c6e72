import { Button, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activateInsurance, inactivateInsurance, listInsurances } from '#core/insurance/insurance-ops.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { invoke } from '#core/operation.js';
import { ListTable } from '../common/ListTable.js';
import { useLive } from '../local/hooks.js';
import { ActiveBadge } from './ActiveBadge.js';
import type { ListedInsurance } from './insurance-draft.js';
import { InsuranceDialog } from './InsuranceDialog.js';
import { ListFilters } from './ListFilters.js';
import { LoadError } from './LoadError.js';
import { NoticeAlert } from './NoticeAlert.js';
import { RowActions } from './RowActions.js';
import { SectionHeader } from './SectionHeader.js';
import { useAdminRun } from './use-admin-run.js';
import { useListFilters } from './use-list-filters.js';
import { useNotice } from './use-notice.js';

/**
 * Administração › Convênios: the account's insurances by the start of the name or by registro ANS
 * (six digits typed), the inactive ones on request, with their plans and TISS parameters; create,
 * edit, inactivate and reactivate.
 */
export function InsurancesSection() {
  const { t } = useTranslation();
  const { run, offline } = useAdminRun();
  const { query, showInactive, bind: filters } = useListFilters();
  const [editing, setEditing] = useState<ListedInsurance | 'new' | null>(null);
  const { notice, say, clear, attempt } = useNotice();
  const found = useLive(
    async (ctx) => {
      const q = query.trim();
      const active = showInactive ? ('all' as const) : true;
      const byAns = /^\d{6}$/.test(q);
      const page = await invoke(listInsurances, ctx, {
        ...(byAns ? { ansRegistry: q } : q ? { q } : {}),
        active,
        limit: 100,
      });
      return page.items;
    },
    [insurances],
    [query, showInactive],
  );

  const toggle = (insurance: ListedInsurance) =>
    attempt(
      () => run(insurance.active ? inactivateInsurance : activateInsurance, { id: insurance.id }),
      t(insurance.active ? 'admin.ins.inactivated' : 'admin.ins.reactivated', { name: insurance.name }),
    );

  return (
    <section aria-labelledby="admin-ins-title">
      <SectionHeader id="admin-ins-title" title={t('admin.section.insurances')}>
        <Button onClick={() => setEditing('new')}>{t('admin.ins.new')}</Button>
      </SectionHeader>
      <ListFilters searchLabel={t('admin.ins.search')} inactiveLabel={t('admin.proc.showInactive')} {...filters} />
      <NoticeAlert notice={notice} onClose={clear} />
      <LoadError error={found.error} />
      <ListTable
        label={t('admin.ins.list')}
        columns={[
          t('admin.ins.name'),
          t('admin.ins.ansRegistry'),
          t('admin.ins.tissVersion'),
          t('admin.ins.plans'),
          t('admin.clinic.status'),
          { w: 210 },
        ]}
        empty={found.data && found.data.length === 0 ? t('admin.ins.none') : null}
      >
        {(found.data ?? []).map((insurance) => (
          <Table.Tr key={insurance.id}>
            <Table.Td fw={500}>{insurance.name}</Table.Td>
            <Table.Td>{insurance.ansRegistry ?? '—'}</Table.Td>
            <Table.Td>{insurance.tissVersion ?? '—'}</Table.Td>
            <Table.Td>
              {insurance.plans
                .filter((p) => p.active)
                .map((p) => p.name)
                .join(', ') || '—'}
            </Table.Td>
            <Table.Td>
              <ActiveBadge active={insurance.active} on={t('admin.proc.activeOne')} off={t('admin.proc.inactiveOne')} />
            </Table.Td>
            <RowActions
              open={{
                label: t('admin.edit'),
                ariaLabel: `${t('admin.edit')} ${insurance.name}`,
                onClick: () => setEditing(insurance),
              }}
              active={insurance.active}
              name={insurance.name}
              offline={offline}
              onToggle={() => void toggle(insurance)}
            />
          </Table.Tr>
        ))}
      </ListTable>
      {editing && (
        <InsuranceDialog
          insurance={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            say(t('admin.ins.saved', { name }));
          }}
        />
      )}
    </section>
  );
}
