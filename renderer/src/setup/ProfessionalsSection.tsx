import { Alert, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editUser } from '#core/access/user-ops.js';
import { users, type User } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import type { Stored } from '#core/store/record.js';
import { ListTable } from '../common/ListTable.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive } from '../local/hooks.js';
import { useAdminRun } from './use-admin-run.js';
import { loadActiveClinics, loadProfessionals } from './load-professionals.js';
import { ScheduleDialog } from './ScheduleDialog.js';
import { ActiveBadge } from './ActiveBadge.js';
import { ListFilters } from './ListFilters.js';
import { useListFilters } from './use-list-filters.js';
import { NoticeAlert } from './NoticeAlert.js';
import { RowActions } from './RowActions.js';
import { useNotice } from './use-notice.js';

/**
 * Administração › Profissionais e agenda: who attends (search by name, deactivated ones on
 * request), their council registration, and per professional the schedule at each clinic (working
 * hours per weekday, slot length, return window); deactivate and reactivate (`user.edit`, admins).
 */
export function ProfessionalsSection() {
  const { t } = useTranslation();
  const { run, offline } = useAdminRun();
  const { query, showInactive, bind: filters } = useListFilters();
  const [editing, setEditing] = useState<Stored<User> | null>(null);
  const { notice, say, clear, attempt } = useNotice();
  const found = useLive((ctx) => loadProfessionals(ctx, query, showInactive), [users], [query, showInactive]);
  const clinicList = useLive(loadActiveClinics, [clinics], []);

  const toggle = (user: Stored<User>) =>
    attempt(
      () => run(editUser, { id: user.id, active: !user.active }),
      t(user.active ? 'admin.pro.inactivated' : 'admin.pro.reactivated', { name: user.name }),
    );

  return (
    <section aria-labelledby="setup-pro-title">
      <Title order={3} id="setup-pro-title" mb="md">
        {t('admin.section.professionals')}
      </Title>
      <ListFilters searchLabel={t('admin.pro.search')} inactiveLabel={t('admin.showInactivePeople')} {...filters} />
      {clinicList.data && clinicList.data.length === 0 && (
        <Alert color="orange" variant="light" mb="md">
          {t('admin.pro.noClinic')}
        </Alert>
      )}
      <NoticeAlert notice={notice} onClose={clear} />
      <ListTable
        label={t('admin.pro.list')}
        columns={[t('admin.pro.name'), t('admin.pro.council'), t('admin.pro.role'), t('admin.pro.status'), { w: 220 }]}
        empty={found.data && found.data.length === 0 ? t('admin.pro.none') : null}
      >
        {(found.data ?? []).map((user) => (
          <Table.Tr key={user.id}>
            <Table.Td fw={500}>{user.name}</Table.Td>
            <Table.Td>
              {user.council ? `${user.council} ${user.councilNumber ?? ''}/${user.councilState ?? ''}` : '—'}
            </Table.Td>
            <Table.Td>{t(`role.${user.role}` as MessageKey)}</Table.Td>
            <Table.Td>
              <ActiveBadge active={user.active} on={t('admin.activePerson')} off={t('admin.inactivePerson')} />
            </Table.Td>
            <RowActions
              open={{
                label: t('admin.pro.schedule'),
                ariaLabel: t('admin.pro.scheduleOf', { name: user.name }),
                disabled: !clinicList.data?.length || !user.active,
                onClick: () => setEditing(user),
              }}
              active={user.active}
              name={user.name}
              offline={offline}
              person
              onToggle={() => void toggle(user)}
            />
          </Table.Tr>
        ))}
      </ListTable>
      {editing && clinicList.data && (
        <ScheduleDialog
          professional={editing}
          clinics={clinicList.data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            say(t('admin.pro.saved', { name: editing.name }));
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
