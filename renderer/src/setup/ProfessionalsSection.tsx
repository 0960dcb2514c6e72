import { Alert, Badge, Button, Group, Switch, Table, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editUser } from '../../../core/access/user-ops.js';
import { users, type User } from '../../../core/access/user.js';
import { clinics } from '../../../core/clinic/clinic-record.js';
import type { Stored } from '../../../core/store/record.js';
import { formFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive } from '../local/hooks.js';
import { useAdminRun } from './use-admin-run.js';
import { loadActiveClinics, loadProfessionals } from './load-professionals.js';
import { ScheduleDialog } from './ScheduleDialog.js';

/**
 * Administração › Profissionais e agenda: who attends (search by name, deactivated ones on
 * request), their council registration, and per professional the schedule at each clinic (working
 * hours per weekday, slot length, return window); deactivate and reactivate (`user.edit`, admins).
 */
export function ProfessionalsSection() {
  const { t } = useTranslation();
  const { run, offline } = useAdminRun();
  const [query, setQuery] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<Stored<User> | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const found = useLive((ctx) => loadProfessionals(ctx, query, showInactive), [users], [query, showInactive]);
  const clinicList = useLive(loadActiveClinics, [clinics], []);

  const toggle = async (user: Stored<User>) => {
    try {
      await run(editUser, { id: user.id, active: !user.active });
      setNotice({
        ok: true,
        text: t(user.active ? 'admin.pro.inactivated' : 'admin.pro.reactivated', { name: user.name }),
      });
    } catch (error) {
      setNotice({ ok: false, text: formFailure(error, []).general ?? '' });
    }
  };

  return (
    <section aria-labelledby="setup-pro-title">
      <Title order={3} id="setup-pro-title" mb="md">
        {t('admin.section.professionals')}
      </Title>
      <Group mb="md" align="center">
        <TextInput
          aria-label={t('admin.pro.search')}
          placeholder={t('admin.pro.search')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Switch
          label={t('admin.showInactivePeople')}
          checked={showInactive}
          onChange={(event) => setShowInactive(event.currentTarget.checked)}
        />
      </Group>
      {clinicList.data && clinicList.data.length === 0 && (
        <Alert color="orange" variant="light" mb="md">
          {t('admin.pro.noClinic')}
        </Alert>
      )}
      {notice && (
        <Alert
          color={notice.ok ? 'green' : 'red'}
          role={notice.ok ? 'status' : 'alert'}
          variant="light"
          mb="md"
          withCloseButton
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
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
              <Badge color={user.active ? 'green' : 'gray'} variant="light">
                {user.active ? t('admin.activePerson') : t('admin.inactivePerson')}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('admin.pro.scheduleOf', { name: user.name })}
                  disabled={!clinicList.data?.length || !user.active}
                  onClick={() => setEditing(user)}
                >
                  {t('admin.pro.schedule')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color={user.active ? 'red' : 'green'}
                  disabled={offline}
                  aria-label={`${user.active ? t('admin.deactivate') : t('admin.reactivate')} ${user.name}`}
                  onClick={() => void toggle(user)}
                >
                  {user.active ? t('admin.deactivate') : t('admin.reactivate')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {editing && clinicList.data && (
        <ScheduleDialog
          professional={editing}
          clinics={clinicList.data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setNotice({ ok: true, text: t('admin.pro.saved', { name: editing.name }) });
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
