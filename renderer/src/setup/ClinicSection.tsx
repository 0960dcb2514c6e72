import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCnpj } from '#core/br/cnpj.js';
import { activateClinic, listClinics, removeClinic } from '#core/clinic/clinic-ops.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { invoke } from '#core/operation.js';
import { ListTable } from '../common/ListTable.js';
import { useLive } from '../local/hooks.js';
import { useAdminRun } from './use-admin-run.js';
import { ClinicDialog } from './ClinicDialog.js';
import { ClinicPlaces } from './ClinicPlaces.js';
import type { ListedClinic } from './clinic-draft.js';
import { loadActiveClinics, nameMatches } from './load-professionals.js';
import { TotemAccessDialog } from './TotemAccessDialog.js';
import { describeWeek } from './week-hours.js';
import { ActiveBadge } from './ActiveBadge.js';
import { ListFilters } from './ListFilters.js';
import { useListFilters } from './use-list-filters.js';
import { NoticeAlert } from './NoticeAlert.js';
import { SectionHeader } from './SectionHeader.js';
import { RowActions } from './RowActions.js';
import { useNotice } from './use-notice.js';

/**
 * Administração › Clínica: the account's clinics by name (accents and case ignored), the inactive
 * ones on request, each with its hours in one line; create, edit (data, time zone, opening hours),
 * inactivate and reactivate, all on the local core; the totem's access (TotemAccessDialog); and each
 * clinic's attendance places and ticket lines (ClinicPlaces).
 */
export function ClinicSection() {
  const { t, i18n } = useTranslation();
  const { run, offline } = useAdminRun();
  const { query, showInactive, bind: filters } = useListFilters();
  const [editing, setEditing] = useState<ListedClinic | 'new' | null>(null);
  const { notice, say, clear, attempt } = useNotice();
  const [totem, setTotem] = useState(false);
  const active = useLive(loadActiveClinics, [clinics], []);
  const found = useLive(
    async (ctx) => {
      // `active` defaults to true in the core's list: 'all' brings the inactive ones too.
      const page = await invoke(listClinics, ctx, { active: showInactive ? 'all' : true, limit: 100 });
      const items = page.items.filter((c) => nameMatches(c.name, query));
      return { items: items.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')) };
    },
    [clinics],
    [query, showInactive],
  );

  const toggle = (clinic: ListedClinic) =>
    attempt(
      () => (clinic.active ? run(removeClinic, { id: clinic.id }) : run(activateClinic, { id: clinic.id })),
      t(clinic.active ? 'admin.clinic.inactivated' : 'admin.clinic.reactivated', { name: clinic.name }),
    );

  return (
    <section aria-labelledby="setup-clinic-title">
      <SectionHeader id="setup-clinic-title" title={t('admin.section.clinic')}>
        <Group gap="sm">
          <Button variant="default" disabled={!active.data?.length} onClick={() => setTotem(true)}>
            {t('admin.totem.open')}
          </Button>
          <Button onClick={() => setEditing('new')}>{t('admin.clinic.new')}</Button>
        </Group>
      </SectionHeader>
      <ListFilters searchLabel={t('admin.clinic.search')} inactiveLabel={t('admin.showInactive')} {...filters} />
      <NoticeAlert notice={notice} onClose={clear} />
      <ListTable
        label={t('admin.clinic.list')}
        columns={[
          t('admin.clinic.name'),
          t('admin.clinic.cnpj'),
          t('admin.clinic.hours'),
          t('admin.clinic.status'),
          { w: 210 },
        ]}
        empty={found.data && found.data.items.length === 0 ? t('admin.clinic.none') : null}
      >
        {(found.data?.items ?? []).map((clinic) => {
          const week = describeWeek(
            clinic.openingHours.map((h) => ({ weekday: h.weekday, start: h.opens, end: h.closes })),
            i18n.language,
          );
          return (
            <Table.Tr key={clinic.id}>
              <Table.Td fw={500}>{clinic.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{clinic.cnpj ? formatCnpj(clinic.cnpj) : '—'}</Table.Td>
              <Table.Td>
                {week ? (
                  <Text size="sm">{week}</Text>
                ) : (
                  <Text size="sm" c="orange.8">
                    {t('admin.clinic.closedAllWeek')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <ActiveBadge active={clinic.active} on={t('admin.active')} off={t('admin.inactive')} />
              </Table.Td>
              <RowActions
                open={{
                  label: t('admin.edit'),
                  ariaLabel: `${t('admin.edit')} ${clinic.name}`,
                  onClick: () => setEditing(clinic),
                }}
                active={clinic.active}
                name={clinic.name}
                offline={offline}
                onToggle={() => void toggle(clinic)}
              />
            </Table.Tr>
          );
        })}
      </ListTable>
      {active.data && <ClinicPlaces clinics={active.data} />}
      {totem && active.data && <TotemAccessDialog clinics={active.data} onClose={() => setTotem(false)} />}
      {editing && (
        <ClinicDialog
          clinic={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            say(t('admin.clinic.saved', { name }));
          }}
        />
      )}
    </section>
  );
}
