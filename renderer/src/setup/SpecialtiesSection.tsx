import { Button, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke } from '#core/operation.js';
import { activateSpecialty, inactivateSpecialty, listSpecialties } from '#core/specialty/specialty-ops.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { ListTable } from '../common/ListTable.js';
import { useLive } from '../local/hooks.js';
import { ActiveBadge } from './ActiveBadge.js';
import { ListFilters } from './ListFilters.js';
import { LoadError } from './LoadError.js';
import { NoticeAlert } from './NoticeAlert.js';
import { RowActions } from './RowActions.js';
import { SectionHeader } from './SectionHeader.js';
import { SpecialtyDialog, type ListedSpecialty } from './SpecialtyDialog.js';
import { useAdminRun } from './use-admin-run.js';
import { useListFilters } from './use-list-filters.js';
import { useNotice } from './use-notice.js';

/**
 * Administração › Especialidades: the account's specialties by the start of the name (accents and
 * case ignored) or by CBO code, the inactive ones on request; create, edit, inactivate, reactivate.
 */
export function SpecialtiesSection() {
  const { t } = useTranslation();
  const { run, offline } = useAdminRun();
  const { query, showInactive, bind: filters } = useListFilters();
  const [editing, setEditing] = useState<ListedSpecialty | 'new' | null>(null);
  const { notice, say, clear, attempt } = useNotice();
  const found = useLive(
    async (ctx) => {
      const q = query.trim();
      const page = await invoke(listSpecialties, ctx, {
        ...(q && !/^\d/.test(q) ? { q } : {}),
        active: showInactive ? 'all' : true,
        limit: 100,
      });
      // Typed digits look for the CBO code instead of the name.
      const digits = q.replace(/\D/g, '');
      return /^\d/.test(q) ? page.items.filter((s) => s.cbo?.startsWith(digits)) : page.items;
    },
    [specialties],
    [query, showInactive],
  );

  const toggle = (specialty: ListedSpecialty) =>
    attempt(
      () => run(specialty.active ? inactivateSpecialty : activateSpecialty, { id: specialty.id }),
      t(specialty.active ? 'admin.spec.inactivated' : 'admin.spec.reactivated', { name: specialty.name }),
    );

  return (
    <section aria-labelledby="admin-spec-title">
      <SectionHeader id="admin-spec-title" title={t('admin.section.specialties')}>
        <Button onClick={() => setEditing('new')}>{t('admin.spec.new')}</Button>
      </SectionHeader>
      <ListFilters searchLabel={t('admin.spec.search')} inactiveLabel={t('admin.showInactive')} {...filters} />
      <NoticeAlert notice={notice} onClose={clear} />
      <LoadError error={found.error} />
      <ListTable
        label={t('admin.spec.list')}
        columns={[
          t('admin.spec.name'),
          t('admin.spec.cboShort'),
          t('admin.spec.council'),
          t('admin.clinic.status'),
          { w: 210 },
        ]}
        empty={found.data && found.data.length === 0 ? t('admin.spec.none') : null}
      >
        {(found.data ?? []).map((specialty) => (
          <Table.Tr key={specialty.id}>
            <Table.Td fw={500}>{specialty.name}</Table.Td>
            <Table.Td>{specialty.cbo ?? '—'}</Table.Td>
            <Table.Td>{specialty.council ?? '—'}</Table.Td>
            <Table.Td>
              <ActiveBadge active={specialty.active} on={t('admin.active')} off={t('admin.inactive')} />
            </Table.Td>
            <RowActions
              open={{
                label: t('admin.edit'),
                ariaLabel: `${t('admin.edit')} ${specialty.name}`,
                onClick: () => setEditing(specialty),
              }}
              active={specialty.active}
              name={specialty.name}
              offline={offline}
              onToggle={() => void toggle(specialty)}
            />
          </Table.Tr>
        ))}
      </ListTable>
      {editing && (
        <SpecialtyDialog
          specialty={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            say(t('admin.spec.saved', { name }));
          }}
        />
      )}
    </section>
  );
}
