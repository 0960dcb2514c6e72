import { Button, Code, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../common/ListTable.js';
import { listApiKeys, revokeApiKey, type ApiKeyInfo } from './access-requests.js';
import { ApiKeyDialog } from './ApiKeyDialog.js';
import { describePermissions } from './api-key-permissions.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { formatWhen } from './format-when.js';
import { NoticeAlert } from './NoticeAlert.js';
import { SectionHeader } from './SectionHeader.js';
import { ServerOnlyNote } from './ServerOnlyNote.js';
import { useAdminRun } from './use-admin-run.js';
import { useNotice } from './use-notice.js';
import { useServerList } from './use-server-list.js';
import { RevocationCells } from './RevocationCells.js';

/**
 * Administração › Chaves de API: the account's keys for integrations (name, the prefix that tells
 * them apart, permissions; never the secret), a new key (its secret shown once) and revoking one,
 * which refuses it at once. Server only: offline the section says why and its buttons are off.
 */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const list = useServerList<ApiKeyInfo>(listApiKeys);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyInfo | null>(null);
  const { notice, clear, attempt } = useNotice();
  const items = [...(list.items ?? [])].sort(
    (a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || a.name.localeCompare(b.name, 'pt-BR'),
  );

  return (
    <section aria-labelledby="admin-keys-title">
      <SectionHeader id="admin-keys-title" title={t('admin.section.apiKeys')}>
        <Button onClick={() => setCreating(true)} disabled={list.reason !== null}>
          {t('admin.keys.new')}
        </Button>
      </SectionHeader>
      <ServerOnlyNote reason={list.reason} />
      <NoticeAlert notice={list.error ? { ok: false, text: list.error } : notice} onClose={clear} />
      {list.reason === null && (
        <ListTable
          label={t('admin.keys.list')}
          columns={[
            t('admin.keys.name'),
            t('admin.keys.prefix'),
            t('admin.keys.permissions'),
            t('admin.inst.created'),
            t('admin.clinic.status'),
            { w: 110 },
          ]}
          empty={list.items && list.items.length === 0 ? t('admin.keys.none') : null}
        >
          {items.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td fw={500}>{key.name}</Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td maw={360}>
                <Text size="xs">{describePermissions(key.permissions, t)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWhen(key.createdAt)}</Table.Td>
              <RevocationCells name={key.name} revokedAt={key.revokedAt} onRevoke={() => setRevoking(key)} />
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {creating && <ApiKeyDialog onClose={() => setCreating(false)} onCreated={list.reload} />}
      {revoking && (
        <ConfirmDialog
          title={t('admin.keys.revokeTitle', { name: revoking.name })}
          text={t('admin.keys.revokeText')}
          confirmLabel={t('admin.revoke')}
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await attempt(
              () => run(revokeApiKey, { id: revoking.id }),
              t('admin.keys.revoked', { name: revoking.name }),
            );
            list.reload();
          }}
        />
      )}
    </section>
  );
}
