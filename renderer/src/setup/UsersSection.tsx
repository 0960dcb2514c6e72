import { Badge, Button, Modal, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '#core/access/roles.js';
import { editUser, listUsers } from '#core/access/user-ops.js';
import { users, type User } from '#core/access/user.js';
import { invoke } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { ListTable } from '../common/ListTable.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive } from '../local/hooks.js';
import { nameMatches } from './load-professionals.js';
import { useAdminRun } from './use-admin-run.js';
import { createUserOnServer } from './user-requests.js';
import { ListFilters } from './ListFilters.js';
import { useListFilters } from './use-list-filters.js';
import { NoticeAlert } from './NoticeAlert.js';
import { SectionHeader } from './SectionHeader.js';
import { SaveActions } from './SaveActions.js';
import { ToggleActiveButton } from './ToggleActiveButton.js';
import { useNotice } from './use-notice.js';

/** Roles a person can be given here (a totem's credential is made in the totem's own set-up). */
const PERSON_ROLES = ROLES.filter((r) => r !== 'totem');

/**
 * Administração › Usuários e papéis: the account's users by name or e-mail (deactivated ones on
 * request), their role changed in place, deactivated and reactivated (`user.edit`, admins only; the
 * core keeps one active admin). A new user is created on the server, which mails the invitation:
 * without a server the button says why it is off.
 */
export function UsersSection() {
  const { t } = useTranslation();
  const { run, offline, hasServer } = useAdminRun();
  const { query, showInactive, bind: filters } = useListFilters();
  const [creating, setCreating] = useState(false);
  const { notice, say, clear, attempt } = useNotice();
  const found = useLive(
    async (ctx) => {
      const page = await invoke(listUsers, ctx, { limit: 500, ...(showInactive ? {} : { active: 'true' as const }) });
      return (page.items as Stored<User>[])
        .filter((u) => u.role !== 'totem')
        .filter((u) => nameMatches(`${u.name} ${u.email ?? ''}`, query))
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    },
    [users],
    [query, showInactive],
  );

  const change = (user: Stored<User>, patch: { role?: Role; active?: boolean }, done: MessageKey) =>
    attempt(() => run(editUser, { id: user.id, ...patch }), t(done, { name: user.name }));
  const createReason = !hasServer || offline ? t('admin.users.needsServer') : null;

  return (
    <section aria-labelledby="admin-users-title">
      <SectionHeader id="admin-users-title" title={t('admin.section.users')}>
        <Button onClick={() => setCreating(true)} disabled={createReason !== null} title={createReason ?? undefined}>
          {t('admin.users.new')}
        </Button>
      </SectionHeader>
      {createReason && (
        <Text size="sm" c="dimmed" mb="sm">
          {createReason}
        </Text>
      )}
      <ListFilters searchLabel={t('admin.users.search')} inactiveLabel={t('admin.showInactivePeople')} {...filters} />
      <NoticeAlert notice={notice} onClose={clear} />
      <ListTable
        label={t('admin.users.list')}
        columns={[
          t('admin.users.name'),
          t('admin.users.email'),
          { label: t('admin.users.role'), w: 230 },
          t('admin.users.status'),
          { w: 120 },
        ]}
        empty={found.data && found.data.length === 0 ? t('admin.users.none') : null}
      >
        {(found.data ?? []).map((user) => (
          <Table.Tr key={user.id}>
            <Table.Td fw={500}>{user.name}</Table.Td>
            <Table.Td>{user.email ?? '—'}</Table.Td>
            <Table.Td>
              <NativeSelect
                size="xs"
                aria-label={t('admin.users.roleOf', { name: user.name })}
                value={user.role}
                disabled={offline || !user.active}
                data={PERSON_ROLES.map((role) => ({ value: role, label: t(`role.${role}` as MessageKey) }))}
                onChange={(event) =>
                  void change(user, { role: event.currentTarget.value as Role }, 'admin.users.roleChanged')
                }
              />
            </Table.Td>
            <Table.Td>
              <Badge color={user.active ? (user.status === 'active' ? 'green' : 'blue') : 'gray'} variant="light">
                {!user.active
                  ? t('admin.inactivePerson')
                  : user.status === 'active'
                    ? t('admin.activePerson')
                    : t(`admin.users.status.${user.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <ToggleActiveButton
                active={user.active}
                name={user.name}
                offline={offline}
                person
                onToggle={() =>
                  void change(
                    user,
                    { active: !user.active },
                    user.active ? 'admin.pro.inactivated' : 'admin.pro.reactivated',
                  )
                }
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {creating && (
        <NewUserDialog
          onClose={() => setCreating(false)}
          onSaved={(name) => {
            setCreating(false);
            say(t('admin.users.created', { name }));
          }}
        />
      )}
    </section>
  );
}

/** Name, e-mail and role of a new user, sent to the server (`POST /user/`). */
function NewUserDialog(props: { onClose: () => void; onSaved: (name: string) => void }) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('reception');
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const answer = await run(createUserOnServer, { name, role, ...(email.trim() ? { email: email.trim() } : {}) });
      props.onSaved(answer.user.name);
    } catch (error) {
      setFailure(formFailure(error, ['name', 'email', 'role']));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);
  return (
    <Modal opened onClose={props.onClose} title={t('admin.users.newTitle')} size="lg">
      <DialogForm
        onSubmit={submit}
        error={failure?.general}
        intro={
          <Text size="sm" c="dimmed">
            {t('admin.users.newHint')}
          </Text>
        }
      >
        <TextInput
          label={t('admin.users.name')}
          required
          data-autofocus
          value={name}
          error={failure?.fields['name']}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={t('admin.users.email')}
          type="email"
          value={email}
          error={failure?.fields['email']}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <NativeSelect
          label={t('admin.users.role')}
          value={role}
          data={PERSON_ROLES.map((r) => ({ value: r, label: t(`role.${r}` as MessageKey) }))}
          error={failure?.fields['role']}
          onChange={(event) => setRole(event.currentTarget.value as Role)}
        />
        <SaveActions loading={saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}
