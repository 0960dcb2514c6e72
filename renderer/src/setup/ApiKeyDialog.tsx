import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceNames } from '#core/access/roles.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { createApiKey } from './access-requests.js';
import { SaveActions } from './SaveActions.js';
import type { SetupMessageKey } from './setup.pt-BR.js';
import { useAdminRun } from './use-admin-run.js';

/** Resources an integration may be given (signing in and managing access stay with people). */
const KEY_RESOURCES = resourceNames().filter((r) => r !== 'session' && r !== 'access' && r !== 'apiKey');

/**
 * Creates an API key for an integration: its name and, per resource, read and/or write (give only
 * what it uses). The server answers the secret once: it shows here with a copy button and is gone
 * when the dialog closes.
 */
export function ApiKeyDialog(props: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const flip = (permission: string, on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });
  const submit = async () => {
    if (saving || secret) return;
    setSaving(true);
    setFailure(null);
    try {
      const answer = await run(createApiKey, { name, permissions: [...chosen] });
      setSecret(answer.key);
      props.onCreated();
    } catch (error) {
      setFailure(formFailure(error, ['name', 'permissions']));
    }
    setSaving(false);
  };
  useCtrlEnter(submit);

  if (secret)
    return (
      <Modal opened onClose={props.onClose} title={t('admin.keys.createdTitle')} size="lg">
        <Stack gap="md">
          <Alert color="blue" variant="light">
            {t('admin.keys.once')}
          </Alert>
          <Code block data-testid="api-key-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'default'} color={copied ? 'green' : undefined} onClick={copy}>
                  {copied ? t('admin.keys.copied') : t('admin.keys.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={props.onClose}>{t('admin.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened onClose={props.onClose} title={t('admin.keys.newTitle')} size="lg">
      <DialogForm onSubmit={submit} error={failure?.general}>
        <TextInput
          label={t('admin.keys.name')}
          placeholder={t('admin.keys.namePlaceholder')}
          required
          data-autofocus
          value={name}
          error={failure?.fields['name']}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <div>
          <Text size="sm" fw={500}>
            {t('admin.keys.permissions')}
          </Text>
          <Text size="xs" c="dimmed" mb={4}>
            {t('admin.keys.permissionsHint')}
          </Text>
          <ScrollArea.Autosize mah={260}>
            <Table verticalSpacing={2} aria-label={t('admin.keys.permissions')}>
              <Table.Tbody>
                {KEY_RESOURCES.map((resource) => {
                  const label = t(`admin.res.${resource}` as SetupMessageKey);
                  return (
                    <Table.Tr key={resource}>
                      <Table.Td>{label}</Table.Td>
                      {(['read', 'write'] as const).map((mode) => (
                        <Table.Td key={mode} w={110}>
                          <Checkbox
                            size="xs"
                            label={t(`admin.keys.${mode}`)}
                            aria-label={`${t(`admin.keys.${mode}`)}: ${label}`}
                            checked={chosen.has(`${resource}:${mode}`)}
                            onChange={(event) => flip(`${resource}:${mode}`, event.currentTarget.checked)}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {failure?.fields['permissions'] && (
            <Text size="xs" c="red" mt={4}>
              {failure.fields['permissions']}
            </Text>
          )}
        </div>
        <SaveActions loading={saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}
