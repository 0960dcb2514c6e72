import { Button, Group, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listClinics } from '#core/clinic/clinic-ops.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { invoke } from '#core/operation.js';
import { ListTable } from '../common/ListTable.js';
import { useLive } from '../local/hooks.js';
import { listInstallations, revokeInstallation, type InstallationInfo } from './access-requests.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { EnrolmentCodeDialog } from './EnrolmentCodeDialog.js';
import { formatWhen } from './format-when.js';
import { NoticeAlert } from './NoticeAlert.js';
import { SectionHeader } from './SectionHeader.js';
import { ServerOnlyNote } from './ServerOnlyNote.js';
import { useAdminRun } from './use-admin-run.js';
import { useNotice } from './use-notice.js';
import { useServerList } from './use-server-list.js';
import { RevocationCells } from './RevocationCells.js';

/**
 * Administração › Instalações: the stations connected to the account (desks and totems, revoked
 * ones too, with when each last synced), a new station's one-time enrolment code, and revoking a
 * station, which stops its sync at once. The server holds all of it: without it the section says
 * why and its buttons are off.
 */
export function InstallationsSection() {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const list = useServerList<InstallationInfo>(listInstallations);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<InstallationInfo | null>(null);
  const { notice, clear, attempt } = useNotice();
  const places = useLive(
    async (ctx) =>
      new Map((await invoke(listClinics, ctx, { active: 'all', limit: 100 })).items.map((c) => [c.id, c.name])),
    [clinics],
    [],
  );
  const items = [...(list.items ?? [])].sort(
    (a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || a.name.localeCompare(b.name, 'pt-BR'),
  );

  return (
    <section aria-labelledby="admin-inst-title">
      <SectionHeader id="admin-inst-title" title={t('admin.section.installations')}>
        <Group gap="xs">
          <Button variant="default" onClick={list.reload} disabled={list.reason !== null}>
            {t('admin.refresh')}
          </Button>
          <Button onClick={() => setCreating(true)} disabled={list.reason !== null}>
            {t('admin.inst.new')}
          </Button>
        </Group>
      </SectionHeader>
      <ServerOnlyNote reason={list.reason} />
      <NoticeAlert notice={list.error ? { ok: false, text: list.error } : notice} onClose={clear} />
      {list.reason === null && (
        <ListTable
          label={t('admin.inst.list')}
          columns={[
            t('admin.inst.name'),
            t('admin.inst.kind'),
            t('admin.inst.clinic'),
            t('admin.inst.created'),
            t('admin.inst.lastSeen'),
            t('admin.clinic.status'),
            { w: 110 },
          ]}
          empty={list.items && list.items.length === 0 ? t('admin.inst.none') : null}
        >
          {items.map((device) => (
            <Table.Tr key={device.id}>
              <Table.Td fw={500}>{device.name}</Table.Td>
              <Table.Td>{t(`admin.inst.kind.${device.kind}`)}</Table.Td>
              <Table.Td>
                {device.clinicId ? (places.data?.get(device.clinicId) ?? '—') : t('admin.inst.anyClinic')}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWhen(device.createdAt)}</Table.Td>
              <Table.Td>{device.lastSeenAt ? formatWhen(device.lastSeenAt) : t('admin.inst.neverSeen')}</Table.Td>
              <RevocationCells name={device.name} revokedAt={device.revokedAt} onRevoke={() => setRevoking(device)} />
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {creating && (
        <EnrolmentCodeDialog
          onClose={() => {
            // The station joins the list once it uses its code: look again on the way out.
            setCreating(false);
            list.reload();
          }}
          onCreated={list.reload}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={t('admin.inst.revokeTitle', { name: revoking.name })}
          text={t('admin.inst.revokeText')}
          confirmLabel={t('admin.revoke')}
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await attempt(
              () => run(revokeInstallation, { id: revoking.id }),
              t('admin.inst.revoked', { name: revoking.name }),
            );
            list.reload();
          }}
        />
      )}
    </section>
  );
}
